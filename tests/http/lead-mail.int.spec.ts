import { afterEach, describe, expect, it } from 'vitest';
import { mailStreamId } from '@kartvizit/schemas';
import { freePort } from '../support/ports.ts';
import { startSmtpReceiver } from '../support/smtp-receiver.ts';
import { TEST_PUBLIC_BASE_URL, type TestProduct } from '../support/product.ts';
import { projectedEmail, startMailingProduct, until } from '../support/mailing-product.ts';
import { send } from './card-fixtures.ts';
import { ownerWithCard, submitLead, visitorForm, type CardOwner } from './lead-fixtures.ts';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function productSendingTo(url: string): Promise<TestProduct> {
  const product = await startMailingProduct(url);
  open.push(product);
  return product;
}

async function sentEvents(product: TestProduct, owner: CardOwner) {
  const { events } = await product.store.readStream(mailStreamId(owner.userId));
  return events.map((event) => event.data);
}

describe('lead e-mails', () => {
  it('given an owner, when a visitor leaves their details, then the owner gets one Turkish e-mail with them and a link to Bağlantılar', async () => {
    const smtp = await startSmtpReceiver();
    open.push(smtp);
    const product = await productSendingTo(smtp.url);
    const owner = await ownerWithCard(product);

    const submitted = await submitLead(
      product,
      visitorForm(product, owner.cardId, {
        fullName: 'Çağrı Öztürk',
        message: 'Şişli’deki daire <b>hâlâ</b> satılık mı?',
      }),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);

    await until(() => smtp.messages.length === 1, 'the alert delivered');
    const [mail] = smtp.messages;
    expect(mail?.subject).toBe('Yeni bağlantı: Çağrı Öztürk');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(await projectedEmail(product, owner.userId));
    expect(mail?.from?.text).toContain('Dijital Kartvizit');
    expect(mail?.text).toContain('Merhaba Ayşe,');
    expect(mail?.text).toContain('Ad Soyad: Çağrı Öztürk');
    expect(mail?.text).toContain('E-posta: cagri@ornek.com.tr');
    expect(mail?.text).toContain(`Bağlantılarımı Aç: ${TEST_PUBLIC_BASE_URL}/leads`);
    // The visitor's words are text in the HTML, never markup.
    expect(mail?.html).toContain('Şişli’deki daire &lt;b&gt;hâlâ&lt;/b&gt; satılık mı?');
    expect(mail?.html).toContain(`href="${TEST_PUBLIC_BASE_URL}/leads"`);
    expect(mail?.messageId).toMatch(/^<[0-9a-f-]+\.lead-alert@kart\.example\.test>$/);

    // The outcome is an event naming what was sent, not to whom or what it said; no confirmation without consent.
    await until(async () => (await sentEvents(product, owner)).length === 1, 'EmailSent recorded');
    const [sent] = await sentEvents(product, owner);
    expect(sent).toMatchObject({ ownerId: owner.userId, kind: 'lead-alert' });
    expect(JSON.stringify(sent)).not.toMatch(/@|Çağrı|Şişli/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });

  it('given a visitor who agreed to be contacted, when they leave an e-mail address, then they get a confirmation too', async () => {
    const smtp = await startSmtpReceiver();
    open.push(smtp);
    const product = await productSendingTo(smtp.url);
    const owner = await ownerWithCard(product);

    await submitLead(product, visitorForm(product, owner.cardId, { marketingConsent: true }));

    await until(() => smtp.messages.length === 2, 'both e-mails delivered');
    const confirmation = smtp.messages.find((mail) => mail.subject?.startsWith('Bilgileriniz iletildi'));
    expect(confirmation?.subject).toBe('Bilgileriniz iletildi: Ayşe Yılmaz');
    expect(confirmation?.to && 'text' in confirmation.to ? confirmation.to.text : '').toBe('cagri@ornek.com.tr');
    expect(confirmation?.text).toContain(`Kartviziti Aç: ${TEST_PUBLIC_BASE_URL}/p/${owner.cardId}`);
    expect(confirmation?.text).not.toContain('E-posta:');
  });

  it('given the mail server is down, when leads arrive, then each e-mail arrives exactly once after it is back', async () => {
    const port = await freePort();
    const product = await productSendingTo(`smtp://127.0.0.1:${port}`);
    const owner = await ownerWithCard(product);

    // When two leads arrive while nothing answers on the mail port
    await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Birinci Ziyaretçi' }));
    await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'İkinci Ziyaretçi' }));
    await until(
      async () =>
        (await product.pool.query(`SELECT 1 FROM reactor_deliveries WHERE state = 'retrying'`)).rowCount === 1,
      'a retry waiting',
    );

    // And the server comes back
    const smtp = await startSmtpReceiver(port);
    open.push(smtp);

    // Then both alerts arrive, in order, once each
    await until(() => smtp.messages.length === 2, 'both alerts delivered');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      'Yeni bağlantı: Birinci Ziyaretçi',
      'Yeni bağlantı: İkinci Ziyaretçi',
    ]);
    await until(async () => (await sentEvents(product, owner)).length === 2, 'both recorded');
    expect((await product.pool.query('SELECT 1 FROM reactor_deliveries')).rowCount).toBe(0);
  });

  it('given alerts switched off when a visitor came, when the owner switches them on before the reactor gets to that lead, then that lead still gets no alert', async () => {
    // Given a mail server that is down, so the reactor is held up on an earlier lead of another owner
    const port = await freePort();
    const product = await productSendingTo(`smtp://127.0.0.1:${port}`);
    const [earlier, owner] = [await ownerWithCard(product), await ownerWithCard(product)];
    await submitLead(product, visitorForm(product, earlier.cardId, { fullName: 'Bekleyen Ziyaretçi' }));
    await until(
      async () =>
        (await product.pool.query(`SELECT 1 FROM reactor_deliveries WHERE state = 'retrying'`)).rowCount === 1,
      'the reactor held up',
    );

    // When the owner has alerts off as a visitor comes, and switches them on again before the reactor moves on
    const alerts = (enabled: boolean) => send(product, 'PUT', '/api/account/lead-alerts', owner.token, { enabled });
    expect((await alerts(false)).statusCode).toBe(200);
    await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Sessiz Ziyaretçi' }));
    expect((await alerts(true)).statusCode).toBe(200);
    await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Duyulan Ziyaretçi' }));
    const smtp = await startSmtpReceiver(port);
    open.push(smtp);

    // Then the quiet lead stays quiet: the setting is the one in force when the visitor came
    await until(() => smtp.messages.length === 2, 'the two alerts');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      'Yeni bağlantı: Bekleyen Ziyaretçi',
      'Yeni bağlantı: Duyulan Ziyaretçi',
    ]);
  });
});
