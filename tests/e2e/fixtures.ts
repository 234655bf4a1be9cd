import { randomUUID } from 'node:crypto';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

/** A phone as the visitor's journeys use it (390×844, touch, Turkish, Istanbul time). */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'tr-TR',
  timezoneId: 'Europe/Istanbul',
};
/** The desktop every screen is also looked at on. */
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Copy the screens and the server must agree on (SPEC §5, §8). */
export const TEXT = {
  fillAll: 'Lütfen tüm alanları doldurun',
  passwordShort: 'Şifre en az 6 karakter uzunluğunda olmalıdır',
  passwordsDiffer: 'Şifreler eşleşmiyor',
  invalidEmail: 'Geçerli bir e-posta adresi girin',
  emailTaken: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var',
  badCredentials: 'E-posta veya şifre hatalı',
  registered: 'Kayıt başarılı! Yönlendiriliyorsunuz...',
  signedIn: 'Giriş başarılı!',
  sessionEnded: 'Oturumunuz sonlandı, lütfen tekrar giriş yapın.',
  comingSoon: 'Bu bölüm yakında kullanıma açılacak',
} as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly token: string;
}

/** Creates a user through the real API, for journeys that are not about registering. */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<Omit<Account, 'token'>> = {},
): Promise<Account> {
  const body = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'gizli-sifre-1',
    firstName: overrides.firstName ?? 'Çağrı',
    lastName: overrides.lastName ?? 'Öztürk',
  };
  const response = await request.post('/api/auth/register', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  const json = (await response.json()) as { token: string };
  return { ...body, token: json.token };
}

/** Signs the browser in the way the app itself does: the token in localStorage. */
export async function plantToken(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

export function alertWith(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Every test that asks for `account` gets a user of its own. */
export const test = base.extend<{ account: Account }>({
  account: async ({ request }, use) => {
    await use(await registerViaApi(request));
  },
});

export { expect };

// Cards: physical cards provisioned into the running server's database, profiles for card owners.
export * from './card-fixtures.ts';
