import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, provision, registerOwner, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';

/**
 * Broken and hostile requests against the card commands and queries: each gets a 4xx with a
 * Turkish message, never a 500, and the event log does not change. No profile is needed for any
 * of this; the refusals that are about the missing profile are here too.
 */
let product: TestProduct;
let owner: Owner;
let physical: string;

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  [physical = ''] = await provision(product, 1);
});
afterAll(async () => {
  await product?.close();
});

async function expectRefused(
  request: { method: 'POST' | 'PUT' | 'GET'; url: string; payload?: string; contentType?: string; token?: string | null },
  expected: { status: number; message: string; field?: string },
) {
  const before = await product.eventCount();
  const token = request.token === undefined ? owner.token : request.token;
  const response = await product.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(expected.status);
  const body = answer(response);
  expect(body.success).toBe(false);
  expect(body.message).toBe(expected.message);
  if (expected.field) expect(body.field).toBe(expected.field);
  expect(await product.eventCount()).toBe(before);
}

const post = (url: string, body: unknown) => ({ method: 'POST' as const, url, payload: JSON.stringify(body) });

describe('malformed bodies', () => {
  it.each(['/api/cards/activate', '/api/cards'])('%s: broken JSON', async (url) => {
    await expectRefused({ method: 'POST', url, payload: '{"cardId": "KV-1",' }, { status: 400, message: MESSAGES.invalidJson });
  });

  it.each(['/api/cards/activate', '/api/cards'])('%s: not JSON at all', async (url) => {
    await expectRefused({ method: 'POST', url, payload: 'cardId=KV-1', contentType: 'text/plain' }, { status: 415, message: MESSAGES.unsupportedMediaType });
  });

  it.each(['/api/cards/activate', '/api/cards'])('%s: a JSON array', async (url) => {
    await expectRefused(post(url, []), { status: 400, message: MESSAGES.invalidRequest });
  });

  it.each(['/api/cards/activate', '/api/cards'])('%s: an oversized body', async (url) => {
    await expectRefused(post(url, { cardId: 'A'.repeat(100_000) }), { status: 413, message: MESSAGES.bodyTooLarge });
  });

  it.each(['/api/cards/activate', '/api/cards'])('%s: an unknown field', async (url) => {
    await expectRefused(post(url, { cardId: physical, name: 'Ofis', ownerId: owner.userId }), {
      status: 400,
      message: VALIDATION_MESSAGES.unknownField('ownerId'),
    });
  });

  it('a number where text belongs', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: 12345, name: 'Ofis' }), {
      status: 400,
      message: VALIDATION_MESSAGES.mustBeText('cardId'),
    });
  });
});

describe('card ids', () => {
  it('an empty id asks for one', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: '   ', name: 'Ofis' }), { status: 400, message: MESSAGES.cardIdRequired, field: 'cardId' });
    await expectRefused(post('/api/cards/activate', { name: 'Ofis' }), { status: 400, message: MESSAGES.cardIdRequired, field: 'cardId' });
  });

  it.each(['kv-iı', 'KV-İ1', 'KV 1', 'KV_1', '<script>', "1' OR '1'='1", 'KV--1', 'A'.repeat(33)])(
    '%s is not a card id, in the body or in the path',
    async (cardId) => {
      await expectRefused(post('/api/cards/activate', { cardId, name: 'Ofis' }), { status: 400, message: MESSAGES.cardIdInvalid, field: 'cardId' });
      const path = encodeURIComponent(cardId);
      await expectRefused({ method: 'PUT', url: `/api/cards/deactivate/${path}` }, { status: 400, message: MESSAGES.cardIdInvalid });
      await expectRefused({ method: 'GET', url: `/api/cards/details/${path}` }, { status: 400, message: MESSAGES.cardIdInvalid });
    },
  );

  it('lower-case ids are upper-cased, not refused: an unknown one is simply not found', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: ' kv-yokboyle1 ', name: 'Ofis' }), { status: 404, message: MESSAGES.cardNotFoundById });
  });

  it('a lower-case id finds the upper-case card', async () => {
    const response = await send(product, 'GET', `/api/cards/details/${physical.toLowerCase()}`, owner.token, undefined, await seenEverything(product));
    expect(response.statusCode, response.body).toBe(200);
    expect(answer(response).card).toEqual({ cardId: physical, type: 'basic', isActivated: false });
  });

  it('a virtual card id must be VC- and six letters or digits', async () => {
    for (const cardId of ['VC-12345', 'VC-1234567', 'KV-ABC123', 'ABC123']) {
      await expectRefused(post('/api/cards', { cardId, type: 'virtual', color: 'black', name: 'Sanal' }), {
        status: 400,
        message: MESSAGES.cardVirtualIdInvalid,
        field: 'cardId',
      });
    }
  });
});

describe('virtual card fields', () => {
  it('only virtual cards can be created', async () => {
    await expectRefused(post('/api/cards', { cardId: virtualCardId(), type: 'pro', color: 'black', name: 'Sanal' }), {
      status: 400,
      message: MESSAGES.cardTypeInvalid,
      field: 'type',
    });
  });

  it('an unknown colour is refused', async () => {
    await expectRefused(post('/api/cards', { cardId: virtualCardId(), type: 'virtual', color: 'mor', name: 'Sanal' }), {
      status: 400,
      message: MESSAGES.cardColorInvalid,
      field: 'color',
    });
  });
});

describe('without a profile', () => {
  it('a physical card cannot be activated', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: physical, name: 'Ofis' }), { status: 400, message: MESSAGES.cardNeedsProfileToActivate });
  });

  it('a virtual card cannot be created', async () => {
    await expectRefused(post('/api/cards', { cardId: virtualCardId(), type: 'virtual', color: 'black', name: 'Sanal' }), {
      status: 400,
      message: MESSAGES.cardNeedsProfileToCreate,
    });
  });

  it('an unknown card is reported as unknown first', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: 'KV-YOK12345', name: 'Ofis' }), { status: 404, message: MESSAGES.cardNotFoundById });
  });
});

describe('without a session', () => {
  it.each([
    { method: 'POST' as const, url: '/api/cards/activate', payload: JSON.stringify({ cardId: 'KV-1', name: 'x' }) },
    { method: 'POST' as const, url: '/api/cards', payload: JSON.stringify({ cardId: 'VC-ABC123', type: 'virtual', name: 'x' }) },
    { method: 'PUT' as const, url: '/api/cards/deactivate/KV-1' },
    { method: 'PUT' as const, url: '/api/cards/reactivate/KV-1' },
    { method: 'POST' as const, url: '/api/cards/regenerate-qr/KV-1' },
    { method: 'GET' as const, url: '/api/cards/my-cards' },
    { method: 'GET' as const, url: '/api/cards/details/KV-1' },
    { method: 'GET' as const, url: '/api/cards/mine/KV-1' },
  ])('$method $url answers 401', async (request) => {
    await expectRefused({ ...request, token: null }, { status: 401, message: MESSAGES.sessionExpired });
    await expectRefused({ ...request, token: 'bozuk-token' }, { status: 401, message: MESSAGES.sessionExpired });
  });
});

describe('names (checked once the card and the profile pass)', () => {
  // Name rules run in the decider after the profile check; with no profile here they are
  // covered by the decider's unit tests and by card.int.spec.ts once a profile exists.
  it('a 300-character name is refused by the schema before anything else', async () => {
    await expectRefused(post('/api/cards/activate', { cardId: physical, name: 'ş'.repeat(300) }), {
      status: 400,
      message: VALIDATION_MESSAGES.tooLong('name', 200),
    });
  });
});
