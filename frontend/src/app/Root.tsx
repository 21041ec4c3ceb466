import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RouteMeta } from './RouteMeta';

export function Root() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteMeta />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
