import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { StaffRole } from '@gather/contracts';
import type { ZodType } from 'zod';
import { activityRecorderOf, staffChangeOf, type ActivitySpec } from './activity.js';
import { AppError, fieldErrorsFrom } from '../errors.js';
import { rateLimit, requireRoles, requireStaff } from './guards.js';
import { cachedAnswersOf, publicCacheOf, sendCached } from '../cache/cached-answers.js';
import { jsonBodyReader } from './json-body.js';
import { nulCharacterErrors } from './nul-characters.js';
import type { RateLimitName } from './rate-limit.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call an endpoint. Staff endpoints are enforced by the auth layer, never by the page. */
export type Access = 'public' | 'staff';

/**
 * Which staff may call a staff endpoint: those holding any one of the roles (an administrator holds them all), or
 * every signed-in staff member for what everyone's own work needs and reveals nothing private.
 */
export type StaffRoles = readonly StaffRole[] | 'any-staff';

export interface EndpointSpec<P = unknown, Q = unknown, B = unknown> {
  method: Method;
  /** Full path as visitors' pages call it, trailing slash included. */
  path: string;
  summary: string;
  tag: string;
  /**
   * Defaults to 'staff' for every write and every /api/admin/ path, so a route added
   * later is closed unless it says it is for visitors.
   */
  access?: Access;
  /**
   * Required of every staff endpoint, and of no other: registering one without it throws, so a route cannot
   * land open to every staff account by omission.
   */
  roles?: StaffRoles;
  /** A staff endpoint a session must reach before its one-time password is changed (who am I, change it). */
  beforePasswordChange?: boolean;
  /** A staff call that a session limited to setting up a second factor may make (every other answers 403). */
  whileEnrolling?: boolean;
  /** Visitors' writes name the limit that keeps a script from flooding the church. */
  rateLimit?: RateLimitName;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Largest JSON body, as body-parser writes it ('3mb'): 100 KB for visitors' endpoints and 1 MB for staff's unless said. */
  bodyLimit?: string;
  /** Multipart fields, for the API description; the handler reads the stream itself. */
  multipart?: Record<string, 'file' | 'text'>;
  status?: number;
  response?: ZodType;
  /** Answers that are not JSON (CSV, zip, files), for the API description. */
  produces?: string;
  /**
   * How a staff write shows in the activity log (every one is logged); `false` for a write that changes
   * nothing the church keeps (a preview, signing out).
   */
  activity?: ActivitySpec<P, B> | false;
  /**
   * A public read whose answer changes only when staff write: kept in memory per path and query, answered with
   * a strong ETag (304 when the visitor's copy is current) and `no-cache`, so browsers ask again each time.
   */
  cached?: boolean;
  /**
   * A public read that visitors' own calls change from second to second (a session's questions and votes, a
   * poll): a page drawn from it is kept for LIVE_PAGE_MS, as the same for every visitor, and the page reads it
   * again once it has joined the session's live room. Two thousand phones opening the question page in a minute
   * then cost one drawing a second, not thirty.
   */
  live?: boolean;
  /** A visitor's write that changes a kept public answer (a pledge moves the fund's progress): it empties the cache. */
  changesPublic?: boolean;
}

/**
 * A protocol with its own request handling (tus) under one path: every method and sub-path goes to its handler,
 * which reads the raw body itself. Only for visitors: a protocol handler checks no staff session.
 */
export interface ProtocolSpec {
  /** The protocol's root as callers use it, trailing slash included; its resources live below it. */
  path: string;
  tag: string;
  access: 'public';
  /**
   * Counted once per call of `rateLimit.method` (the call that starts something new), not per request: one
   * resumable upload is many requests.
   */
  rateLimit?: { name: RateLimitName; method: Method };
  /** The calls to list in the API description; the handler answers these and the protocol's others. */
  describes: Array<Pick<EndpointSpec, 'method' | 'path' | 'summary' | 'status' | 'response' | 'produces'>>;
}

export interface EndpointInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

/** A visitors' GET endpoint, as the in-process reader (./in-process.ts) calls it. */
export interface PublicRead {
  spec: EndpointSpec;
  handler: (input: EndpointInput<unknown, unknown, undefined>) => Promise<unknown> | unknown;
}

/**
 * An express Router that also remembers what it serves, so the API description
 * and the route-table tests come from the same list that handles requests.
 */
export class ApiRouter {
  private readonly router = Router();
  /** Where this router's paths start: a request elsewhere skips all of its routes (see `mounted`). */
  private readonly starts = new Set<string>();
  readonly endpoints: EndpointSpec[] = [];
  /** The visitors' GET endpoints with their handlers: the server draws pages from these in-process. */
  readonly publicReads: PublicRead[] = [];

  endpoint<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
    spec: EndpointSpec<P, Q, B>,
    handler: (input: EndpointInput<P, Q, B>) => Promise<unknown> | unknown,
  ): this {
    const access = accessOf(spec);
    if ((access === 'staff') !== (spec.roles !== undefined)) {
      throw new Error(
        `${spec.method.toUpperCase()} ${spec.path}: ${access === 'staff' ? 'a staff endpoint must declare its roles' : 'only staff endpoints declare roles'}`,
      );
    }
    this.endpoints.push({ ...spec, access } as EndpointSpec);
    this.starts.add(fixedStart(spec.path));
    if (access === 'public' && spec.method === 'get' && !spec.rateLimit) {
      this.publicReads.push({ spec, handler } as unknown as PublicRead);
    }
    // Only an endpoint that takes a body reads one; any other leaves what was sent unread.
    const readBody = spec.body && jsonBodyReader(access, spec.bodyLimit);
    this.router[spec.method](spec.path, async (req, res) => {
      // The route's pattern, for /metrics: Express forgets req.route once an error leaves the route.
      res.locals.route = spec.path;
      // Cheapest refusals first: who may call, then how often, and only then what they sent.
      if (access === 'staff') {
        const staff = await requireStaff(req, res, {
          beforePasswordChange: spec.beforePasswordChange,
          whileEnrolling: spec.whileEnrolling,
        });
        requireRoles(staff, spec.roles!);
      }
      if (spec.rateLimit) await rateLimit(req, spec.rateLimit);
      if (readBody) await readBody(req, res);
      // Path parameters are ids, which a NUL cannot pass for; the query and the body are checked whole.
      const refused = { ...nulCharacterErrors(req.query), ...nulCharacterErrors(req.body) };
      if (Object.keys(refused).length) throw AppError.invalid(refused);
      const params = parseParams(spec.params, req.params);
      const query = parseOrThrow(spec.query, req.query);
      const body = parseOrThrow(spec.body, req.body ?? {});
      const input = { params, query, body, req, res } as EndpointInput<P, Q, B>;
      const cache = spec.cached && access === 'public' ? publicCacheOf(req) : undefined;
      if (cache) {
        const key = publicCacheKey(req.path, query);
        const cached = await cache.get(key, () => handler(input));
        if (!spec.rateLimit) cachedAnswersOf(req)?.answered(req.originalUrl, key, spec.path);
        sendCached(req, res, cached, 'application/json; charset=utf-8');
        return;
      }
      const written = access === 'staff' && spec.method !== 'get';
      const logged = written && spec.activity !== false;
      const before = logged && spec.activity ? await spec.activity.before?.({ params, body }) : undefined;
      const answer = await handler(input);
      // Any staff write may change what visitors see; staff writes are few, so every one empties the public cache.
      if ((written || spec.changesPublic) && res.statusCode < 400) publicCacheOf(req)?.changed();
      if (!res.headersSent && res.statusCode === 200) {
        // A handler may set its own status (a 503 from readiness); otherwise the spec's applies.
        res.status(spec.status ?? (answer === undefined ? 204 : 200));
      }
      if (logged && res.statusCode < 400) {
        const activity = spec.activity as ActivitySpec<P, B> | undefined;
        await recordStaffChange(req, res, {
          spec: { ...spec, activity },
          params,
          body,
          before,
          answer,
          status: res.statusCode,
        });
      }
      if (res.headersSent) return;
      if (answer === undefined) res.end();
      else res.json(answer);
    });
    return this;
  }

  /** A form parser (or the like) that runs before the endpoint of that method and path. */
  before(method: 'post', path: string, handler: RequestHandler): this {
    this.starts.add(fixedStart(path));
    this.router[method](path, handler);
    return this;
  }

  /** Whether a request for `path` (in lower case) may be one of this router's: else it skips them all. */
  serves(path: string): boolean {
    for (const start of this.starts) if (path.startsWith(start)) return true;
    return false;
  }

  /**
   * The API's routers as one layer of the app. Express would walk every router before the one that serves a
   * request, matching each of their routes' patterns: with some forty routers that walk cost every visitor's call
   * about a tenth of a millisecond (the Q&A votes profile). Here a request goes through only the routers whose
   * paths start where its own does, compared case-insensitively as Express matches, in their order.
   */
  static mountedTogether(routers: ApiRouter[]): RequestHandler {
    return (req, res, next) => {
      const path = req.path.toLowerCase();
      const serving = routers.filter((router) => router.serves(path));
      let at = 0;
      const tryNext = (error?: unknown): void => {
        // A router passes on with nothing (no route of its own matched), or null ('router'), or what went wrong.
        if (error) return next(error);
        const router = serving[at++];
        if (router) router.router(req, res, tryNext);
        else next();
      };
      tryNext();
    };
  }

  /** Mounts a protocol handler (see ProtocolSpec); errors thrown before it answers go to the error handler. */
  protocol(spec: ProtocolSpec, handler: (req: Request, res: Response) => Promise<void>): this {
    for (const call of spec.describes) {
      const limited = spec.rateLimit?.method === call.method ? spec.rateLimit.name : undefined;
      this.endpoints.push({ ...call, tag: spec.tag, access: spec.access, rateLimit: limited });
    }
    this.starts.add(fixedStart(spec.path));
    this.router.all(`${spec.path}{*resource}`, async (req, res) => {
      res.locals.route = `${spec.path}*`;
      if (spec.rateLimit && req.method === spec.rateLimit.method.toUpperCase()) {
        await rateLimit(req, spec.rateLimit.name);
      }
      await handler(req, res);
    });
    return this;
  }
}

/**
 * The change has been made by now and cannot be taken back from here, so a log that cannot be written is a
 * warning in the server's log, never a failed answer that would make staff repeat a change already done.
 */
async function recordStaffChange<P, B>(req: Request, res: Response, done: Parameters<typeof staffChangeOf<P, B>>[2]) {
  const recorder = activityRecorderOf(req);
  if (!recorder) return;
  try {
    await recorder.record(staffChangeOf(req, res, done));
  } catch (error) {
    req.log.warn({ err: error, method: req.method, path: req.path, summary: done.spec.summary }, 'activity not logged');
  }
}

/** Where a public answer is cached: its path and its checked query (unknown query fields are dropped by then). */
export function publicCacheKey(path: string, query: unknown): string {
  return query === undefined ? path : `${path}?${JSON.stringify(query)}`;
}

export function accessOf(spec: Pick<EndpointSpec, 'access' | 'method' | 'path'>): Access {
  if (spec.access) return spec.access;
  return spec.method !== 'get' || spec.path.startsWith('/api/admin/') ? 'staff' : 'public';
}

/** An id that does not parse names nothing that exists: 404, as for a missing row. */
export function parseParams<P>(schema: ZodType<P> | undefined, raw: unknown): P {
  if (!schema) return raw as P;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw AppError.notFound();
  return parsed.data;
}

export function parseOrThrow<T>(schema: ZodType<T> | undefined, raw: unknown): T {
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw AppError.invalid(fieldErrorsFrom(parsed.error));
  return parsed.data;
}

/**
 * The text a route's path starts with whatever its parameters: what comes before its first parameter or wildcard,
 * in lower case, without a last slash, since Express matches `/a/b/` and `/a/b` alike.
 */
export function fixedStart(path: string): string {
  const [fixed = ''] = path.toLowerCase().split(/[:{*(]/);
  return fixed.replace(/(.)\/$/, '$1');
}
