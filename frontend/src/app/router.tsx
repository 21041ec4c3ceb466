import type {
  ChurchEvent,
  CollectionUpload,
  PublicQuestion,
  Sermon,
  SiteSettings,
  WeeklyService,
} from '@gather/contracts';
import { Navigate, type RouteObject } from 'react-router-dom';
import { truncate } from '../lib/format';
import { asShown } from '../lib/live/cache';
import type { DataHandle, PageDataNeed } from '../lib/page-data';
import { queryKeys } from '../lib/query-keys';
import type { PageMeta } from '../lib/meta';
import type { ShareHandle } from '../lib/share';
import { churchData, eventData, sermonVideoData } from '../lib/structured-data';
import { SLIDESHOW_KEEP } from '../features/collections/slideshow';
import { PublicLayout } from './layout/PublicLayout';
import { Root } from './Root';

/*
 * The answers the pages show, as their queries keep them: each route declares its own in `handle.data`,
 * and the server reads them before it draws the page, once.
 */
const data = {
  site: { queryKey: queryKeys.site(), path: '/api/site/' },
  homepage: { queryKey: queryKeys.homepage(), path: '/api/homepage/' },
  services: { queryKey: queryKeys.services.list(), path: '/api/services/' },
  upcomingEvents: { queryKey: queryKeys.events.upcoming(), path: '/api/events/upcoming/' },
  specialEvents: { queryKey: queryKeys.events.special(), path: '/api/events/special/' },
  fundProgress: { queryKey: queryKeys.fundProgress(), path: '/api/building-fund/progress/' },
  latestSermons: (limit: number) => ({
    queryKey: queryKeys.sermons.latest(limit),
    path: `/api/sermons/latest/?limit=${limit}`,
  }),
  albums: { queryKey: queryKeys.albums.public(), path: '/api/albums/public/' },
  // Read even when the id is no number, so the API's 404 for it makes the page's.
  event: (eventId: string) => ({
    queryKey: queryKeys.events.one(Number(eventId)),
    path: `/api/events/${encodeURIComponent(eventId)}/`,
    subject: true,
  }),
  collection: (collectionId: string) => ({
    queryKey: queryKeys.collections.public(collectionId),
    path: `/api/photo-collections/public/${encodeURIComponent(collectionId)}/`,
    subject: true,
  }),
} satisfies Record<string, PageDataNeed | ((...args: never[]) => PageDataNeed)>;

/** Home shows three sermons, the media page a featured one and six more (as HomePage and MediaPage ask). */
const HOME_SERMONS = 3;
const MEDIA_SERMONS = 7;

/*
 * Every page is its own chunk, loaded when first visited: the public pages never load staff code,
 * and the staff console's chunks come only after sign-in.
 */
const publicPages: RouteObject[] = [
  {
    index: true,
    handle: {
      description: 'A warm, welcoming church in north London. Join us on Sunday at 10:00 AM, in person or online.',
      data: () => [
        data.homepage,
        data.upcomingEvents,
        data.latestSermons(HOME_SERMONS),
        data.fundProgress,
        data.services,
      ],
      share: ({ answer, origin }) => {
        const site = answer<SiteSettings>(queryKeys.site());
        const services = answer<WeeklyService[]>(queryKeys.services.list()) ?? [];
        return { structuredData: [site && churchData(site, services, origin)] };
      },
    } satisfies PageMeta & ShareHandle & DataHandle,
    lazy: () => import('./HomePage').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: 'about',
    handle: { title: 'About Us', description: 'Our mission, what we believe, who we are and our story since 2020.' },
    lazy: () => import('../features/about/AboutPage').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'services',
    handle: {
      title: 'Services',
      description: 'Weekly services, prayer, Bible study and youth meetings, in person and online.',
    },
    lazy: () => import('../features/services/ServicesPage').then((m) => ({ Component: m.ServicesPage })),
  },
  {
    path: 'events',
    handle: {
      title: 'Events',
      description: 'Special events, upcoming gatherings and regular activities at church.',
      data: () => [data.specialEvents, data.upcomingEvents],
      share: ({ answer, origin }) => {
        const site = answer<SiteSettings>(queryKeys.site());
        const events = answer<ChurchEvent[]>(queryKeys.events.upcoming()) ?? [];
        return { structuredData: events.map((event) => eventData(event, site, origin)) };
      },
    } satisfies PageMeta & ShareHandle & DataHandle,
    lazy: () => import('../features/events/EventsPage').then((m) => ({ Component: m.EventsPage })),
  },
  {
    path: 'events/:eventId',
    handle: {
      title: 'Event',
      data: ({ eventId = '' }) => [data.event(eventId)],
      share: ({ answer, params, origin }) => {
        const event = answer<ChurchEvent>(queryKeys.events.one(Number(params.eventId)));
        if (!event) return {};
        return {
          title: event.title,
          description: truncate(`${event.formatted_time}, ${event.location}. ${event.description}`, 200),
          image: event.image ?? undefined,
          structuredData: [eventData(event, answer<SiteSettings>(queryKeys.site()), origin)],
        };
      },
    } satisfies PageMeta & ShareHandle & DataHandle,
    lazy: () => import('../features/events/EventPage').then((m) => ({ Component: m.EventPage })),
  },
  {
    path: 'media',
    handle: {
      title: 'Media',
      description: 'Sermons, worship and photo albums from our church family.',
      data: () => [data.latestSermons(MEDIA_SERMONS), data.albums],
      share: ({ answers, origin }) => {
        const sermons = answers<Sermon[]>(queryKeys.sermons.all()).flat();
        return { structuredData: sermons.map((sermon) => sermonVideoData(sermon, origin)) };
      },
    } satisfies PageMeta & ShareHandle & DataHandle,
    lazy: () => import('./MediaPage').then((m) => ({ Component: m.MediaPage })),
  },
  {
    path: 'give',
    handle: {
      title: 'Give',
      description: 'Ways to give: online, by bank transfer or in person, and how to tell us about a gift.',
    },
    lazy: () => import('../features/giving/GivePage').then((m) => ({ Component: m.GivePage })),
  },
  {
    path: 'connect',
    handle: { title: 'Connect', description: "New here? Tell us a little about yourself and we'll be in touch." },
    lazy: () => import('../features/connect/ConnectPage').then((m) => ({ Component: m.ConnectPage })),
  },
  {
    path: 'contact',
    handle: {
      title: 'Contact Us',
      description: 'Send us a message, find our address, phone number and service times.',
    },
    lazy: () => import('../features/contact/ContactPage').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'building-fund',
    handle: {
      title: 'Building Fund',
      description: 'Pledge to the building fund: give in full or in part by a date you choose.',
      data: () => [data.fundProgress],
    } satisfies PageMeta & DataHandle,
    lazy: () => import('../features/building-fund/PledgePage').then((m) => ({ Component: m.PledgePage })),
  },
  {
    path: 'qr-generator',
    handle: { title: 'QR Code Generator', description: 'Turn any link into a QR code in the church colours.' },
    lazy: () => import('../features/qr-generator/QrGeneratorPage').then((m) => ({ Component: m.QrGeneratorPage })),
  },
  {
    path: 'qna/submit/:sessionId',
    handle: {
      title: 'Ask a Question',
      description: 'Send a question to the moderators of this Q&A session.',
      data: ({ sessionId = '' }) => {
        const session = `/api/qna/public/sessions/${encodeURIComponent(sessionId)}`;
        return [
          { queryKey: queryKeys.qna.session(sessionId), path: `${session}/`, subject: true },
          {
            queryKey: queryKeys.qna.audienceQuestions(sessionId),
            path: `${session}/questions/`,
            keep: (questions: PublicQuestion[]) => questions.map(asShown),
          },
        ];
      },
    } satisfies PageMeta & DataHandle,
    lazy: () => import('../features/qna/submit/QuestionSubmitPage').then((m) => ({ Component: m.QuestionSubmitPage })),
  },
  {
    path: 'photo-upload/:collectionId',
    handle: {
      title: 'Share Your Photos',
      description: 'Upload your photos and videos to the church collection.',
      // The visitor's own uploads go by their device cookie, which the server does not pass: none, asked again in the browser.
      data: ({ collectionId = '' }) => [
        data.collection(collectionId),
        {
          queryKey: queryKeys.collections.mine(collectionId),
          path: `/api/photo-collections/public/${encodeURIComponent(collectionId)}/uploads/mine/`,
        },
      ],
    } satisfies PageMeta & DataHandle,
    lazy: () => import('../features/collections/PhotoUploadPage').then((m) => ({ Component: m.PhotoUploadPage })),
  },
  {
    path: 'sunday',
    handle: {
      title: 'Sunday',
      description:
        'Ask a question, share a photo, fill in a connect card, give and follow the sermon, all in one place.',
      data: () => [
        { queryKey: queryKeys.gatherings.current(), path: '/api/gatherings/public/current/' },
        data.services,
      ],
    } satisfies PageMeta & DataHandle,
    lazy: () => import('../features/gatherings/GatheringPage').then((m) => ({ Component: m.SundayPage })),
  },
  {
    path: 'gathering/:gatheringId',
    handle: {
      title: 'Gathering',
      description:
        'Ask a question, share a photo, fill in a connect card, give and follow the sermon, all in one place.',
      data: ({ gatheringId = '' }) => [
        {
          queryKey: queryKeys.gatherings.public(gatheringId),
          path: `/api/gatherings/public/${encodeURIComponent(gatheringId)}/`,
          subject: true,
        },
        data.services,
      ],
    } satisfies PageMeta & DataHandle,
    lazy: () => import('../features/gatherings/GatheringPage').then((m) => ({ Component: m.GatheringPage })),
  },
  {
    path: '*',
    handle: { title: 'Page Not Found', description: 'This page does not exist.' },
    lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
  },
];

const staffPages: RouteObject[] = [
  {
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
      {
        path: 'contacts',
        handle: { title: 'Contact Submissions', description: 'Messages sent through the contact form.' },
        lazy: () => import('../features/contact/staff/ContactsPage').then((m) => ({ Component: m.ContactsPage })),
      },
      {
        path: 'connections',
        handle: { title: 'Connect Submissions', description: 'Cards sent through the connect form.' },
        lazy: () => import('../features/connect/staff/ConnectionsPage').then((m) => ({ Component: m.ConnectionsPage })),
      },
      {
        path: 'giving',
        handle: { title: 'Giving Notifications', description: 'Gifts visitors told the church about.' },
        lazy: () => import('../features/giving/staff/GivingPage').then((m) => ({ Component: m.GivingPage })),
      },
      {
        path: 'building-fund',
        handle: {
          title: 'Building Fund Pledges',
          description: 'Pledges to the building fund: confirm, complete and follow up.',
        },
        lazy: () => import('../features/building-fund/staff/PledgesPage').then((m) => ({ Component: m.PledgesPage })),
      },
    ],
  },
  {
    path: 'qna/view/:sessionId',
    handle: { title: 'Q&A Moderation', description: 'Moderate the questions of a live Q&A session.' },
    lazy: () => import('../features/qna/moderation/ModeratorPage').then((m) => ({ Component: m.ModeratorPage })),
  },
];

/** While the first page's chunk loads, the browser keeps the blank page: a spinner would only flash. */
function FirstLoad() {
  return null;
}

/** The server renders only the visitors' pages: the login page and the console are drawn in the browser. */
export const STAFF_ROUTE_IDS = ['staff-login', 'staff-set-password', 'staff-console'];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: FirstLoad,
    // The header and footer of every page carry the church's name, address and links.
    handle: { data: () => [data.site] } satisfies DataHandle,
    children: [
      {
        id: 'staff-login',
        path: 'admin/login',
        handle: { title: 'Staff Sign In', description: 'Sign in to manage the church website.' },
        lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        // Reached from an e-mailed link, before its owner can sign in.
        id: 'staff-set-password',
        path: 'admin/set-password',
        handle: { title: 'Set Your Password', description: 'Choose the password for your staff account.' },
        lazy: () =>
          import('../features/staff-accounts/SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
      },
      {
        id: 'staff-console',
        lazy: () => import('../features/auth/RequireStaff').then((m) => ({ Component: m.RequireStaff })),
        children: staffPages,
      },
      {
        // Full screen for a projector: no site header or footer.
        path: 'photo-upload/:collectionId/slideshow',
        handle: {
          title: 'Slideshow',
          description: 'Photos and videos shared by our church family, as they arrive.',
          data: ({ collectionId = '' }) => [
            data.collection(collectionId),
            {
              queryKey: queryKeys.collections.publicUploads(collectionId),
              path: `/api/photo-collections/public/${encodeURIComponent(collectionId)}/uploads/`,
              keep: (uploads: CollectionUpload[]) => uploads.slice(0, SLIDESHOW_KEEP),
            },
          ],
        } satisfies PageMeta & DataHandle,
        lazy: () => import('../features/collections/SlideshowPage').then((m) => ({ Component: m.SlideshowPage })),
      },
      { element: <PublicLayout />, children: publicPages },
    ],
  },
];
