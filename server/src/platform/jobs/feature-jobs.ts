import type { QueueName } from '@gather/contracts';
import type { AppContext } from '../context.js';
import type { Letters } from '../mail/letter.js';
import type { UploadAnnouncers } from '../media/processing/processing-job.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailSettings } from '../mail/settings.js';
import type { LinkSigner } from '../signed-links.js';
import type { Processors } from './workers.js';

/** What every job that sends mail shares in one worker process: one pooled SMTP transport, settings, the signer. */
export interface MailParts {
  mailer: Mailer;
  settings: MailSettings;
  signer: LinkSigner;
}

/** Work a feature keeps going while the worker runs (a sweep, a check); stopped before the workers close. */
export interface Routine {
  stop(): Promise<void> | void;
}

/** What one feature gives the worker process: its jobs' processors, its notification letters and its routines. */
export interface FeatureJobs {
  processors?: Partial<Processors>;
  letters?: Partial<Letters>;
  /** Who hears that the worker finished with an upload of this feature's (the others' lists are just re-read). */
  uploadAnnouncers?: UploadAnnouncers;
  /** Started when this worker process runs the queue the routine feeds. */
  routines?: Array<{ feeds: QueueName; start: () => Routine }>;
}

/** What a feature's jobs are built from. `stopping` is aborted when the worker stops. */
export interface JobParts {
  ctx: AppContext;
  mail: MailParts;
  stopping: AbortSignal;
}
