import { Batched } from '../../platform/database/batched.js';
import type { AudienceShares, Place } from './audience-shares.js';
import type { VoteOutcome, VoteRepository } from './vote-repository.js';

/** One device's vote for a question, from its address. */
interface CastRequest {
  sessionId: string;
  questionId: number;
  deviceId: string;
  address: string;
}

/**
 * Votes cast at once: each batch takes its places in the addresses' shares together (one write to Redis, however
 * many votes) and then casts the votes that got one in one statement and one commit; two batches may run while the
 * next gathers. Under a steady stream (200 votes a second, the qna-votes bench) batches start at most every 20 ms:
 * about four votes a statement instead of one, which took up to a fifth off the API's CPU; the vote-to-moderator p99
 * stayed near bare socket.io's. Moderators' counts are gathered over as long (STAFF_VOTES_BATCH_MS), so each batch's
 * counts reach them at once. A vote after a quiet spell goes at once.
 */
const CAST_BATCHES = { running: 2, items: 500, spacingMs: 20 };

/** Casts each device's vote once, within its address's share of the question's votes. */
export class VoteCasting {
  private readonly batches: Batched<CastRequest, VoteOutcome | undefined>;

  constructor(
    private readonly votes: VoteRepository,
    private readonly shares: AudienceShares,
  ) {
    this.batches = new Batched((requests) => this.castTogether(requests), CAST_BATCHES);
  }

  /** Undefined when the question is not one to vote on (hidden, gone, or its session ended). */
  cast(request: CastRequest): Promise<VoteOutcome | undefined> {
    return this.batches.add(request);
  }

  /** A vote refused its place (the address's share is full) fails alone; the others are cast. */
  private async castTogether(requests: CastRequest[]): Promise<Array<PromiseSettledResult<VoteOutcome | undefined>>> {
    // Every place is asked for in this turn: the shares' connection sends them as one write.
    const taken = await Promise.allSettled(
      requests.map((request) => this.shares.takeVote(request.questionId, request.address)),
    );
    const placed = requests.flatMap((request, index) => {
      const place = taken[index]!;
      return place.status === 'fulfilled' ? [{ request, place: place.value, index }] : [];
    });
    let outcomes: Array<VoteOutcome | undefined>;
    try {
      outcomes = placed.length ? await this.votes.cast(placed.map(({ request }) => request)) : [];
    } catch (error) {
      await giveBack(placed.map(({ place }) => place));
      throw error;
    }
    // A vote that changed nothing (a repeated tap, a hidden question) frees its place.
    await giveBack(placed.filter((_, at) => !outcomes[at]?.changed).map(({ place }) => place));
    const outcomeOf = new Map(placed.map(({ index }, at) => [index, outcomes[at]]));
    return taken.map((place, index) =>
      place.status === 'rejected' ? place : { status: 'fulfilled', value: outcomeOf.get(index) },
    );
  }
}

async function giveBack(places: Place[]): Promise<void> {
  await Promise.all(places.map((place) => place.giveBack().catch(() => undefined)));
}
