import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import querystring from 'node:querystring';
import { pinoHttp } from 'pino-http';
import { PublicCache } from '../platform/cache/public-cache.js';
import { CachedAnswers } from '../platform/cache/cached-answers.js';
import { freshChurchSettings } from '../platform/church-settings/fresh.js';
import type { AppContext } from '../platform/context.js';
import { ApiRouter } from '../platform/http/endpoint.js';
import { InProcessReads } from '../platform/http/in-process.js';
import { loggedUrl } from '../platform/http/logged-url.js';
import { errorHandler } from '../platform/http/error-handler.js';
import { sameOriginForSignedInWrites, type Guards } from '../platform/http/guards.js';
import { RateLimits } from '../platform/http/rate-limit.js';
import { activityRoutes } from '../features/activity/routes.js';
import { ActivityRepository } from '../features/activity/repository.js';
import { ActivityService } from '../features/activity/service.js';
import { authRoutes } from '../features/auth/routes.js';
import { AuthRepository } from '../features/auth/repository.js';
import { AuthService } from '../features/auth/service.js';
import { LoginThrottle } from '../features/auth/throttle.js';
import { KnownDevices } from '../features/auth/known-devices.js';
import { LinkSigner, siteSecret } from '../platform/signed-links.js';
import { makeSecondFactor } from '../features/auth/second-factor/make.js';
import { secondFactorRoutes } from '../features/auth/second-factor/routes.js';
import { secondStepRoutes } from '../features/auth/second-factor/sign-in-routes.js';
import { albumRoutes } from '../features/albums/routes.js';
import { collectionMediaHold } from '../features/collections/media-hold.js';
import { collectionRoutes } from '../features/collections/routes.js';
import { eventRoutes } from '../features/events/routes.js';
import { healthRoutes } from '../features/health/routes.js';
import { homepageRoutes } from '../features/homepage/routes.js';
import { newsletterRoutes } from '../features/newsletters/signup-routes.js';
import { pledgeRoutes } from '../features/building-fund/pledge-routes.js';
import { giftRoutes } from '../features/building-fund/gift-routes.js';
import { pledgeMailRoutes } from '../features/building-fund/pledge-mail-routes.js';
import { pollsDownload } from '../features/polls/export.js';
import { pollRoutes } from '../features/polls/routes.js';
import { qnaRoutes } from '../features/qna/routes.js';
import { sermonRoutes } from '../features/sermons/routes.js';
import { seriesRoutes } from '../features/sermons/series-routes.js';
import { podcastRoutes } from '../features/sermons/podcast-routes.js';
import { serviceRoutes } from '../features/services/routes.js';
import { gatheringRoutes } from '../features/gatherings/routes.js';
import { connectRoutes } from '../features/connect/routes.js';
import { contactRoutes } from '../features/contact/routes.js';
import { prayerRoutes } from '../features/prayer/routes.js';
import { givingRoutes } from '../features/giving/routes.js';
import { campaignActionRoutes } from '../features/newsletters/campaign-action-routes.js';
import { emailRoutes } from '../features/newsletters/routes.js';
import { peopleRoutes } from '../features/people/routes.js';
import { giftAidRoutes } from '../features/building-fund/gift-aid-routes.js';
import { suppressionRoutes } from '../features/newsletters/suppression-routes.js';
import { statsRoutes } from '../features/dashboard/routes.js';
import { attentionOnChange } from '../features/attention/changes.js';
import { attentionRoutes } from '../features/attention/routes.js';
import { settingsRoutes } from '../features/settings/routes.js';
import { siteRoutes } from '../features/site/routes.js';
import { searchRoutes } from '../features/search/routes.js';
import { staffAccountRoutes } from '../features/staff-accounts/routes.js';
import { apiDocsRoutes } from '../features/api-docs/routes.js';
import { QUEUE_BOARD_PATH, queueBoardRoutes } from '../features/queue-board/routes.js';
import { SiteMetrics } from '../features/metrics/metrics.js';
import { metricsRoutes } from '../features/metrics/routes.js';
import { mediaRoutes } from '../platform/media/serve.js';
import { frontendRoutes } from '../platform/pages/pages.js';
import { calendarRoutes } from '../features/events/calendar-routes.js';
import { registrationRoutes } from '../features/registrations/routes.js';
import { registrationStaffRoutes } from '../features/registrations/staff-routes.js';
import { sitemapRoutes } from '../features/sitemap/routes.js';

export interface GatherApp {
  app: Express;
  /** Every endpoint the API serves: the OpenAPI description and route-table tests read it. */
  endpoints: ApiRouter['endpoints'];
  /** Staff sessions, as every staff endpoint checks them; the socket server signs staff in with it too. */
  auth: AuthService;
  /** The public lists kept between staff edits; pages drawn in-process read through it too (publicCacheKey). */
  publicCache: PublicCache;
  /**
   * Resolves once the limits' Redis connection is up, or after a short wait if Redis is away: requests
   * served before it would count in memory, apart from the shared count.
   */
  limitsReady(): Promise<void>;
  /** Releases what the app holds beyond the context (its rate-limit Redis connection). */
  close(): Promise<void>;
}

/** The live connections this process serves, for /metrics; none without a socket server (some tests). */
export function createApp(ctx: AppContext, liveSockets: () => number = () => 0): GatherApp {
  const app = express();
  const metrics = new SiteMetrics(ctx, liveSockets);
  app.use(metrics.recordRequests);
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  // Flat names and values (`a[b]=1` is a name, not an object), and no more of them than any list takes: reading a
  // query string costs its length and nothing more.
  app.set('query parser', (text: string) =>
    querystring.parse(text, undefined, undefined, { maxKeys: MOST_QUERY_PARAMETERS }),
  );
  app.disable('x-powered-by');
  app.use(
    pinoHttp({
      logger: ctx.log,
      // One line per request with what an operator needs; headers (cookies!), tokens and addresses stay out of the logs.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggedUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      // The container's health check asks every few seconds: a third of the log would be its answers.
      autoLogging: { ignore: (req) => req.url === '/api/health/' },
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
    }),
  );
  // Asking browsers to upgrade to https breaks a site served on plain http inside the church's own network.
  const servedOverHttps = ctx.config.PUBLIC_URL?.startsWith('https:') ?? false;
  app.use(
    helmet({
      strictTransportSecurity: ctx.config.HSTS,
      contentSecurityPolicy: {
        directives: {
          upgradeInsecureRequests: servedOverHttps ? [] : null,
          // Previews of photos a visitor has picked or captured are blob: URLs made in the page.
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
        },
      },
    }),
  );
  const publicCache = new PublicCache(ctx.redis, ctx.config.QUEUE_PREFIX, ctx.log);
  // Public reads marked `cached` are kept here; every staff write through ApiRouter.endpoint empties it.
  app.locals.publicCache = publicCache;
  // A cached list is answered here, after logging and security headers: it is gzipped already and needs nothing else.
  const cachedAnswers = new CachedAnswers(publicCache);
  app.locals.cachedAnswers = cachedAnswers;
  app.use(cachedAnswers.serve);
  // Every answer drawn from here on shows the church's details as the last save left them, in any process.
  app.use(freshChurchSettings(ctx.church));
  // A phone on a slow line waits for every byte of the pages' JavaScript; text shrinks about fourfold.
  app.use(compression());
  app.use(cookieParser());
  // JSON bodies are read by each endpoint after its session and rate-limit checks (ApiRouter.endpoint).

  // Limits must never hold a request while Redis is away: this connection fails at once
  // instead of queueing, and the limiters fall back to memory. Every visitor's write is counted here: the counts
  // made in one turn of the event loop go in one write (auto-pipelining).
  const limitsRedis = ctx.redis.duplicate({
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
  });
  limitsRedis.on('error', () => undefined);
  const accounts = new AuthRepository(ctx.db);
  const secondFactor = makeSecondFactor(ctx, limitsRedis, accounts);
  const auth = new AuthService(
    accounts,
    new LoginThrottle(limitsRedis, ctx.config.QUEUE_PREFIX),
    new KnownDevices(new LinkSigner(siteSecret(ctx.config))),
    secondFactor.signIn,
    { idleMinutes: ctx.config.STAFF_IDLE_MINUTES, log: ctx.log },
  );
  const guards: Guards = { auth, limits: new RateLimits(limitsRedis, ctx.config) };
  app.locals.guards = guards;
  const activity = new ActivityService(new ActivityRepository(ctx.db));
  // Every staff write is logged by ApiRouter.endpoint through this, after it succeeds.
  app.locals.activity = activity;
  app.use(sameOriginForSignedInWrites(ctx.config));
  app.use(attentionOnChange(ctx.live));

  const routers: ApiRouter[] = [
    healthRoutes(ctx),
    authRoutes(ctx, auth),
    secondStepRoutes(ctx, auth, secondFactor.signIn),
    secondFactorRoutes(ctx, secondFactor.service),
    sermonRoutes(ctx),
    seriesRoutes(ctx),
    podcastRoutes(ctx),
    eventRoutes(ctx),
    calendarRoutes(ctx),
    registrationRoutes(ctx),
    registrationStaffRoutes(ctx),
    serviceRoutes(ctx),
    gatheringRoutes(ctx),
    albumRoutes(ctx),
    homepageRoutes(ctx),
    newsletterRoutes(ctx),
    givingRoutes(ctx),
    connectRoutes(ctx),
    contactRoutes(ctx),
    prayerRoutes(ctx),
    qnaRoutes(ctx, [pollsDownload(ctx)]),
    pollRoutes(ctx),
    ...collectionRoutes(ctx),
    pledgeRoutes(ctx),
    giftRoutes(ctx),
    pledgeMailRoutes(ctx),
    emailRoutes(ctx),
    suppressionRoutes(ctx),
    peopleRoutes(ctx),
    giftAidRoutes(ctx),
    campaignActionRoutes(ctx),
    statsRoutes(ctx),
    attentionRoutes(ctx),
    siteRoutes(ctx),
    settingsRoutes(ctx),
    searchRoutes(ctx),
    sitemapRoutes(ctx),
    staffAccountRoutes(ctx),
    activityRoutes(activity),
  ];
  const endpoints = routers.flatMap((router) => router.endpoints);
  app.use(ApiRouter.mountedTogether(routers));
  app.use(apiDocsRoutes(endpoints));
  app.use('/media', mediaRoutes(ctx, collectionMediaHold(ctx)));
  app.use(QUEUE_BOARD_PATH, queueBoardRoutes(ctx));
  app.use(metricsRoutes(metrics, ctx.config));
  app.use('/api', (_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  if (ctx.config.SERVE_FRONTEND) {
    const reads = new InProcessReads(
      routers.flatMap((router) => router.publicReads),
      publicCache,
    );
    app.use(frontendRoutes(ctx.config.FRONTEND_DIR, ctx.log, reads, ctx.config.PUBLIC_URL));
  }
  app.use(errorHandler);
  return {
    app,
    endpoints,
    auth,
    publicCache,
    limitsReady: () => readyOrAway(limitsRedis, LIMITS_CONNECT_WAIT_MS),
    close: async () => {
      await metrics.close();
      publicCache.close();
      await limitsRedis.quit().catch(() => limitsRedis.disconnect());
    },
  };
}

const LIMITS_CONNECT_WAIT_MS = 2000;
/** Parameters read from one query string; the longest staff list takes about ten. */
const MOST_QUERY_PARAMETERS = 50;

function readyOrAway(redis: Redis, waitMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
