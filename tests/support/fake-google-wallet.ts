import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { jwtVerify } from 'jose';

/**
 * Google's side of Google Wallet on loopback (issue 32), speaking the wire of the real services so the product's
 * client is tested against it and not against a mock:
 * - `POST /token` (OAuth 2.0, the JWT-bearer grant of a service account, RFC 7523): the form's `grant_type` must be
 *   `urn:ietf:params:oauth:grant-type:jwt-bearer` and its `assertion` an RS256 JWT that verifies with the test
 *   service account's public key, issued by its e-mail for this token endpoint with the Wallet scope (400
 *   `invalid_grant` otherwise); answers `{ access_token, expires_in, token_type }`.
 * - `walletobjects/v1/genericObject/{resourceId}`: GET, POST (insert), PUT (replace), PATCH (change some fields) with
 *   `Authorization: Bearer {access token}` (401 for a token it did not give, or one it was told to expire); 404 for an
 *   object nobody saved; `failNext` answers 500 (or another status) once or more.
 * Objects are "saved" by `save` (as a person pressing the save link's button makes Google create it).
 */
export const FAKE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** GenericObject's fields in Google's reference (https://developers.google.com/wallet/reference/rest/v1/genericobject). */
const GENERIC_OBJECT_FIELDS = new Set([
  'genericType',
  'cardTitle',
  'subheader',
  'header',
  'logo',
  'hexBackgroundColor',
  'notifications',
  'id',
  'classId',
  'barcode',
  'heroImage',
  'validTimeInterval',
  'imageModulesData',
  'textModulesData',
  'linksModuleData',
  'appLinkData',
  'groupingInfo',
  'smartTapRedemptionValue',
  'rotatingBarcode',
  'state',
  'hasUsers',
  'passConstraints',
  'wideLogo',
  'saveRestrictions',
  'valueAddedModuleData',
  'linkedObjectIds',
  'merchantLocations',
  'messages',
]);
const STATES = new Set(['STATE_UNSPECIFIED', 'ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE']);
const BARCODE_TYPES = new Set([
  'AZTEC',
  'CODE_39',
  'CODE_128',
  'CODABAR',
  'DATA_MATRIX',
  'EAN_8',
  'EAN_13',
  'ITF_14',
  'PDF_417',
  'QR_CODE',
  'UPC_A',
  'TEXT_ONLY',
]);
const RESOURCE_ID = /^\d+\.[\w.-]+$/u;
const MODULE_ID = /^[\w-]+$/u;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function localizedStringProblems(value: unknown, name: string): string[] {
  if (!isRecord(value)) return [`${name} is not a LocalizedString`];
  const known = new Set(['kind', 'translatedValues', 'defaultValue']);
  const problems = Object.keys(value)
    .filter((key) => !known.has(key))
    .map((key) => `${name}.${key} is not a LocalizedString field`);
  const translated = value.defaultValue;
  if (!isRecord(translated) || typeof translated.language !== 'string' || typeof translated.value !== 'string')
    problems.push(`${name}.defaultValue is not a TranslatedString {language, value}`);
  else if (translated.value.trim() === '') problems.push(`${name} is empty`);
  return problems;
}

/**
 * What Google's reference says is wrong with a generic object as this product sends it (empty: nothing). The fake
 * refuses such an object (400), as the Wallet API does; the tests check the save link's object with it too.
 */
export function genericObjectProblems(object: unknown, partial = false): string[] {
  if (!isRecord(object)) return ['not an object'];
  const problems = Object.keys(object)
    .filter((key) => !GENERIC_OBJECT_FIELDS.has(key))
    .map((key) => `${key} is not a GenericObject field`);
  const required = partial ? [] : ['id', 'classId', 'cardTitle', 'header'];
  for (const field of required) if (!(field in object)) problems.push(`${field} is required`);
  for (const field of ['id', 'classId'])
    if (field in object && (typeof object[field] !== 'string' || !RESOURCE_ID.test(object[field])))
      problems.push(`${field} is not {issuerId}.{identifier} of letters, digits, '.', '_' and '-'`);
  for (const field of ['cardTitle', 'header', 'subheader'])
    if (field in object) problems.push(...localizedStringProblems(object[field], field));
  if ('state' in object && !STATES.has(String(object.state))) problems.push('state is not a State');
  if ('hexBackgroundColor' in object && !/^#[0-9a-fA-F]{6}$/u.test(String(object.hexBackgroundColor)))
    problems.push('hexBackgroundColor is not #rrggbb');
  if ('logo' in object) {
    const logo = object.logo;
    const uri = isRecord(logo) && isRecord(logo.sourceUri) ? logo.sourceUri.uri : undefined;
    if (typeof uri !== 'string' || !/^https?:\/\//u.test(uri)) problems.push('logo.sourceUri.uri is not an address');
    if (isRecord(logo) && 'contentDescription' in logo)
      problems.push(...localizedStringProblems(logo.contentDescription, 'logo.contentDescription'));
  }
  if ('barcode' in object) {
    const barcode = object.barcode;
    if (!isRecord(barcode) || !BARCODE_TYPES.has(String(barcode.type)) || typeof barcode.value !== 'string')
      problems.push('barcode is not a Barcode {type, value}');
  }
  if ('textModulesData' in object) {
    const modules = object.textModulesData;
    if (!Array.isArray(modules)) problems.push('textModulesData is not a list');
    else
      for (const module of modules as unknown[]) {
        if (!isRecord(module) || typeof module.header !== 'string' || typeof module.body !== 'string')
          problems.push('a text module is not {header, body}');
        else if (typeof module.id !== 'string' || !MODULE_ID.test(module.id))
          problems.push(`text module id "${String(module.id)}" is not letters, digits, '_' and '-'`);
      }
  }
  if ('linksModuleData' in object) {
    const links = object.linksModuleData;
    const uris = isRecord(links) ? links.uris : undefined;
    if (!Array.isArray(uris) || (uris as unknown[]).some((uri) => !isRecord(uri) || typeof uri.uri !== 'string'))
      problems.push('linksModuleData is not {uris: [{uri}]}');
  }
  return problems;
}

export interface TestServiceAccount {
  /** The JSON key file (as GOOGLE_WALLET_SERVICE_ACCOUNT names it). */
  readonly path: string;
  readonly clientEmail: string;
  /** Verifies what the product signs with the account's private key. */
  readonly publicKey: KeyObject;
  /** The private key as the file holds it (tests look for it where it must never be: events, logs). */
  readonly privateKeyPem: string;
}

/** A service account key made now (RSA 2048, as Google's), written as Google's JSON key file into `dir`. */
export async function createTestServiceAccount(dir: string, tokenUri: string): Promise<TestServiceAccount> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const clientEmail = 'kartvizit-wallet@kartvizit-test.iam.gserviceaccount.com';
  const path = join(dir, 'google-wallet-service-account.json');
  await writeFile(
    path,
    JSON.stringify({
      type: 'service_account',
      project_id: 'kartvizit-test',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
    }),
    { mode: 0o600 },
  );
  return { path, clientEmail, publicKey, privateKeyPem };
}

export interface FakeWalletRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The parsed JSON body of an object request (null for the token endpoint and bodiless requests). */
  readonly body: unknown;
}

export interface FakeGoogleWallet {
  /** The Wallet API's origin (GOOGLE_WALLET_API_URL). */
  readonly url: string;
  /** The token endpoint (the key file's token_uri). */
  readonly tokenUrl: string;
  /** Makes the account's key the one assertions must verify with (set once the key is made). */
  trust(account: { readonly clientEmail: string; readonly publicKey: KeyObject }): void;
  /** A person saved the pass: Google now has the object. */
  save(object: Record<string, unknown> & { readonly id: string }): void;
  object(resourceId: string): Record<string, unknown> | undefined;
  /** The bodies of the PUTs and PATCHes that changed this object, in order. */
  updates(resourceId: string): readonly unknown[];
  /** Every request so far (the token endpoint's included). */
  requests(): readonly FakeWalletRequest[];
  /** Access tokens given out so far. */
  tokensIssued(): number;
  /** Every token given out so far is refused from now on (as an expired one is): 401. */
  expireTokens(): void;
  /** The next `count` object requests are answered `status` (default 500) and change nothing. */
  failNext(count?: number, status?: number): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const OBJECT_PATH = /^\/walletobjects\/v1\/genericObject\/([^/]+)$/u;

export async function startFakeGoogleWallet(): Promise<FakeGoogleWallet> {
  let trusted: { clientEmail: string; publicKey: KeyObject } | null = null;
  const objects = new Map<string, Record<string, unknown>>();
  const updates = new Map<string, unknown[]>();
  const requests: FakeWalletRequest[] = [];
  const validTokens = new Set<string>();
  let issued = 0;
  let failures: number[] = [];
  let url = '';

  async function token(request: IncomingMessage, response: ServerResponse): Promise<number> {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== JWT_BEARER) {
      json(response, 400, { error: 'unsupported_grant_type' });
      return 400;
    }
    const assertion = form.get('assertion') ?? '';
    try {
      if (!trusted) throw new Error('no key trusted');
      const { payload, protectedHeader } = await jwtVerify(assertion, trusted.publicKey, {
        issuer: trusted.clientEmail,
        audience: `${url}/token`,
        algorithms: ['RS256'],
      });
      if (protectedHeader.alg !== 'RS256') throw new Error('alg');
      if (typeof payload.scope !== 'string' || !payload.scope.split(' ').includes(FAKE_WALLET_SCOPE))
        throw new Error('scope');
      if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number' || payload.exp - payload.iat > 3600)
        throw new Error('lifetime');
    } catch {
      json(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      return 400;
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    validTokens.add(accessToken);
    issued += 1;
    json(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
    return 200;
  }

  async function genericObject(
    request: IncomingMessage,
    response: ServerResponse,
    resourceId: string,
  ): Promise<{ status: number; body: unknown }> {
    const text = await readBody(request);
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        json(response, 400, { error: { code: 400, message: 'Invalid JSON payload received.' } });
        return { status: 400, body: text };
      }
    }
    const authorization = request.headers.authorization ?? '';
    const bearer = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (!validTokens.has(bearer)) {
      json(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
      return { status: 401, body };
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      json(response, failure, { error: { code: failure, message: 'Internal error encountered.' } });
      return { status: failure, body };
    }
    const existing = objects.get(resourceId);
    const notFound = () => {
      json(response, 404, { error: { code: 404, message: `Resource not found: ${resourceId}` } });
      return { status: 404, body };
    };
    switch (request.method) {
      case 'GET':
        if (!existing) return notFound();
        json(response, 200, existing);
        return { status: 200, body };
      case 'POST': {
        const object = body as Record<string, unknown> | null;
        if (!object || object.id !== resourceId) {
          json(response, 400, { error: { code: 400, message: 'Object id mismatch' } });
          return { status: 400, body };
        }
        if (existing) {
          json(response, 409, { error: { code: 409, message: 'Resource already exists' } });
          return { status: 409, body };
        }
        objects.set(resourceId, object);
        json(response, 200, object);
        return { status: 200, body };
      }
      case 'PUT':
      case 'PATCH': {
        if (!existing) return notFound();
        const fields = body as Record<string, unknown> | null;
        if (!fields || (request.method === 'PUT' && fields.id !== resourceId)) {
          json(response, 400, { error: { code: 400, message: 'Object id mismatch' } });
          return { status: 400, body };
        }
        const problems = genericObjectProblems(fields, request.method === 'PATCH');
        if (problems.length > 0) {
          json(response, 400, { error: { code: 400, message: problems.join('; ') } });
          return { status: 400, body };
        }
        const next = request.method === 'PUT' ? fields : { ...existing, ...fields };
        objects.set(resourceId, next);
        updates.set(resourceId, [...(updates.get(resourceId) ?? []), body]);
        json(response, 200, next);
        return { status: 200, body };
      }
      case undefined:
      default:
        json(response, 405, { error: { code: 405, message: 'Method not allowed' } });
        return { status: 405, body };
    }
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const record = (status: number, body: unknown = null) =>
      requests.push({ method: request.method ?? '', path, status, body });
    const handled = (async () => {
      if (request.method === 'POST' && path === '/token') {
        record(await token(request, response));
        return;
      }
      const match = OBJECT_PATH.exec(path);
      if (match?.[1]) {
        const result = await genericObject(request, response, decodeURIComponent(match[1]));
        record(result.status, result.body);
        return;
      }
      json(response, 404, { error: { code: 404, message: 'Not found' } });
      record(404);
    })();
    handled.catch(() => {
      if (!response.headersSent) json(response, 500, { error: { code: 500 } });
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenUrl: `${url}/token`,
    trust(account) {
      trusted = { clientEmail: account.clientEmail, publicKey: account.publicKey };
    },
    save(object) {
      objects.set(object.id, object);
    },
    object: (resourceId) => objects.get(resourceId),
    updates: (resourceId) => updates.get(resourceId) ?? [],
    requests: () => [...requests],
    tokensIssued: () => issued,
    expireTokens() {
      validTokens.clear();
    },
    failNext(count = 1, status = 500) {
      failures = [...failures, ...Array.from({ length: count }, () => status)];
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
