import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { GuestOnlyRoute, ProtectedRoute } from '../features/account/route-guards.tsx';
import { INFO_PATHS } from '../features/marketing/info-content.ts';
import { LandingPage } from '../features/marketing/landing-page.tsx';
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
const InstallableApp = lazyNamed(appArea, 'InstallableApp');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/demo', element: <DemoPage /> },
          { path: LEGAL_PATHS.disclosure, element: <DisclosurePage /> },
          { path: LEGAL_PATHS.privacy, element: <PrivacyPage /> },
          { path: LEGAL_PATHS.terms, element: <TermsPage /> },
          // Short addresses people type (and the product screen's old redirect target, SPEC §2).
          { path: '/login', element: <Navigate to="/auth/login" replace /> },
          { path: '/register', element: <Navigate to="/auth/register" replace /> },
          ...INFO_PATHS.map((path) => ({ path, element: <InfoPage /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/auth',
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnlyRoute />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
            ],
          },
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      // The link e-mailed to a new address: public like the reset (the person may be signed out, or on another device).
      {
        path: '/account/confirm-email',
        element: <AuthLayout />,
        children: [{ index: true, element: <ConfirmEmailPage /> }],
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
                  { path: '/dashboard', element: <DashboardPage /> },
                  { path: '/profile', element: <ProfilePage /> },
                  { path: '/account', element: <AccountSettingsPage /> },
                  { path: '/cards', element: <CardsPage /> },
                  { path: '/cards/:cardId', element: <CardDetailPage /> },
                  { path: '/products', element: <ProductsPage /> },
                  { path: '/stats', element: <StatsPage /> },
                  { path: '/leads', element: <LeadsPage /> },
                  { path: '/activate', element: <ActivatePage /> },
                  { path: '/rems-integration', element: <RemsIntegrationPage /> },
                  { path: '/meetings', element: <MeetingsPage /> },
                ],
              },
              // 'Kartımı Göster': full screen, without the sidebar.
              { path: '/show-card', element: <ShowCardPage /> },
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
