import { accountsProjection } from './account/accounts-projection.ts';
import { accountSecurityProjection } from './account/account-security-projection.ts';
import { apiTokensProjection } from './account/api-tokens-projection.ts';
import { profilesProjection } from './profile/profiles-projection.ts';
import { cardsProjection } from './card/cards-projection.ts';
import { leadsProjection } from './lead/leads-projection.ts';
import { statisticsProjection } from './statistics/statistics-projection.ts';
import { productsProjection } from './product/products-projection.ts';
import { remsKeysProjection } from './rems/rems-projection.ts';
import { remsRegistrationsProjection } from './rems/rems-registrations-projection.ts';
import { meetingsProjection } from './meeting/meetings-projection.ts';
import { webVitalsProjection } from './vitals/web-vitals-projection.ts';
import { officesProjection } from './office/offices-projection.ts';
import { shareSettingsProjection } from './share/share-projection.ts';
import { applePassRegistrationsProjection } from './wallet/apple-pass-registrations-projection.ts';
import { hubspotProjection } from './hubspot/hubspot-projection.ts';
import { webhooksProjection } from './webhook/webhooks-projection.ts';
import type { Projection } from '@kartvizit/infra/processing/projection';

/** Every read model this service keeps. A feature adds its projection here. */
export const PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  accountSecurityProjection,
  apiTokensProjection,
  webhooksProjection,
  profilesProjection,
  cardsProjection,
  leadsProjection,
  productsProjection,
  statisticsProjection,
  remsKeysProjection,
  remsRegistrationsProjection,
  meetingsProjection,
  webVitalsProjection,
  officesProjection,
  shareSettingsProjection,
  applePassRegistrationsProjection,
  hubspotProjection,
];

export function findProjection(name: string): Projection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
