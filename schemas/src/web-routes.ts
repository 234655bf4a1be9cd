import { LEGAL_PATHS } from './legal.ts';

/**
 * The web app's addresses, in the router's syntax (`:name` is one segment). The router (web/src/app/router.tsx) takes
 * every path from here, and query-api answers exactly these with the app shell and 200; any other address gets the
 * shell's 404 page with a 404 status (docs/decisions/0049). A unit test holds the router to this list.
 * No imports beyond legal.ts: the web reads this file.
 */

/** The landing page's information pages (web/src/features/marketing/info-content.ts holds their texts). */
export const INFO_PATHS = ['/features', '/pricing', '/about', '/faq', '/blog', '/contact'] as const;
export type InfoPath = (typeof INFO_PATHS)[number];

export const APP_PATHS = {
  landing: '/',
  demo: '/demo',
  /** Short addresses people type; they lead to /auth/login and /auth/register. */
  loginShort: '/login',
  registerShort: '/register',
  auth: '/auth',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  confirmEmail: '/account/confirm-email',
  dashboard: '/dashboard',
  profile: '/profile',
  account: '/account',
  cards: '/cards',
  card: '/cards/:cardId',
  products: '/products',
  stats: '/stats',
  leads: '/leads',
  activate: '/activate',
  remsIntegration: '/rems-integration',
  /** 'Entegrasyonlar' (issue 35): webhooks, HubSpot, personal API tokens. */
  integrations: '/integrations',
  meetings: '/meetings',
  /** 'Paylaşım Araçları' (issue 32): wallet passes, e-mail signature, backgrounds, branded QR, personal address. */
  share: '/share',
  showCard: '/show-card',
  /** Offices (issue 30): 'Ofis Oluştur' for someone in no office, the office's screens for its members. */
  officeCreate: '/office/new',
  office: '/office',
  officeTemplate: '/office/template',
  officeTeam: '/office/team',
  officeCards: '/office/cards',
  officeLeads: '/office/leads',
  officeHistory: '/office/history',
  officeStats: '/office/stats',
  /** The e-mailed invitation link: public, the person may be signed out. */
  invitation: '/invite/:token',
} as const;

/** Every address the web app answers with a page of its own (not its 404 page). */
export const WEB_APP_PATHS: readonly string[] = [
  ...Object.values(APP_PATHS),
  ...Object.values(LEGAL_PATHS),
  ...INFO_PATHS,
];
