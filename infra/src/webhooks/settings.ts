import type { RetryPolicy } from '../processing/reactor.ts';
import type { WebhookAddressPolicy } from './address-policy.ts';
import type { LookupAll } from './delivery.ts';

/** How the product delivers webhooks (issue 35), as both compositions pass it to the routes and the reactors. */
export interface WebhookSettings {
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: the private hosts (names or addresses) endpoints may name; none by default. */
  readonly addressPolicy: WebhookAddressPolicy;
  /** The delivery reactor's retry policy; tests shorten it. Default WEBHOOK_DELIVERY_RETRY (24 hours). */
  readonly retry?: Partial<RetryPolicy>;
  /** One attempt's limit; tests shorten it. Default the client's 10 s. */
  readonly timeoutMs?: number;
  /** How host names are resolved (tests of DNS rebinding answer differently at add time and at connection time). */
  readonly lookup?: LookupAll;
  /** The delivery reactor's now (its three days before a pause); tests move it. Default the system's. */
  readonly clock?: () => Date;
}

/** No private host allowed: what a deployment without WEBHOOK_ALLOWED_PRIVATE_HOSTS gets. */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { addressPolicy: { allowedPrivateHosts: [] } };
