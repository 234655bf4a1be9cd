import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { expectAccessible } from './accessibility.ts';
import {
  createProfileViaApi,
  DESKTOP,
  expect,
  PHONE,
  publicVirtualCard,
  storedToken,
  test,
  toast,
  uniqueEmail,
} from './fixtures.ts';
import { SCREENSHOT_DIR } from './screens.ts';
import { fakeHubSpotObjects } from '../support/e2e-fake-services.ts';

/**
 * Issue 35 as an owner lives HubSpot (decision 68): 'HubSpot’a Bağlan' on /integrations goes through the OAuth dance
 * with the fake HubSpot the global setup runs on loopback (E2E_PORT + 6; playwright.config.ts gives the server its
 * HUBSPOT_*), HubSpot's consent sends the browser back and the section says it is connected; a visitor's lead on the
 * owner's card becomes a contact with a note there and the section's count goes up; 'Bağlantıyı Kes' behind its
 * confirm ends it. The whole journey on a phone and on a desktop, axe on every state.
 */

const SIZES: readonly (readonly [string, BrowserContextOptions])[] = [
  ['phone', PHONE],
  ['desktop', { viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' }],
];

/** A visitor on their own phone leaves their details on the owner's card ('Bilgi Gönder' → 'Bilgilerini Paylaş'). */
async function visitorLeavesLead(
  browser: Browser,
  baseURL: string | undefined,
  cardId: string,
  lead: { readonly name: string; readonly phone: string; readonly email: string; readonly message: string },
): Promise<void> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/p/${cardId}`);
    // A person needs more than 3 seconds between seeing the page and sending the form.
    await page.waitForTimeout(3_500);
    await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Ad Soyad').fill(lead.name);
    await dialog.getByLabel('Telefon').fill(lead.phone);
    await dialog.getByLabel('E-posta').fill(lead.email);
    await dialog.getByLabel('Mesaj').fill(lead.message);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await context.close();
  }
}

async function shootSection(page: Page, section: Locator, file: string, size: string): Promise<void> {
  await section.screenshot({ path: join(SCREENSHOT_DIR, `${file}-${size}.png`), animations: 'disabled' });
}

for (const [size, options] of SIZES) {
  test(`HubSpot (${size}): connected from /integrations, a lead becomes a contact with a note, then disconnected`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ ...options, baseURL });
    const page = await context.newPage();
    const section = page.getByRole('region', { name: 'HubSpot' });
    const facts = section.getByRole('definition');
    const email = uniqueEmail('hubspot');
    // Every journey's visitor has an address and a number of their own: the journeys share one fake HubSpot account,
    // where a contact is matched by e-mail, then by phone.
    const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
    const visitor = {
      name: 'Zeynep Şahin',
      phone: `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`,
      email: `ziyaretci-${email}`,
      message: `Fuarda tanıştık; Üsküdar’daki daireyi görmek isterim (${email}).`,
    };
    let cardId = '';

    await test.step('an owner signs up and opens /integrations: HubSpot offers to connect', async () => {
      await page.goto('/auth/register');
      await page.getByLabel('Ad', { exact: true }).fill('Gülşen');
      await page.getByLabel('Soyad', { exact: true }).fill('Işıktaş');
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-1');
      await page.getByLabel('Şifre Tekrar', { exact: true }).fill('gizli-sifre-1');
      await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const token = (await storedToken(page)) ?? '';
      expect(token).not.toBe('');
      // The card the visitor will leave a lead on.
      await createProfileViaApi(request, { token, firstName: 'Gülşen', lastName: 'Işıktaş', email });
      cardId = await publicVirtualCard(request, { token }, 'Fuar Kartı');

      await page.goto('/integrations');
      await expect(page.getByRole('heading', { level: 1, name: 'Entegrasyonlar' })).toBeVisible();
      await expect(section.getByRole('button', { name: 'HubSpot’a Bağlan' })).toBeVisible();
      await expect(section).not.toContainText(MESSAGES.hubspotNotConfigured);
      await expectAccessible(page, `/integrations, HubSpot not connected (${size})`);
      await shootSection(page, section, 'hubspot-not-connected', size);
    });

    await test.step('HubSpot’a Bağlan: HubSpot’s consent sends the browser back, and the section is connected', async () => {
      await section.getByRole('button', { name: 'HubSpot’a Bağlan' }).click();
      // Back from the fake's authorize page through the callback; the section drops `?hubspot=connected`.
      await expect(toast(page, MESSAGES.hubspotConnected)).toBeVisible();
      await expect(page).toHaveURL(/\/integrations$/);
      // Straight away, without a reload: the callback's position makes the first read wait for the projection.
      await expect(section.getByText('HubSpot hesabı')).toBeVisible();
      await expect(facts.first()).toHaveText('24681357');
      await expect(section.getByText('0 yeni, 0 güncellenen')).toBeVisible();
      await expect(section.getByRole('button', { name: 'HubSpot’a Bağlan' })).toHaveCount(0);
      await expectAccessible(page, `/integrations, HubSpot connected (${size})`);
      await shootSection(page, section, 'hubspot-connected', size);
    });

    await test.step('a visitor leaves a lead: HubSpot has the contact and its note, the count goes up', async () => {
      await visitorLeavesLead(browser, baseURL, cardId, visitor);
      await expect
        .poll(
          async () => {
            const { contacts, notes } = await fakeHubSpotObjects();
            const contact = contacts.find((each) => each.properties.email === visitor.email);
            const note = notes.find((each) => each.properties.hs_note_body?.includes(email));
            return {
              contact: contact?.properties ?? null,
              noted: note !== undefined && JSON.stringify(note.associations).includes(`"${contact?.id ?? '-'}"`),
            };
          },
          { timeout: 20_000 },
        )
        .toEqual({
          contact: { email: visitor.email, firstname: 'Zeynep', lastname: 'Şahin', phone: `+90532${digits}` },
          noted: true,
        });
      // The owner's screen reads the count when it loads: a reload shows it once the projection has it.
      await expect(async () => {
        await page.reload();
        await expect(section.getByText('1 yeni, 0 güncellenen')).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expectAccessible(page, `/integrations, HubSpot with a synced contact (${size})`);
      await shootSection(page, section, 'hubspot-synced', size);
    });

    await test.step('Bağlantıyı Kes, confirmed: disconnected, and HubSpot offers to connect again', async () => {
      await section.getByRole('button', { name: 'Bağlantıyı Kes' }).click();
      const dialog = page.getByRole('dialog', { name: 'HubSpot bağlantısı kesilsin mi?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('HubSpot’taki kişiler ve notlar silinmez.');
      await expectAccessible(page, `/integrations, HubSpot disconnect confirm (${size})`);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `hubspot-disconnect-confirm-${size}.png`),
        animations: 'disabled',
      });
      await dialog.getByRole('button', { name: 'Bağlantıyı Kes' }).click();
      await expect(toast(page, MESSAGES.hubspotDisconnected)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(section.getByRole('button', { name: 'HubSpot’a Bağlan' })).toBeVisible();
      await expect(section.getByText('HubSpot hesabı')).toHaveCount(0);
      await expectAccessible(page, `/integrations, HubSpot disconnected (${size})`);
      await shootSection(page, section, 'hubspot-disconnected', size);
    });

    await context.close();
  });
}
