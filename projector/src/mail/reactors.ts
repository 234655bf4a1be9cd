import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { accountMailReactors } from '../account/account-mail-reactors.ts';
import { leadMailReactors } from '../lead/lead-mail-reactors.ts';
import { officeMailReactor } from '../office/office-mail-reactor.ts';
import { listingMailReactor } from '../product/listing-mail-reactor.ts';
import { webhookMailReactor } from '../webhook/webhook-mail.ts';
import type { MailDependencies } from './recipients.ts';

/** Every reactor that sends e-mail, as the compositions start them (decisions 25, 26 and 61). */
export function mailReactors(deps: MailDependencies & { readonly appSecret: Buffer }): Reactor[] {
  return [
    ...accountMailReactors({
      ...deps,
      resetLinks: SignedLinks.fromAppSecret(deps.appSecret, 'password-reset'),
      emailChangeLinks: SignedLinks.fromAppSecret(deps.appSecret, 'email-change'),
    }),
    ...leadMailReactors(deps),
    officeMailReactor({
      ...deps,
      invitationLinks: SignedLinks.fromAppSecret(deps.appSecret, 'office-invitation'),
    }),
    listingMailReactor(deps),
    webhookMailReactor(deps),
  ];
}
