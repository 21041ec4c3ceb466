/**
 * At most `perSecond` messages started in any one-second window, as BullMQ's queue limiter let
 * EMAIL_RATE_PER_SECOND jobs through when each message was a job. Shared by every campaign a
 * worker process sends.
 */
export class RateLimit {
  private windowStart = 0;
  private used = 0;

  constructor(private readonly perSecond: number) {}

  async take(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now - this.windowStart >= 1000) {
        this.windowStart = now;
        this.used = 0;
      }
      if (this.used < this.perSecond) {
        this.used += 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, this.windowStart + 1000 - now));
    }
  }
}
