import { liveRooms, type CollectionExport, type CollectionUpload, type StaffCollectionUpload } from '@gather/contracts';
import type { Database } from '../../platform/database/client.js';
import type { StaffAndAudienceRoom } from '../../platform/live/namespaces.js';
import type { LivePublisher } from '../../platform/live/publisher.js';
import { CollectionRepository } from './repository.js';

/** Staff follow a collection while it exists, open to visitors or not; its slideshow only while it is open. */
export function collectionRooms(db: Database): StaffAndAudienceRoom {
  const collections = new CollectionRepository(db);
  return {
    staff: {
      roles: ['live'],
      join: 'collection:join',
      leave: 'collection:leave',
      room: liveRooms.collection,
      allowed: async (id) => (await collections.collection(id)) !== undefined,
    },
    audience: {
      join: 'collection:join',
      room: liveRooms.collection,
      allowed: async (id) => (await collections.activeCollection(id)) !== undefined,
    },
  };
}

/**
 * A collection's events once a change is committed: every upload to the staff pages open on it; those
 * visitors may see (approved and ready) to its public room, for the slideshow; its zips to the staff jobs room.
 */
export class CollectionLive {
  constructor(private readonly live: LivePublisher) {}

  uploadCreated(collectionId: string, upload: StaffCollectionUpload): void {
    this.live.attentionChanged();
    const payload = { ...upload, collection_id: collectionId };
    this.live.send({ namespace: 'staff', room: liveRooms.collection(collectionId), event: 'upload:created', payload });
  }

  /** The worker finished with an upload: ready with its thumbnail, or failed with its reason. */
  uploadProcessed(collectionId: string, upload: StaffCollectionUpload): void {
    const payload = { ...upload, collection_id: collectionId };
    this.live.send({
      namespace: 'staff',
      room: liveRooms.collection(collectionId),
      event: 'upload:processed',
      payload,
    });
  }

  /** Staff approved or rejected it. */
  uploadReviewed(collectionId: string, upload: StaffCollectionUpload): void {
    this.live.attentionChanged();
    const payload = { ...upload, collection_id: collectionId };
    this.live.send({ namespace: 'staff', room: liveRooms.collection(collectionId), event: 'upload:reviewed', payload });
  }

  /** `wasShown`: only an upload visitors could see is taken off their slideshows. */
  uploadDeleted(collectionId: string, id: number, wasShown = false): void {
    this.live.attentionChanged();
    const room = liveRooms.collection(collectionId);
    this.live.send({ namespace: 'staff', room, event: 'upload:deleted', payload: { id, collection_id: collectionId } });
    if (wasShown) this.uploadHidden(collectionId, id);
  }

  /**
   * An upload joined what visitors see (approved and ready): to the collection's public room, as the
   * public list shows it. Callers pass the visitors' form, never the staff's (no failure reasons).
   */
  uploadShown(collectionId: string, upload: CollectionUpload): void {
    this.live.send({
      namespace: 'audience',
      room: liveRooms.collection(collectionId),
      event: 'upload:shown',
      payload: upload,
    });
  }

  uploadHidden(collectionId: string, id: number): void {
    this.live.send({
      namespace: 'audience',
      room: liveRooms.collection(collectionId),
      event: 'upload:hidden',
      payload: { id },
    });
  }

  /** Closed to visitors (inactive or deleted): the slideshows open on it leave its room and get nothing more. */
  collectionClosed(collectionId: string): void {
    this.live.send({
      namespace: 'audience',
      room: liveRooms.collection(collectionId),
      event: 'collection:closed',
      payload: { collection_id: collectionId },
    });
  }

  /** A zip being built moved on (or started). */
  exportProgress(collectionId: string, exported: CollectionExport): void {
    const payload = { kind: 'export' as const, collectionId, export: exported };
    this.live.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:progress', payload });
  }

  /** A zip is ready to download, or failed. */
  exportCompleted(collectionId: string, exported: CollectionExport): void {
    const payload = { kind: 'export' as const, collectionId, export: exported };
    this.live.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:completed', payload });
  }
}
