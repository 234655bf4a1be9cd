import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { registerHttpPlumbing } from './plumbing.ts';
import { serverOptions } from './server-options.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('a server that is draining', () => {
  it('answers a request that reaches it after closing began 503 in our shape, in Turkish, with Retry-After', async () => {
    // Given a server of ours that is listening
    const app = Fastify(serverOptions({ logLevel: 'silent', publicBaseUrl: 'http://127.0.0.1' }));
    registerHttpPlumbing(app, { publicBaseUrl: 'http://127.0.0.1' });
    app.get('/quick', async () => ({ ok: true }));
    // When a request arrives after closing began but before the socket stops listening (the
    // window in which a deploy's last requests land): asked from a preClose hook that runs after ours
    let duringClose: Promise<Answer> | undefined;
    app.addHook('preClose', async () => {
      duringClose = get(port, '/quick');
      await duringClose;
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    expect((await get(port, '/quick')).status).toBe(200);
    await app.close();

    // Then it is refused in our shape, with the headers every answer carries
    const answer = await (duringClose ?? Promise.reject(new Error('no request during close')));
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: MESSAGES.shuttingDown });
  });
});
