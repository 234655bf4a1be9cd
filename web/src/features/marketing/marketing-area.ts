// Pages loaded on demand from the landing page's links, kept out of its first download.
export { InfoPage } from './info-page.tsx';
export { DemoPage } from './demo-page.tsx';
export { DisclosurePage } from './legal/disclosure-page.tsx';
export { PrivacyPage } from './legal/privacy-page.tsx';
export { TermsPage } from './legal/terms-page.tsx';
