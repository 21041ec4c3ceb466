import { isIP } from 'node:net';
import path from 'node:path';
import { MIN_FILL_TIME_SECONDS } from '@gather/contracts';
import { z } from 'zod';
import { DEMO_CHURCH } from './church-settings/demo-church.js';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .union([z.ipv4(), z.ipv6(), z.hostname()], 'must be an IP address or a host name, e.g. 0.0.0.0 or 127.0.0.1')
    .default('0.0.0.0'),
  /** Where PostgreSQL's data, the local Redis's data and media live when nothing else is said. */
  DATA_DIR: z.string().default('./data'),
  MEDIA_DIR: z.string().optional(),
  /**
   * Where finished media are kept when several servers share them: an S3-compatible store, e.g.
   * `s3://gather-media?endpoint=http://minio:9000&region=eu-west-2&forcePathStyle=true`. Unset: MEDIA_DIR.
   */
  MEDIA_STORAGE_URL: z.string().trim().optional().transform(s3Location),
  /** Send browsers to a short-lived signed address of the store for /media files instead of streaming them. */
  MEDIA_SIGNED_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * New uploads are refused (507) while the disk they arrive on (MEDIA_DIR's) has less free room than this, so
   * that uploads cannot fill the disk the database and the site itself need. 0 turns the check off.
   */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(1024),
  /** What one address may hold in resumable uploads it has started and not finished (they are kept a day). */
  UNFINISHED_UPLOADS_MB_PER_ADDRESS: z.coerce.number().int().min(1).default(2048),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  /**
   * Whose X-Forwarded-For is believed, so that each visitor behind the proxy keeps an address of their
   * own (rate limits, sign-in throttling): false, a number of proxies in front, or addresses and subnets.
   */
  TRUST_PROXY: z.string().trim().default('loopback').transform(trustedProxies),
  /** Tell browsers to come back on https only; unset, it is on in production when PUBLIC_URL is https. */
  HSTS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Dates such as a pledge's pay-by day are judged in the church's own time zone. */
  CHURCH_TIMEZONE: z
    .string()
    .default('Europe/London')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/London'),
  CHURCH_NAME: z.string().default(DEMO_CHURCH.name),
  /**
   * Days before a pledge's pay-by date that the donor is reminded of the balance still to pay (a
   * second reminder goes the day after the date if it is still unpaid).
   */
  PLEDGE_REMINDER_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  /** Minutes a staff session may go unused before it ends, besides its absolute end (12 hours, or 30 days remembered). */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(43_200).default(60),
  /** Visitor calls one address may make: forms per 10 minutes, questions and votes per minute, uploads per 10 minutes. */
  RATE_LIMIT_FORMS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_QUESTIONS: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_VOTES: z.coerce.number().int().min(1).default(3000),
  /**
   * A live session's share for one address: its questions, and its votes for one question. Everyone on the church
   * Wi-Fi shares one address, so a congregation voting from the building needs these raised to its size.
   */
  QNA_QUESTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  QNA_VOTES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** A public form sent sooner than this after its page showed it was filled in by a script, and is dropped. */
  FORM_MIN_FILL_SECONDS: z.coerce.number().min(0).max(60).default(MIN_FILL_TIME_SECONDS),
  /** Prefix of every queue key in Redis, so several sites (or test runs) can share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/, 'letters, digits, - and _ only')
    .default('gather'),
  /** Run the background worker inside the API process (the embedded default); production sets false and runs `npm run worker`. */
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Which queues this worker process runs (comma-separated); all by default. */
  WORKER_QUEUES: z
    .string()
    .default('email,uploads,exports')
    .transform((value) =>
      value
        .split(',')
        .map((queue) => queue.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['email', 'uploads', 'exports'])).min(1, 'name at least one queue')),
  /** How many jobs of each queue one worker process runs at once. */
  WORKER_EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  WORKER_UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  WORKER_EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** Messages per second the worker hands to the SMTP server, across all its e-mail jobs. */
  EMAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
  /** How often the relay checks that Redis still has the jobs it was given (a Redis that lost them gets them again). */
  OUTBOX_RECHECK_MS: z.coerce.number().int().min(500).default(60_000),
  /** Delay before a failed job's first retry (then doubling); tests shorten it. */
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).default(10_000),
  /**
   * How long a worker holds a job before another may take it over: a worker that died mid-job
   * has its jobs run again about this long after (and its stalled check runs this often).
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * Where mail goes, as a nodemailer URL (smtp://user:pass@host:587, smtps://...). Unset: a local
   * SMTP sink keeps every message as an .eml file under DATA_DIR/mail, and the stack puts its URL here.
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  /** The church's own mail domain: bulk mail may only be sent from an address in it. */
  CHURCH_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain such as gatherchurch.org.uk')
    .default('gatherchurch.org.uk'),
  /** Sender of the church's mail; defaults to no-reply@CHURCH_EMAIL_DOMAIN and CHURCH_NAME. */
  EMAIL_FROM_ADDRESS: z.email('must be an e-mail address').optional(),
  EMAIL_FROM_NAME: z.string().trim().min(1).optional(),
  /** Who reads contact and connect forms; defaults to office@CHURCH_EMAIL_DOMAIN. */
  CHURCH_NOTIFY_EMAIL: z.email('must be an e-mail address').optional(),
  /**
   * A collection's upload digest (when staff turned it on) goes this long after the first new upload,
   * so at most once an interval while uploads arrive; tests shorten it.
   */
  UPLOAD_DIGEST_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * Signs unsubscribe links. Unset: one is made once and kept in DATA_DIR/secrets/unsubscribe.key;
   * production refuses to start without it, so links survive a fresh container.
   */
  UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SERVE_FRONTEND: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** The built pages (`npm run build`); tests point it at a build of their own. */
  FRONTEND_DIR: z.string().default(path.resolve(import.meta.dirname, '../../../frontend/dist')),
  /**
   * The church's details below (name, address, phone, e-mails, links, bank, sender, time zone) are first-run
   * defaults: what staff save in the console's Settings wins over them.
   */
  /** What visitors see in the footer, the contact page and the give page. */
  CHURCH_ADDRESS: z.string().trim().min(1).default(DEMO_CHURCH.address),
  CHURCH_PHONE: z.string().trim().min(1).default(DEMO_CHURCH.phone),
  CHURCH_CONTACT_EMAIL: z.email('must be an e-mail address').optional(),
  /** The podcast owner's address Apple and Spotify write to (and verify the feed with); CHURCH_CONTACT_EMAIL unset. */
  PODCAST_OWNER_EMAIL: z.email('must be an e-mail address').optional(),
  /** The video-meeting link behind 'Join Live' and the online service cards. */
  LIVE_STREAM_URL: z.url().default('https://zoom.us/j/0000000000'),
  /** The bank's payment portal behind 'Give Online' and 'Pay Now Online'. */
  ONLINE_GIVING_URL: z.url().default('https://www.paypal.com/donate'),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).default(DEMO_CHURCH.bankAccountName),
  BANK_NAME: z.string().trim().min(1).default(DEMO_CHURCH.bankName),
  BANK_SORT_CODE: z.string().trim().min(1).default(DEMO_CHURCH.sortCode),
  BANK_ACCOUNT_NUMBER: z.string().trim().min(1).default(DEMO_CHURCH.accountNumber),
  /** Where the nightly backup (docker compose's backup service) writes; defaults to DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** How many nightly backups are kept; older ones are removed after a new one is written. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /** Lets a scraper (Prometheus) read /metrics with `Authorization: Bearer <token>`; staff read it signed in. */
  METRICS_TOKEN: z.string().min(20, 'must be at least 20 characters').optional(),
  FACEBOOK_URL: optionalUrl,
  INSTAGRAM_URL: optionalUrl,
  YOUTUBE_URL: optionalUrl,
});

/** Every setting Gather reads, as named in the environment. */
export const SETTING_NAMES = Object.keys(envSchema.shape);

const settingsSchema = envSchema.superRefine((env, ctx) => {
  if (env.MEDIA_SIGNED_URLS && !env.MEDIA_STORAGE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['MEDIA_SIGNED_URLS'],
      message: 'needs MEDIA_STORAGE_URL: only an S3-compatible store can sign addresses',
    });
  }
  // Mail links and the staff console's same-site check are built on it: localhost would be wrong for everyone.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'is required in production: the address visitors use, e.g. https://gatherchurch.org',
    });
  }
});

export type Config = z.infer<typeof envSchema> & { MEDIA_DIR: string; DATA_DIR: string; HSTS: boolean };

/** Reads settings once at start; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty setting (`FOO=` in a .env file or compose) means "not set", not "set to nothing".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = settingsSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Gather cannot start: these settings are wrong:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    MEDIA_DIR: path.resolve(parsed.data.MEDIA_DIR ?? path.join(dataDir, 'media')),
    // Asking browsers for https only would lock them out of a site served on plain http.
    HSTS:
      parsed.data.HSTS ??
      (parsed.data.NODE_ENV === 'production' && parsed.data.PUBLIC_URL?.startsWith('https:') === true),
  };
}

/** What Express's `trust proxy` takes: false, a hop count, or addresses, subnets and the names it knows. */
function trustedProxies(value: string, ctx: z.RefinementCtx): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry));
  if (entries.length === 0 || wrong.length > 0) {
    const notUnderstood = wrong.map((entry) => `"${entry}" is not understood; `).join('');
    const expected = 'must be false, a number of proxies, or addresses and subnets (e.g. 10.0.0.0/8) or';
    ctx.addIssue({
      code: 'custom',
      message: `${notUnderstood}${expected} loopback, linklocal, uniquelocal, separated by commas`,
    });
    return z.NEVER;
  }
  return entries;
}

/** An S3-compatible store's bucket, the folder inside it (may be empty) and how to reach it. */
export interface S3Location {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

const S3_EXAMPLE =
  'e.g. s3://gather-media?region=eu-west-2 or s3://media?endpoint=http://minio:9000&forcePathStyle=true';

function s3Location(value: string | undefined, ctx: z.RefinementCtx): S3Location | undefined {
  if (!value) return undefined;
  const refuse = (why: string) => {
    ctx.addIssue({ code: 'custom', message: `${why} (${S3_EXAMPLE})` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('is not an address');
  }
  if (url.protocol !== 's3:') return refuse('must start with s3://');
  if (!url.hostname) return refuse('must name the bucket after s3://');
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  const unknown = [...url.searchParams.keys()].filter((key) => !known.has(key));
  if (unknown.length) return refuse(`does not understand ${unknown.join(', ')}`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    return refuse('endpoint must be an http(s) address');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') return refuse('forcePathStyle must be true or false');
  const folder = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: url.hostname,
    prefix: folder ? `${folder}/` : '',
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle === 'true',
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** A problem the operator must fix (a wrong setting, a server that is not there): said in one line, with no stack. */
export class ConfigError extends Error {}

/** Settings that are valid but probably not what was meant; logged at start. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.ADMIN_PASSWORD && !config.ADMIN_USERNAME) {
    warnings.push('ADMIN_PASSWORD is ignored without ADMIN_USERNAME: set both to create or update that staff account.');
  }
  return warnings;
}
