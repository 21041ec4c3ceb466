import type { SpamCheck } from '@gather/contracts';
import type { Logger } from 'pino';
import type { AppContext } from '../context.js';

/**
 * Tells a script filling in a public form from a person: the hidden `website` field filled, or the
 * form sent sooner than a person could fill it. Such a form is answered as if kept, so the script
 * learns nothing, while nothing is stored or mailed. A caller that sends no fill time (another
 * program using the API) is judged by the hidden field alone.
 */
export class SpamGuard {
  constructor(
    private readonly minFillMs: number,
    private readonly log: Logger,
  ) {}

  static of(ctx: AppContext): SpamGuard {
    return new SpamGuard(ctx.config.FORM_MIN_FILL_SECONDS * 1000, ctx.log);
  }

  /** True when `form` is to be dropped; the log says which form and why, never what was typed. */
  isAutomated(form: string, { website, fill_time_ms: fillTimeMs }: SpamCheck): boolean {
    const tooFast = typeof fillTimeMs === 'number' && fillTimeMs < this.minFillMs;
    if (!website && !tooFast) return false;
    this.log.info({ form, honeypot: Boolean(website), fillTimeMs }, 'public form dropped as automated');
    return true;
  }
}
