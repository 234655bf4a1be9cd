import { createHmac } from 'node:crypto';

const KIND_PATTERN = /^[a-z][a-z0-9-]*$/;

/**
 * The stream that reserves a unique value (an e-mail, a card id, a card name per owner). Append to
 * it with expected 'no_stream' in the same append() as the event that needs the value: the second
 * claimant gets a ConcurrencyError, and nothing of its command is written.
 *
 * The caller normalises the value (trim, locale-free toLowerCase; scope it, e.g. `${ownerId}:${name}`).
 * Here it is only brought to Unicode NFC, so "ş" typed as s + combining cedilla claims the same
 * stream as the precomposed "ş". A keyed hash keeps the value itself out of stream ids, which are
 * logged and shown in tools; the secret must stay the same for the life of the store.
 */
export function claimStreamId(kind: string, normalisedValue: string, secret: string | Buffer): string {
  if (!KIND_PATTERN.test(kind)) throw new TypeError(`Claim kind must be lower-case kebab-case: ${kind}`);
  if (normalisedValue === '') throw new TypeError('Cannot claim an empty value');
  if (secret.length === 0) throw new TypeError('Claim secret is empty');
  const digest = createHmac('sha256', secret).update(normalisedValue.normalize('NFC'), 'utf8').digest('hex');
  return `claim-${kind}-${digest}`;
}
