/**
 * Sends a change at once after a quiet spell (at the end of the turn that made it), then at most once every `everyMs`
 * with every change that came meanwhile, per key (a session, a poll): a busy moment costs each screen one message an
 * interval, not one a change.
 */
export class Gathered<T> {
  /** Keys sent less than `everyMs` ago, with what came since. */
  private readonly waiting = new Map<string, T[]>();

  constructor(
    private readonly everyMs: number,
    private readonly send: (key: string, items: T[]) => void,
  ) {}

  add(key: string, item: T): void {
    const waiting = this.waiting.get(key);
    if (waiting) return void waiting.push(item);
    const first = [item];
    this.waiting.set(key, first);
    // At the end of this turn, with what else it adds: a batch of votes answered together goes as one message.
    setImmediate(() => this.sendNow(key, first.splice(0)));
  }

  /** Takes what waits under `key`, for the caller to send now: it must go before a closing event. */
  take(key: string): T[] {
    return this.waiting.get(key)?.splice(0) ?? [];
  }

  private sendNow(key: string, items: T[]): void {
    if (items.length) this.send(key, items);
    const waiting: T[] = [];
    this.waiting.set(key, waiting);
    setTimeout(() => {
      this.waiting.delete(key);
      if (waiting.length) this.sendNow(key, waiting);
    }, this.everyMs).unref();
  }
}
