import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { readTrustProxy, type TrustProxy } from '@kartvizit/infra/config/env';
import { LEAD_LIMIT_PER_CARD } from '@kartvizit/command-api/core/public-form/submission-limiter';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { ownerWithCard, visitorForm, type CardOwner } from './lead-fixtures.ts';

/**
 * Who the client is behind a reverse proxy (issue 28, decision 50): the service trusts exactly the hops TRUST_PROXY
 * names, so an X-Forwarded-For a client writes itself cannot make it someone else. Observed through the lead form's
 * limit per client and card (5 in 10 minutes): a client that forges a new address for each form is still limited as
 * itself. The forms carry the hidden field only bots fill, so each is answered and counted but nothing is stored.
 */
const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';

/** LEAD_LIMIT_PER_CARD + 1 forms, each claiming another address in front of what the proxy appended. */
async function formsWithForgedAddresses(product: TestProduct, owner: CardOwner, header: (forged: string) => string) {
  const statuses: number[] = [];
  for (let index = 1; index <= LEAD_LIMIT_PER_CARD + 1; index++) {
    const response = await product.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': header(`198.51.100.${index}`) },
      payload: visitorForm(product, owner.cardId, { website: 'https://bot.example' }),
    });
    statuses.push(response.statusCode);
    if (response.statusCode === 429) {
      expect(response.json()).toEqual({ success: false, message: MESSAGES.tooManyRequests });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  }
  return statuses;
}

const LIMITED = [...Array<number>(LEAD_LIMIT_PER_CARD).fill(200), 429];

describe.each<[string, TrustProxy]>([
  ['one hop (TRUST_PROXY=1)', 1],
  ['the proxy named by its address (TRUST_PROXY=127.0.0.1)', [PROXY]],
  ['the proxy named by its range (TRUST_PROXY=127.0.0.0/8)', ['127.0.0.0/8']],
])('behind a proxy trusted as %s', (_name, trustProxy) => {
  let product: TestProduct;
  let owner: CardOwner;
  beforeAll(async () => {
    product = await startTestProduct({ trustProxy });
    owner = await ownerWithCard(product, 'Vekil Kartı');
  });
  afterAll(async () => {
    await product?.close();
  });

  it('a client forging X-Forwarded-For in front of the address the proxy appended is limited as itself', async () => {
    expect(await formsWithForgedAddresses(product, owner, (forged) => `${forged}, ${CLIENT}`)).toEqual(LIMITED);
  });
});

describe('with no proxy trusted (TRUST_PROXY unset)', () => {
  let product: TestProduct;
  let owner: CardOwner;
  beforeAll(async () => {
    product = await startTestProduct();
    owner = await ownerWithCard(product, 'Doğrudan Kart');
  });
  afterAll(async () => {
    await product?.close();
  });

  it('X-Forwarded-For is not read at all: the socket peer is the client', async () => {
    expect(await formsWithForgedAddresses(product, owner, (forged) => forged)).toEqual(LIMITED);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count, a list of addresses and ranges, or nothing', () => {
    expect(readTrustProxy({})).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: '0' })).toBe(false);
    expect(readTrustProxy({ TRUST_PROXY: '2' })).toBe(2);
    expect(readTrustProxy({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.5 ,fd00::/8,loopback' })).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true`, which trusted every hop, saying what to write instead', () => {
    expect(() => readTrustProxy({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true is no longer accepted.*TRUST_PROXY=1/s,
    );
  });

  it('refuses what is neither a count nor an address', () => {
    expect(() => readTrustProxy({ TRUST_PROXY: 'nginx' })).toThrow(/"nginx"/);
    expect(() => readTrustProxy({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
    expect(() => readTrustProxy({ TRUST_PROXY: '10.0.0.1,' })).toThrow(/""/);
  });
});
