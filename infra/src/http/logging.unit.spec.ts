import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('request logs', () => {
  it('never contain the client address, headers or query strings', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const options = loggerOptions('info');
    const app = Fastify({ logger: typeof options === 'object' ? { ...options, stream } : false });
    app.get('/api/x', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/x?token=secret-token',
      remoteAddress: '203.0.113.77',
      headers: { authorization: 'Bearer secret-token', 'x-forwarded-for': '198.51.100.9', 'user-agent': 'Test' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/x');
    for (const secret of ['203.0.113.77', '198.51.100.9', 'secret-token', 'remoteAddress', 'hostname']) {
      expect(log).not.toContain(secret);
    }
  });
});
