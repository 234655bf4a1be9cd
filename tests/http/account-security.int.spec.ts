import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { MESSAGES, MIN_POSITION_HEADER, SECOND_STEP_SETUP_FIELD, type AccountSecurity } from '@kartvizit/schemas';
import { DbIpCityLookup } from '@kartvizit/infra/telemetry/geoip';
import { newOwner, type TestProduct } from '../support/product.ts';
import { startMailingProduct, until } from '../support/mailing-product.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { SoftwareAuthenticator } from '../support/software-authenticator.ts';
import { givenOffice } from '../support/offices.ts';

/**
 * Issue 34: accounts an attacker cannot take over. Two-step sign-in with an authenticator app (TOTP) and recovery codes,
 * passkeys, sessions the owner sees and ends, an office that requires a second step, and the e-mails about them, all
 * through the product's HTTP API with e-mail over SMTP to a real server on loopback.
 */

interface Answer {
  success: boolean;
  message?: string;
  field?: string;
  token?: string;
  deviceToken?: string;
  position?: string;
  twoFactorRequired?: boolean;
  challenge?: string;
  secret?: string;
  otpauthUrl?: string;
  recoveryCodes?: string[];
  options?: Record<string, unknown>;
  passkey?: { id: string; name: string };
  security?: AccountSecurity;
  ended?: number;
  user?: { id: string; email: string };
}

/** Where the sessions' places come from: the product's own GeoIP database, as for visits. */
const TURKISH_ADDRESS = '88.255.96.10';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let smtp: SmtpReceiver;
let product: TestProduct;
let clock = new Date();
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url, {
    securityClock: () => clock,
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

/** Any string, where the test cannot know it (a challenge, a position, a time). */
const anyText: unknown = expect.any(String);

const parse = (response: { body: string }) => JSON.parse(response.body) as Answer;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; userAgent?: string; position?: string } = {},
) {
  const response = await product.app.inject({
    method,
    url,
    remoteAddress: TURKISH_ADDRESS,
    headers: {
      'user-agent': options.userAgent ?? MAC_SAFARI,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.position ? { [MIN_POSITION_HEADER]: options.position } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: parse(response) };
}

interface Owner {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  token: string;
  deviceToken: string;
}

async function registered(): Promise<Owner> {
  const owner = newOwner();
  const answer = await call('POST', '/api/auth/register', { body: owner });
  expect(answer.status).toBe(200);
  return {
    email: owner.email,
    password: owner.password,
    userId: answer.body.user?.id ?? '',
    token: answer.body.token ?? '',
    deviceToken: answer.body.deviceToken ?? '',
  };
}

const login = (owner: Owner, options: { userAgent?: string; deviceTokens?: string[] } = {}) =>
  call('POST', '/api/auth/login', {
    userAgent: options.userAgent,
    body: { email: owner.email, password: owner.password, deviceTokens: options.deviceTokens ?? [owner.deviceToken] },
  });

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
const nextStep = () => {
  clock = new Date(clock.getTime() + 30_000);
};

async function security(token: string, position?: string): Promise<AccountSecurity> {
  const answer = await call('GET', '/api/account/security', { token, position });
  expect(answer.status).toBe(200);
  return answer.body.security as AccountSecurity;
}

/** Turns two-step sign-in on through the API; the secret and the recovery codes as the owner saw them once. */
async function withTwoFactor(owner: Owner): Promise<{ secret: string; recoveryCodes: string[]; position: string }> {
  const setup = await call('POST', '/api/auth/2fa/setup', { token: owner.token });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret ?? '';
  const enabled = await call('POST', '/api/auth/2fa/enable', {
    token: owner.token,
    body: { code: await codeAt(secret, clock) },
  });
  expect(enabled.status).toBe(200);
  nextStep();
  return { secret, recoveryCodes: enabled.body.recoveryCodes ?? [], position: enabled.body.position ?? '' };
}

/** Events on the owner's account stream: "nothing was recorded" (e-mail reactors write elsewhere meanwhile). */
async function accountEvents(owner: Owner): Promise<number> {
  const { rows } = await product.pool.query<{ count: string }>('SELECT count(*) FROM events WHERE stream_id = $1', [
    `account-${owner.userId}`,
  ]);
  return Number(rows[0]?.count ?? 0);
}

const mailsTo = (email: string, subject: string) =>
  smtp.messages.filter((mail) => mail.subject === subject && mail.to && JSON.stringify(mail.to).includes(email));

describe('turning on two-step sign-in', () => {
  it('given a setup, when a wrong code and then the right one are sent, then only the right one turns it on, with ten recovery codes shown once and an e-mail', async () => {
    const owner = await registered();
    const setup = await call('POST', '/api/auth/2fa/setup', { token: owner.token });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl ?? '');
    expect(url.searchParams.get('secret')).toBe(secret);

    // Not yet in force: signing in still takes the password alone.
    expect((await login(owner)).body.token).toBeTruthy();
    const right = await codeAt(secret, clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', '/api/auth/2fa/enable', { token: owner.token, body: { code: wrong } });
    expect(refused).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepCodeWrong, field: 'code' },
    });

    const enabled = await call('POST', '/api/auth/2fa/enable', { token: owner.token, body: { code: right } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toBe(MESSAGES.twoFactorEnabled);
    const codes = enabled.body.recoveryCodes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const view = await security(owner.token, enabled.body.position);
    expect(view.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Twice is a conflict; a second setup while on is refused.
    expect((await call('POST', '/api/auth/2fa/setup', { token: owner.token })).status).toBe(409);
    await until(() => mailsTo(owner.email, 'İki adımlı doğrulama açıldı').length === 1, 'the two-step e-mail');
    nextStep();
  });

  it('given two-step sign-in turned on, then every other session of the account has ended and this one goes on', async () => {
    const owner = await registered();
    const elsewhere = (await login(owner, { userAgent: ANDROID_CHROME })).body.token ?? '';
    expect((await call('GET', '/api/auth/me', { token: elsewhere })).status).toBe(200);
    await withTwoFactor(owner);
    expect((await call('GET', '/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: owner.token })).status).toBe(200);
  });
});

describe('signing in with two steps', () => {
  it('given two-step sign-in, when the password is right, then the answer is a challenge and no session; the code completes it', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const first = await login(owner);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      twoFactorRequired: true,
      challenge: anyText,
      message: MESSAGES.secondStepRequired,
    });
    expect(first.body.token).toBeUndefined();

    const verified = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge: first.body.challenge, code: await codeAt(secret, clock) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user?.id).toBe(owner.userId);
    expect((await call('GET', '/api/auth/me', { token: verified.body.token })).status).toBe(200);
  });

  it('refuses a wrong code, keeps the challenge for a retry, and a challenge once used works no more', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const { challenge } = (await login(owner)).body;
    const right = await codeAt(secret, clock);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    const events = await accountEvents(owner);
    expect(await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: wrong } })).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepCodeWrong, field: 'code' },
    });
    expect(await accountEvents(owner)).toBe(events);
    expect((await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: right } })).status).toBe(200);
    nextStep();
    const again = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge, code: await codeAt(secret, clock) },
    });
    expect(again).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepChallengeInvalid, field: 'challenge' },
    });
  });

  it('refuses a code used once already in its window, and takes the next window’s code and one step of drift', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const code = await codeAt(secret, clock);
    const firstChallenge = (await login(owner)).body.challenge;
    expect((await call('POST', '/api/auth/2fa/verify', { body: { challenge: firstChallenge, code } })).status).toBe(
      200,
    );

    const secondChallenge = (await login(owner)).body.challenge;
    expect(await call('POST', '/api/auth/2fa/verify', { body: { challenge: secondChallenge, code } })).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepCodeReused, field: 'code' },
    });
    // The phone's clock half a minute ahead: the next step's code is taken.
    const ahead = await codeAt(secret, new Date(clock.getTime() + 30_000));
    expect(
      (await call('POST', '/api/auth/2fa/verify', { body: { challenge: secondChallenge, code: ahead } })).status,
    ).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
  });

  it('refuses a challenge past its five minutes, and one that never was', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const { challenge } = (await login(owner)).body;
    clock = new Date(clock.getTime() + 5 * 60_000 + 1_000);
    const late = await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: await codeAt(secret, clock) } });
    expect(late).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepChallengeInvalid, field: 'challenge' },
    });
    const forged = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge: 'x'.repeat(43), code: await codeAt(secret, clock) },
    });
    expect(forged.status).toBe(400);
    nextStep();
  });

  it("refuses another owner's challenge with this owner's code: the challenge names whose code it takes", async () => {
    const victim = await registered();
    const attacker = await registered();
    await withTwoFactor(victim);
    const { secret: attackerSecret } = await withTwoFactor(attacker);
    const victimChallenge = (await login(victim)).body.challenge;
    const answer = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge: victimChallenge, code: await codeAt(attackerSecret, clock) },
    });
    expect(answer).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.secondStepCodeWrong, field: 'code' },
    });
    expect(answer.body.token).toBeUndefined();
    nextStep();
  });

  it('locks the codes of an account after five wrong ones: the sixth wrong one starts the lock, then even the right code is a 429 even with the right code', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const { challenge } = (await login(owner)).body;
    const right = await codeAt(secret, clock);
    const wrong = String((Number(right) + 3) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: wrong } })).status).toBe(400);
    }
    const locked = await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: right } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Çok fazla hatalı doğrulama kodu girildi/);
    // A fresh challenge (the password again) is counted on the same account.
    const fresh = (await login(owner)).body.challenge;
    expect((await call('POST', '/api/auth/2fa/verify', { body: { challenge: fresh, code: right } })).status).toBe(429);
  });

  it('takes each recovery code once, in any case and without its dash, and counts what is left', async () => {
    const owner = await registered();
    const { recoveryCodes } = await withTwoFactor(owner);
    const [first = '', second = ''] = recoveryCodes;
    const challenge = (await login(owner)).body.challenge;
    const used = await call('POST', '/api/auth/2fa/verify', { body: { challenge, code: first.toUpperCase() } });
    expect(used.status).toBe(200);

    const again = (await login(owner)).body.challenge;
    expect(await call('POST', '/api/auth/2fa/verify', { body: { challenge: again, code: first } })).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.recoveryCodeWrong, field: 'code' },
    });
    const other = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge: again, code: second.replace('-', '') },
    });
    expect(other.status).toBe(200);
    const view = await security(other.body.token ?? '', other.body.position);
    expect(view.twoFactor.recoveryCodesLeft).toBe(8);
    expect(view.sessions.find((session) => session.current)?.method).toBe('recovery-code');
  });

  it('asks for the code after a password reset too: the link proves the mailbox, not the second step', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: owner.email } })).status).toBe(200);
    await until(() => mailsTo(owner.email, 'Şifre sıfırlama bağlantınız').length === 1, 'the reset link');
    const mail = mailsTo(owner.email, 'Şifre sıfırlama bağlantınız')[0];
    const token = /token=([^"&\s]+)/.exec(String(mail?.text))?.[1] ?? '';
    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token: decodeURIComponent(token), newPassword: 'Yepyeni-Sifre-2026' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.twoFactorRequired).toBe(true);
    expect(reset.body.token).toBeUndefined();
    const verified = await call('POST', '/api/auth/2fa/verify', {
      body: { challenge: reset.body.challenge, code: await codeAt(secret, clock) },
    });
    expect(verified.status).toBe(200);
    nextStep();
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password and a code; a wrong one changes nothing; then the password alone signs in, and an e-mail says so', async () => {
    const owner = await registered();
    const { secret } = await withTwoFactor(owner);
    const events = await accountEvents(owner);
    const wrongPassword = await call('POST', '/api/auth/2fa/disable', {
      token: owner.token,
      body: { password: 'yanlis-sifre-123', code: await codeAt(secret, clock) },
    });
    expect(wrongPassword).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.currentPasswordWrong, field: 'password' },
    });
    const noCode = await call('POST', '/api/auth/2fa/disable', {
      token: owner.token,
      body: { password: owner.password, code: '' },
    });
    expect(noCode.body).toEqual({ success: false, message: MESSAGES.twoFactorDisableFieldsMissing, field: 'code' });
    expect(await accountEvents(owner)).toBe(events);
    expect((await login(owner)).body.twoFactorRequired).toBe(true);

    const off = await call('POST', '/api/auth/2fa/disable', {
      token: owner.token,
      body: { password: owner.password, code: await codeAt(secret, clock) },
    });
    expect(off).toEqual({
      status: 200,
      body: { success: true, message: MESSAGES.twoFactorDisabled, position: anyText },
    });
    expect((await login(owner)).body.token).toBeTruthy();
    expect((await security(owner.token, off.body.position)).twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    await until(() => mailsTo(owner.email, 'İki adımlı doğrulama kapatıldı').length === 1, 'the off e-mail');
    nextStep();
  });
});

describe('sessions', () => {
  it('lists each sign-in with its device, browser and place, the current one first; another device is e-mailed about', async () => {
    const owner = await registered();
    const phone = await login(owner, { userAgent: ANDROID_CHROME, deviceTokens: [] });
    expect(phone.status).toBe(200);
    const view = await security(owner.token, phone.body.position);
    expect(view.sessions).toHaveLength(2);
    const [current, other] = view.sessions;
    expect(current).toMatchObject({ current: true, method: 'registration', browser: 'Safari', os: 'macOS' });
    const place = await new DbIpCityLookup().locate(TURKISH_ADDRESS);
    expect(place.country).not.toBeNull();
    expect(other).toMatchObject({
      current: false,
      method: 'password',
      device: 'mobile',
      browser: 'Chrome',
      os: 'Android',
      country: place.country,
      city: place.city,
    });
    await until(
      () => mailsTo(owner.email, 'Hesabınıza yeni bir cihazdan giriş yapıldı').length === 1,
      'the new device e-mail',
    );
    const mail = mailsTo(owner.email, 'Hesabınıza yeni bir cihazdan giriş yapıldı')[0];
    expect(mail?.text).toContain('Chrome, Android (telefon)');
    expect(mail?.text).not.toContain(TURKISH_ADDRESS);
    // From a browser that signed in before (its device token), no e-mail.
    await login(owner, { deviceTokens: [owner.deviceToken] });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(owner.email, 'Hesabınıza yeni bir cihazdan giriş yapıldı')).toHaveLength(1);
  });

  it('given a session ended from another device, then its token is refused at its next request in both services', async () => {
    const owner = await registered();
    const phone = await login(owner, { userAgent: ANDROID_CHROME });
    const phoneToken = phone.body.token ?? '';
    const view = await security(owner.token, phone.body.position);
    const phoneSession = view.sessions.find((session) => !session.current)?.id ?? '';
    expect((await call('GET', '/api/cards/my-cards', { token: phoneToken })).status).toBe(200);

    const ended = await call('DELETE', `/api/account/sessions/${phoneSession}`, { token: owner.token });
    expect(ended.body).toEqual({ success: true, message: MESSAGES.sessionEnded, position: anyText });
    expect((await call('GET', '/api/cards/my-cards', { token: phoneToken })).status).toBe(401);
    expect(
      (await call('PUT', '/api/account/name', { token: phoneToken, body: { firstName: 'A', lastName: 'B' } })).status,
    ).toBe(401);
    expect((await security(owner.token, ended.body.position)).sessions.map((session) => session.id)).not.toContain(
      phoneSession,
    );
    // Ended twice: not found.
    expect((await call('DELETE', `/api/account/sessions/${phoneSession}`, { token: owner.token })).status).toBe(404);
  });

  it("cannot end another owner's session: a 404, and that session goes on", async () => {
    const owner = await registered();
    const stranger = await registered();
    const strangerSession = (await security(stranger.token)).sessions[0]?.id ?? '';
    const events = [await accountEvents(owner), await accountEvents(stranger)];
    const answer = await call('DELETE', `/api/account/sessions/${strangerSession}`, { token: owner.token });
    expect(answer).toEqual({ status: 404, body: { success: false, message: MESSAGES.sessionNotFound } });
    expect((await call('DELETE', '/api/account/sessions/bir-oturum', { token: owner.token })).status).toBe(404);
    expect([await accountEvents(owner), await accountEvents(stranger)]).toEqual(events);
    expect((await call('GET', '/api/auth/me', { token: stranger.token })).status).toBe(200);
  });

  it('ends every other session at once, and signing out ends this one', async () => {
    const owner = await registered();
    const others = await Promise.all([login(owner), login(owner, { userAgent: ANDROID_CHROME })]);
    const ended = await call('POST', '/api/account/sessions/end-others', { token: owner.token });
    expect(ended.body).toMatchObject({ success: true, message: MESSAGES.otherSessionsEnded, ended: 2 });
    for (const other of others)
      expect((await call('GET', '/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await call('POST', '/api/account/sessions/end-others', { token: owner.token })).body).toMatchObject({
      message: MESSAGES.noOtherSessions,
      ended: 0,
    });
    expect((await security(owner.token, ended.body.position)).sessions).toHaveLength(1);

    const out = await call('POST', '/api/auth/logout', { token: owner.token });
    expect(out.body).toMatchObject({ success: true, message: MESSAGES.signedOut });
    expect((await call('GET', '/api/auth/me', { token: owner.token })).status).toBe(401);
  });

  it('a password change ends every other session and keeps this one with a new token', async () => {
    const owner = await registered();
    const phone = (await login(owner, { userAgent: ANDROID_CHROME })).body.token ?? '';
    const changed = await call('POST', '/api/auth/change-password', {
      token: owner.token,
      body: { currentPassword: owner.password, newPassword: 'Baska-Bir-Sifre-2026' },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: phone })).status).toBe(401);
    const view = await security(changed.body.token ?? '', changed.body.position);
    expect(view.sessions).toHaveLength(1);
    expect(view.sessions[0]?.current).toBe(true);
  });
});

describe('passkeys', () => {
  const authenticator = () => new SoftwareAuthenticator(product.publicBaseUrl);

  it('registers a passkey with a name, e-mails about it, and signs in with it alone, counting as both steps', async () => {
    const owner = await registered();
    const device = authenticator();
    const options =
      (await call('POST', '/api/auth/passkeys/register/options', { token: owner.token })).body.options ?? {};
    expect(options).toMatchObject({ rp: { id: new URL(product.publicBaseUrl).hostname }, attestation: 'none' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const created = device.register(options);
    const added = await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: '  İş   bilgisayarı ', response: created.response },
    });
    expect(added.status).toBe(200);
    expect(added.body.passkey).toMatchObject({ name: 'İş bilgisayarı' });
    await until(() => mailsTo(owner.email, 'Hesabınıza bir geçiş anahtarı eklendi').length === 1, 'the passkey e-mail');

    // Two-step sign-in on as well: the passkey still signs in without a code.
    await withTwoFactor(owner);
    const loginOptions = (await call('POST', '/api/auth/passkeys/login/options', { body: {} })).body.options ?? {};
    expect(loginOptions).toMatchObject({ userVerification: 'required' });
    expect(loginOptions.allowCredentials ?? []).toEqual([]);
    const signedIn = await call('POST', '/api/auth/passkeys/login', {
      userAgent: ANDROID_CHROME,
      body: { response: device.authenticate(loginOptions, created.id), deviceTokens: [owner.deviceToken] },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user?.id).toBe(owner.userId);
    const view = await security(signedIn.body.token ?? '', signedIn.body.position);
    expect(view.sessions.find((session) => session.current)?.method).toBe('passkey');
    expect(view.passkeys).toEqual([
      { id: added.body.passkey?.id, name: 'İş bilgisayarı', createdAt: anyText, lastUsedAt: anyText },
    ]);

    // The same signed assertion again: its challenge is used up.
    const replay = await call('POST', '/api/auth/passkeys/login', {
      body: { response: device.authenticate(loginOptions, created.id) },
    });
    expect(replay).toEqual({ status: 401, body: { success: false, message: MESSAGES.passkeySignInFailed } });
  });

  it('refuses a registration answering another ceremony, a forged response and an empty name, storing nothing', async () => {
    const owner = await registered();
    const other = await registered();
    const device = authenticator();
    const otherOptions =
      (await call('POST', '/api/auth/passkeys/register/options', { token: other.token })).body.options ?? {};
    const events = await accountEvents(owner);
    // Signed for the other owner's ceremony, posted by this owner: refused.
    const stolen = await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: 'Telefon', response: device.register(otherOptions).response },
    });
    expect(stolen).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.passkeyRegistrationFailed, field: 'response' },
    });
    const forged = await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: 'Telefon', response: { id: 'x', response: { clientDataJSON: 'e30' } } },
    });
    expect(forged.status).toBe(400);
    const options =
      (await call('POST', '/api/auth/passkeys/register/options', { token: owner.token })).body.options ?? {};
    const unnamed = await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: '   ', response: device.register(options).response },
    });
    expect(unnamed.body).toEqual({ success: false, message: MESSAGES.passkeyNameMissing, field: 'name' });
    expect(await accountEvents(owner)).toBe(events);
    const { rows } = await product.pool.query('SELECT 1 FROM account_passkeys WHERE user_id = $1', [owner.userId]);
    expect(rows).toHaveLength(0);
  });

  it("removes a passkey: it signs in no more; another owner's passkey is not found", async () => {
    const owner = await registered();
    const stranger = await registered();
    const device = authenticator();
    const options =
      (await call('POST', '/api/auth/passkeys/register/options', { token: owner.token })).body.options ?? {};
    const created = device.register(options);
    const added = await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: 'Telefon', response: created.response },
    });
    const passkeyId = added.body.passkey?.id ?? '';
    expect((await call('DELETE', `/api/auth/passkeys/${passkeyId}`, { token: stranger.token })).status).toBe(404);
    const removed = await call('DELETE', `/api/auth/passkeys/${passkeyId}`, { token: owner.token });
    expect(removed.body).toMatchObject({ success: true, message: MESSAGES.passkeyRemoved });
    const loginOptions = (await call('POST', '/api/auth/passkeys/login/options', { body: {} })).body.options ?? {};
    const refused = await call('POST', '/api/auth/passkeys/login', {
      body: { response: device.authenticate(loginOptions, created.id) },
    });
    expect(refused.status).toBe(401);
    expect((await security(owner.token, removed.body.position)).passkeys).toEqual([]);
  });
});

describe('an office that requires a second step', () => {
  it('leads a member without one to set it up before anything else, and lets them on once they have', async () => {
    const admin = await registered();
    const member = await registered();
    const adminSecret = await withTwoFactor(admin);
    const office = await givenOffice(product, {
      members: [
        { userId: admin.userId, role: 'admin' },
        { userId: member.userId, role: 'agent' },
      ],
    });
    const required = await call('PUT', `/api/offices/${office.officeId}/security`, {
      token: admin.token,
      body: { requireSecondStep: true },
    });
    expect(required.status).toBe(200);
    expect(required.body.message).toBe(MESSAGES.officeSecurityOn);

    await until(
      async () => (await call('GET', '/api/cards/my-cards', { token: member.token })).status === 403,
      'the policy projected',
    );
    const blocked = await call('GET', '/api/cards/my-cards', { token: member.token });
    expect(blocked.body).toEqual({
      success: false,
      message: MESSAGES.secondStepSetupRequired,
      field: SECOND_STEP_SETUP_FIELD,
    });
    expect(
      (await call('PUT', '/api/account/name', { token: member.token, body: { firstName: 'A', lastName: 'B' } })).status,
    ).toBe(403);
    // What sets it up stays open, and says why.
    const view = await call('GET', '/api/account/security', { token: member.token });
    expect(view.body.security?.officeRequiresSecondStep).toBe(true);
    expect((await call('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    // The admin, who has one, goes on.
    expect((await call('GET', '/api/cards/my-cards', { token: admin.token })).status).toBe(200);

    await withTwoFactor(member);
    expect((await call('GET', '/api/cards/my-cards', { token: member.token })).status).toBe(200);
    // A member (not an admin) may not change the office's policy: told so, as for every admin's work.
    const changed = await call('PUT', `/api/offices/${office.officeId}/security`, {
      token: member.token,
      body: { requireSecondStep: false },
    });
    expect(changed.status).toBe(403);
    expect(changed.body.field).toBeUndefined();
    // Turning it off while the office requires it, with no passkey: refused.
    const off = await call('POST', '/api/auth/2fa/disable', {
      token: admin.token,
      body: { password: admin.password, code: await codeAt(adminSecret.secret, clock) },
    });
    expect(off.body).toEqual({ success: false, message: MESSAGES.twoFactorRequiredByOffice });
    nextStep();
  });
});

describe('secrets', () => {
  it('keeps TOTP secrets, recovery codes and passkeys’ keys in no event, read model or log line', async () => {
    const owner = await registered();
    const { secret, recoveryCodes } = await withTwoFactor(owner);
    const device = new SoftwareAuthenticator(product.publicBaseUrl);
    const options =
      (await call('POST', '/api/auth/passkeys/register/options', { token: owner.token })).body.options ?? {};
    const created = device.register(options);
    await call('POST', '/api/auth/passkeys', {
      token: owner.token,
      body: { name: 'Anahtar', response: created.response },
    });
    const { rows: keys } = await product.pool.query<{ public_key: Buffer }>(
      'SELECT public_key FROM account_passkeys WHERE user_id = $1',
      [owner.userId],
    );
    const publicKey = keys[0]?.public_key.toString('base64') ?? 'none';
    const needles = [secret, ...recoveryCodes, recoveryCodes[0]?.replace('-', '') ?? '', publicKey];
    const { rows: tables } = await product.pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND (table_name LIKE 'rm_%' OR table_name = 'events')`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['events', 'rm_security_sessions']));
    for (const { name } of tables) {
      for (const needle of needles) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${name}" AS t WHERE t::text ILIKE $1`,
          [`%${needle}%`],
        );
        expect(Number(rows[0]?.count), `${name} holds a secret`).toBe(0);
      }
    }
    // The secret at rest is sealed, never the text.
    const { rows: stored } = await product.pool.query<{ secret: Buffer }>(
      'SELECT secret FROM account_two_factor WHERE user_id = $1',
      [owner.userId],
    );
    expect(stored[0]?.secret.toString('latin1')).not.toContain(secret);
    // The answers after setup never repeat them.
    const view = JSON.stringify(await security(owner.token));
    for (const needle of needles) expect(view).not.toContain(needle);
    for (const line of logLines) for (const needle of needles) expect(line).not.toContain(needle);
  });
});
