import type { Sermon, SiteSettings, WeeklyService } from '@gather/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { publicAlbumsData } from '../features/albums/page-data';
import { aboutRoutes } from '../features/about/routes';
import { authRoutes, staffOnly, STAFF_CONSOLE_ROUTE, STAFF_LOGIN_ROUTE } from '../features/auth/routes';
import { SECURITY_PATH } from '../features/auth/paths';
import { buildingFundRoutes } from '../features/building-fund/routes';
import { collectionsRoutes } from '../features/collections/routes';
import { connectRoutes } from '../features/connect/routes';
import { contactRoutes } from '../features/contact/routes';
import { prayerRoutes } from '../features/prayer/routes';
import { eventsRoutes, upcomingEventsData } from '../features/events/routes';
import { registrationsRoutes } from '../features/registrations/routes';
import { gatheringsRoutes } from '../features/gatherings/routes';
import { givingRoutes } from '../features/giving/routes';
import { homepageData } from '../features/homepage/page-data';
import { qnaRoutes } from '../features/qna/routes';
import { qrGeneratorRoutes } from '../features/qr-generator/routes';
import { latestSermonsData } from '../features/sermons/page-data';
import { servicesRoutes } from '../features/services/routes';
import { SET_PASSWORD_ROUTE, staffAccountsRoutes } from '../features/staff-accounts/routes';
import { fundProgressData } from '../lib/fund-progress';
import type { PageMeta } from '../lib/meta';
import type { DataHandle } from '../lib/page-data';
import { queryKeys } from '../lib/query-keys';
import type { ShareHandle } from '../lib/share';
import { siteData } from '../lib/site';
import { churchData, sermonVideoData } from '../lib/structured-data';
import { weeklyServicesData } from '../lib/weekly-services';
import { PublicLayout } from './layout/PublicLayout';
import { Root } from './Root';

/*
 * The site's pages: each feature declares its own (features/<name>/routes.ts), with the answers they are
 * drawn from in `handle.data`, which the server reads before it draws a page, once. Here they are put in
 * their places, beside the pages app/ composes of several features (Home, Media, the dashboard).
 * Every page is its own chunk, loaded when first visited: the public pages never load staff code,
 * and the staff console's chunks come only after sign-in.
 */

/** Home shows three sermons, the media page a featured one and six more (as HomePage and MediaPage ask). */
const HOME_SERMONS = 3;
const MEDIA_SERMONS = 7;

const home: RouteObject = {
  index: true,
  handle: {
    description: 'A warm, welcoming church in north London. Join us on Sunday at 10:00 AM, in person or online.',
    data: () => [
      homepageData,
      upcomingEventsData,
      latestSermonsData(HOME_SERMONS),
      fundProgressData,
      weeklyServicesData,
    ],
    share: ({ answer, origin }) => {
      const site = answer<SiteSettings>(queryKeys.site());
      const services = answer<WeeklyService[]>(queryKeys.services.list()) ?? [];
      return { structuredData: [site && churchData(site, services, origin)] };
    },
  } satisfies PageMeta & ShareHandle & DataHandle,
  lazy: () => import('./HomePage').then((m) => ({ Component: m.HomePage })),
};

const media: RouteObject = {
  path: 'media',
  handle: {
    title: 'Media',
    description: 'Sermons, worship and photo albums from our church family.',
    data: () => [latestSermonsData(MEDIA_SERMONS), publicAlbumsData],
    share: ({ answers, origin }) => {
      const sermons = answers<Sermon[]>(queryKeys.sermons.all()).flat();
      return { structuredData: sermons.map((sermon) => sermonVideoData(sermon, origin)) };
    },
  } satisfies PageMeta & ShareHandle & DataHandle,
  lazy: () => import('./MediaPage').then((m) => ({ Component: m.MediaPage })),
};

const notFound: RouteObject = {
  path: '*',
  handle: { title: 'Page Not Found', description: 'This page does not exist.' },
  lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
};

const publicPages: RouteObject[] = [
  home,
  ...aboutRoutes.public,
  ...servicesRoutes.public,
  ...eventsRoutes.public,
  media,
  ...givingRoutes.public,
  ...connectRoutes.public,
  ...contactRoutes.public,
  ...prayerRoutes.public,
  ...buildingFundRoutes.public,
  ...qrGeneratorRoutes.public,
  ...qnaRoutes.public,
  ...collectionsRoutes.public,
  ...gatheringsRoutes.public,
  notFound,
];

/** The console's frame, with the dashboard and the staff pages of the features beside its sidebar. */
const staffConsole: RouteObject = {
  path: 'admin',
  lazy: () => import('./layout/StaffLayout').then((m) => ({ Component: m.StaffLayout })),
  children: [
    { index: true, element: <Navigate to="/admin/dashboard" replace /> },
    {
      path: 'dashboard',
      handle: {
        title: 'Dashboard',
        description: 'Manage the website content, Q&A sessions, photo collections and e-mail.',
      },
      lazy: () => import('./DashboardPage').then((m) => ({ Component: m.DashboardPage })),
    },
    ...contactRoutes.staff,
    ...prayerRoutes.staff,
    ...registrationsRoutes.staff,
    ...connectRoutes.staff,
    ...givingRoutes.staff,
    ...buildingFundRoutes.staff,
  ],
};

/** While the first page's chunk loads, the browser keeps the blank page: a spinner would only flash. */
function FirstLoad() {
  return null;
}

/** The server renders only the visitors' pages: the login page and the console are drawn in the browser. */
export const STAFF_ROUTE_IDS = [STAFF_LOGIN_ROUTE, SET_PASSWORD_ROUTE, STAFF_CONSOLE_ROUTE];

/** Signed-in, outside the dashboard: the only page a session limited to setting up a second factor may see. */
const mySignIn: RouteObject = {
  path: SECURITY_PATH.slice(1),
  handle: { title: 'Two-step sign-in', description: 'Your password, and a passkey or an authenticator app.' },
  lazy: () => import('./MySignInPage').then((m) => ({ Component: m.MySignInPage })),
};

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: FirstLoad,
    // The header and footer of every page carry the church's name, address and links.
    handle: { data: () => [siteData] } satisfies DataHandle,
    children: [
      ...authRoutes.fullScreen,
      ...staffAccountsRoutes.fullScreen,
      staffOnly([staffConsole, ...qnaRoutes.staffFullScreen, ...staffAccountsRoutes.staffFullScreen, mySignIn]),
      ...collectionsRoutes.fullScreen,
      { element: <PublicLayout />, children: publicPages },
    ],
  },
];
