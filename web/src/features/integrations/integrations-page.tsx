import { ApiTokensSection } from './api-tokens-section.tsx';
import { HubSpotSection } from './hubspot-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import '../card/card-common.css';
import './integrations.css';

/**
 * 'Entegrasyonlar' (/integrations, issue 35): the ways any other system hears what happens on the owner's cards,
 * beside REMS. Signed webhooks, HubSpot, and personal API tokens; each section is its own file.
 */
export function IntegrationsPage() {
  return (
    <div className="card-page integrations-page">
      <title>Entegrasyonlar · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Entegrasyonlar</h1>
          <p className="card-page__lead">
            Bağlantılarınız, toplantılarınız ve ürünleriniz kullandığınız CRM’e ve diğer sistemlere anında ulaşsın.
          </p>
        </div>
      </header>
      <HubSpotSection />
      <WebhooksSection />
      <ApiTokensSection />
    </div>
  );
}
