import { Navigate, type RouteObject } from 'react-router-dom';
import { PublicLayout } from './layout/PublicLayout';
import { Root } from './Root';

/*
 * Every page is its own chunk, loaded when first visited: the public pages never load staff code,
 * and the staff console's chunks come only after sign-in.
 */
const publicPages: RouteObject[] = [
  {
    index: true,
    handle: {
      description: 'A warm, welcoming church in north London. Join us on Sunday at 10:00 AM, in person or online.',
    },
    lazy: () => import('../features/home/HomePage').then((m) => ({ Component: m.HomePage })),
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
    handle: { title: 'Events', description: 'Special events, upcoming gatherings and regular activities at church.' },
    lazy: () => import('../features/events/EventsPage').then((m) => ({ Component: m.EventsPage })),
  },
  {
    path: 'media',
    handle: { title: 'Media', description: 'Sermons, worship and photo albums from our church family.' },
    lazy: () => import('../features/media/MediaPage').then((m) => ({ Component: m.MediaPage })),
  },
  {
    path: 'give',
    handle: {
      title: 'Give',
      description: 'Ways to give: online, by bank transfer or in person, and how to tell us about a gift.',
    },
    lazy: () => import('../features/give/GivePage').then((m) => ({ Component: m.GivePage })),
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
    },
    lazy: () => import('../features/building-fund/PledgePage').then((m) => ({ Component: m.PledgePage })),
  },
  {
    path: 'qr-generator',
    handle: { title: 'QR Code Generator', description: 'Turn any link into a QR code in the church colours.' },
    lazy: () => import('../features/qr-generator/QrGeneratorPage').then((m) => ({ Component: m.QrGeneratorPage })),
  },
  {
    path: 'qna/submit/:sessionId',
    handle: { title: 'Ask a Question', description: 'Send a question to the moderators of this Q&A session.' },
    lazy: () => import('../features/qna/submit/QuestionSubmitPage').then((m) => ({ Component: m.QuestionSubmitPage })),
  },
  {
    path: 'photo-upload/:collectionId',
    handle: { title: 'Share Your Photos', description: 'Upload your photos and videos to the church collection.' },
    lazy: () => import('../features/photo-upload/PhotoUploadPage').then((m) => ({ Component: m.PhotoUploadPage })),
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
        lazy: () => import('../features/inboxes/ContactsPage').then((m) => ({ Component: m.ContactsPage })),
      },
      {
        path: 'connections',
        handle: { title: 'Connect Submissions', description: 'Cards sent through the connect form.' },
        lazy: () => import('../features/inboxes/ConnectionsPage').then((m) => ({ Component: m.ConnectionsPage })),
      },
      {
        path: 'giving',
        handle: { title: 'Giving Notifications', description: 'Gifts visitors told the church about.' },
        lazy: () => import('../features/inboxes/GivingPage').then((m) => ({ Component: m.GivingPage })),
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
        handle: { title: 'Slideshow', description: 'Photos and videos shared by our church family, as they arrive.' },
        lazy: () => import('../features/photo-upload/SlideshowPage').then((m) => ({ Component: m.SlideshowPage })),
      },
      { element: <PublicLayout />, children: publicPages },
    ],
  },
];
