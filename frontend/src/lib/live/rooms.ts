import {
  liveRooms,
  type AudienceQuestion,
  type Campaign,
  type CampaignDetail,
  type CollectionExport,
  type CollectionUpload,
  type JobProgress,
  type Page,
  type PublicSession,
  type StaffCollectionUpload,
  type StaffQuestion,
  type VoteCounts,
} from '@gather/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../query-keys';
import {
  applyCampaignProgress,
  applyCampaignToPage,
  applyExportProgress,
  applyVoteCounts,
  endSession,
  markAnswered,
  removeQuestion,
  removeUpload,
  upsertQuestion,
  upsertPublicUpload,
  upsertQuestions,
  upsertUpload,
  type ShownQuestion,
} from './cache';
import type { RoomDefinition } from './connection';
import { useLiveConnection } from './connections';
import { useRoom, type RoomMembership } from './hooks';

export type QnaFollower = 'staff' | 'audience';

export interface QnaRoom extends RoomMembership {
  /** The session was deleted or closed while the page was open. */
  ended: boolean;
}

/**
 * Follows a Q&A session (none while `sessionId` is null): the moderator's questions
 * (`queryKeys.qna.questions`) or the submit page's (`queryKeys.qna.audienceQuestions`) and the
 * session itself (`queryKeys.qna.session`) follow what is pushed.
 */
export function useQnaRoom(sessionId: string | null, as: QnaFollower): QnaRoom {
  const queryClient = useQueryClient();
  const [endedSession, setEndedSession] = useState<string | null>(null);
  const staffSession = as === 'staff' ? sessionId : null;
  const audienceSession = as === 'audience' ? sessionId : null;
  useStaffQnaEvents(staffSession, setEndedSession);
  useAudienceQnaEvents(audienceSession, setEndedSession);
  const staffCovers = staffSession ? [queryKeys.qna.ofSession(staffSession)] : [];
  // The session itself is not what the audience room carries (its end refuses the join), and the page
  // was drawn on the server with it moments ago: only the questions pushed meanwhile can be missing.
  const audienceCovers = audienceSession ? [queryKeys.qna.audienceQuestions(audienceSession)] : [];
  const staff = useRoom(
    'staff',
    staffSession ? staffQnaRoom(staffSession) : null,
    refetchUnlessRecovered(queryClient, staffCovers),
  );
  const audience = useRoom(
    'audience',
    audienceSession ? audienceQnaRoom(audienceSession) : null,
    refetchUnlessRecovered(queryClient, audienceCovers),
  );
  return { ...(as === 'staff' ? staff : audience), ended: sessionId !== null && endedSession === sessionId };
}

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
      queryClient.setQueryData<StaffCollectionUpload[]>(key, (uploads) => upsertUpload(uploads, upload));
    };
    const deleted = (event: { id: number; collection_id: string }) => {
      if (event.collection_id !== collectionId) return;
      queryClient.setQueryData<StaffCollectionUpload[]>(key, (uploads) => removeUpload(uploads, event.id));
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
 * keeps only its newest `keep`.
 */
export function useSlideshowRoom(collectionId: string | null, keep: number): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    if (!collectionId) return;
    const key = queryKeys.collections.publicUploads(collectionId);
    const shown = (upload: CollectionUpload) =>
      queryClient.setQueryData<CollectionUpload[]>(key, (uploads) => upsertPublicUpload(uploads, upload, keep));
    const hidden = (event: { id: number }) =>
      queryClient.setQueryData<CollectionUpload[]>(key, (uploads) => removeUpload(uploads, event.id));
    socket.on('upload:shown', shown);
    socket.on('upload:hidden', hidden);
    return () => {
      socket.off('upload:shown', shown);
      socket.off('upload:hidden', hidden);
    };
  }, [socket, queryClient, collectionId, keep]);
  const covered = collectionId ? [queryKeys.collections.publicUploads(collectionId)] : [];
  const room = collectionId ? audienceCollectionRoom(collectionId) : null;
  return useRoom('audience', room, refetchUnlessRecovered(queryClient, covered));
}

/**
 * Follows background work, for staff: campaigns (`queryKeys.campaigns.detail` and `.list`) and
 * download-all zips (`queryKeys.exports.detail`) follow their progress.
 */
export function useJobsRoom(): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const progress = (event: JobProgress) => applyJobProgress(queryClient, event, false);
    const completed = (event: JobProgress) => applyJobProgress(queryClient, event, true);
    socket.on('job:progress', progress);
    socket.on('job:completed', completed);
    return () => {
      socket.off('job:progress', progress);
      socket.off('job:completed', completed);
    };
  }, [socket, queryClient]);
  const covered = [queryKeys.campaigns.all(), queryKeys.exports.all()];
  return useRoom('staff', JOBS_ROOM, refetchUnlessRecovered(queryClient, covered));
}

/**
 * Follows what waits for staff (`queryKeys.attention`): the counts are refetched whenever the server
 * says they changed (a form sent, a message read, a question or upload waiting or decided).
 */
export function useAttentionRoom(): RoomMembership {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    const changed = () => void queryClient.invalidateQueries({ queryKey: queryKeys.attention() });
    socket.on('attention:changed', changed);
    return () => {
      socket.off('attention:changed', changed);
    };
  }, [socket, queryClient]);
  return useRoom('staff', ATTENTION_ROOM, refetchUnlessRecovered(queryClient, [queryKeys.attention()]));
}

/**
 * react-query's `refetchInterval` for what the jobs room pushes: none while the room is joined, the
 * given interval otherwise (offline, or connected but the join not answered yet), so counts never
 * wait on a room that is not followed.
 */
export function useJobsFallback(intervalMs: number): number | false {
  const connection = useLiveConnection('staff');
  const joined = useSyncExternalStore(
    connection.subscribe,
    () => connection.roomStatus(liveRooms.jobs).state === 'joined',
    () => false,
  );
  return joined ? false : intervalMs;
}

/**
 * A campaign's detail as fetched, with any newer progress pushed while the request was under way:
 * an event that arrives before the detail has loaded has nothing to update, so it is kept aside
 * (`queryKeys.campaigns.pushed`) and applied here.
 */
export function withPushedProgress(queryClient: QueryClient, detail: CampaignDetail): CampaignDetail {
  const pushed = queryClient.getQueryData<Campaign>(queryKeys.campaigns.pushed(detail.id));
  return (pushed && applyCampaignProgress(detail, pushed)) ?? detail;
}

const JOBS_ROOM: RoomDefinition<'staff'> = { key: liveRooms.jobs, join: (staff, ack) => staff.emit('jobs:join', ack) };
const ATTENTION_ROOM: RoomDefinition<'staff'> = {
  key: liveRooms.attention,
  join: (staff, ack) => staff.emit('attention:join', ack),
};

function staffQnaRoom(sessionId: string): RoomDefinition<'staff'> {
  return {
    key: liveRooms.qna(sessionId),
    join: (staff, ack) => staff.emit('qna:join', sessionId, ack),
    leave: (staff) => staff.emit('qna:leave', sessionId),
  };
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

function audienceQnaRoom(sessionId: string): RoomDefinition<'audience'> {
  return { key: liveRooms.qna(sessionId), join: (audience, ack) => audience.emit('qna:join', sessionId, ack) };
}

type SessionEnded = (sessionId: string) => void;

function useStaffQnaEvents(sessionId: string | null, onEnded: SessionEnded): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('staff').events;
  useEffect(() => {
    if (!sessionId) return;
    const key = queryKeys.qna.questions(sessionId);
    const upsert = (event: StaffQuestion & { session_id: string }) => {
      const { session_id: eventSession, ...question } = event;
      if (eventSession !== sessionId) return;
      queryClient.setQueryData<StaffQuestion[]>(key, (questions) => upsertQuestion(questions, question));
    };
    const deleted = (event: { id: number; session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<StaffQuestion[]>(key, (questions) => removeQuestion(questions, event.id));
    };
    const voted = (event: { id: number; votes: number; session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<StaffQuestion[]>(key, (questions) => applyVoteCounts(questions, [event]));
    };
    const counted = (event: { votes: VoteCounts; session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<StaffQuestion[]>(key, (questions) => applyVoteCounts(questions, event.votes));
    };
    const sessionEnded = (event: { session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<PublicSession>(queryKeys.qna.session(sessionId), endSession);
      onEnded(sessionId);
    };
    socket.on('question:created', upsert);
    socket.on('question:updated', upsert);
    socket.on('question:deleted', deleted);
    socket.on('question:voted', voted);
    socket.on('questions:votes', counted);
    socket.on('session:ended', sessionEnded);
    return () => {
      socket.off('question:created', upsert);
      socket.off('question:updated', upsert);
      socket.off('question:deleted', deleted);
      socket.off('question:voted', voted);
      socket.off('questions:votes', counted);
      socket.off('session:ended', sessionEnded);
    };
  }, [socket, queryClient, sessionId, onEnded]);
}

/**
 * Visitors' questions carry no session id: the audience socket is only ever in the room of the
 * session the page follows (it disconnects when the page stops following), so they are that session's.
 * They come in lists: one question, or those of a busy moment together.
 */
function useAudienceQnaEvents(sessionId: string | null, onEnded: SessionEnded): void {
  const queryClient = useQueryClient();
  const socket = useLiveConnection('audience').events;
  useEffect(() => {
    if (!sessionId) return;
    const key = queryKeys.qna.audienceQuestions(sessionId);
    const update = (change: (questions: ShownQuestion[] | undefined) => ShownQuestion[] | undefined) =>
      queryClient.setQueryData<ShownQuestion[]>(key, change);
    const created = (added: AudienceQuestion[]) => update((questions) => upsertQuestions(questions, added));
    const counted = (votes: VoteCounts) => update((questions) => applyVoteCounts(questions, votes));
    const deleted = (event: { id: number }) => update((questions) => removeQuestion(questions, event.id));
    const answered = (event: { id: number; answered: boolean }) =>
      update((questions) => markAnswered(questions, event));
    const sessionEnded = (event: { session_id: string }) => {
      if (event.session_id !== sessionId) return;
      queryClient.setQueryData<PublicSession>(queryKeys.qna.session(sessionId), endSession);
      onEnded(sessionId);
    };
    socket.on('questions:created', created);
    socket.on('questions:votes', counted);
    socket.on('question:deleted', deleted);
    socket.on('question:answered', answered);
    socket.on('session:ended', sessionEnded);
    return () => {
      socket.off('questions:created', created);
      socket.off('questions:votes', counted);
      socket.off('question:deleted', deleted);
      socket.off('question:answered', answered);
      socket.off('session:ended', sessionEnded);
    };
  }, [socket, queryClient, sessionId, onEnded]);
}

/** A zip's progress replaces its record; a campaign's counts go onto its detail and list rows. */
function applyJobProgress(queryClient: QueryClient, event: JobProgress, completed: boolean): void {
  if (event.kind === 'export') {
    const key = queryKeys.exports.detail(event.collectionId, event.export.id);
    queryClient.setQueryData<CollectionExport>(key, (current) => applyExportProgress(current, event.export));
    return;
  }
  const { campaign } = event;
  const detail = queryKeys.campaigns.detail(campaign.id);
  const shown = [
    queryClient.getQueryData<CampaignDetail>(detail),
    ...queryClient
      .getQueriesData<Page<Campaign>>({ queryKey: queryKeys.campaigns.lists() })
      .flatMap(([, page]) => page?.results.filter((row) => row.id === campaign.id) ?? []),
  ];
  // A status other than the one shown (a scheduled campaign starting, a paused one resumed elsewhere) may be
  // news or may be stale; counts alone cannot tell, so the server is asked.
  const moved = shown.some((row) => row && row.status !== campaign.status);
  queryClient.setQueryData<Campaign>(queryKeys.campaigns.pushed(campaign.id), (kept) =>
    kept ? (applyCampaignProgress(kept, campaign) ?? kept) : campaign,
  );
  queryClient.setQueryData<CampaignDetail>(detail, (current) => applyCampaignProgress(current, campaign));
  queryClient.setQueriesData<Page<Campaign>>({ queryKey: queryKeys.campaigns.lists() }, (page) =>
    applyCampaignToPage(page, campaign),
  );
  if (completed || moved) {
    // Which deliveries failed, and where a finished campaign sits in the lists, only a refetch tells.
    void queryClient.invalidateQueries({ queryKey: detail });
    void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.lists() });
  }
}

/**
 * After a join that did not recover the connection, whatever was pushed while away (or before the
 * first join) is missing: refetch everything the room covers.
 */
function refetchUnlessRecovered(queryClient: QueryClient, covered: readonly (readonly unknown[])[]) {
  return (recovered: boolean) => {
    if (recovered) return;
    for (const queryKey of covered) void queryClient.invalidateQueries({ queryKey });
  };
}
