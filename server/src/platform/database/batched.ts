/** A call waiting for its batch: what it asked, and its promise's ends. */
interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface BatchLimits {
  /** Batches whose statement may be under way at once: the rest of the pool stays free for everything else. */
  running: number;
  /** Calls in one batch, so one statement's arrays stay small. */
  items: number;
  /**
   * Least time between the starts of two batches. Under a steady stream of calls a batch waits out the rest of it,
   * gathering the calls that come meanwhile; a call after a quiet spell still goes at once.
   */
  spacingMs?: number;
}

/**
 * Runs calls made close together as one statement: each call waits for the batch it joined, and is answered with
 * its own result once that statement (and its commit) has finished. A call made while the process is quiet goes at
 * once, after the current turn of the event loop; under load, calls gather while earlier batches run, so hundreds
 * of calls a second take a few round trips and commits, not hundreds. `run` settles each call on its own (one may be
 * refused while the others go through); a failed statement fails each of its calls.
 */
export class Batched<Item, Result> {
  private readonly waiting: Array<Waiting<Item, Result>> = [];
  private running = 0;
  private scheduled = false;
  private lastStart = -Infinity;

  constructor(
    private readonly run: (items: Item[]) => Promise<Array<PromiseSettledResult<Result>>>,
    private readonly limits: BatchLimits,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.limits.running || this.waiting.length === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.start();
    };
    const wait = this.lastStart + (this.limits.spacingMs ?? 0) - performance.now();
    // After the current turn at the soonest: the calls that arrived in it (often many, under load) join the same batch.
    if (wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  }

  private start(): void {
    if (this.running >= this.limits.running || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.limits.items);
    this.running += 1;
    this.lastStart = performance.now();
    this.run(batch.map(({ item }) => item))
      .then(
        (results) =>
          batch.forEach((call, index) => {
            const result = results[index]!;
            if (result.status === 'fulfilled') call.resolve(result.value);
            else call.reject(result.reason);
          }),
        (error: unknown) => batch.forEach((call) => call.reject(error)),
      )
      .finally(() => {
        this.running -= 1;
        this.schedule();
      });
    this.schedule();
  }
}
