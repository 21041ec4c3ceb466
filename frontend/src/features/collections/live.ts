import { liveRooms, type CollectionExport, type CollectionUpload, type StaffCollectionUpload } from '@gather/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyExportProgress, removeUpload, upsertPublicUpload, upsertUpload } from '../../lib/live/cache';
import type { RoomDefinition } from '../../lib/live/connection';
import { useLiveConnection } from '../../lib/live/connections';
import { refetchUnlessRecovered, useRoom, type RoomMembership } from '../../lib/live/hooks';
import { useJobsRoom, type JobProgressOf } from '../../lib/live/jobs';
import { applyPushed } from '../../lib/live/pushed';
import { queryKeys } from '../../lib/query-keys';

/** The spec's polling of the photo collections section while the socket is down. */
export const COLLECTIONS_POLL_MS = 30_000;

/** Follows a photo collection's uploads (`queryKeys.collections.uploads`; none while null), for staff. */
export function useCollectionRoom(collectionId: string | null): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    if (!collectionId) return;
    const key = queryKeys.collections.uploads(collectionId);
    const upsert = (event: StaffCollectionUpload & { collection_id: string }) => {
      const { collection_id: eventCollection, ...upload } = event;
      if (eventCollection !== collectionId) return;
      applyPushed<StaffCollectionUpload[]>(queryClient, key, (uploads) => upsertUpload(uploads, upload));
    };
    const deleted = (event: { id: number; collection_id: string }) => {
      if (event.collection_id !== collectionId) return;
      applyPushed<StaffCollectionUpload[]>(queryClient, key, (uploads) => removeUpload(uploads, event.id));
    };
    // Waiting counts on the collection cards follow what arrives and what is decided.
    const counts = () => void queryClient.invalidateQueries({ queryKey: queryKeys.collections.list() });
    const created = (event: StaffCollectionUpload & { collection_id: string }) => {
      upsert(event);
      if (event.approval === 'pending') counts();
    };
    const reviewed = (event: StaffCollectionUpload & { collection_id: string }) => {
      upsert(event);
      counts();
    };
    socket.on('upload:created', created);
    socket.on('upload:processed', upsert);
    socket.on('upload:reviewed', reviewed);
    socket.on('upload:deleted', deleted);
    return () => {
      socket.off('upload:created', created);
      socket.off('upload:processed', upsert);
      socket.off('upload:reviewed', reviewed);
      socket.off('upload:deleted', deleted);
    };
  }, [socket, queryClient, collectionId]);
  const covered = collectionId ? [queryKeys.collections.ofCollection(collectionId)] : [];
  const room = collectionId ? collectionRoom(collectionId) : null;
  return useRoom('staff', room, refetchUnlessRecovered(queryClient, covered));
}

/**
 * Follows what visitors see of a collection (`queryKeys.collections.publicUploads`), for its
 * slideshow: uploads staff approved and the worker made ready arrive; hidden ones go. The list
 * caches only its newest `cacheSize`.
 */
export function useSlideshowRoom(collectionId: string | null, cacheSize: number): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    if (!collectionId) return;
    const key = queryKeys.collections.publicUploads(collectionId);
    const shown = (upload: CollectionUpload) =>
      applyPushed<CollectionUpload[]>(queryClient, key, (uploads) => upsertPublicUpload(uploads, upload, cacheSize));
    const hidden = (event: { id: number }) =>
      applyPushed<CollectionUpload[]>(queryClient, key, (uploads) => removeUpload(uploads, event.id));
    // Staff closed the collection: asking for it again answers 404, and the page says it was deactivated.
    const closed = (event: { collection_id: string }) => {
      if (event.collection_id === collectionId)
        void queryClient.invalidateQueries({ queryKey: queryKeys.collections.public(collectionId) });
    };
    socket.on('upload:shown', shown);
    socket.on('upload:hidden', hidden);
    socket.on('collection:closed', closed);
    return () => {
      socket.off('upload:shown', shown);
      socket.off('upload:hidden', hidden);
      socket.off('collection:closed', closed);
    };
  }, [socket, queryClient, collectionId, cacheSize]);
  const covered = collectionId ? [queryKeys.collections.publicUploads(collectionId)] : [];
  const room = collectionId ? audienceCollectionRoom(collectionId) : null;
  return useRoom('audience', room, refetchUnlessRecovered(queryClient, covered));
}

/** Follows the download-all zips' progress (`queryKeys.exports.detail`), for staff. */
export function useExportsRoom(): RoomMembership {
  return useJobsRoom('export', applyExportEvent, EXPORTS_COVERED);
}

const EXPORTS_COVERED = [queryKeys.exports.all()];

/** A zip's progress replaces its record. */
function applyExportEvent(queryClient: QueryClient, event: JobProgressOf<'export'>): void {
  const key = queryKeys.exports.detail(event.collectionId, event.export.id);
  applyPushed<CollectionExport>(queryClient, key, (current) => applyExportProgress(current, event.export));
}

function collectionRoom(collectionId: string): RoomDefinition<'staff'> {
  return {
    key: liveRooms.collection(collectionId),
    join: (staff, ack) => staff.emit('collection:join', collectionId, ack),
    leave: (staff) => staff.emit('collection:leave', collectionId),
  };
}

function audienceCollectionRoom(collectionId: string): RoomDefinition<'audience'> {
  return {
    key: liveRooms.collection(collectionId),
    join: (audience, ack) => audience.emit('collection:join', collectionId, ack),
  };
}
