/** A counting semaphore: at most `size` holders at once, the rest wait in order. */
export class Slots {
  private readonly waiting: Array<() => void> = [];

  constructor(private free: number) {}

  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(count = 1): void {
    for (let index = 0; index < count; index += 1) {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
