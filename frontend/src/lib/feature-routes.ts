import type { RouteObject } from 'react-router-dom';

/**
 * A feature's pages, by where they sit in the site: app/router.tsx puts each group in its place. Each
 * route declares its title, how it is shared and the API answers it is drawn from in its `handle`.
 * Every page is its own chunk, loaded when first visited (`lazy`): a feature's routes import no page.
 */
export interface FeatureRoutes {
  /** Visitors' pages, between the site's header and footer. */
  public?: RouteObject[];
  /** Pages on a screen of their own, without the site's header and footer. */
  fullScreen?: RouteObject[];
  /** Staff pages in the console, beside its sidebar, under /admin/. */
  staff?: RouteObject[];
  /** Staff pages on a screen of their own: signed in, without the console's sidebar. */
  staffFullScreen?: RouteObject[];
}
