import type { SiteSettings } from '@gather/contracts';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { routes, STAFF_ROUTE_IDS } from './app/router';
import { callApiAt } from './lib/api';
import { DEFAULT_CHURCH_NAME } from './lib/site';
import { pageTitle, routeMeta } from './lib/meta';
import { pageDataScript } from './lib/page-data';
import { queryKeys } from './lib/query-keys';

export interface RenderedPage {
  status: number;
  title: string;
  description?: string;
  /** The page's markup, for inside the root element. */
  html: string;
  /** The script tag carrying the API answers the page was drawn from. */
  dataScript: string;
}

/** How long a page waits for its API answers before it is sent with its loading states instead. */
const DATA_WAIT_MS = 2_000;
const handler = createStaticHandler(routes);

/**
 * Draws a visitor's page on the server, so a phone paints it before any JavaScript has run.
 * The page's queries are found by drawing it once, answered by the API at `apiOrigin` (no cookie
 * is passed on: only what any visitor may see), and the page is drawn again with the answers.
 * Staff pages, and anything that is not a page, give undefined: the browser draws those.
 */
export async function renderPage(url: URL, apiOrigin: string): Promise<RenderedPage | undefined> {
  callApiAt(apiOrigin);
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
  draw();
  await answerQueries(queryClient);
  const html = draw();

  const deepest = context.matches.at(-1)!;
  const meta = routeMeta(context.matches.map((match) => match.route.handle));
  const church = queryClient.getQueryData<SiteSettings>(queryKeys.site())?.church_name ?? DEFAULT_CHURCH_NAME;
  const dataScript = pageDataScript(dehydrate(queryClient));
  queryClient.clear();
  return {
    status: deepest.route.path === '*' ? 404 : 200,
    title: pageTitle(meta?.title, church),
    description: meta?.description,
    html,
    dataScript,
  };
}

/** Failed or slow answers are left out: the browser asks again, as it would without the server's help. */
async function answerQueries(queryClient: QueryClient) {
  const queries = queryClient.getQueryCache().getAll();
  const answered = Promise.all(
    queries.map((query) =>
      queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn, retry: false }),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, DATA_WAIT_MS)));
  await Promise.race([answered, timeout]);
  clearTimeout(timer);
}
