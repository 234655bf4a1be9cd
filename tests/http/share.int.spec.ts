import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { until } from '../support/mailing-product.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, createProfile, provision, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * 'Paylaşım Araçları' (issue 32) through HTTP: the owner's QR look, and a personal address `/k/{slug}` that opens
 * their card, stays theirs for 30 days after they leave it (sending visitors on), and is then free for someone else.
 */
const BASE = 'https://kartvizit.example.com.tr';
let product: TestProduct;
let clock = new Date();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  product = await startTestProduct({ publicBaseUrl: BASE, shareClock: () => clock });
});
afterAll(async () => {
  await product?.close();
});

interface ShareAnswer {
  success: boolean;
  message?: string;
  field?: string;
  position?: string;
  data?: {
    qr?: { foreground: string; background: string; logo: string; version: string };
    address?: { slug: string; cardId: string; url: string } | null;
    previousAddresses?: { slug: string; url: string; until: string }[];
  };
}
const read = (body: string) => JSON.parse(body) as ShareAnswer;

async function eventCount(): Promise<number> {
  const result = await product.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  return result.rows[0]?.n ?? -1;
}

/** An owner with a profile and one active card. */
async function ownerWithCard(): Promise<Owner & { cardId: string }> {
  const owner = await registerOwner(product);
  await createProfile(product, owner);
  const [cardId = ''] = await provision(product, 1);
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Ofis' });
  expect(activated.statusCode, activated.body).toBe(200);
  return { ...owner, cardId };
}

async function settings(owner: Owner, position?: string): Promise<ShareAnswer> {
  const response = await send(product, 'GET', '/api/share', owner.token, undefined, after(position));
  expect(response.statusCode, response.body).toBe(200);
  return read(response.body);
}

describe('the QR look', () => {
  it('given a new owner, then it is black on white without a logo, version 0', async () => {
    const owner = await ownerWithCard();
    expect((await settings(owner)).data?.qr).toEqual({
      foreground: '#000000',
      background: '#ffffff',
      logo: 'none',
      version: '0',
    });
  });

  it('when the owner chooses navy on cream with their logo, then it is stored (lower-case) and read back with a new version', async () => {
    const owner = await ownerWithCard();
    const saved = await send(product, 'PUT', '/api/share/qr', owner.token, {
      foreground: '#1E3A8A',
      background: '#FFFBEB',
      logo: 'profile',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = read(saved.body);
    expect(body.message).toBe(MESSAGES.qrStyleSaved);
    expect(body.data?.qr).toMatchObject({ foreground: '#1e3a8a', background: '#fffbeb', logo: 'profile' });
    expect(body.data?.qr).toEqual({ foreground: '#1e3a8a', background: '#fffbeb', logo: 'profile' });
    const stored = (await settings(owner, body.position)).data?.qr;
    expect(stored).toMatchObject({ foreground: '#1e3a8a', background: '#fffbeb', logo: 'profile' });
    // The look's time in ms; no logo uploaded yet, so nothing more.
    expect(Number(stored?.version)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  it.each([
    [
      'too little contrast',
      { foreground: '#777777', background: '#999999', logo: 'none' },
      MESSAGES.qrContrastTooLow,
      'foreground',
    ],
    [
      'light on dark',
      { foreground: '#ffffff', background: '#000000', logo: 'none' },
      MESSAGES.qrInverted,
      'foreground',
    ],
    [
      'not a colour',
      { foreground: 'red', background: '#ffffff', logo: 'none' },
      MESSAGES.qrColourInvalid,
      'foreground',
    ],
    ['an unknown logo', { foreground: '#000000', background: '#ffffff', logo: 'gif' }, MESSAGES.qrLogoInvalid, 'logo'],
    [
      "the office's logo outside an office",
      { foreground: '#000000', background: '#ffffff', logo: 'office' },
      MESSAGES.qrLogoOfficeOnly,
      'logo',
    ],
  ])(
    'when the owner sends %s, then a Turkish 400 names the field and nothing is appended',
    async (_name, body, message, field) => {
      const owner = await ownerWithCard();
      const before = await eventCount();
      const response = await send(product, 'PUT', '/api/share/qr', owner.token, body);
      expect(response.statusCode).toBe(400);
      expect(read(response.body)).toMatchObject({ success: false, message, field });
      expect(await eventCount()).toBe(before);
    },
  );

  it('without a session, then 401', async () => {
    const response = await send(product, 'PUT', '/api/share/qr', undefined, {
      foreground: '#000000',
      background: '#ffffff',
      logo: 'none',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the personal address', () => {
  it("when the owner picks 'Ayşe-Yılmaz' for their card, then /k/ayse-yilmaz opens the card's own page", async () => {
    const owner = await ownerWithCard();
    const slug = `Ayşe-Yılmaz-${owner.userId.slice(0, 6)}`;
    const folded = `ayse-yilmaz-${owner.userId.slice(0, 6)}`;
    const saved = await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = read(saved.body);
    expect(body).toMatchObject({
      message: MESSAGES.addressSaved,
      data: { address: { slug: folded, cardId: owner.cardId, url: `${BASE}/k/${folded}` } },
    });

    const page = await send(product, 'GET', `/k/${folded}?v=${encodeURIComponent(body.position ?? '')}`);
    expect(page.statusCode, page.body.slice(0, 200)).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`/p/${owner.cardId}`);
    expect(page.body).toContain('Ayşe');

    // Typed with capitals or Turkish letters, the address is sent to its one spelling.
    const typed = await send(product, 'GET', `/k/${encodeURIComponent(slug)}`);
    expect(typed.statusCode).toBe(301);
    expect(typed.headers.location).toBe(`/k/${folded}`);
    expect((await settings(owner, body.position)).data?.address).toEqual(body.data?.address);
  });

  it('an address nobody holds is the ordinary 404 page', async () => {
    const response = await send(product, 'GET', '/k/kimsenin-adresi-degil');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([
    ['empty', '   ', MESSAGES.addressRequired],
    ['too short', 'ab', MESSAGES.addressInvalid],
    ['with a space', 'ayse yilmaz', MESSAGES.addressInvalid],
    ['with a slash', 'ayse/yilmaz', MESSAGES.addressInvalid],
    ['ending in a hyphen', 'ayse-', MESSAGES.addressInvalid],
    ['reserved', 'Destek', MESSAGES.addressReserved],
  ])('when the address is %s, then a Turkish 400 and nothing is appended', async (_name, slug, message) => {
    const owner = await ownerWithCard();
    const before = await eventCount();
    const response = await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId });
    expect(response.statusCode).toBe(400);
    expect(read(response.body)).toMatchObject({ success: false, message, field: 'slug' });
    expect(await eventCount()).toBe(before);
  });

  it("when the card is someone else's, deactivated or unknown, then a Turkish 400 on cardId", async () => {
    const owner = await ownerWithCard();
    const other = await ownerWithCard();
    const off = await send(product, 'PUT', `/api/cards/deactivate/${owner.cardId}`, owner.token);
    expect(off.statusCode).toBe(200);
    for (const cardId of [other.cardId, owner.cardId, 'KV-YOKBOYLE']) {
      const response = await send(product, 'PUT', '/api/share/address', owner.token, {
        slug: `adres-${owner.userId.slice(0, 8)}`,
        cardId,
      });
      expect(response.statusCode, cardId).toBe(400);
      expect(read(response.body)).toMatchObject({ message: MESSAGES.addressCardNotActive, field: 'cardId' });
    }
  });

  it('when another owner holds the address, then it is refused as taken; when they leave it, it is still theirs for 30 days, then free', async () => {
    const first = await ownerWithCard();
    const second = await ownerWithCard();
    const slug = `emlak-${first.userId.slice(0, 8)}`;
    const moved = `emlak-yeni-${first.userId.slice(0, 8)}`;
    expect(
      (await send(product, 'PUT', '/api/share/address', first.token, { slug, cardId: first.cardId })).statusCode,
    ).toBe(200);

    const taken = await send(product, 'PUT', '/api/share/address', second.token, { slug, cardId: second.cardId });
    expect(taken.statusCode).toBe(409);
    expect(read(taken.body).message).toBe(MESSAGES.addressTaken);

    // The first owner moves: the old address sends visitors to the new one, and is still theirs.
    const move = await send(product, 'PUT', '/api/share/address', first.token, { slug: moved, cardId: first.cardId });
    expect(move.statusCode, move.body).toBe(200);
    const position = read(move.body).position;
    const redirect = await send(product, 'GET', `/k/${slug}?v=${encodeURIComponent(position ?? '')}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/k/${moved}`);
    const listed = await settings(first, position);
    expect(listed.data?.address?.slug).toBe(moved);
    expect(listed.data?.previousAddresses).toEqual([
      { slug, url: `${BASE}/k/${slug}`, until: expect.any(String) as unknown },
    ]);
    const until = Date.parse(listed.data?.previousAddresses?.[0]?.until ?? '');
    expect(until - Date.now()).toBeGreaterThan(29 * DAY);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * DAY);
    expect(
      (await send(product, 'PUT', '/api/share/address', second.token, { slug, cardId: second.cardId })).statusCode,
    ).toBe(409);

    // 30 days and a minute later, it is free: the second owner takes it, and it opens their card.
    clock = new Date(Date.now() + 30 * DAY + 60_000);
    try {
      const claimed = await send(product, 'PUT', '/api/share/address', second.token, { slug, cardId: second.cardId });
      expect(claimed.statusCode, claimed.body).toBe(200);
      const page = await send(product, 'GET', `/k/${slug}?v=${encodeURIComponent(read(claimed.body).position ?? '')}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`/p/${second.cardId}`);
      // And the first owner cannot take it back now.
      const back = await send(product, 'PUT', '/api/share/address', first.token, { slug, cardId: first.cardId });
      expect(back.statusCode).toBe(409);
    } finally {
      clock = new Date();
    }
  });

  it('when the owner takes back the address they left, within its 30 days, then it is theirs again at once', async () => {
    const owner = await ownerWithCard();
    const slug = `geri-${owner.userId.slice(0, 8)}`;
    expect(
      (await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId })).statusCode,
    ).toBe(200);
    expect(
      (await send(product, 'PUT', '/api/share/address', owner.token, { slug: `${slug}-x`, cardId: owner.cardId }))
        .statusCode,
    ).toBe(200);
    const back = await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId });
    expect(back.statusCode, back.body).toBe(200);
    const listed = await settings(owner, read(back.body).position);
    expect(listed.data?.address?.slug).toBe(slug);
    expect(listed.data?.previousAddresses?.map((left) => left.slug)).toEqual([`${slug}-x`]);
  });

  it('when two owners race for one free address, then exactly one gets it', async () => {
    const owners = await Promise.all([ownerWithCard(), ownerWithCard(), ownerWithCard()]);
    const slug = `yaris-${owners[0]?.userId.slice(0, 8)}`;
    const answers = await Promise.all(
      owners.map((owner) => send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId })),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('when the owner removes it, then it sends visitors to the card for 30 days; removing again is a 404', async () => {
    const owner = await ownerWithCard();
    const slug = `kaldir-${owner.userId.slice(0, 8)}`;
    expect(
      (await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId })).statusCode,
    ).toBe(200);
    const removed = await send(product, 'DELETE', '/api/share/address', owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(read(removed.body)).toMatchObject({ message: MESSAGES.addressRemoved, data: { address: null } });
    const redirect = await send(
      product,
      'GET',
      `/k/${slug}?v=${encodeURIComponent(read(removed.body).position ?? '')}`,
    );
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/p/${owner.cardId}`);
    const again = await send(product, 'DELETE', '/api/share/address', owner.token);
    expect(again.statusCode).toBe(404);
    expect(read(again.body).message).toBe(MESSAGES.addressNone);
  });

  it('when the holder deletes their account, then their address is free for someone else at once, and /k/ no longer opens it', async () => {
    const first = await ownerWithCard();
    const second = await ownerWithCard();
    const slug = `silinen-${first.userId.slice(0, 8)}`;
    expect(
      (await send(product, 'PUT', '/api/share/address', first.token, { slug, cardId: first.cardId })).statusCode,
    ).toBe(200);
    const deleted = await send(product, 'DELETE', '/api/account', first.token, { password: 'gizli-parola-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const position = read(deleted.body).position;
    expect((await send(product, 'GET', `/k/${slug}?v=${encodeURIComponent(position ?? '')}`)).statusCode).toBe(404);
    // The deletion destroys the key that sealed the address: the claim rule reads the holder's stream as holding nothing.
    let claimed = 0;
    await until(async () => {
      claimed = (await send(product, 'PUT', '/api/share/address', second.token, { slug, cardId: second.cardId }))
        .statusCode;
      return claimed === 200;
    }, 'the address of a deleted account is free');
    expect(claimed).toBe(200);
  });

  it('the address is sealed in the log: its text is in no event', async () => {
    const owner = await ownerWithCard();
    const slug = `gizli-adres-${owner.userId.slice(0, 8)}`;
    expect(
      (await send(product, 'PUT', '/api/share/address', owner.token, { slug, cardId: owner.cardId })).statusCode,
    ).toBe(200);
    const found = await product.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR stream_id LIKE $1`,
      [`%${slug}%`],
    );
    expect(found.rows[0]?.n).toBe(0);
  });
});
