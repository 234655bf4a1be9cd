import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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
  /** The owner the e-mail is about: a deleted owner's e-mails leave the local outbox with the account (decision 51). */
  readonly ownerId: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Removes what the product still holds of the e-mails about `ownerId` (KVKK, decision 51): the local outbox's files;
   * over SMTP nothing (a sent e-mail is in the recipient's mailbox, outside the product). Answers how many it removed.
   */
  erase(ownerId: string): Promise<number>;
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

function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]/g, '-');
}

/** The start of the outbox file names of the e-mails about an owner. */
function outboxPrefix(ownerId: string): string {
  return `${safeName(ownerId)}--`;
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
    messageId: `<${safeName(mail.key)}@${settings.messageIdHost}>`,
  });
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    const url = new URL(settings.smtpUrl);
    return {
      destination: `${url.protocol}//${url.host}`,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      erase: () => Promise.resolve(0),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: settings.mailDir,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(settings.mailDir, { recursive: true });
      // Named by the owner and its key: the same e-mail written again after a crash overwrites itself, and the owner's
      // e-mails are found by name when the account is deleted.
      const file = join(settings.mailDir, `${outboxPrefix(mail.ownerId)}${safeName(mail.key)}.eml`);
      await writeFile(file, info.message as Buffer);
      settings.log?.(`e-posta yazıldı: ${file}`);
    },
    async erase(ownerId) {
      const prefix = outboxPrefix(ownerId);
      const files = (await readdir(settings.mailDir).catch(() => [] as string[])).filter((name) =>
        name.startsWith(prefix),
      );
      for (const name of files) await rm(join(settings.mailDir, name), { force: true });
      return files.length;
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
