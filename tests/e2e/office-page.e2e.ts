import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { APIRequestContext } from '@playwright/test';
import { officeStreamId, type OfficeDetailsChanged } from '@kartvizit/schemas';
import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { codecFromAppSecret } from '@kartvizit/infra/vault/event-codec';
import { givenOffice } from '../support/offices.ts';
import { expectAccessible } from './accessibility.ts';
import {
  DESKTOP,
  PHONE,
  createProfileViaApi,
  e2eDatabaseUrl,
  expect,
  publicVirtualCard,
  test,
  uniqueEmail,
} from './fixtures.ts';

/**
 * A visitor opens an office's page (/o/{slug}, issue 30) on a phone and on a desktop: the office's name, yetki belgesi,
 * contact links and 'Ekibimiz' with a link to each member's office card; the map drawn on request from the test's tile
 * server; axe-core clean at both sizes. The office is given as events in the server's own log (sealed with its app
 * secret, as tests/support/offices.ts writes them); its members register, write their profiles and make their cards
 * through the API while in it, so the cards are the office's.
 */

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');
const PEOPLE = [
  { firstName: 'Ayşe', lastName: 'Yılmaz' },
  { firstName: 'Oğuz', lastName: 'Çelik' },
  { firstName: 'Şule', lastName: 'Kılıç' },
] as const;

interface Member {
  readonly token: string;
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

async function register(request: APIRequestContext, person: (typeof PEOPLE)[number]): Promise<Member> {
  const email = uniqueEmail('ofis');
  const response = await request.post('/api/auth/register', { data: { ...person, email, password: 'gizli-sifre-1' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { ...person, email, token: body.token, userId: body.user.id };
}

/** The office in the server's own event store: created with its members, then its details. */
async function officeInTheServersLog(members: readonly Member[], slug: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2 });
  try {
    const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'app-secret'), 'utf8').trim();
    const store = await createEventStore({ kind: 'postgres' }, { pool });
    const codec = codecFromAppSecret(pool, Buffer.from(secret, 'utf8'));
    const { officeId } = await givenOffice(
      { store, codec },
      {
        name: 'Çınar Emlak Kadıköy',
        slug,
        members: members.map((member, index) => ({ userId: member.userId, role: index === 0 ? 'admin' : 'agent' })),
      },
    );
    const details: OfficeDetailsChanged = {
      type: 'OfficeDetailsChanged',
      data: {
        officeId,
        details: {
          ...newOfficeDetails('Çınar Emlak Kadıköy'),
          company: 'Çınar Gayrimenkul Danışmanlığı Ltd. Şti.',
          address: 'Caferağa Mah. Moda Cad. No: 12, 34710 Kadıköy/İstanbul',
          location: { lat: 40.987654, lng: 29.025432 },
          phone: '0216 333 44 55',
          email: 'ofis@cinaremlak.com.tr',
          website: 'https://cinaremlak.com.tr',
          licenceNumber: '3400123',
          primaryColor: '#0e7490',
        },
        changedBy: members[0]?.userId ?? '',
        at: new Date().toISOString(),
      },
    };
    await store.append([
      { streamId: officeStreamId(officeId), expected: 'any', events: [await codec.encode(details)] },
    ]);
  } finally {
    await pool.end();
  }
}

test('a visitor sees an office, its team and its map, on a phone and a desktop, axe clean', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const slug = `cinar-${Date.now().toString(36)}`;
  const members = await Promise.all(PEOPLE.map((person) => register(request, person)));
  for (const member of members) await createProfileViaApi(request, member);
  await officeInTheServersLog(members, slug);
  // Made while in the office: the office's cards.
  const cards: string[] = [];
  for (const member of members) cards.push(await publicVirtualCard(request, member, 'Ofis kartı'));

  for (const [size, options] of [
    ['phone', PHONE],
    ['desktop', { viewport: DESKTOP, locale: 'tr-TR' }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`/o/${slug}`);
          return page.locator('.op-member__link').count();
        },
        { timeout: 20_000 },
      )
      .toBe(members.length);
    await expect(page.getByRole('heading', { level: 1, name: 'Çınar Emlak Kadıköy' })).toBeVisible();
    await expect(page.getByText('Taşınmaz Ticareti Yetki Belgesi No: 3400123')).toBeVisible();
    await expect(page.getByRole('link', { name: /\(0216\) 333 44 55/ })).toHaveAttribute('href', 'tel:+902163334455');
    await expect(page.getByRole('heading', { level: 2, name: 'Ekibimiz' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ayşe Yılmaz/ })).toHaveAttribute('href', `/p/${cards[0]}`);
    await expectAccessible(page, `office page (${size})`);
    await page.screenshot({ path: join(ARTIFACTS, `office-page-${size}.png`), fullPage: true });

    // 'Haritayı Göster': the card page's map, from the test's tile server.
    await page.getByRole('button', { name: 'Haritayı Göster' }).click();
    await expect(page.locator('.pc-map.is-live')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, `office page with its map (${size})`);

    // A member's link opens their card.
    await page.getByRole('link', { name: /Oğuz Çelik/ }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${cards[1]}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Oğuz Çelik' })).toBeVisible();
    await context.close();
  }
});
