import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STATISTICS_STREAM, type StatisticsStreamTicketResponse } from '@kartvizit/schemas';
import { StreamTickets } from '@kartvizit/query-api/statistics/stream-ticket';
import { givenOffice } from '../support/offices.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, registerOwner, send, type Owner } from './card-fixtures.ts';
import { appendTelemetry, visited } from './statistics-fixtures.ts';

/**
 * GET /api/statistics/stream over a real socket (server-sent events cannot be injected): an
 * owner's stream hears about their own statistics only, opened with a short-lived ticket.
 */
let product: TestProduct;
let origin: string;
let ayse: Owner;
let bora: Owner;
const open: Stream[] = [];

beforeAll(async () => {
  product = await startTestProduct();
  origin = await product.app.listen({ port: 0, host: '127.0.0.1' });
  [ayse, bora] = await Promise.all([registerOwner(product), registerOwner(product)]);
});

afterAll(async () => {
  // Streams still open on purpose: closing the product must end them rather than wait for them.
  await product?.close();
  for (const stream of open) stream.close();
});

interface ServerEvent {
  readonly event: string;
  readonly id?: string;
  readonly data: string;
}

interface Stream {
  readonly status: number;
  readonly headers: Headers;
  /** Everything received so far, as text. */
  readonly raw: () => string;
  readonly events: ServerEvent[];
  next(timeoutMs: number): Promise<ServerEvent | null>;
  close(): void;
}

function parse(block: string): ServerEvent | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length > 0 ? { event, id, data: data.join('\n') } : null;
}

async function connect(
  query: string,
  headers: Record<string, string> = {},
  path = '/api/statistics/stream',
): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}${path}${query}`, { headers, signal: abort.signal });
  let text = '';
  let consumed = 0;
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
          let end: number;
          while ((end = text.indexOf('\n\n', consumed)) !== -1) {
            const event = parse(text.slice(consumed, end));
            consumed = end + 2;
            if (event) events.push(event);
          }
          for (const wake of waiters.splice(0)) wake();
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  let read = 0;
  const stream: Stream = {
    status: response.status,
    headers: response.headers,
    raw: () => text,
    events,
    async next(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (read >= events.length) {
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events[read++] ?? null;
    },
    close: () => abort.abort(),
  };
  if (response.ok) open.push(stream);
  else await response.text();
  return stream;
}

async function ticket(owner: Owner): Promise<string> {
  const response = await send(product, 'GET', '/api/statistics/stream-ticket', owner.token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = JSON.parse(response.body) as StatisticsStreamTicketResponse;
  expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(STATISTICS_STREAM.ticketTtlSeconds * 1000);
  return body.ticket;
}

const withTicket = async (owner: Owner) => connect(`?ticket=${encodeURIComponent(await ticket(owner))}`);

/** The stream has said hello ('retry:' line), so its subscription is in place. */
async function ready(stream: Stream): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!stream.raw().includes(`retry: ${STATISTICS_STREAM.retryMs}`)) {
    if (Date.now() > deadline) throw new Error('stream did not start');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('GET /api/statistics/stream', () => {
  it('answers text/event-stream, asks for retry: 2000 and is never buffered by nginx', async () => {
    const stream = await withTicket(ayse);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    await ready(stream);
    stream.close();
  });

  it("a visit for Ayşe wakes Ayşe's stream with the position to read at, and not Bora's", async () => {
    const [mine, theirs] = await Promise.all([withTicket(ayse), withTicket(bora)]);
    await Promise.all([ready(mine), ready(theirs)]);

    await appendTelemetry(product, [visited({ ownerId: ayse.userId, cardId: 'VC-CANLI1', at: new Date() })]);

    const event = await mine.next(5000);
    expect(event?.event).toBe(STATISTICS_STREAM.event);
    const { position } = JSON.parse(event?.data ?? '{}') as { position?: string };
    expect(position).toMatch(/^\d+:\d+$/);
    expect(event?.id).toBe(position);
    // The position, sent back as x-min-position, reads statistics that include the visit.
    const dashboard = await send(product, 'GET', '/api/statistics/dashboard', ayse.token, undefined, {
      'x-min-position': position ?? '',
    });
    expect(JSON.parse(dashboard.body)).toMatchObject({ dashboard: { totalVisits: 1 } });
    // Bora was not woken (a whole second later, and the projection has long applied the batch).
    expect(await theirs.next(1000)).toBeNull();

    await appendTelemetry(product, [visited({ ownerId: bora.userId, cardId: 'VC-CANLI2', at: new Date() })]);
    expect((await theirs.next(5000))?.event).toBe(STATISTICS_STREAM.event);
    expect(await mine.next(1500)).toBeNull();
    mine.close();
    theirs.close();
  });

  it('a burst of visits reaches the stream as a few events, the last with the newest position', async () => {
    const stream = await withTicket(ayse);
    await ready(stream);
    for (let index = 0; index < 5; index++) {
      await appendTelemetry(product, [visited({ ownerId: ayse.userId, cardId: 'VC-CANLI1', at: new Date() })]);
    }
    const first = await stream.next(5000);
    expect(first).not.toBeNull();
    // Later events come at most once per minIntervalMs; wait for the trailing one.
    await new Promise((resolve) => setTimeout(resolve, STATISTICS_STREAM.minIntervalMs + 500));
    expect(stream.events.length).toBeLessThanOrEqual(3);
    const last = stream.events.at(-1);
    const { rows } = await product.pool.query<{ checkpoint: string }>(
      "SELECT checkpoint FROM projection_checkpoints WHERE name = 'statistics'",
    );
    expect(JSON.parse(last?.data ?? '{}')).toEqual({ position: rows[0]?.checkpoint });
    stream.close();
  });

  it('a client that comes back with an older Last-Event-ID is told at once', async () => {
    const first = await withTicket(ayse);
    await ready(first);
    await appendTelemetry(product, [visited({ ownerId: ayse.userId, cardId: 'VC-CANLI1', at: new Date() })]);
    const seen = await first.next(5000);
    first.close();
    await appendTelemetry(product, [visited({ ownerId: ayse.userId, cardId: 'VC-CANLI1', at: new Date() })]);
    await send(product, 'GET', '/api/statistics/dashboard', ayse.token, undefined, await latest());

    const again = await connect(`?ticket=${encodeURIComponent(await ticket(ayse))}`, {
      'last-event-id': seen?.id ?? '',
    });
    const event = await again.next(5000);
    expect(event?.event).toBe(STATISTICS_STREAM.event);
    expect(event?.id).not.toBe(seen?.id);
    again.close();
  });

  it('opens with the Authorization header too (clients that can send one)', async () => {
    const stream = await connect('', { authorization: `Bearer ${ayse.token}` });
    expect(stream.status).toBe(200);
    await ready(stream);
    stream.close();
  });

  it('refuses no credentials, a forged or expired ticket, and a ticket of a session ended since', async () => {
    const refused = async (query: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${origin}/api/statistics/stream${query}`, { headers });
      expect(response.status, query).toBe(401);
      return (await response.json()) as { success: boolean; message: string };
    };
    expect(await refused('')).toEqual({ success: false, message: MESSAGES.sessionExpired });
    const genuine = await ticket(ayse);
    const forged = genuine.replace(ayse.userId, bora.userId);
    expect(await refused(`?ticket=${encodeURIComponent(forged)}`)).toEqual({
      success: false,
      message: MESSAGES.statisticsStreamTicketInvalid,
    });
    expect(await refused('?ticket=v1.kotu')).toMatchObject({ success: false });

    const tickets = new StreamTickets(product.appSecret, product.pool, STATISTICS_STREAM.ticketTtlSeconds);
    const stale = tickets.issue(
      ayse.userId,
      `Bearer ${ayse.token}`,
      new Date(Date.now() - 2 * STATISTICS_STREAM.ticketTtlSeconds * 1000),
    );
    expect(await refused(`?ticket=${encodeURIComponent(stale.ticket)}`)).toMatchObject({
      message: MESSAGES.statisticsStreamTicketInvalid,
    });

    // A password change ends every session, and the tickets they issued.
    const cem = await registerOwner(product);
    const cemTicket = await ticket(cem);
    const changed = await send(product, 'POST', '/api/auth/change-password', cem.token, {
      currentPassword: 'gizli-parola-1',
      newPassword: 'yeni-parola-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(answer(changed).success).toBe(true);
    expect(await refused(`?ticket=${encodeURIComponent(cemTicket)}`)).toMatchObject({
      message: MESSAGES.statisticsStreamTicketInvalid,
    });
  });

  it('refuses a ticket request without a session', async () => {
    const response = await send(product, 'GET', '/api/statistics/stream-ticket');
    expect(response.statusCode).toBe(401);
  });

  it('leaves a stream open for the product to end on close', async () => {
    const stream = await withTicket(bora);
    await ready(stream);
  });
});

describe('GET /api/offices/{id}/statistics/stream (issue 30: the team statistics, live like /stats)', () => {
  let admin: Owner;
  let agent: Owner;
  let outsider: Owner;
  let officeId: string;
  const teamPath = () => `/api/offices/${officeId}/statistics/stream`;

  beforeAll(async () => {
    [admin, agent, outsider] = await Promise.all([
      registerOwner(product),
      registerOwner(product),
      registerOwner(product),
    ]);
    const office = await givenOffice(product, {
      members: [
        { userId: admin.userId, role: 'admin' },
        { userId: agent.userId, role: 'agent' },
      ],
    });
    officeId = office.officeId;
    // The stream reads the office's members from the read model: wait until it has them.
    const current = await send(product, 'GET', '/api/offices/current', admin.token, undefined, after(office.position));
    expect(current.statusCode, current.body).toBe(200);
  });

  async function teamTicket(owner: Owner, id = officeId) {
    return send(product, 'GET', `/api/offices/${id}/statistics/stream-ticket`, owner.token);
  }

  it("a visit for any member wakes the admin's team stream; a visit for someone outside the office does not", async () => {
    const issued = await teamTicket(admin);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { ticket: team } = JSON.parse(issued.body) as StatisticsStreamTicketResponse;
    const stream = await connect(`?ticket=${encodeURIComponent(team)}`, {}, teamPath());
    expect(stream.status).toBe(200);
    await ready(stream);

    await appendTelemetry(product, [visited({ ownerId: outsider.userId, cardId: 'VC-DISARI', at: new Date() })]);
    expect(await stream.next(1500)).toBeNull();
    await appendTelemetry(product, [visited({ ownerId: agent.userId, cardId: 'VC-EKIP01', at: new Date() })]);
    const event = await stream.next(5000);
    expect(event?.event).toBe(STATISTICS_STREAM.event);
    stream.close();
  });

  it('only an admin of the office gets a ticket; a ticket opens only its own stream', async () => {
    expect((await teamTicket(agent)).statusCode).toBe(403);
    expect((await teamTicket(outsider)).statusCode).toBe(404);
    expect((await teamTicket(admin, 'bir-ofis')).statusCode).toBe(400);
    const refused = async (path: string, ticketOf: string) => {
      const response = await fetch(`${origin}${path}?ticket=${encodeURIComponent(ticketOf)}`);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: MESSAGES.statisticsStreamTicketInvalid });
    };
    const { ticket: team } = JSON.parse((await teamTicket(admin)).body) as StatisticsStreamTicketResponse;
    // The office's ticket does not open the admin's own stream, nor their own ticket the office's.
    await refused('/api/statistics/stream', team);
    await refused(teamPath(), await ticket(admin));
    // Nor another office's stream.
    const other = await givenOffice(product, { members: [{ userId: outsider.userId, role: 'admin' }] });
    await refused(`/api/offices/${other.officeId}/statistics/stream`, team);
    // Bad input: NUL bytes, a 1 MB ticket, two tickets, an unknown parameter, a malformed office id: a Turkish 4xx.
    for (const query of [
      `?ticket=${encodeURIComponent(`${team}\u0000`)}`,
      `?ticket=${'a'.repeat(1024 * 1024)}`,
      `?ticket=${encodeURIComponent(team)}&ticket=${encodeURIComponent(team)}`,
      `?ticket=${encodeURIComponent(team)}&officeId=42`,
    ]) {
      const response = await fetch(`${origin}${teamPath()}${query}`);
      expect(response.status, query.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(((await response.json()) as { message: string }).message).toMatch(/[çğıöşüÇĞİÖŞÜ]/u);
    }
    const malformed = await fetch(
      `${origin}/api/offices/bir%00ofis/statistics/stream?ticket=${encodeURIComponent(team)}`,
    );
    expect(malformed.status).toBe(400);
    await malformed.text();
    // With a session instead of a ticket: a Danışman hears that only admins may.
    const asAgent = await fetch(`${origin}${teamPath()}`, { headers: { authorization: `Bearer ${agent.token}` } });
    expect(asAgent.status).toBe(403);
    await asAgent.text();
  });
});

async function latest(): Promise<Record<string, string>> {
  const { rows } = await product.pool.query<{ position: string }>(
    "SELECT transaction_id::text || ':' || global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1",
  );
  return rows[0] ? { 'x-min-position': rows[0].position } : {};
}
