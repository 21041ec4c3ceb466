import type { SiteSettings } from '@gather/contracts';
import { dehydrate, type FetchQueryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { routes, STAFF_ROUTE_IDS } from './app/router';
import { api, ApiError, readApiWith, type ApiReader } from './lib/api';
import { DEFAULT_CHURCH_NAME } from './lib/site';
import { pageTitle, routeMeta } from './lib/meta';
import { declaredData, pageDataScript, type PageDataNeed } from './lib/page-data';
import { queryKeys } from './lib/query-keys';
import { routeShare, shareHead } from './lib/share';

export interface RenderedPage {
  status: number;
  title: string;
  description?: string;
  /** Open Graph and Twitter card tags and JSON-LD, for the end of <head>. */
  head: string;
  /** The page's markup, for inside the root element. */
  html: string;
  /** The script tag carrying the API answers the page was drawn from. */
  dataScript: string;
  /** Queries the page used that its route does not declare: found by drawing it, so it was drawn twice. */
  undeclared: string[];
}

/** How long a page waits for its API answers before it is sent with its loading states instead. */
const DATA_WAIT_MS = 2_000;
const handler = createStaticHandler(routes);

/**
 * Draws a visitor's page on the server, so a phone paints it before any JavaScript has run.
 * The answers its routes declare (`handle.data`) are read first, in the API's own process through
 * `readApi` (as any visitor without cookies sees them), and the page is drawn once with them.
 * Staff pages, and anything that is not a page, give undefined: the browser draws those. `url` is on the site's
 * public origin: shared links and structured data name pages by it.
 */
export async function renderPage(url: URL, readApi: ApiReader): Promise<RenderedPage | undefined> {
  readApiWith(readApi);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  if (context.matches.some((match) => STAFF_ROUTE_IDS.includes(match.route.id))) return undefined;

  const queryClient = createQueryClient();
  const router = createStaticRouter(handler.dataRoutes, context);
  const draw = () =>
    renderToString(
      <App
        router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
        queryClient={queryClient}
      />,
    );
  const handles = context.matches.map((match) => match.route.handle);
  const deepest = context.matches.at(-1)!;
  const needs = declaredData(handles, deepest.params);
  await answerQueries(queryClient, needs.map(declaredQuery));
  let html = draw();
  // A query no route declares shows its loading state: it is answered and the page drawn again.
  const undeclared = unansweredQueries(queryClient);
  if (undeclared.length) {
    await answerQueries(
      queryClient,
      undeclared.map((query) => ({ queryKey: query.queryKey, queryFn: query.options.queryFn })),
    );
    html = draw();
  }

  const meta = routeMeta(handles);
  const share = routeShare(handles);
  const site = queryClient.getQueryData<SiteSettings>(queryKeys.site());
  const church = site?.church_name ?? DEFAULT_CHURCH_NAME;
  const shared =
    share?.share?.({
      answer: (queryKey) => queryClient.getQueryData(queryKey),
      answers: <T,>(prefix: readonly unknown[]) =>
        queryClient.getQueriesData<T>({ queryKey: prefix }).flatMap(([, data]) => (data === undefined ? [] : [data])),
      params: deepest.params,
      origin: url.origin,
    }) ?? {};
  const title = pageTitle(shared.title ?? meta?.title, church);
  const description = shared.description ?? meta?.description;
  const head = shareHead({
    title,
    description,
    image: shared.image,
    url: `${url.origin}${url.pathname}`,
    origin: url.origin,
    siteName: church,
    structuredData: shared.structuredData ?? [],
  });
  const dataScript = pageDataScript(dehydrate(queryClient));
  const missing = needs.some((need) => subjectMissing(queryClient, need));
  queryClient.clear();
  return {
    status: deepest.route.path === '*' || missing ? 404 : 200,
    title,
    description,
    head,
    html,
    dataScript,
    undeclared: undeclared.map((query) => JSON.stringify(query.queryKey)),
  };
}

/** The API answered that the thing the page is about does not exist (a failure or a slow answer is not that). */
function subjectMissing(queryClient: QueryClient, need: PageDataNeed): boolean {
  const error = need.subject ? queryClient.getQueryState(need.queryKey)?.error : undefined;
  return error instanceof ApiError && error.status === 404;
}

/** Queries the drawing asked for that have no answer and are not being read: a disabled one is not asked for. */
function unansweredQueries(queryClient: QueryClient): Query[] {
  return queryClient.getQueryCache().findAll({
    predicate: (query) =>
      query.state.status === 'pending' &&
      query.state.fetchStatus === 'idle' &&
      resolveEnabled((query.options as { enabled?: Enabled }).enabled, query) !== false,
  });
}

type Enabled = boolean | ((query: Query) => boolean);
function resolveEnabled(enabled: Enabled | undefined, query: Query): boolean | undefined {
  return typeof enabled === 'function' ? enabled(query) : enabled;
}

function declaredQuery({ queryKey, path, cache }: PageDataNeed): FetchQueryOptions {
  return {
    queryKey,
    queryFn: async () => {
      const answer = await api.get<never>(path);
      return cache ? cache(answer) : answer;
    },
  };
}

/** Failed or slow answers are left out: the browser asks again, as it would without the server's help. */
async function answerQueries(queryClient: QueryClient, queries: FetchQueryOptions[]) {
  const answered = Promise.all(queries.map((query) => queryClient.prefetchQuery({ ...query, retry: false })));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, DATA_WAIT_MS)));
  await Promise.race([answered, timeout]);
  clearTimeout(timer);
}
