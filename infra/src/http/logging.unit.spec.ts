import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger, loggerOptions } from './logging.ts';

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

describe("a request's logger", () => {
  async function appAt(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const options = loggerOptions(level);
    const app = Fastify({
      logger: typeof options === 'object' ? { ...options, stream } : false,
      childLoggerFactory: lazyRequestLogger,
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/says', async (request) => {
      request.log.info('bilgi');
      request.log.error({ detail: 'ayrıntı' }, 'hata');
      return { ok: true };
    });
    await app.ready();
    return { app, lines };
  }

  it('given the error level, when a request writes nothing, then no pino child is made for it', async () => {
    const { app } = await appAt('error');
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.close();
  });

  it('given the error level, when a request writes an error, then the line carries its request id and the info is dropped', async () => {
    const { app, lines } = await appAt('error');
    await app.inject({ method: 'GET', url: '/says' });
    await app.close();
    expect(lines.map((line) => line.msg)).toEqual(['hata']);
    expect(lines[0]).toMatchObject({ level: 50, detail: 'ayrıntı', reqId: expect.stringMatching(/^req-/) as unknown });
  });

  it('given the info level, then every line of a request, Fastify’s own included, carries the same request id', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ method: 'GET', url: '/says' });
    await app.close();
    const ofRequest = lines.filter((line) => line.reqId !== undefined);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'bilgi', 'hata', 'request completed']);
    expect(new Set(ofRequest.map((line) => line.reqId)).size).toBe(1);
  });
});
