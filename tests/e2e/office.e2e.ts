import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { PROFILE_MESSAGES } from '@kartvizit/schemas/profile/messages';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { expectAccessible } from './accessibility.ts';
import {
  createProfileViaApi,
  DESKTOP,
  expect,
  PHONE,
  registerViaApi,
  storedToken,
  test,
  toast,
  uniqueEmail,
  type Account,
} from './fixtures.ts';

/**
 * Issue 30's journey: an admin creates an office and invites two agents by e-mail (the links read from the mail the
 * product really sent); one signs in, the other registers, both accept. The template locks the company and the logo:
 * the agent's office card shows the office's and the agent cannot change them. A visitor leaves a lead on the agent's
 * office card; the agent and the admin see it. The agent is removed: the card returns to the pool, goes to the other
 * agent, opens the other agent's page, and the removed agent no longer sees the lead. Phone and desktop, axe clean.
 */

const LEAD_SUBMITTED = 'Bilgileriniz iletildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.';
const OFFICE_COMPANY = 'Çınar Gayrimenkul Ltd. Şti.';
const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** The page as a person sees it, at phone and desktop sizes, for reading after the run. */
async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const size of [PHONE.viewport, DESKTOP]) {
    if (!size) continue;
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The newest e-mail to `email` that carries an invitation link, and that link. */
async function invitationLink(email: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let link = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(dir).catch(() => [] as string[]);
        const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(dir, file)))));
        const mail = mails
          .filter((one) => one.to && 'text' in one.to && one.to.text === email && /\/invite\//.test(one.text ?? ''))
          .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
          .at(-1);
        link = /https?:\/\/\S+\/invite\/[^\s"<>)]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: `an invitation e-mail to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  account: Account,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), account.token);
  await page.goto('/dashboard');
  return page;
}

async function signedOutPage(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL, serviceWorkers: 'block' });
  return context.newPage();
}

/** Opens an 'OFİS' item of the sidebar (the phone's menu first). */
async function openOfficeScreen(page: Page, label: string): Promise<void> {
  const toggle = page.getByRole('button', { name: /Menü/ });
  if (await toggle.isVisible()) await toggle.click();
  await page
    .getByRole('navigation', { name: 'Panel bölümleri' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test.describe('offices', () => {
  test('an office invites two agents, locks its company on their cards, keeps its leads and hands a card on', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(300_000);
    const suffix = Date.now().toString(36);
    const officeName = `Çınar Emlak ${suffix}`;
    const admin = await registerViaApi(request, { firstName: 'Ayşe', lastName: 'Yılmaz' });
    // The first agent already has an account, a profile and a company of their own; the second is new.
    const agent = await registerViaApi(request, { firstName: 'Mehmet', lastName: 'Demir' });
    await createProfileViaApi(request, agent);
    const newcomerEmail = uniqueEmail('danisman');

    const adminPage = await signedInPage(browser, baseURL, admin, {
      viewport: DESKTOP,
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
    });

    await test.step("the admin creates the office from the sidebar's 'Ofis Oluştur'", async () => {
      await openOfficeScreen(adminPage, 'Ofis Oluştur');
      await adminPage.getByLabel('Ofis adı').fill(officeName);
      await expect(adminPage.getByLabel('Ofis adresi')).toHaveValue(`cinar-emlak-${suffix}`);
      await expect(adminPage.getByText(`/o/cinar-emlak-${suffix}`)).toBeVisible();
      await expectAccessible(adminPage, 'Ofis Oluştur');
      await adminPage.getByRole('button', { name: 'Ofisi Oluştur' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeCreated)).toBeVisible();
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Ofisim' })).toBeVisible();
    });

    await test.step("the admin writes the office's details", async () => {
      await adminPage.getByLabel('Şirket unvanı').fill(OFFICE_COMPANY);
      await adminPage.getByLabel('Taşınmaz Ticareti Yetki Belgesi No').fill('3400123');
      await adminPage.getByRole('button', { name: 'Kaydet', exact: true }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeUpdated)).toBeVisible();
      await expectAccessible(adminPage, 'Ofisim');
    });

    await test.step("the admin gives the office a theme, a bank account and a PNG logo on 'Ofisim'", async () => {
      await adminPage.getByRole('radio', { name: 'Okyanus' }).check();
      await adminPage.getByRole('button', { name: 'Banka Hesabı Ekle' }).click();
      await expect(adminPage.getByLabel('Banka adı')).toBeFocused();
      await adminPage.getByLabel('Banka adı').fill('Ziraat Bankası');
      await adminPage.getByLabel('IBAN').fill('TR33 0006 1005 1978 6457 8413 2');
      await adminPage.getByRole('button', { name: 'Kaydet', exact: true }).click();
      // The profile's own rule, beside the row's field.
      await expect(adminPage.getByLabel('IBAN')).toBeFocused();
      await expect(adminPage.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
      await adminPage.getByLabel('IBAN').fill('TR33 0006 1005 1978 6457 8413 26');
      await adminPage.getByRole('button', { name: 'Kaydet', exact: true }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeUpdated).first()).toBeVisible();
      await adminPage.reload();
      await expect(adminPage.getByRole('radio', { name: 'Okyanus' })).toBeChecked();
      await expect(adminPage.getByLabel('IBAN')).toHaveValue('TR33 0006 1005 1978 6457 8413 26');

      const logoInput = adminPage.getByLabel('Ofis logosu seç');
      await logoInput.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('logo değil') });
      await expect(
        adminPage.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.profileImageNotAnImage }),
      ).toBeVisible();
      const png = await sharp({ create: { width: 240, height: 96, channels: 4, background: '#0e7490' } })
        .png()
        .toBuffer();
      await logoInput.setInputFiles({ name: 'cinar-logo.png', mimeType: 'image/png', buffer: png });
      await expect(toast(adminPage, OFFICE_MESSAGES.officeUpdated).first()).toBeVisible();
      await expect(adminPage.getByRole('img', { name: 'Ofis logosu', exact: true })).toBeVisible();
      await expect(adminPage.getByRole('button', { name: 'Ofis logosu kaldır' })).toBeVisible();
      await expectAccessible(adminPage, 'Ofisim with logo and card values');
      await screenshotBoth(adminPage, 'office-details-admin');
    });

    await test.step('the admin invites both agents as Danışman', async () => {
      await openOfficeScreen(adminPage, 'Ekip');
      for (const email of [agent.email, newcomerEmail]) {
        await adminPage.getByLabel('E-posta adresi').fill(email);
        await adminPage.getByLabel('Rol', { exact: true }).selectOption('agent');
        await adminPage.getByRole('button', { name: 'Davet Gönder' }).click();
        await expect(toast(adminPage, OFFICE_MESSAGES.officeInvitationSent).last()).toBeVisible();
        await expect(adminPage.getByRole('row').filter({ hasText: email })).toContainText('Bekliyor');
      }
      await expectAccessible(adminPage, 'Ekip (Yönetici)');
    });

    const agentPage = await signedOutPage(browser, baseURL, PHONE);
    await test.step('the first agent opens the e-mailed link on a phone, signs in, comes back and accepts', async () => {
      await agentPage.goto(await invitationLink(agent.email));
      await expect(agentPage.getByRole('heading', { level: 1, name: officeName })).toBeVisible();
      await expect(agentPage.getByText('Danışman', { exact: true })).toBeVisible();
      await expectAccessible(agentPage, 'invitation, signed out');
      await agentPage.getByRole('link', { name: 'Giriş Yap' }).click();
      await agentPage.getByLabel('E-posta').fill(agent.email);
      await agentPage.getByLabel('Şifre', { exact: true }).fill(agent.password);
      await agentPage.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(agentPage).toHaveURL(/\/invite\//);
      await agentPage.getByRole('button', { name: 'Daveti Kabul Et' }).click();
      await expect(toast(agentPage, OFFICE_MESSAGES.officeInvitationAccepted)).toBeVisible();
      await expect(agentPage.getByRole('heading', { level: 1, name: 'Ofisim' })).toBeVisible();
      // A Danışman reads the details and does not get the admin's screens.
      await expect(agentPage.getByLabel('Şirket unvanı')).toHaveJSProperty('readOnly', true);
      await expectAccessible(agentPage, 'Ofisim (Danışman)');
    });

    const newcomerPage = await signedOutPage(browser, baseURL, {
      viewport: DESKTOP,
      locale: 'tr-TR',
      timezoneId: 'Europe/Istanbul',
    });
    let newcomer: Account;
    await test.step('the second agent registers from the link and accepts', async () => {
      await newcomerPage.goto(await invitationLink(newcomerEmail));
      await newcomerPage.getByRole('link', { name: 'Kayıt Ol' }).click();
      await newcomerPage.getByLabel('Ad', { exact: true }).fill('Zehra');
      await newcomerPage.getByLabel('Soyad', { exact: true }).fill('Güneş');
      await newcomerPage.getByLabel('E-posta').fill(newcomerEmail);
      await newcomerPage.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-1');
      await newcomerPage.getByLabel('Şifre Tekrar', { exact: true }).fill('gizli-sifre-1');
      await newcomerPage.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
      await expect(newcomerPage).toHaveURL(/\/invite\//);
      await expectAccessible(newcomerPage, 'invitation, signed in');
      await newcomerPage.getByRole('button', { name: 'Daveti Kabul Et' }).click();
      await expect(toast(newcomerPage, OFFICE_MESSAGES.officeInvitationAccepted)).toBeVisible();
      newcomer = {
        email: newcomerEmail,
        password: 'gizli-sifre-1',
        firstName: 'Zehra',
        lastName: 'Güneş',
        token: (await storedToken(newcomerPage)) ?? '',
      };
      await createProfileViaApi(request, newcomer);
    });

    await test.step('the admin sees both in the team and locks the company and the logo in the template', async () => {
      await adminPage.reload();
      await expect(adminPage.getByRole('row').filter({ hasText: 'Mehmet Demir' })).toBeVisible();
      await expect(adminPage.getByRole('row').filter({ hasText: 'Zehra Güneş' })).toBeVisible();
      await openOfficeScreen(adminPage, 'Kart Şablonu');
      await adminPage.getByRole('checkbox', { name: 'Şirket adı: kilitli' }).check();
      await adminPage.getByRole('checkbox', { name: 'Logo: kilitli' }).check();
      await expect(adminPage.getByRole('checkbox', { name: 'Şirket adı: ofisten gelsin' })).toBeChecked();
      await expectAccessible(adminPage, 'Kart Şablonu');
      await adminPage.getByRole('button', { name: 'Şablonu Kaydet' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeTemplateSaved)).toBeVisible();
    });

    let cardId = '';
    await test.step('the admin makes a virtual office card and gives it to the first agent', async () => {
      await openOfficeScreen(adminPage, 'Ofis Kartları');
      await adminPage.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeCardCreated)).toBeVisible();
      const pooled = adminPage
        .getByRole('listitem')
        .filter({ has: adminPage.getByLabel('Kartı verilecek üye') })
        .first();
      cardId = ((await pooled.locator('.office-mono').first().textContent()) ?? '').trim();
      expect(cardId).not.toBe('');
      await pooled.getByLabel('Kartı verilecek üye').selectOption({ label: 'Mehmet Demir' });
      await pooled.getByRole('button', { name: 'Üyeye Ver' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeCardAssigned)).toBeVisible();
      await expect(adminPage.getByRole('listitem').filter({ hasText: cardId })).toContainText('Mehmet Demir');
      await expectAccessible(adminPage, 'Ofis Kartları');
    });

    await test.step("the agent's card shows the office's company; the profile shows it locked, and the API refuses", async () => {
      const visitor = await signedOutPage(browser, baseURL, PHONE);
      await visitor.goto(`/p/${cardId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Mehmet Demir' })).toBeVisible();
      await expect(visitor.getByText(OFFICE_COMPANY).first()).toBeVisible();
      // The logo the template locks is the office's.
      await expect(visitor.locator('img.pc-logo')).toBeVisible();
      expect(
        await visitor.locator('img.pc-logo').evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0);
      await visitor.context().close();

      await openOfficeScreen(agentPage, 'Ofisim');
      await expect(agentPage.getByRole('img', { name: `${officeName} logosu` })).toBeVisible();
      await expect(agentPage.getByLabel('Ofis logosu seç')).toHaveCount(0);
      await expect(agentPage.getByText('Okyanus')).toBeVisible();
      await expectAccessible(agentPage, 'Ofisim, read by a Danışman');
      await screenshotBoth(agentPage, 'office-details-agent');

      await openOfficeScreenFromDashboard(agentPage, '/profile', 'Profil Ayarları');
      await expect(agentPage.getByText(OFFICE_MESSAGES.officeFieldLocked).first()).toBeVisible();
      await expect(agentPage.getByRole('textbox', { name: 'Şirket', exact: true })).toHaveCount(0);
      await expect(agentPage.locator('img.pf-locked__logo')).toBeVisible();
      await expectAccessible(agentPage, 'Profil Ayarları with locked fields');
      await screenshotBoth(agentPage, 'office-profile-locks');

      const refused = await request.put('/api/profile', {
        headers: { authorization: `Bearer ${agent.token}` },
        multipart: {
          firstName: agent.firstName,
          lastName: agent.lastName,
          email: agent.email,
          company: 'Kendi Şirketim',
        },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(OFFICE_MESSAGES.officeFieldLocked);
    });

    await test.step('a visitor leaves a lead on the office card', async () => {
      const visitor = await signedOutPage(browser, baseURL, PHONE);
      await visitor.goto(`/p/${cardId}`);
      await visitor.waitForTimeout(3_500);
      await visitor.getByRole('button', { name: 'Bilgi Gönder' }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
      await dialog.getByLabel('Ad Soyad').fill('Zeynep Kaya');
      await dialog.getByLabel('Telefon').fill('0532 987 65 43');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      await expect(visitor.getByRole('status').filter({ hasText: LEAD_SUBMITTED })).toBeVisible();
      await visitor.context().close();
    });

    await test.step("the agent sees the lead in Bağlantılar; the admin sees it in 'Ofis Bağlantıları' with the agent's name", async () => {
      await openOfficeScreenFromDashboard(agentPage, '/leads', 'Bağlantılar');
      await expect(agentPage.getByRole('list', { name: 'Bağlantılarınız' })).toContainText('Zeynep Kaya');
      await openOfficeScreen(adminPage, 'Ofis Bağlantıları');
      const lead = adminPage
        .getByRole('list', { name: 'Ofisin bağlantıları' })
        .getByRole('listitem')
        .filter({ hasText: 'Zeynep Kaya' });
      await expect(lead).toContainText(cardId);
      await expect(lead).toContainText('Mehmet Demir');
      await expect(lead.getByLabel(/^Durum/)).toHaveValue('new');
      await expectAccessible(adminPage, 'Ofis Bağlantıları');
      await adminPage.screenshot({ path: test.info().outputPath('office-leads-desktop.png'), fullPage: true });
      // On a phone's width too (the sidebar folds away), then back to the desktop.
      await adminPage.setViewportSize({ width: 390, height: 844 });
      await expect(lead).toContainText('Mehmet Demir');
      await expectAccessible(adminPage, 'Ofis Bağlantıları (telefon)');
      await adminPage.screenshot({ path: test.info().outputPath('office-leads-phone.png'), fullPage: true });
      await adminPage.setViewportSize(DESKTOP);
      // An admin follows the lead up too: its status changes on the office's screen.
      await lead.getByLabel(/^Durum/).selectOption('called');
      await expect(toast(adminPage, 'Durum “Arandı” olarak güncellendi')).toBeVisible();
      await expect(adminPage.getByRole('button', { name: /^Arandı/ })).toContainText('1');
    });

    await test.step('the admin downloads the office’s KVKK copy from Ofisim: the lead is in it', async () => {
      await openOfficeScreen(adminPage, 'Ofisim');
      await expect(adminPage.getByRole('region', { name: 'Ofis Verileri' })).toBeVisible();
      await expectAccessible(adminPage, 'Ofisim with Ofis Verileri');
      const downloading = adminPage.waitForEvent('download');
      await adminPage.getByRole('button', { name: 'Ofis Verilerini İndir' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^ofis-verileri-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
        baglantilar: { adSoyad: string }[];
      };
      expect(data.baglantilar.map((lead) => lead.adSoyad)).toContain('Zeynep Kaya');
    });

    await test.step('the admin removes the first agent: the card returns to the pool', async () => {
      await openOfficeScreen(adminPage, 'Ekip');
      await adminPage
        .getByRole('row')
        .filter({ hasText: 'Mehmet Demir' })
        .getByRole('button', { name: 'Ofisten Çıkar' })
        .click();
      const confirm = adminPage.getByRole('dialog', { name: 'Üyeyi ofisten çıkar' });
      await expect(confirm.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
      await expectAccessible(adminPage, 'remove member dialog');
      await confirm.getByRole('button', { name: 'Ofisten Çıkar' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeMemberRemoved)).toBeVisible();
      await expect(adminPage.getByRole('row').filter({ hasText: 'Mehmet Demir' })).toHaveCount(0);
      // The office keeps the lead: its card is in the pool now.
      await openOfficeScreen(adminPage, 'Ofis Bağlantıları');
      await expect(adminPage.getByRole('listitem').filter({ hasText: 'Zeynep Kaya' })).toContainText('Havuzda');
      await openOfficeScreen(adminPage, 'Ofis Kartları');
      const pooled = adminPage.getByRole('listitem').filter({ hasText: cardId });
      await expect(pooled.getByLabel('Kartı verilecek üye')).toBeVisible();
    });

    await test.step('the same card goes to the second agent and opens her page', async () => {
      const pooled = adminPage.getByRole('listitem').filter({ hasText: cardId });
      await pooled.getByLabel('Kartı verilecek üye').selectOption({ label: 'Zehra Güneş' });
      await pooled.getByRole('button', { name: 'Üyeye Ver' }).click();
      await expect(toast(adminPage, OFFICE_MESSAGES.officeCardAssigned)).toBeVisible();
      const visitor = await signedOutPage(browser, baseURL, PHONE);
      await expect
        .poll(async () => {
          await visitor.goto(`/p/${cardId}`);
          return visitor.getByRole('heading', { level: 1 }).first().textContent();
        })
        .toBe('Zehra Güneş');
      await visitor.context().close();
      await openOfficeScreen(adminPage, 'Ofis Bağlantıları');
      await expect(adminPage.getByRole('listitem').filter({ hasText: 'Zeynep Kaya' })).toContainText('Zehra Güneş');
    });

    await test.step('the removed agent no longer sees the lead nor the office, without signing out', async () => {
      await agentPage.reload();
      await expect(agentPage.getByRole('heading', { level: 1, name: 'Bağlantılar' })).toBeVisible();
      await expect(agentPage.getByText('Zeynep Kaya')).toHaveCount(0);
      const toggle = agentPage.getByRole('button', { name: /Menü/ });
      if (await toggle.isVisible()) await toggle.click();
      await expect(
        agentPage.getByRole('navigation', { name: 'Panel bölümleri' }).getByRole('link', { name: 'Ofis Oluştur' }),
      ).toBeVisible();
      await expectAccessible(agentPage, 'Bağlantılar after removal');
    });

    await test.step('the team statistics count the lead under the agent who held the card', async () => {
      await openOfficeScreen(adminPage, 'Takım İstatistikleri');
      const team = adminPage.getByRole('region', { name: 'Takım istatistikleri' });
      await expect(team).toContainText('Mehmet Demir');
      await expectAccessible(adminPage, 'Takım İstatistikleri');
    });

    await test.step('the history tells it all', async () => {
      await openOfficeScreen(adminPage, 'Ofis Geçmişi');
      const history = adminPage.getByRole('list', { name: 'Ofis geçmişi' });
      await expect(history).toContainText('ofisi oluşturdu');
      await expect(history).toContainText('Mehmet Demir ofise katıldı');
      await expect(history).toContainText('Mehmet Demir kişisini ofisten çıkardı');
      await expectAccessible(adminPage, 'Ofis Geçmişi');
    });

    await test.step('a bad invitation link says so in Turkish', async () => {
      const stranger = await signedOutPage(browser, baseURL, PHONE);
      await stranger.goto('/invite/i1.bozuk.bozuk.bozuk');
      await expect(stranger.getByRole('alert')).toContainText(OFFICE_MESSAGES.officeInvitationInvalid);
      await expectAccessible(stranger, 'invitation, bad link');
      await stranger.context().close();
    });
  });
});

/** A signed-in page that is not in the 'OFİS' group, opened by its address. */
async function openOfficeScreenFromDashboard(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
