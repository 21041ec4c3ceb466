import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { readPageData } from './lib/page-data';
import './styles/base.css';

const container = document.getElementById('root')!;
const pageData = readPageData();
const queryClient = createQueryClient();

if (pageData) void hydratePage(pageData);
else createRoot(container).render(render());

/**
 * The server drew this page: its code is loaded first, so the first render matches the HTML exactly.
 * Not awaited at the top level: the page's chunk imports this module, which must finish first.
 */
async function hydratePage(state: DehydratedState) {
  hydrate(queryClient, state);
  await loadPageCode(routes, window.location.pathname);
  const app = render();
  // A transition lets React hydrate in slices, so the page answers taps while it wakes up.
  startTransition(() => void hydrateRoot(container, app));
}

function render() {
  return (
    <StrictMode>
      <App router={<RouterProvider router={createBrowserRouter(routes)} />} queryClient={queryClient} />
    </StrictMode>
  );
}

async function loadPageCode(routeTree: RouteObject[], pathname: string) {
  const lazyRoutes = (matchRoutes(routeTree, pathname) ?? []).map((match) => match.route).filter((route) => route.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
