import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { renderMail } from '@kartvizit/infra/mail/layout';
import { createMailer } from '@kartvizit/infra/mail/mailer';

describe('the mailer without SMTP_URL', () => {
  it('writes each e-mail as an .eml file a mail program opens, says where, and writes the same e-mail again over itself', async () => {
    // Given a mailer with no SMTP server, as `npm start` has it
    const mailDir = join(await mkdtemp(join(tmpdir(), 'kartvizit-mail-')), 'mail');
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Dijital Kartvizit <bildirim@kart.example.test>',
      mailDir,
      messageIdHost: 'kart.example.test',
      log: (line) => logged.push(line),
    });
    const content = renderMail({
      subject: 'Yeni bağlantı: Çağrı Öztürk',
      greeting: 'Merhaba Ayşe,',
      paragraphs: ['Dijital kartvizitinizi gören biri bilgilerini sizinle paylaştı.'],
      facts: [
        ['Ad Soyad', 'Çağrı Öztürk'],
        ['Telefon', ''],
      ],
      action: { label: 'Bağlantılarımı Aç', url: 'https://kart.example.test/leads' },
      footnote: 'Bu e-postayı alıyorsunuz.',
    });

    // When it sends one e-mail twice (a reaction delivered again)
    try {
      await mailer.send({ to: 'ayse@example.com', key: 'olay-1.lead-alert', ownerId: 'sahip-1', ...content });
      await mailer.send({ to: 'ayse@example.com', key: 'olay-1.lead-alert', ownerId: 'sahip-1', ...content });

      // Then there is one file, named in the log, and it reads back as the e-mail
      const files = await readdir(mailDir);
      expect(files).toEqual(['sahip-1--olay-1.lead-alert.eml']);
      expect(logged.at(-1)).toContain(join(mailDir, 'sahip-1--olay-1.lead-alert.eml'));
      const parsed = await simpleParser(await readFile(join(mailDir, files[0] ?? '')));
      expect(parsed.subject).toBe('Yeni bağlantı: Çağrı Öztürk');
      expect(parsed.messageId).toBe('<olay-1.lead-alert@kart.example.test>');
      expect(parsed.text).toContain('Ad Soyad: Çağrı Öztürk');
      // An empty fact is left out of both versions
      expect(parsed.text).not.toContain('Telefon');
      expect(parsed.html).not.toContain('Telefon');
      expect(parsed.html).toContain('<html lang="tr">');
    } finally {
      mailer.close();
      await rm(mailDir, { recursive: true, force: true });
    }
  });
});
