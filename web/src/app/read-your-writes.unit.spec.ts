import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';

const ORIGIN = 'http://localhost';

/** Node's Request wants absolute addresses; the app asks for '/api/…' as a browser page does. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
  }
}

/**
 * The real root api and store, fresh for each test (the position is module state), with endpoints shaped like a
 * feature's: a command that answers with a position and a read.
 */
async function product() {
  vi.resetModules();
  const { api } = await import('./api.ts');
  const { createStore } = await import('./store.ts');
  const positions = await import('./write-position.ts');
  const answers: unknown[] = [];
  const sent: Request[] = [];
  vi.stubGlobal('fetch', (request: Request) => {
    sent.push(request);
    const body = JSON.stringify(answers.shift() ?? { success: true });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
  });
  const endpoints = api.injectEndpoints({
    endpoints: (build) => ({
      deactivateCard: build.mutation<unknown, string>({
        query: (cardId) => ({ url: `/cards/deactivate/${cardId}`, method: 'PUT' }),
      }),
      getMyCards: build.query<unknown, void>({ query: () => '/cards/my-cards' }),
    }),
  }).endpoints;
  const store = createStore();
  return {
    positions,
    /** Queues the server's next answer. */
    answers: (...bodies: unknown[]) => answers.push(...bodies),
    command: (cardId: string) => store.dispatch(endpoints.deactivateCard.initiate(cardId)).unwrap(),
    read: () => store.dispatch(endpoints.getMyCards.initiate(undefined, { forceRefetch: true })).unwrap(),
    sentPosition: (index: number) => sent[index]?.headers.get(MIN_POSITION_HEADER) ?? null,
  };
}

describe('read-your-writes in the root base query', () => {
  beforeEach(() => {
    vi.stubGlobal('Request', PageRequest);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('given no command yet, when a query runs, then it asks for no position', async () => {
    const app = await product();

    await app.read();

    expect(app.sentPosition(0)).toBeNull();
  });

  it('given a command answered with a position, when the next query runs, then it sends that position', async () => {
    const app = await product();
    app.answers({ success: true, message: 'Kart devre dışı bırakıldı', position: '812:40' });

    await app.command('KV123');
    await app.read();

    expect(app.sentPosition(0)).toBeNull();
    expect(app.sentPosition(1)).toBe('812:40');
  });

  it('given a later command answered without a position (nothing changed), then the earlier position is still sent', async () => {
    const app = await product();
    app.answers({ success: true, position: '812:40' }, { success: true });

    await app.command('KV123');
    await app.command('KV123');
    await app.read();

    expect(app.sentPosition(2)).toBe('812:40');
  });

  it('given a statistics announcement older than the last command, then the newer position is kept', async () => {
    const app = await product();
    app.answers({ success: true, position: '812:40' });

    await app.command('KV123');
    app.positions.recordPosition('812:9');
    app.positions.recordPosition('not-a-position');
    await app.read();
    app.positions.recordPosition('813:1');
    await app.read();

    expect(app.sentPosition(1)).toBe('812:40');
    expect(app.sentPosition(2)).toBe('813:1');
  });

  it("given a command answered with a position, then the owner's card link carries it as ?v=", async () => {
    vi.stubGlobal('window', { location: { href: `${ORIGIN}/cards/KV123` } });
    const app = await product();
    expect(app.positions.withWritePosition(`${ORIGIN}/p/KV123`)).toBe(`${ORIGIN}/p/KV123`);
    app.answers({ success: true, position: '812:40' });

    await app.command('KV123');

    expect(app.positions.withWritePosition(`${ORIGIN}/p/KV123`)).toBe(`${ORIGIN}/p/KV123?v=812%3A40`);
  });

  it('given a command answered with a position, when the tab is reloaded, then the next query still sends it', async () => {
    // A tab's sessionStorage, which outlives a reload of the page but not the tab.
    const tab = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, value),
    });
    const before = await product();
    before.answers({ success: true, message: 'Adınız güncellendi', position: '812:40' });
    await before.command('KV123');

    // The reload: every module (and its memory) anew, the tab's storage as it was.
    const after = await product();
    await after.read();

    expect(after.sentPosition(0)).toBe('812:40');
  });

  it('given storage that refuses (a private window), then positions still work for the page', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    const app = await product();
    app.answers({ success: true, position: '812:40' });

    await app.command('KV123');
    await app.read();

    expect(app.sentPosition(1)).toBe('812:40');
  });
});
