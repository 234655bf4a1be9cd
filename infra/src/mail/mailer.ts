import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ServiceConfig } from '../config/env.ts';

/** One e-mail, as a reactor composes it: Turkish, in plain text and HTML. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /**
   * The reaction's idempotency key, which becomes the Message-ID: the same e-mail sent again after a
   * crash carries the same id, so a mailbox (and a human) can tell it is the same message.
   */
  readonly key: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up log: 'smtp://host:port' (never the credentials) or the folder. */
  readonly destination: string;
  close(): void;
}

export interface MailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465. Unset: `.eml` files under `mailDir`. */
  readonly smtpUrl: string | undefined;
  /** MAIL_FROM, e.g. 'Dijital Kartvizit <bildirim@kart.example.com>'. */
  readonly from: string;
  readonly mailDir: string;
  /** The Message-ID's right-hand side: the host of PUBLIC_BASE_URL. */
  readonly messageIdHost: string;
  readonly log?: (message: string) => void;
}

/**
 * The product's one way out for e-mail (nodemailer). With SMTP_URL it speaks SMTP to that server;
 * without it (the `npm start` default) each e-mail is written, exactly as it would have been sent,
 * to `DATA_DIR/mail/` as an `.eml` file a mail program opens, and the log says where. Either way a
 * failure throws, and the reactor that sent it tries again later.
 */
export function createMailer(settings: MailSettings): Mailer {
  const message = (mail: Mail) => ({
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.key.replace(/[^A-Za-z0-9.-]/g, '-')}@${settings.messageIdHost}>`,
  });
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    const url = new URL(settings.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: settings.mailDir,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(settings.mailDir, { recursive: true });
      // Named by its key: the same e-mail written again after a crash overwrites itself.
      const file = join(settings.mailDir, `${mail.key.replace(/[^A-Za-z0-9.-]/g, '-')}.eml`);
      await writeFile(file, info.message as Buffer);
      settings.log?.(`e-posta yazıldı: ${file}`);
    },
    close: () => transport.close(),
  };
}

/** The mailer the service's configuration asks for (SMTP_URL, MAIL_FROM, DATA_DIR/mail). */
export function mailerFromConfig(config: ServiceConfig, log?: (message: string) => void): Mailer {
  return createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    mailDir: config.mail.dir,
    messageIdHost: new URL(config.publicBaseUrl).hostname,
    ...(log ? { log } : {}),
  });
}
