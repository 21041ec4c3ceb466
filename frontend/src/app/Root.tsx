import { Outlet, ScrollRestoration } from 'react-router-dom';
import { QnaPanelsProvider } from '../lib/qna-panels';
import { qnaPanels } from './qna-panels';
import { RouteMeta } from './RouteMeta';

export function Root() {
  return (
    <QnaPanelsProvider value={qnaPanels}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <RouteMeta />
      <Outlet />
      <ScrollRestoration />
    </QnaPanelsProvider>
  );
}
