import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { APP_PATHS as PATHS, INFO_PATHS } from '@kartvizit/schemas/web-routes';
import { GuestOnlyRoute, ProtectedRoute } from '../features/account/route-guards.tsx';
import { LandingPage } from '../features/marketing/landing-page.tsx';
import { TurkishChrome } from '../features/marketing/legal/turkish-chrome.tsx';
import { PublicLayout } from '../features/marketing/public-layout.tsx';
import { NotFoundPage } from '../shared/pages/not-found-page.tsx';
import { RouteErrorPage } from '../shared/pages/route-error-page.tsx';
import { lazyNamed } from '../shared/ui/lazy-named.ts';
import { RootLayout } from './root-layout.tsx';

// The landing page ships in the first download; every other area is its own chunk.
const marketingArea = () => import('../features/marketing/marketing-area.ts');
const InfoPage = lazyNamed(marketingArea, 'InfoPage');
const DemoPage = lazyNamed(marketingArea, 'DemoPage');
const DisclosurePage = lazyNamed(marketingArea, 'DisclosurePage');
const PrivacyPage = lazyNamed(marketingArea, 'PrivacyPage');
const TermsPage = lazyNamed(marketingArea, 'TermsPage');

const authArea = () => import('../features/account/auth-area.ts');
const AuthLayout = lazyNamed(authArea, 'AuthLayout');
const LoginPage = lazyNamed(authArea, 'LoginPage');
const RegisterPage = lazyNamed(authArea, 'RegisterPage');
const ForgotPasswordPage = lazyNamed(authArea, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(authArea, 'ResetPasswordPage');
const ConfirmEmailPage = lazyNamed(authArea, 'ConfirmEmailPage');

const AccountSettingsPage = lazyNamed(
  () => import('../features/account/account-settings-page.tsx'),
  'AccountSettingsPage',
);

// Its own chunk: the key rules bring the shared REMS validation (and its place list) along.
const RemsIntegrationPage = lazyNamed(
  () => import('../features/rems/rems-integration-page.tsx'),
  'RemsIntegrationPage',
);

// Issue 35: webhooks, HubSpot and API tokens, a chunk of their own.
const IntegrationsPage = lazyNamed(
  () => import('../features/integrations/integrations-page.tsx'),
  'IntegrationsPage',
);

// Offices (issue 30): their own chunk, with the shared office rules; the invitation page is public and smaller.
const officeArea = () => import('../features/office/office-area.ts');
const CreateOfficePage = lazyNamed(officeArea, 'CreateOfficePage');
const OfficeDetailsPage = lazyNamed(officeArea, 'OfficeDetailsPage');
const OfficeTemplatePage = lazyNamed(officeArea, 'OfficeTemplatePage');
const OfficeTeamPage = lazyNamed(officeArea, 'OfficeTeamPage');
const OfficeCardsPage = lazyNamed(officeArea, 'OfficeCardsPage');
const OfficeHistoryPage = lazyNamed(officeArea, 'OfficeHistoryPage');
const OfficeLeadsPage = lazyNamed(officeArea, 'OfficeLeadsPage');
const OfficeStatsPage = lazyNamed(officeArea, 'OfficeStatsPage');
const InvitationPage = lazyNamed(() => import('../features/office/invitation-page.tsx'), 'InvitationPage');

const appArea = () => import('../features/shell/app-area.ts');
const AppLayout = lazyNamed(appArea, 'AppLayout');
const DashboardPage = lazyNamed(appArea, 'DashboardPage');
const ProfilePage = lazyNamed(appArea, 'ProfilePage');
const CardsPage = lazyNamed(appArea, 'CardsPage');
const CardDetailPage = lazyNamed(appArea, 'CardDetailPage');
const ActivatePage = lazyNamed(appArea, 'ActivatePage');
const ProductsPage = lazyNamed(appArea, 'ProductsPage');
const StatsPage = lazyNamed(appArea, 'StatsPage');
const LeadsPage = lazyNamed(appArea, 'LeadsPage');
const MeetingsPage = lazyNamed(appArea, 'MeetingsPage');
const ShowCardPage = lazyNamed(appArea, 'ShowCardPage');
const SharePage = lazyNamed(appArea, 'SharePage');
const InstallableApp = lazyNamed(appArea, 'InstallableApp');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // The disclosure is also read in the card page's languages (issue 31); the site around it stays Turkish.
        element: (
          <TurkishChrome>
            <PublicLayout />
          </TurkishChrome>
        ),
        children: [{ path: LEGAL_PATHS.disclosure, element: <DisclosurePage /> }],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: PATHS.landing, element: <LandingPage /> },
          { path: PATHS.demo, element: <DemoPage /> },
          { path: LEGAL_PATHS.privacy, element: <PrivacyPage /> },
          { path: LEGAL_PATHS.terms, element: <TermsPage /> },
          // Short addresses people type (and the product screen's old redirect target, SPEC §2).
          { path: PATHS.loginShort, element: <Navigate to={PATHS.login} replace /> },
          { path: PATHS.registerShort, element: <Navigate to={PATHS.register} replace /> },
          ...INFO_PATHS.map((path) => ({ path, element: <InfoPage /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: PATHS.auth,
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnlyRoute />,
            children: [
              { path: PATHS.login, element: <LoginPage /> },
              { path: PATHS.register, element: <RegisterPage /> },
            ],
          },
          { index: true, element: <Navigate to={PATHS.login} replace /> },
          { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
          { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
        ],
      },
      // The link e-mailed to a new address: public like the reset (the person may be signed out, or on another device).
      {
        path: PATHS.confirmEmail,
        element: <AuthLayout />,
        children: [{ index: true, element: <ConfirmEmailPage /> }],
      },
      // The office invitation e-mailed to a person who may not have an account yet: public, signed in or not.
      {
        path: PATHS.invitation,
        element: <AuthLayout />,
        children: [{ index: true, element: <InvitationPage /> }],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The signed-in screens are the installable app: they register the service worker (issue 17), and its
            // navigation fallback covers exactly these paths (features/offline/owner-data.ts OWNER_SCREENS).
            element: <InstallableApp />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { path: PATHS.dashboard, element: <DashboardPage /> },
                  { path: PATHS.profile, element: <ProfilePage /> },
                  { path: PATHS.account, element: <AccountSettingsPage /> },
                  { path: PATHS.cards, element: <CardsPage /> },
                  { path: PATHS.card, element: <CardDetailPage /> },
                  { path: PATHS.products, element: <ProductsPage /> },
                  { path: PATHS.stats, element: <StatsPage /> },
                  { path: PATHS.leads, element: <LeadsPage /> },
                  { path: PATHS.activate, element: <ActivatePage /> },
                  { path: PATHS.share, element: <SharePage /> },
                  { path: PATHS.remsIntegration, element: <RemsIntegrationPage /> },
                  { path: PATHS.integrations, element: <IntegrationsPage /> },
                  { path: PATHS.meetings, element: <MeetingsPage /> },
                  { path: PATHS.officeCreate, element: <CreateOfficePage /> },
                  { path: PATHS.office, element: <OfficeDetailsPage /> },
                  { path: PATHS.officeTemplate, element: <OfficeTemplatePage /> },
                  { path: PATHS.officeTeam, element: <OfficeTeamPage /> },
                  { path: PATHS.officeCards, element: <OfficeCardsPage /> },
                  { path: PATHS.officeHistory, element: <OfficeHistoryPage /> },
                  { path: PATHS.officeLeads, element: <OfficeLeadsPage /> },
                  { path: PATHS.officeStats, element: <OfficeStatsPage /> },
                ],
              },
              // 'Kartımı Göster': full screen, without the sidebar.
              { path: PATHS.showCard, element: <ShowCardPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
