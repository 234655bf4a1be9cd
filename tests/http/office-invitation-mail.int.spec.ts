import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailStreamId, officeStreamId, type DomainEvent } from '@kartvizit/schemas';
import type { InvitationPreviewResponse } from '@kartvizit/schemas/office/http';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { newOwner, TEST_PUBLIC_BASE_URL, type TestProduct } from '../support/product.ts';
import { startMailingProduct, until } from '../support/mailing-product.ts';
import { givenOffice } from '../support/offices.ts';

/**
 * The invitation e-mail (issue 30): an OfficeInvitationSent (as the office routes append it) brings a Turkish e-mail
 * to the invited address through the real SMTP test server, with the signed link the invitation page opens.
 */
let product: TestProduct;
let smtp: SmtpReceiver;
let admin: { id: string };
let officeId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url);
  const response = await product.post('/api/auth/register', newOwner({ firstName: 'Ayşe', lastName: 'Yılmaz' }));
  expect(response.statusCode, response.body).toBe(200);
  admin = (JSON.parse(response.body) as { user: { id: string } }).user;
  officeId = (
    await givenOffice(product, { name: 'Çınar <Emlak> & Ortakları', members: [{ userId: admin.id, role: 'admin' }] })
  ).officeId;
});

afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

function invitation(email: string, role: 'admin' | 'agent' = 'agent'): DomainEvent & { type: 'OfficeInvitationSent' } {
  const at = new Date();
  return {
    type: 'OfficeInvitationSent',
    data: {
      officeId,
      invitationId: randomUUID(),
      email,
      role,
      expiresAt: new Date(at.getTime() + 7 * 86_400_000).toISOString(),
      invitedBy: admin.id,
      at: at.toISOString(),
    },
  };
}

async function append(events: readonly DomainEvent[]): Promise<void> {
  await product.store.append([
    {
      streamId: officeStreamId(officeId),
      expected: 'any',
      events: await Promise.all(events.map((event) => product.codec.encode(event))),
    },
  ]);
}

const to = (address: string) =>
  smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);

function tokenIn(text: string | undefined): string {
  const match = /\/invite\/([^\s]+)/.exec(text ?? '');
  return decodeURIComponent(match?.[1] ?? '');
}

describe('the office invitation e-mail', () => {
  it('given an admin invites an address as Danışman, then that address gets one Turkish e-mail naming the office, the role and the inviter, with a link the invitation page opens', async () => {
    const address = `eda-${Date.now()}@example.com`;
    await append([invitation(address)]);

    await until(() => to(address).length === 1, 'the invitation delivered');
    const [mail] = to(address);
    expect(mail?.subject).toBe("Çınar <Emlak> & Ortakları sizi Dijital Kartvizit'te ekibine davet ediyor");
    expect(mail?.text).toContain('Ayşe Yılmaz, sizi Çınar <Emlak> & Ortakları ofisine Danışman olarak davet etti.');
    expect(mail?.text).toContain('7 gün');
    expect(mail?.text).toContain('yalnızca bir kez kullanılabilir');
    expect(mail?.text).toContain('bu e-postayı yok sayabilirsiniz');
    expect(mail?.text).toContain(`Daveti Görüntüle: ${TEST_PUBLIC_BASE_URL}/invite/i1.${officeId}.`);
    // The office's name is text in the HTML, never markup.
    expect(mail?.html).toContain('Çınar &lt;Emlak&gt; &amp; Ortakları');
    expect(mail?.html).not.toContain('<Emlak>');
    expect(mail?.messageId).toMatch(/^<[0-9a-f-]+\.office-invitation@kart\.example\.test>$/);

    // The link's token opens the invitation's preview, the address masked.
    const token = tokenIn(mail?.text);
    expect(token).toMatch(/^i1\./);
    let preview: InvitationPreviewResponse | null = null;
    await until(async () => {
      const response = await product.get(`/api/invitations/${token}`);
      if (response.statusCode === 200) preview = JSON.parse(response.body) as InvitationPreviewResponse;
      return preview !== null;
    }, 'the invitation projected');
    expect(preview).toMatchObject({
      success: true,
      data: { officeName: 'Çınar <Emlak> & Ortakları', role: 'agent', email: 'e***@example.com' },
    });

    // The token is in no event; the outcome is recorded as the inviter's, without the address.
    const { rows } = await product.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1`,
      [`%${token.split('.').at(-1)}%`],
    );
    expect(rows[0]?.n).toBe(0);
    await until(
      async () => (await product.store.readStream(mailStreamId(admin.id))).events.length === 1,
      'EmailSent recorded',
    );
    const { events } = await product.store.readStream(mailStreamId(admin.id));
    expect(events[0]?.data).toMatchObject({ ownerId: admin.id, kind: 'office-invitation' });
    expect(JSON.stringify(events[0]?.data)).not.toContain('@');
  });

  it('given an invitation revoked before the e-mail went, then it is not sent; the next one, as Yönetici, is', async () => {
    const revokedAddress = `geri-${Date.now()}@example.com`;
    const nextAddress = `sonraki-${Date.now()}@example.com`;
    const revoked = invitation(revokedAddress);
    await append([
      revoked,
      {
        type: 'OfficeInvitationRevoked',
        data: { officeId, invitationId: revoked.data.invitationId, revokedBy: admin.id, at: new Date().toISOString() },
      },
    ]);
    await append([invitation(nextAddress, 'admin')]);

    // The reactor handles the log in order: once the later one is delivered, the revoked one was passed over.
    await until(() => to(nextAddress).length === 1, 'the next invitation delivered');
    expect(to(nextAddress)[0]?.text).toContain('Yönetici olarak davet etti');
    expect(to(revokedAddress)).toEqual([]);
  });
});
