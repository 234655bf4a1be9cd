import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { Reactor, RetryPolicy } from '@kartvizit/infra/processing/reactor';
import { RemsClient } from '@kartvizit/infra/rems/client';
import { accountErasureReactor, type ErasureDependencies } from './account/account-erasure-reactor.ts';
import { mailReactors } from './mail/reactors.ts';
import { officeErasureReactor } from './office/office-erasure-reactor.ts';
import { remsDeliveryReactor } from './rems/rems-delivery-reactor.ts';
import { webhookDeliveryReactor } from './webhook/webhook-delivery-reactor.ts';
import { webhookFanoutReactor } from './webhook/webhook-fanout-reactor.ts';
import { WebhookSecretStore } from '@kartvizit/infra/webhooks/secret-store';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '@kartvizit/infra/webhooks/settings';
import { hubspotContactsReactor } from './hubspot/hubspot-contacts-reactor.ts';
import { HubSpotClient } from '@kartvizit/infra/hubspot/client';
import { HubSpotConnectionStore } from '@kartvizit/infra/hubspot/connections';
import { isHubSpotConfigured, type HubSpotSettings } from '@kartvizit/infra/hubspot/settings';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import { googleWalletReactor } from './wallet/google-wallet-reactor.ts';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import { applePushReactor } from './wallet/apple-push-reactor.ts';

/**
 * Every reactor the product runs, as both compositions start them (the one process of `npm start`, and the
 * projector's own process in the scaled shape). A feature adds its reactors here. Without a mailer (most tests), the
 * e-mail reactors are left out; without REMS_API_URL, the REMS delivery is (registrations wait in the log and are
 * delivered once it is set: that reactor starts at the log's start); the erasure of deleted accounts and offices always runs.
 */
export function productReactors(
  deps: ErasureDependencies & {
    readonly mailer?: Mailer;
    readonly publicBaseUrl: string;
    readonly appSecret: Buffer;
    /** REMS_API_URL (issue 14); null or unset: no REMS delivery. */
    readonly remsApiUrl?: string | null;
    /** The REMS delivery's retry policy; tests shorten it. Default REMS_DELIVERY_RETRY (24 hours). */
    readonly remsRetry?: Partial<RetryPolicy>;
    /** GOOGLE_WALLET_* (issue 32); null or unset: no Google Wallet, so no pass to keep up to date. */
    readonly googleWallet?: GoogleWalletSettings | null;
    /** The Google Wallet reactor's retry policy; tests shorten it. Default GOOGLE_WALLET_RETRY (about a day). */
    readonly googleWalletRetry?: Partial<RetryPolicy>;
    /** APPLE_* (issue 32); the push reactor runs only when APPLE_APNS_* is set too. */
    readonly appleWallet?: AppleWalletSettings | null;
    /** The Apple Wallet push reactor's retry policy; tests shorten it. Default APPLE_PUSH_RETRY (a few hours). */
    readonly appleWalletRetry?: Partial<RetryPolicy>;
    /** HUBSPOT_* (issue 35); the contacts reactor runs only when HUBSPOT_CLIENT_ID and its secret are set. */
    readonly hubspot?: HubSpotSettings | null;
    /** The HubSpot reactor's retry policy; tests shorten it. Default HUBSPOT_RETRY (about a day). */
    readonly hubspotRetry?: Partial<RetryPolicy>;
    /** Webhooks (issue 35): which private hosts they may reach, and tests' shorter retries; default none. */
    readonly webhooks?: WebhookSettings;
    readonly log?: (message: string) => void;
  },
): Reactor[] {
  const { mailer, remsApiUrl } = deps;
  return [
    accountErasureReactor(deps),
    officeErasureReactor(deps),
    // Webhooks always run: an owner with no endpoint costs one read of an empty stream per event told of.
    webhookFanoutReactor(deps),
    webhookReactor(deps),
    ...(mailer ? mailReactors({ ...deps, mailer }) : []),
    ...(remsApiUrl
      ? [
          remsDeliveryReactor({
            store: deps.store,
            codec: deps.codec,
            rems: new RemsClient(remsApiUrl),
            ...(deps.remsRetry ? { retry: deps.remsRetry } : {}),
          }) as Reactor,
        ]
      : []),
    ...(deps.googleWallet
      ? [
          googleWalletReactor({
            pool: deps.pool,
            store: deps.store,
            publicBaseUrl: deps.publicBaseUrl,
            googleWallet: deps.googleWallet,
            ...(deps.googleWalletRetry ? { retry: deps.googleWalletRetry } : {}),
            ...(deps.log ? { log: deps.log } : {}),
          }) as Reactor,
        ]
      : []),
    ...(deps.appleWallet?.apns
      ? [
          applePushReactor({
            pool: deps.pool,
            store: deps.store,
            codec: deps.codec,
            appleWallet: { ...deps.appleWallet, apns: deps.appleWallet.apns },
            ...(deps.appleWalletRetry ? { retry: deps.appleWalletRetry } : {}),
            ...(deps.log ? { log: deps.log } : {}),
          }) as Reactor,
        ]
      : []),
    ...(isHubSpotConfigured(deps.hubspot)
      ? [
          hubspotContactsReactor({
            connections: new HubSpotConnectionStore(deps.pool, deps.appSecret),
            client: new HubSpotClient(deps.hubspot),
            ...(deps.hubspotRetry ? { retry: deps.hubspotRetry } : {}),
          }) as Reactor,
        ]
      : []),
  ];
}

function webhookReactor(deps: ErasureDependencies & { readonly appSecret: Buffer; readonly webhooks?: WebhookSettings }): Reactor {
  const settings = deps.webhooks ?? DEFAULT_WEBHOOK_SETTINGS;
  return webhookDeliveryReactor({
    pool: deps.pool,
    store: deps.store,
    codec: deps.codec,
    secrets: new WebhookSecretStore(deps.pool, deps.appSecret),
    addressPolicy: settings.addressPolicy,
    ...(settings.retry ? { retry: settings.retry } : {}),
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.lookup ? { lookup: settings.lookup } : {}),
    ...(settings.clock ? { now: settings.clock } : {}),
  });
}
