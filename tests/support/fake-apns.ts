import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  createServer,
  constants,
  type Http2Server,
  type ServerHttp2Session,
  type ServerHttp2Stream,
  type IncomingHttpHeaders,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';

/**
 * Apple Push Notification service on loopback (issue 32), speaking APNs's HTTP/2 wire (h2c: no TLS on loopback) so the
 * product's client is tested against it and not against a mock:
 * `POST /3/device/{deviceToken}` with `authorization: bearer <provider token>` (an ES256 JWT that must verify with the
 * test key's public half, `kid` the key id and `iss` the team; 403 InvalidProviderToken otherwise), `apns-topic` the
 * Pass Type ID (400 BadTopic otherwise) and a JSON body (400 BadPayload otherwise). Answers 200 with `apns-id`, 410
 * `Unregistered` for a token told `gone`, or what `failNext` asks once.
 */
export interface ApnsPush {
  readonly deviceToken: string;
  readonly apnsId: string | undefined;
  readonly topic: string | undefined;
  readonly pushType: string | undefined;
  readonly priority: string | undefined;
  readonly payload: string;
  readonly issuer: string | undefined;
  readonly keyId: string | undefined;
  /** What the fake answered. */
  readonly status: number;
}

export interface FakeApns {
  /** APPLE_APNS_URL: `http://127.0.0.1:{port}`. */
  readonly url: string;
  /** Every push received, answered or not, in order. */
  readonly pushes: ApnsPush[];
  /** Tokens answered 410 Unregistered from now on. */
  gone(deviceToken: string): void;
  /** The next `times` pushes are answered `status` with `reason`. */
  failNext(status: number, reason: string, times?: number): void;
  /** Resolves once at least `count` pushes were received; rejects after `timeoutMs`. */
  waitForPushes(count: number, timeoutMs?: number): Promise<ApnsPush[]>;
  close(): Promise<void>;
}

export async function startFakeApns(options: {
  /** The .p8 key's file (its public half checks the JWT). */
  readonly keyFile: string;
  readonly keyId: string;
  readonly teamId: string;
  readonly topic: string;
}): Promise<FakeApns> {
  const publicKey: KeyObject = createPublicKey(createPrivateKey(await readFile(options.keyFile, 'utf8')));
  const pushes: ApnsPush[] = [];
  const goneTokens = new Set<string>();
  const failures: { status: number; reason: string }[] = [];

  const answer = (stream: ServerHttp2Stream, status: number, apnsId: string | undefined, reason?: string) => {
    stream.respond({
      [constants.HTTP2_HEADER_STATUS]: status,
      ...(apnsId ? { 'apns-id': apnsId } : {}),
      ...(reason ? { 'content-type': 'application/json' } : {}),
    });
    stream.end(reason ? JSON.stringify({ reason, ...(status === 410 ? { timestamp: Date.now() } : {}) }) : undefined);
  };

  async function handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, payload: string): Promise<void> {
    const path = String(headers[':path'] ?? '');
    const apnsId = headers['apns-id'] as string | undefined;
    const deviceToken = /^\/3\/device\/([0-9A-Fa-f]+)$/u.exec(path)?.[1];
    const record = (status: number, claims: { issuer?: string; keyId?: string } = {}) =>
      pushes.push({
        deviceToken: deviceToken ?? path,
        apnsId,
        topic: headers['apns-topic'] as string | undefined,
        pushType: headers['apns-push-type'] as string | undefined,
        priority: headers['apns-priority'] as string | undefined,
        payload,
        issuer: claims.issuer,
        keyId: claims.keyId,
        status,
      });
    if (headers[':method'] !== 'POST') return void (record(405), answer(stream, 405, apnsId, 'MethodNotAllowed'));
    if (!deviceToken) return void (record(404), answer(stream, 404, apnsId, 'BadPath'));
    const bearer = /^bearer (.+)$/u.exec(String(headers.authorization ?? ''))?.[1];
    let claims: { issuer?: string; keyId?: string };
    try {
      if (!bearer) throw new Error('no token');
      const { payload: jwt } = await jwtVerify(bearer, publicKey, { algorithms: ['ES256'], issuer: options.teamId });
      const kid = decodeProtectedHeader(bearer).kid;
      if (kid !== options.keyId || typeof jwt.iat !== 'number') throw new Error('wrong kid or no iat');
      claims = { issuer: jwt.iss, keyId: kid };
    } catch {
      record(403);
      return answer(stream, 403, apnsId, bearer ? 'InvalidProviderToken' : 'MissingProviderToken');
    }
    if (headers['apns-topic'] !== options.topic)
      return void (record(400, claims), answer(stream, 400, apnsId, 'BadTopic'));
    try {
      JSON.parse(payload);
    } catch {
      record(400, claims);
      return answer(stream, 400, apnsId, 'BadPayload');
    }
    const failure = failures.shift();
    if (failure) return void (record(failure.status, claims), answer(stream, failure.status, apnsId, failure.reason));
    if (goneTokens.has(deviceToken)) return void (record(410, claims), answer(stream, 410, apnsId, 'Unregistered'));
    record(200, claims);
    answer(stream, 200, apnsId);
  }

  const server: Http2Server = createServer();
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      void handle(stream, headers, Buffer.concat(chunks).toString('utf8')).catch(() => {
        if (!stream.closed) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    gone: (token) => void goneTokens.add(token),
    failNext(status, reason, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, reason });
    },
    async waitForPushes(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (pushes.length < count) {
        if (Date.now() > deadline)
          throw new Error(`the fake APNs received ${pushes.length} pushes, not ${count}, in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return [...pushes];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open sessions (the product's client keeps one) would hold close() forever.
        for (const session of sessions) session.destroy();
      }),
  };
}
