import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (smtp-server), as the product's mail relay: it takes every message
 * (no TLS, no login: loopback only) and keeps it parsed (mailparser), headers decoded.
 */
export interface SmtpReceiver {
  readonly port: number;
  readonly url: string;
  readonly messages: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
