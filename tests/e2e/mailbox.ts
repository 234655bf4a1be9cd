import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from './fixtures.ts';

/**
 * The running product has no SMTP_URL, so it writes each e-mail to DATA_DIR/mail as an .eml file,
 * as `npm start` does: a journey opens the newest one with this subject sent to `email`.
 */
export async function newestMail(email: string, subject: string) {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(dir).catch(() => [] as string[]);
        const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(dir, file)))));
        found = mails
          .filter((mail) => mail.subject === subject && mail.to && 'text' in mail.to && mail.to.text === email)
          .sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
          .at(-1);
        return found !== undefined;
      },
      { message: `'${subject}' to ${email}`, timeout: 20_000 },
    )
    .toBe(true);
  return found;
}
