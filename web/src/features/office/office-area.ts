// The office screens (issue 30): one chunk, downloaded when an office page is first opened; it brings the shared
// office rules (and the VKN check) along, which no other page needs.
export { CreateOfficePage } from './create-office-page.tsx';
export { OfficeDetailsPage } from './office-details-page.tsx';
export { OfficeTemplatePage } from './office-template-page.tsx';
export { OfficeTeamPage } from './office-team-page.tsx';
export { OfficeCardsPage } from './office-cards-page.tsx';
export { OfficeLeadsPage } from './office-leads-page.tsx';
export { OfficeHistoryPage } from './office-history-page.tsx';
export { OfficeStatsPage } from './office-stats-page.tsx';
