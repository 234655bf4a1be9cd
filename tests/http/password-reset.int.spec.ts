import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { newOwner, TEST_PUBLIC_BASE_URL, type TestProduct } from '../support/product.ts';
import { startMailingProduct, until } from '../support/mailing-product.ts';

let product: TestProduct;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url);
});

afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

async function register() {
  const owner = newOwner();
  const response = await product.post('/api/auth/register', owner);
  expect(response.statusCode, response.body).toBe(200);
  return { ...owner, token: (JSON.parse(response.body) as { token: string }).token };
}

/** The reset link of the newest e-mail to `email` with this subject. */
async function mailTo(email: string, subject: string) {
  await until(
    () =>
      smtp.messages.some((mail) => mail.subject === subject && mail.to && 'text' in mail.to && mail.to.text === email),
    `'${subject}' to ${email}`,
  );
  return smtp.messages
    .filter((mail) => mail.subject === subject && mail.to && 'text' in mail.to && mail.to.text === email)
    .at(-1);
}

function tokenIn(text: string | undefined): string {
  const match = /\/auth\/reset-password\?token=([^\s]+)/.exec(text ?? '');
  return decodeURIComponent(match?.[1] ?? '');
}

/** Events other than the e-mail reactors' own outcomes (which earlier stories' e-mails may still be adding). */
async function commandEvents(): Promise<number> {
  const { rows } = await product.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type <> 'EmailSent'`,
  );
  return rows[0]?.n ?? 0;
}

const forgot = (email: string) => product.post('/api/auth/forgot-password', { email });
const reset = (token: string, newPassword: string) => product.post('/api/auth/reset-password', { token, newPassword });

describe('password reset', () => {
  it('given an owner who forgot the password, when they ask and follow the e-mailed link, then the new password works, the old one and every old session do not, and the link works once', async () => {
    const owner = await register();

    // When they ask for a link (typed in capitals), the answer is the one every address gets
    const asked = await forgot(owner.email.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    expect(JSON.parse(asked.body)).toEqual({ success: true, message: MESSAGES.resetLinkSent });

    // Then an e-mail in Turkish brings a link to the reset screen
    const mail = await mailTo(owner.email, 'Şifre sıfırlama bağlantınız');
    expect(mail?.text).toContain('Merhaba Ayşe,');
    expect(mail?.text).toContain(`${TEST_PUBLIC_BASE_URL}/auth/reset-password?token=`);
    const token = tokenIn(mail?.text);
    expect(token).toMatch(/^r1\./);

    // And the token is nowhere in the log
    const { rows } = await product.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1`,
      [`%${token.split('.').at(-1)}%`],
    );
    expect(rows[0]?.n).toBe(0);

    // When the link sets a new password
    const done = await reset(token, 'yepyeni-şifre-2');
    expect(done.statusCode, done.body).toBe(200);
    const body = JSON.parse(done.body) as { token: string; message: string; user: { email: string } };
    expect(body.message).toBe(MESSAGES.passwordResetDone);
    expect(body.user.email).toBe(owner.email);

    // Then the new session works, the old one is over, and only the new password signs in
    expect((await product.get('/api/auth/me', body.token)).statusCode).toBe(200);
    expect((await product.get('/api/auth/me', owner.token)).statusCode).toBe(401);
    expect((await product.post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      401,
    );
    expect(
      (await product.post('/api/auth/login', { email: owner.email, password: 'yepyeni-şifre-2' })).statusCode,
    ).toBe(200);

    // And the link does not work twice, and the owner is told the password changed
    const again = await reset(token, 'baska-sifre-3');
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.body)).toMatchObject({
      success: false,
      message: MESSAGES.resetLinkInvalid,
      field: 'token',
    });
    const notice = await mailTo(owner.email, 'Şifreniz değiştirildi');
    expect(notice?.text).toContain('e-postayla gönderilen bağlantıyla yenilendi');
  });

  it('given two links asked for, when the older one is used, then it is refused and the newer one works', async () => {
    const owner = await register();
    await forgot(owner.email);
    const older = tokenIn((await mailTo(owner.email, 'Şifre sıfırlama bağlantınız'))?.text);
    await forgot(owner.email);
    await until(
      () => smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === owner.email).length === 2,
      'the second link',
    );
    const newer = tokenIn((await mailTo(owner.email, 'Şifre sıfırlama bağlantınız'))?.text);
    expect(newer).not.toBe(older);

    expect((await reset(older, 'yepyeni-şifre-2')).statusCode).toBe(400);
    expect((await reset(newer, 'yepyeni-şifre-2')).statusCode).toBe(200);
  });

  it('given an address no account has, when a link is asked for it, then the answer is the same and no e-mail goes', async () => {
    const events = await commandEvents();
    const asked = await forgot('kimse-yok@example.com');
    expect(asked.statusCode).toBe(200);
    expect(JSON.parse(asked.body)).toEqual({ success: true, message: MESSAGES.resetLinkSent });
    // Nothing recorded, so nothing for a reactor to send
    expect(await commandEvents()).toBe(events);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === 'kimse-yok@example.com'),
    ).toEqual([]);
  });

  it('given bad input, when asked or reset, then a Turkish 4xx answers and nothing is written', async () => {
    const owner = await register();
    await forgot(owner.email);
    const token = tokenIn((await mailTo(owner.email, 'Şifre sıfırlama bağlantınız'))?.text);
    const events = await commandEvents();
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/auth/forgot-password', { email: '' }, 400, MESSAGES.fillAllFields],
      ['/api/auth/forgot-password', { email: 'ayse@' }, 400, MESSAGES.invalidEmail],
      ['/api/auth/forgot-password', { email: 'a\u0000@example.com' }, 400, MESSAGES.unsafeCharacters],
      ['/api/auth/forgot-password', { email: 42 }, 400, ''],
      ['/api/auth/forgot-password', { email: 'x'.repeat(1_000_000) }, 413, MESSAGES.bodyTooLarge],
      ['/api/auth/reset-password', { token, newPassword: '123' }, 400, MESSAGES.passwordTooShort],
      ['/api/auth/reset-password', { token: 'r1.yok', newPassword: 'yepyeni-şifre-2' }, 400, MESSAGES.resetLinkInvalid],
      [
        '/api/auth/reset-password',
        { token: token.slice(0, -2) + 'AA', newPassword: 'yepyeni-şifre-2' },
        400,
        MESSAGES.resetLinkInvalid,
      ],
      ['/api/auth/reset-password', { token: ['x'], newPassword: 'yepyeni-şifre-2' }, 400, ''],
      ['/api/auth/reset-password', { token, newPassword: 'yepyeni-şifre-2', extra: true }, 400, ''],
    ];
    for (const [url, body, status, message] of cases) {
      const response = await product.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBe(
        status,
      );
      const answer = JSON.parse(response.body) as { success: boolean; message: string };
      expect(answer.success).toBe(false);
      if (message) expect(answer.message).toBe(message);
      else expect(answer.message).toMatch(/[a-zçğıöşü]/i);
    }
    expect(await commandEvents()).toBe(events);
    // The good link still works after all that
    expect((await reset(token, 'yepyeni-şifre-2')).statusCode).toBe(200);
  });
});
