import {
  AUDIENCE_BATCH_MS,
  AUDIENCE_RECENT_QUESTIONS,
  liveRooms,
  type AudienceQuestion,
  type CollectionUpload,
  type JobProgress,
  type StaffCollectionUpload,
  type StaffQuestion,
  type VoteCounts,
} from '@gather/contracts';
import type { Logger } from 'pino';
import type { LiveEvent, LiveSink } from './events.js';

/** Changes within this long reach staff as one "attention changed": a busy Q&A is not a refetch per question. */
export const ATTENTION_BATCH_MS = 250;

/**
 * What services and worker processors call once a change is committed, so that pages open on it
 * update without asking. Pushing is a courtesy on top of the stored data: a failure is logged and
 * never fails the request or job that made the change (pages refetch after a reconnect anyway).
 */
export class LivePublisher {
  /** Audience rooms that were sent questions less than AUDIENCE_BATCH_MS ago, with those waiting since. */
  private readonly audienceWaiting = new Map<string, AudienceQuestion[]>();
  private attentionDue = false;

  constructor(
    private readonly sink: LiveSink,
    private readonly log: Logger,
  ) {}

  /**
   * Moderators get each question at once; the audience in lists (see AUDIENCE_BATCH_MS), and only
   * once it is live: a question waiting for review reaches staff alone.
   */
  questionCreated(sessionId: string, question: StaffQuestion): void {
    this.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.send({ namespace: 'staff', room, event: 'question:created', payload });
    if (isLive(question)) this.questionToAudience(room, question);
  }

  /** Staff approved a waiting question: the audience gets it as a new one. */
  questionApproved(sessionId: string, question: StaffQuestion): void {
    this.questionUpdated(sessionId, question);
    this.questionToAudience(liveRooms.qna(sessionId), question);
  }

  questionUpdated(sessionId: string, question: StaffQuestion): void {
    this.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { ...question, session_id: sessionId };
    this.send({ namespace: 'staff', room, event: 'question:updated', payload });
  }

  /** The audience sees a question answered, never its other statuses. */
  questionAnswered(sessionId: string, id: number, answered: boolean): void {
    this.send({
      namespace: 'audience',
      room: liveRooms.qna(sessionId),
      event: 'question:answered',
      payload: { id, answered },
    });
  }

  /** `wasLive`: only a question the audience was shown is taken off their screens. */
  questionDeleted(sessionId: string, id: number, wasLive: boolean): void {
    this.attentionChanged();
    const room = liveRooms.qna(sessionId);
    this.send({ namespace: 'staff', room, event: 'question:deleted', payload: { id, session_id: sessionId } });
    if (wasLive) this.send({ namespace: 'audience', room, event: 'question:deleted', payload: { id } });
  }

  /** A vote counted or taken back: the moderators' count at once. */
  questionVoted(sessionId: string, id: number, votes: number): void {
    const payload = { id, votes, session_id: sessionId };
    this.send({ namespace: 'staff', room: liveRooms.qna(sessionId), event: 'question:voted', payload });
  }

  /** Counts gathered by the VoteTally: to everyone on the session. */
  voteCounts(sessionId: string, votes: VoteCounts): void {
    if (!votes.length) return;
    const room = liveRooms.qna(sessionId);
    this.send(
      { namespace: 'staff', room, event: 'questions:votes', payload: { votes, session_id: sessionId } },
      { namespace: 'audience', room, event: 'questions:votes', payload: votes },
    );
  }

  /** The session was deleted or made inactive: its audience leaves the room with this event. */
  sessionEnded(sessionId: string): void {
    this.attentionChanged();
    const room = liveRooms.qna(sessionId);
    const payload = { session_id: sessionId };
    const waiting = this.audienceWaiting.get(room);
    // Questions still gathered go first: the audience sees them before the session's end.
    if (waiting?.length) this.sendQuestionList(room, waiting.splice(0));
    this.send(
      { namespace: 'staff', room, event: 'session:ended', payload },
      { namespace: 'audience', room, event: 'session:ended', payload },
    );
  }

  uploadCreated(collectionId: string, upload: StaffCollectionUpload): void {
    this.attentionChanged();
    const payload = { ...upload, collection_id: collectionId };
    this.send({ namespace: 'staff', room: liveRooms.collection(collectionId), event: 'upload:created', payload });
  }

  /** The worker finished with an upload: ready with its thumbnail, or failed with its reason. */
  uploadProcessed(collectionId: string, upload: StaffCollectionUpload): void {
    const payload = { ...upload, collection_id: collectionId };
    this.send({ namespace: 'staff', room: liveRooms.collection(collectionId), event: 'upload:processed', payload });
  }

  /** Staff approved or rejected it. */
  uploadReviewed(collectionId: string, upload: StaffCollectionUpload): void {
    this.attentionChanged();
    const payload = { ...upload, collection_id: collectionId };
    this.send({ namespace: 'staff', room: liveRooms.collection(collectionId), event: 'upload:reviewed', payload });
  }

  /** `wasShown`: only an upload visitors could see is taken off their slideshows. */
  uploadDeleted(collectionId: string, id: number, wasShown = false): void {
    this.attentionChanged();
    const room = liveRooms.collection(collectionId);
    this.send({ namespace: 'staff', room, event: 'upload:deleted', payload: { id, collection_id: collectionId } });
    if (wasShown) this.uploadHidden(collectionId, id);
  }

  /**
   * An upload joined what visitors see (approved and ready): to the collection's public room, as the
   * public list shows it. Callers pass the visitors' form, never the staff's (no failure reasons).
   */
  uploadShown(collectionId: string, upload: CollectionUpload): void {
    this.send({
      namespace: 'audience',
      room: liveRooms.collection(collectionId),
      event: 'upload:shown',
      payload: upload,
    });
  }

  uploadHidden(collectionId: string, id: number): void {
    this.send({
      namespace: 'audience',
      room: liveRooms.collection(collectionId),
      event: 'upload:hidden',
      payload: { id },
    });
  }

  jobProgress(progress: JobProgress): void {
    // The engine pauses a failing campaign mid-run: that is news for the dashboard, the other progress is not.
    if (progress.kind === 'campaign' && progress.campaign.status === 'paused') this.attentionChanged();
    this.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:progress', payload: progress });
  }

  jobCompleted(progress: JobProgress): void {
    if (progress.kind === 'campaign') this.attentionChanged();
    this.send({ namespace: 'staff', room: liveRooms.jobs, event: 'job:completed', payload: progress });
  }

  /**
   * What staff are asked to look at changed (a form sent, a message read, a question or upload
   * waiting or decided, a campaign failing): every staff console refetches its counts. Questions,
   * uploads and campaigns say so through the methods above; the rest through `attentionOnChange`.
   */
  attentionChanged(): void {
    if (this.attentionDue) return;
    this.attentionDue = true;
    setTimeout(() => {
      this.attentionDue = false;
      this.send({ namespace: 'staff', room: liveRooms.attention, event: 'attention:changed', payload: {} });
    }, ATTENTION_BATCH_MS).unref();
  }

  private questionToAudience(room: string, question: StaffQuestion): void {
    const waiting = this.audienceWaiting.get(room);
    if (waiting) waiting.push(toAudienceQuestion(question));
    else this.sendToAudience(room, [toAudienceQuestion(question)]);
  }

  /**
   * Sends now, then gathers what comes in the next AUDIENCE_BATCH_MS and sends that (and so on) as
   * one list of the newest AUDIENCE_RECENT_QUESTIONS: all the public page shows.
   */
  private sendToAudience(room: string, questions: AudienceQuestion[]): void {
    this.sendQuestionList(room, questions);
    const waiting: AudienceQuestion[] = [];
    this.audienceWaiting.set(room, waiting);
    setTimeout(() => {
      this.audienceWaiting.delete(room);
      if (waiting.length) this.sendToAudience(room, waiting);
    }, AUDIENCE_BATCH_MS).unref();
  }

  private sendQuestionList(room: string, questions: AudienceQuestion[]): void {
    const payload = questions.slice(-AUDIENCE_RECENT_QUESTIONS);
    this.send({ namespace: 'audience', room, event: 'questions:created', payload });
  }

  /** Hands events over in order, without waiting for them. */
  private send(...events: LiveEvent[]): void {
    for (const event of events) {
      this.sink
        .deliver(event)
        .catch((error: unknown) =>
          this.log.warn({ err: error, event: event.event, room: event.room }, 'live event not pushed'),
        );
    }
  }
}

/** Picked field by field, so a field added to questions later never reaches the audience by accident. */
function toAudienceQuestion(question: Omit<StaffQuestion, 'flagged'>): AudienceQuestion {
  return {
    id: question.id,
    text: question.text,
    category: question.category,
    name: question.name,
    created_at: question.created_at,
    timestamp: question.timestamp,
    votes: question.votes,
    answered: question.status === 'answered',
  };
}

const isLive = (question: StaffQuestion) => question.status !== 'pending' && question.status !== 'dismissed';
