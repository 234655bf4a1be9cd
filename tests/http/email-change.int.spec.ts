import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import {
  MESSAGES,
  MIN_POSITION_HEADER,
  accountStreamId,
  emailChangeSentMessage,
  mailStreamId,
  type AccountEvent,
} from '@kartvizit/schemas';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { newOwner, TEST_PUBLIC_BASE_URL, type TestProduct } from '../support/product.ts';
import { startMailingProduct, until } from '../support/mailing-product.ts';
import { createProfile, send, virtualCardId } from './card-fixtures.ts';
import { submitLead, visitorForm } from './lead-fixtures.ts';

let product: TestProduct;
let smtp: SmtpReceiver;
/** How far the account routes' clock is ahead of the real one (the links' lifetime and the hourly limit). */
let clockAheadMs = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url, { accountClock: () => new Date(Date.now() + clockAheadMs) });
});

afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

const LINK_SUBJECT = 'Yeni e-posta adresinizi onaylayın';
const NOTICE_SUBJECT = 'E-posta adresiniz değiştirildi';
const HEADS_UP_SUBJECT = 'E-posta adresinizi değiştirme isteği';

interface Registered {
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly userId: string;
}

async function register(): Promise<Registered> {
  const owner = newOwner();
  const response = await product.post('/api/auth/register', owner);
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { token: string; user: { id: string } };
  return { email: owner.email, password: owner.password, token: body.token, userId: body.user.id };
}

function uniqueAddress(prefix = 'yeni'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

const recipient = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
const mailsTo = (email: string, subject: string) =>
  smtp.messages.filter((mail) => mail.subject === subject && recipient(mail) === email);

/** The `count`-th e-mail to `email` with this subject, once it has arrived. */
async function mailTo(email: string, subject: string, count = 1): Promise<ParsedMail> {
  await until(() => mailsTo(email, subject).length >= count, `'${subject}' #${count} to ${email}`);
  const mail = mailsTo(email, subject)[count - 1];
  if (!mail) throw new Error('unreachable');
  return mail;
}

function tokenIn(text: string | undefined): string {
  const match = /\/account\/confirm-email\?token=([^\s]+)/.exec(text ?? '');
  return decodeURIComponent(match?.[1] ?? '');
}

/** Asks for the change and returns the token of the link that reached the new address. */
async function askAndReceive(owner: Registered, newEmail: string, count = 1): Promise<string> {
  const asked = await askChange(owner.token, { newEmail, password: owner.password });
  expect(asked.statusCode, asked.body).toBe(200);
  return tokenIn((await mailTo(newEmail, LINK_SUBJECT, count)).text);
}

const askChange = (token: string, body: unknown) => product.post('/api/account/email', body, token);
const confirm = (token: string) => product.post('/api/account/email/confirm', { token });
const login = (email: string, password: string) => product.post('/api/auth/login', { email, password });

/** Events other than the e-mail reactors' own outcomes (which earlier stories' e-mails may still be adding). */
async function commandEvents(): Promise<number> {
  const { rows } = await product.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type <> 'EmailSent'`,
  );
  return rows[0]?.n ?? 0;
}

async function accountEvents(userId: string): Promise<string[]> {
  const { events } = await product.store.readStream(accountStreamId(userId));
  return events.map((event) => event.type);
}

async function me(token: string, position?: string) {
  const response = await product.get('/api/auth/me', token, position ? { [MIN_POSITION_HEADER]: position } : {});
  return {
    status: response.statusCode,
    email: (JSON.parse(response.body) as { user?: { email: string } }).user?.email,
  };
}

describe('changing the e-mail address', () => {
  it('given an owner signed in on two devices, when they ask for a new address and open the link sent there, then everything follows the new address and the old one is free', async () => {
    const owner = await register();
    const otherDevice = JSON.parse((await login(owner.email, owner.password)).body) as { token: string };
    const newEmail = uniqueAddress();

    // When they ask (typed with capitals), the answer names the new address and nothing has changed yet
    const asked = await askChange(owner.token, { newEmail: `  ${newEmail.toUpperCase()} `, password: owner.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(JSON.parse(asked.body)).toMatchObject({ success: true, message: emailChangeSentMessage(newEmail) });
    expect((await login(newEmail, owner.password)).statusCode).toBe(401);
    expect((await me(owner.token)).email).toBe(owner.email);

    // Then the link goes to the new address, and its token is nowhere in the log
    const token = tokenIn((await mailTo(newEmail, LINK_SUBJECT)).text);
    expect(token).toMatch(/^e1\./);
    const { rows } = await product.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1`,
      [`%${token.split('.').at(-1)}%`],
    );
    expect(rows[0]?.n).toBe(0);

    // When the link is opened
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = JSON.parse(confirmed.body) as {
      token: string;
      message: string;
      position: string;
      user: { id: string; email: string };
    };
    expect(body.message).toBe(MESSAGES.emailChanged);
    expect(body.user).toMatchObject({ id: owner.userId, email: newEmail });

    // Then this browser is signed in anew and every other session is over
    expect((await me(body.token, body.position)).email).toBe(newEmail);
    expect((await me(owner.token)).status).toBe(401);
    expect((await me(otherDevice.token)).status).toBe(401);

    // And only the new address signs in, with the unchanged password
    expect((await login(newEmail, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);

    // And the link is spent
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toMatchObject({ success: false, message: MESSAGES.emailChangeLinkInvalid });

    // And the read model and the KVKK copy have the new address
    const { rows: accounts } = await product.pool.query<{ email: string }>(
      'SELECT email FROM rm_accounts WHERE user_id = $1',
      [owner.userId],
    );
    expect(accounts[0]?.email).toBe(newEmail);
    const exported = await product.get('/api/account/export', body.token, { [MIN_POSITION_HEADER]: body.position });
    expect(exported.statusCode).toBe(200);
    expect((JSON.parse(exported.body) as { hesap: { email: string } }).hesap.email).toBe(newEmail);

    // And the old address is told, naming the new one
    const notice = await mailTo(owner.email, NOTICE_SUBJECT);
    expect(notice.text).toContain('Merhaba Ayşe,');
    expect(notice.text).toContain(`${newEmail} olarak değiştirildi`);
    expect(notice.text).toContain('Bu değişikliği siz yapmadıysanız');

    // And a forgotten password is sent to the new address
    expect((await product.post('/api/auth/forgot-password', { email: newEmail })).statusCode).toBe(200);
    await mailTo(newEmail, 'Şifre sıfırlama bağlantınız');

    // And the old address can be registered by someone else
    const stranger = newOwner({ email: owner.email, firstName: 'Zeynep' });
    expect((await product.post('/api/auth/register', stranger)).statusCode).toBe(200);
    expect((await login(owner.email, stranger.password)).statusCode).toBe(200);

    // And the outcomes name what was sent, never to whom
    await until(async () => {
      const { events } = await product.store.readStream(mailStreamId(owner.userId));
      const kinds = events.map((event) => (event.data as { kind: string }).kind);
      return kinds.includes('email-change') && kinds.includes('email-changed');
    }, 'both EmailSent recorded');
    const { events } = await product.store.readStream(mailStreamId(owner.userId));
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain('@');
  });

  it('given an owner who moved to a new address, when they move back to the old one, then it is theirs again', async () => {
    const owner = await register();
    const newEmail = uniqueAddress('gecici');
    const moved = JSON.parse((await confirm(await askAndReceive(owner, newEmail))).body) as { token: string };

    const back = await askChange(moved.token, { newEmail: owner.email, password: owner.password });
    expect(back.statusCode, back.body).toBe(200);
    const done = await confirm(tokenIn((await mailTo(owner.email, LINK_SUBJECT)).text));
    expect(done.statusCode, done.body).toBe(200);

    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(newEmail, owner.password)).statusCode).toBe(401);
    expect((await product.post('/api/auth/register', newOwner({ email: newEmail }))).statusCode).toBe(200);
  });

  it('given an owner who moved to a new address, when they delete the account, then the new address is free and the old one stays free', async () => {
    const owner = await register();
    const newEmail = uniqueAddress('silinecek');
    const moved = JSON.parse((await confirm(await askAndReceive(owner, newEmail))).body) as { token: string };

    const deleted = await product.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${moved.token}` },
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await login(newEmail, owner.password)).statusCode).toBe(401);
    expect((await product.post('/api/auth/register', newOwner({ email: newEmail }))).statusCode).toBe(200);
    expect((await product.post('/api/auth/register', newOwner({ email: owner.email }))).statusCode).toBe(200);
  });

  it('given a pending link, when the account is deleted, then the link changes nothing', async () => {
    const owner = await register();
    const token = await askAndReceive(owner, uniqueAddress('bekleyen'));
    const deleted = await product.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(JSON.parse(late.body)).toMatchObject({ message: MESSAGES.emailChangeLinkInvalid });
  });

  it('given an owner with a card, when their address has changed, then a visitor’s details are e-mailed to the new address', async () => {
    const owner = await register();
    await createProfile(product, owner);
    const cardId = virtualCardId();
    expect(
      (await send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: 'Ofis' })).statusCode,
    ).toBe(200);
    expect((await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Ofis' })).statusCode).toBe(
      200,
    );
    const newEmail = uniqueAddress();
    expect((await confirm(await askAndReceive(owner, newEmail))).statusCode).toBe(200);

    const submitted = await submitLead(product, visitorForm(product, cardId, { fullName: 'Gökhan Işık' }));
    expect(submitted.statusCode, submitted.body).toBe(200);

    const alert = await mailTo(newEmail, 'Yeni bağlantı: Gökhan Işık');
    expect(alert.text).toContain('Merhaba Ayşe,');
    expect(mailsTo(owner.email, 'Yeni bağlantı: Gökhan Işık')).toEqual([]);
  });

  it('given bad input, when asked or confirmed, then a Turkish 4xx answers and nothing is written', async () => {
    const owner = await register();
    const live = await askAndReceive(owner, uniqueAddress());
    const events = await commandEvents();
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/account/email', { newEmail: '', password: owner.password }, 400, MESSAGES.emailChangeFieldsMissing],
      ['/api/account/email', { newEmail: 'yeni@example.org', password: '' }, 400, MESSAGES.emailChangeFieldsMissing],
      ['/api/account/email', { newEmail: 'yeni@example.org' }, 400, MESSAGES.emailChangeFieldsMissing],
      ['/api/account/email', {}, 400, MESSAGES.emailChangeFieldsMissing],
      ['/api/account/email', { newEmail: 'yeni@', password: owner.password }, 400, MESSAGES.invalidEmail],
      [
        '/api/account/email',
        { newEmail: 'ye\u0000ni@example.org', password: owner.password },
        400,
        MESSAGES.unsafeCharacters,
      ],
      ['/api/account/email', { newEmail: 42, password: owner.password }, 400, ''],
      ['/api/account/email', { newEmail: ['a@example.org'], password: owner.password }, 400, ''],
      ['/api/account/email', { newEmail: 'yeni@example.org', password: owner.password, userId: randomUUID() }, 400, ''],
      ['/api/account/email', { newEmail: 'x'.repeat(1_000_000), password: owner.password }, 413, MESSAGES.bodyTooLarge],
      [
        '/api/account/email',
        { newEmail: owner.email.toUpperCase(), password: owner.password },
        400,
        MESSAGES.emailSameAsCurrent,
      ],
      ['/api/account/email/confirm', { token: '' }, 400, MESSAGES.emailChangeLinkInvalid],
      ['/api/account/email/confirm', {}, 400, MESSAGES.emailChangeLinkInvalid],
      ['/api/account/email/confirm', { token: 'e1.yok' }, 400, MESSAGES.emailChangeLinkInvalid],
      ['/api/account/email/confirm', { token: `${live.slice(0, -2)}AA` }, 400, MESSAGES.emailChangeLinkInvalid],
      ['/api/account/email/confirm', { token: `r1.${live.slice(3)}` }, 400, MESSAGES.emailChangeLinkInvalid],
      ['/api/account/email/confirm', { token: 7 }, 400, ''],
      ['/api/account/email/confirm', { token: live, extra: true }, 400, ''],
      ['/api/account/email/confirm', { token: `${live}\u0000` }, 400, MESSAGES.unsafeCharacters],
    ];
    for (const [url, body, status, message] of cases) {
      const response = await product.post(url, body, owner.token);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBe(
        status,
      );
      const answer = JSON.parse(response.body) as { success: boolean; message: string };
      expect(answer.success).toBe(false);
      if (message) expect(answer.message).toBe(message);
      else expect(answer.message).toMatch(/[çğıöşü]/i);
    }
    // Signed out, nothing is asked at all
    expect((await askChange('', { newEmail: 'yeni@example.org', password: owner.password })).statusCode).toBe(401);
    expect(await commandEvents()).toBe(events);
    // The good link still works after all that
    expect((await confirm(live)).statusCode).toBe(200);
  });

  it('given a wrong password, when asking, then a 400 names the field, the session stays and nothing is written', async () => {
    const owner = await register();
    const events = await commandEvents();
    const response = await askChange(owner.token, { newEmail: uniqueAddress(), password: 'yanlis-sifre-1' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      message: MESSAGES.currentPasswordWrong,
      field: 'password',
    });
    expect((await me(owner.token)).status).toBe(200);
    expect(await commandEvents()).toBe(events);
  });

  it('given an address another account has, when asking for it, then a 409 says it is taken and nothing is written', async () => {
    const owner = await register();
    const other = await register();
    const events = await commandEvents();
    const response = await askChange(owner.token, { newEmail: other.email, password: owner.password });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.emailTaken, field: 'newEmail' });
    expect(await commandEvents()).toBe(events);
  });

  it('given a link, when it is opened after its 24 hours, then it is refused and the address stays', async () => {
    const owner = await register();
    const token = await askAndReceive(owner, uniqueAddress());
    clockAheadMs = 24 * 60 * 60_000 + 60_000;
    try {
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(JSON.parse(late.body)).toMatchObject({ message: MESSAGES.emailChangeLinkInvalid, field: 'token' });
    } finally {
      clockAheadMs = 0;
    }
    expect((await me(owner.token)).email).toBe(owner.email);
    expect(await accountEvents(owner.userId)).not.toContain('EmailChanged');
  });

  it('given two links asked for, when the older one is opened, then it is refused and the newer one moves the account to its own address', async () => {
    const owner = await register();
    const firstAddress = uniqueAddress('ilk');
    const secondAddress = uniqueAddress('ikinci');
    const older = await askAndReceive(owner, firstAddress);
    const newer = await askAndReceive(owner, secondAddress);

    expect((await confirm(older)).statusCode).toBe(400);
    const done = await confirm(newer);
    expect(done.statusCode, done.body).toBe(200);
    expect((JSON.parse(done.body) as { user: { email: string } }).user.email).toBe(secondAddress);
    expect((await login(firstAddress, owner.password)).statusCode).toBe(401);
  });

  it('given a pending link, when the password is changed, then the link no longer works', async () => {
    const owner = await register();
    const token = await askAndReceive(owner, uniqueAddress());
    const changed = await product.post(
      '/api/auth/change-password',
      { currentPassword: owner.password, newPassword: 'yepyeni-sifre-2' },
      owner.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('given another account’s link, when it is opened, then it changes that account only, and this one’s sessions and link are untouched', async () => {
    const mine = await register();
    const theirs = await register();
    const myAddress = uniqueAddress('benim');
    const theirAddress = uniqueAddress('onların');
    const myLink = await askAndReceive(mine, myAddress);
    const theirLink = await askAndReceive(theirs, theirAddress);

    const done = await confirm(theirLink);
    expect(done.statusCode).toBe(200);
    expect((JSON.parse(done.body) as { user: { id: string } }).user.id).toBe(theirs.userId);
    expect(await me(mine.token)).toEqual({ status: 200, email: mine.email });
    expect(await accountEvents(mine.userId)).not.toContain('EmailChanged');

    // A link naming my account with their request's signature is a forgery
    const forged = `e1.${mine.userId}.${theirLink.split('.')[2] ?? ''}.${theirLink.split('.')[3] ?? ''}`;
    expect((await confirm(forged)).statusCode).toBe(400);
    expect((await confirm(myLink)).statusCode).toBe(200);
  });

  it('given two accounts asking for the same free address, when both links are opened at once, then exactly one account gets it', async () => {
    const first = await register();
    const second = await register();
    const contested = uniqueAddress('yarisma');
    const firstLink = await askAndReceive(first, contested);
    const secondLink = await askAndReceive(second, contested, 2);

    const answers = await Promise.all([confirm(firstLink), confirm(secondLink)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.statusCode === 409);
    expect(JSON.parse(lost?.body ?? '{}')).toMatchObject({ success: false, message: MESSAGES.emailTaken });

    const winner = answers[0]?.statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect((await login(contested, winner.password)).statusCode).toBe(200);
    expect((JSON.parse((await login(contested, winner.password)).body) as { user: { id: string } }).user.id).toBe(
      winner.userId,
    );
    // The loser keeps their address and their sessions
    expect(await me(loser.token)).toEqual({ status: 200, email: loser.email });
    expect((await login(loser.email, loser.password)).statusCode).toBe(200);
  });

  it('given a link asked for while the address was free, when someone registers it before the link is opened, then the link answers 409 and nothing changes', async () => {
    const owner = await register();
    const address = uniqueAddress('kapilan');
    const token = await askAndReceive(owner, address);
    expect((await product.post('/api/auth/register', newOwner({ email: address }))).statusCode).toBe(200);

    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(JSON.parse(late.body)).toMatchObject({ message: MESSAGES.emailTaken });
    expect(await me(owner.token)).toEqual({ status: 200, email: owner.email });
  });

  it('given three links asked for within an hour, when a fourth is asked, then a Turkish 429 says when, and an hour later it goes', async () => {
    const owner = await register();
    for (let i = 0; i < 3; i += 1) {
      expect((await askChange(owner.token, { newEmail: uniqueAddress(), password: owner.password })).statusCode).toBe(
        200,
      );
    }
    const events = await commandEvents();
    const fourth = await askChange(owner.token, { newEmail: uniqueAddress(), password: owner.password });
    expect(fourth.statusCode).toBe(429);
    expect((JSON.parse(fourth.body) as { message: string }).message).toMatch(
      /^Son bir saat içinde çok fazla onay bağlantısı istediniz\. Lütfen \d+\u00a0dakika sonra tekrar deneyin\.$/,
    );
    expect(await commandEvents()).toBe(events);
    clockAheadMs = 61 * 60_000;
    try {
      expect((await askChange(owner.token, { newEmail: uniqueAddress(), password: owner.password })).statusCode).toBe(
        200,
      );
    } finally {
      clockAheadMs = 0;
    }
  });
});

describe('the e-mail change e-mails', () => {
  it('given a request, when the reactors run, then the link goes in a Turkish e-mail to the new address (encoded subject, the link in text and HTML) and the current address gets a heads-up without it', async () => {
    const owner = await register();
    const newEmail = uniqueAddress('posta');
    const before = smtp.messages.length;
    await askChange(owner.token, { newEmail, password: owner.password });
    const mail = await mailTo(newEmail, LINK_SUBJECT);

    // The subject travelled encoded (UTF-8 words) and decodes to proper Turkish letters
    const rawSubject = mail.headerLines.find((line) => line.key === 'subject')?.line ?? '';
    expect(rawSubject).toMatch(/=\?UTF-8\?/i);
    expect(mail.subject).toBe('Yeni e-posta adresinizi onaylayın');
    expect(mail.text).toContain('Merhaba Ayşe,');
    expect(mail.text).toContain(`${newEmail} olarak değiştirmek istediniz`);
    expect(mail.text).toContain('24 saat geçerlidir');
    expect(mail.text).toContain(`E-posta Adresimi Onayla: ${TEST_PUBLIC_BASE_URL}/account/confirm-email?token=e1.`);
    const token = tokenIn(mail.text);
    expect(mail.html).toContain(
      `href="${TEST_PUBLIC_BASE_URL}/account/confirm-email?token=${encodeURIComponent(token)}"`,
    );
    expect(mail.html).toContain('lang="tr"');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]+\.email-change@kart\.example\.test>$/);

    // And the current address is told of the request, naming the new one, with a way out and no link that confirms
    const headsUp = await mailTo(owner.email, HEADS_UP_SUBJECT);
    expect(headsUp.text).toContain(`${newEmail} olarak değiştirmek için`);
    expect(headsUp.text).toContain(`Şifremi Sıfırla: ${TEST_PUBLIC_BASE_URL}/auth/forgot-password`);
    expect(headsUp.text).not.toContain('confirm-email');
    expect(headsUp.html).not.toContain(token.split('.').at(-1));
    expect(smtp.messages.slice(before).filter((sent) => recipient(sent) === owner.email)).toHaveLength(1);
    // The link works
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('given a request whose day was over before the reactor got to it, when the reactor runs, then no link is sent', async () => {
    const late = await register();
    const lateAddress = uniqueAddress('gec');
    const dayAgo = Date.now() - 25 * 60 * 60_000;
    const expired: AccountEvent = {
      type: 'EmailChangeRequested',
      data: {
        userId: late.userId,
        requestId: randomUUID(),
        newEmail: lateAddress,
        requestedAt: new Date(dayAgo).toISOString(),
        expiresAt: new Date(dayAgo + 24 * 60 * 60_000).toISOString(),
      },
    };
    const { version } = await product.store.readStream(accountStreamId(late.userId));
    await product.store.append([
      { streamId: accountStreamId(late.userId), expected: version, events: [await product.codec.encode(expired)] },
    ]);

    // A request after it in the log: once its link is here, the reactor has looked at the expired one
    const later = await register();
    const laterAddress = uniqueAddress('sonra');
    await askAndReceive(later, laterAddress);
    expect(mailsTo(lateAddress, LINK_SUBJECT)).toEqual([]);
  });

  it('given a request superseded before the reactor got to it, when the reactor runs, then only the newer link is sent', async () => {
    const owner = await register();
    const stale = uniqueAddress('eski');
    const fresh = uniqueAddress('taze');
    // Both requests recorded in one write: when the reactor reaches the older one, the newer one is already there
    const now = Date.now();
    const request = (newEmail: string, offsetMs: number): AccountEvent => ({
      type: 'EmailChangeRequested',
      data: {
        userId: owner.userId,
        requestId: randomUUID(),
        newEmail,
        requestedAt: new Date(now + offsetMs).toISOString(),
        expiresAt: new Date(now + offsetMs + 24 * 60 * 60_000).toISOString(),
      },
    });
    const { version } = await product.store.readStream(accountStreamId(owner.userId));
    await product.store.append([
      {
        streamId: accountStreamId(owner.userId),
        expected: version,
        events: [await product.codec.encode(request(stale, 0)), await product.codec.encode(request(fresh, 1))],
      },
    ]);

    // Each reactor takes events in the log's order: once the newer e-mail is here, the older request was looked at
    await mailTo(fresh, LINK_SUBJECT);
    expect(mailsTo(stale, LINK_SUBJECT)).toEqual([]);
    const headsUp = await mailTo(owner.email, HEADS_UP_SUBJECT);
    expect(headsUp.text).toContain(fresh);
    expect(mailsTo(owner.email, HEADS_UP_SUBJECT)).toHaveLength(1);
  });
});
