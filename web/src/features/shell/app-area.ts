// Everything behind sign-in, downloaded only once a signed-in page is opened.
export { AppLayout } from './app-layout.tsx';
export { DashboardPage } from '../dashboard/dashboard-page.tsx';
export { ProfilePage } from '../profile/profile-page.tsx';
export { CardsPage } from '../card/cards-page.tsx';
export { CardDetailPage } from '../card/card-detail-page.tsx';
export { ActivatePage } from '../card/activate-page.tsx';
export { ProductsPage } from '../product/products-page.tsx';
export { StatsPage } from '../telemetry/stats-page.tsx';
export { LeadsPage } from '../lead/leads-page.tsx';
export { MeetingsPage } from '../meeting/meetings-page.tsx';
export { ShowCardPage } from '../card/show-card-page.tsx';
export { SharePage } from '../share/share-page.tsx';
export { InstallableApp } from '../offline/installable-app.tsx';
