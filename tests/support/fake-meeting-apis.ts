import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { MeetingProvider } from '@kartvizit/infra/meetings/settings';

/**
 * The four meeting providers' APIs on one loopback origin (issue 15), at their real paths, so the product's clients
 * (infra/src/meetings/providers.ts) are tested against the wire and not against a mock. One origin serves as
 * GOOGLE_CALENDAR_API_URL, MICROSOFT_GRAPH_API_URL, ZOOM_API_URL and CALENDLY_API_URL (`fakeMeetingApiEnv`):
 * - Google Calendar `POST /calendar/v3/calendars/primary/events` → 200 `{ kind, id, status, htmlLink, … }`;
 * - Microsoft Graph `POST /v1.0/me/events` → 201 `{ id, webLink, subject, … }`;
 * - Zoom `POST /v2/users/me/meetings` → 201 `{ id (a number), join_url, password, … }`;
 * - Calendly `POST /scheduling_links` → 201 `{ resource: { booking_url, owner, owner_type } }`; an event type the
 *   account does not have → 404.
 * Each checks `Authorization: Bearer` (401 in the provider's own error shape when `acceptToken` says no) and the body
 * as the provider would (400 in its error shape naming what is missing or wrong). Every request is kept
 * (`requests(provider)`), the Authorization header included: this is a test server, and tests check the token went.
 * `failNext` and `hang` queue trouble for a provider's next request.
 */
export interface FakeMeetingRequest {
  readonly method: string;
  readonly path: string;
  /** Lower-case names, as node:http gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;
  /** What the fake answered (0: not answered, it hangs). */
  status: number;
}

export interface FakeMeetingApis {
  /** The origin to use as each provider's API address. */
  readonly url: string;
  /** The requests that reached the provider's path, in order. */
  requests(provider: MeetingProvider): readonly FakeMeetingRequest[];
  /** The provider's next request is answered `status` with `body` (default: the provider's own error shape). */
  failNext(provider: MeetingProvider, status: number, body?: unknown): void;
  /** The provider's next request is never answered (the client's time-out ends it). */
  hang(provider: MeetingProvider): void;
  /** The provider's next success answers `body` instead of its documented shape (a provider that changed). */
  garbleNext(provider: MeetingProvider, body: unknown): void;
  close(): Promise<void>;
}

export interface FakeMeetingApisOptions {
  /** Which bearer tokens the provider accepts; default: any non-empty one. */
  readonly acceptToken?: (provider: MeetingProvider, token: string) => boolean;
  /** Calendly event type ids the signed-in account has; default: any. */
  readonly calendlyEventTypes?: readonly string[];
  /** A fixed loopback port (the browser journeys' server is told it before it starts); default: any free one. */
  readonly port?: number;
  /**
   * Lets another process (the browser journeys' workers, the fake in the global setup) steer and read the fake:
   * `POST {FAKE_MEETING_CONTROL_PATH}/{provider}/fail-next {status, body?}` is failNext, `…/{provider}/hang` is hang,
   * `GET …/{provider}/requests` answers `requests(provider)` as JSON. Loopback only, never recorded as API requests.
   */
  readonly control?: boolean;
}

export const FAKE_MEETING_CONTROL_PATH = '/__fake-meetings';

/** Every provider's API address pointing at the fake. */
export function fakeMeetingApiEnv(origin: string) {
  return {
    GOOGLE_CALENDAR_API_URL: origin,
    MICROSOFT_GRAPH_API_URL: origin,
    ZOOM_API_URL: origin,
    CALENDLY_API_URL: origin,
  } as const;
}

const PATHS: Readonly<Record<string, MeetingProvider>> = {
  '/calendar/v3/calendars/primary/events': 'google',
  '/v1.0/me/events': 'microsoft',
  '/v2/users/me/meetings': 'zoom',
  '/scheduling_links': 'calendly',
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each provider's error body, as its documentation shows it. */
const ERROR_BODY: Readonly<Record<MeetingProvider, (status: number, message: string) => Json>> = {
  google: (status, message) => ({
    error: { code: status, message, errors: [{ domain: 'global', reason: 'invalid', message }] },
  }),
  microsoft: (status, message) => ({
    error: { code: status === 401 ? 'InvalidAuthenticationToken' : 'ErrorInvalidRequest', message },
  }),
  zoom: (status, message) => ({ code: status === 401 ? 124 : 300, message }),
  calendly: (status, message) => ({ title: status === 401 ? 'Unauthenticated' : 'Invalid Argument', message }),
};

const UNAUTHORIZED: Readonly<Record<MeetingProvider, string>> = {
  google: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
  microsoft: 'Access token validation failure. Invalid audience.',
  zoom: 'Invalid access token.',
  calendly: 'The access token is invalid',
};

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/u;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/u;
const ZOOM_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

function googleProblem(body: Json): string | null {
  if (typeof body.summary !== 'string') return 'Invalid value for: summary';
  for (const side of ['start', 'end'] as const) {
    const time = body[side];
    if (!isRecord(time)) return side === 'end' ? 'Missing end time.' : 'Missing start time.';
    if (typeof time.dateTime !== 'string' || !RFC3339.test(time.dateTime)) return `Invalid ${side}.dateTime value.`;
    if (time.timeZone !== undefined && typeof time.timeZone !== 'string') return `Invalid ${side}.timeZone value.`;
  }
  if (body.attendees !== undefined) {
    if (!Array.isArray(body.attendees)) return 'Invalid value for: attendees';
    for (const attendee of body.attendees) {
      if (!isRecord(attendee) || typeof attendee.email !== 'string' || !EMAIL.test(attendee.email))
        return 'Invalid attendee email.';
    }
  }
  return null;
}

function graphProblem(body: Json): string | null {
  if (typeof body.subject !== 'string') return "Property 'subject' is required.";
  if (body.body !== undefined) {
    if (!isRecord(body.body) || !['text', 'html'].includes(String(body.body.contentType)))
      return "Property 'body.contentType' is invalid.";
  }
  for (const side of ['start', 'end'] as const) {
    const time = body[side];
    if (!isRecord(time) || typeof time.dateTime !== 'string' || typeof time.timeZone !== 'string')
      return `Property '${side}' of type dateTimeTimeZone is required.`;
    if (!LOCAL_DATE_TIME.test(time.dateTime)) return `Cannot convert the literal '${time.dateTime}' to DateTime.`;
  }
  if (body.attendees !== undefined) {
    if (!Array.isArray(body.attendees)) return "Property 'attendees' is invalid.";
    for (const attendee of body.attendees as unknown[]) {
      if (!isRecord(attendee)) return 'At least one recipient is not valid.';
      const address = isRecord(attendee.emailAddress) ? attendee.emailAddress.address : null;
      if (typeof address !== 'string' || !EMAIL.test(address)) return 'At least one recipient is not valid.';
      if (!['required', 'optional', 'resource'].includes(String(attendee.type)))
        return "Property 'type' of attendee is invalid.";
    }
  }
  return null;
}

function zoomProblem(body: Json): string | null {
  if (typeof body.topic !== 'string' || body.topic === '') return 'Invalid field: topic.';
  if (body.type !== 2) return 'Invalid field: type.';
  if (typeof body.start_time !== 'string' || !ZOOM_TIME.test(body.start_time)) return 'Invalid field: start_time.';
  if (typeof body.duration !== 'number' || !Number.isInteger(body.duration) || body.duration <= 0)
    return 'Invalid field: duration.';
  if (typeof body.timezone !== 'string') return 'Invalid field: timezone.';
  return null;
}

function calendlyProblem(body: Json, origin: string): { parameter: string; message: string } | null {
  if (body.max_event_count !== 1) return { parameter: 'max_event_count', message: 'must be 1' };
  if (body.owner_type !== 'EventType') return { parameter: 'owner_type', message: 'must be EventType' };
  if (typeof body.owner !== 'string' || !body.owner.startsWith(`${origin}/event_types/`))
    return { parameter: 'owner', message: 'must be an event type URI' };
  return null;
}

export async function startFakeMeetingApis(options: FakeMeetingApisOptions = {}): Promise<FakeMeetingApis> {
  const acceptToken = options.acceptToken ?? ((_provider: MeetingProvider, token: string) => token !== '');
  const byProvider = new Map<MeetingProvider, FakeMeetingRequest[]>();
  const failures = new Map<MeetingProvider, { status: number; body?: unknown }[]>();
  const hangs = new Map<MeetingProvider, number>();
  const garbles = new Map<MeetingProvider, unknown[]>();
  const sockets = new Set<Socket>();
  let origin = '';

  const handle = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const provider = request.method === 'POST' ? PATHS[path] : undefined;
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      response.end(JSON.stringify(json));
    };
    if (options.control && path.startsWith(`${FAKE_MEETING_CONTROL_PATH}/`)) return control(request, path, raw, answer);
    if (!provider) return answer(404, { message: 'Not Found' });

    let body: unknown = raw;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      // kept as text: answered 400 below
    }
    const entry: FakeMeetingRequest = { method: 'POST', path, headers: { ...request.headers }, body, status: 0 };
    byProvider.set(provider, [...(byProvider.get(provider) ?? []), entry]);
    const reply = (status: number, json: unknown) => {
      entry.status = status;
      answer(status, json);
    };
    const error = (status: number, message: string) => reply(status, ERROR_BODY[provider](status, message));

    const hanging = hangs.get(provider) ?? 0;
    if (hanging > 0) {
      hangs.set(provider, hanging - 1);
      return;
    }
    const failure = failures.get(provider)?.shift();
    if (failure) {
      return reply(
        failure.status,
        failure.body === undefined ? ERROR_BODY[provider](failure.status, 'Backend Error') : failure.body,
      );
    }

    const token = /^Bearer (.+)$/u.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!acceptToken(provider, token)) return error(401, UNAUTHORIZED[provider]);
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json') || !isRecord(body))
      return error(400, 'Invalid JSON payload received.');
    const garbled = garbles.get(provider)?.shift();

    switch (provider) {
      case 'google': {
        const problem = googleProblem(body);
        if (problem) return error(400, problem);
        const id = randomBytes(13).toString('hex');
        const eid = Buffer.from(`${id} owner@example.com`).toString('base64url');
        return reply(
          200,
          garbled ?? {
            kind: 'calendar#event',
            id,
            status: 'confirmed',
            htmlLink: `https://www.google.com/calendar/event?eid=${eid}`,
            summary: body.summary,
            description: body.description,
            start: body.start,
            end: body.end,
            attendees: body.attendees,
          },
        );
      }
      case 'microsoft': {
        const problem = graphProblem(body);
        if (problem) return error(400, problem);
        const id = `AAMkA${randomBytes(24).toString('base64url')}`;
        return reply(
          201,
          garbled ?? {
            '@odata.context': "https://graph.microsoft.com/v1.0/$metadata#users('me')/events/$entity",
            id,
            subject: body.subject,
            start: body.start,
            end: body.end,
            attendees: body.attendees,
            webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
          },
        );
      }
      case 'zoom': {
        const problem = zoomProblem(body);
        if (problem) return error(400, problem);
        const id = randomInt(80_000_000_000, 89_999_999_999);
        const password = randomBytes(4).toString('hex');
        return reply(
          201,
          garbled ?? {
            uuid: randomBytes(16).toString('base64'),
            id,
            host_id: 'KdYKjnimT4KPd8FFgQt9FQ',
            topic: body.topic,
            type: 2,
            start_time: body.start_time,
            duration: body.duration,
            timezone: body.timezone,
            join_url: `https://zoom.us/j/${id}?pwd=${password}`,
            password,
          },
        );
      }
      case 'calendly': {
        const problem = calendlyProblem(body, origin);
        if (problem)
          return reply(400, {
            title: 'Invalid Argument',
            message: 'The supplied parameters are invalid.',
            details: [problem],
          });
        const eventType = String(body.owner).slice(`${origin}/event_types/`.length);
        if (options.calendlyEventTypes && !options.calendlyEventTypes.includes(eventType))
          return reply(404, {
            title: 'Resource Not Found',
            message: 'The server could not find the requested resource.',
          });
        return reply(
          201,
          garbled ?? {
            resource: {
              booking_url: `https://calendly.com/d/${randomUUID().slice(0, 8)}/tanisma`,
              owner: body.owner,
              owner_type: 'EventType',
            },
          },
        );
      }
    }
  };

  const control = (
    request: IncomingMessage,
    path: string,
    raw: string,
    answer: (status: number, json: unknown) => void,
  ): void => {
    const [name, action] = path.slice(FAKE_MEETING_CONTROL_PATH.length + 1).split('/');
    const target = Object.values(PATHS).find((candidate) => candidate === name);
    if (!target) return answer(404, { message: 'unknown provider' });
    if (request.method === 'GET' && action === 'requests') return answer(200, byProvider.get(target) ?? []);
    if (request.method === 'POST' && action === 'hang') {
      hangs.set(target, (hangs.get(target) ?? 0) + 1);
      return answer(200, {});
    }
    if (request.method === 'POST' && action === 'fail-next') {
      let order: unknown = null;
      try {
        order = JSON.parse(raw) as unknown;
      } catch {
        // answered below
      }
      if (!isRecord(order) || typeof order.status !== 'number') return answer(400, { message: 'status required' });
      failures.set(target, [
        ...(failures.get(target) ?? []),
        { status: order.status, ...(order.body === undefined ? {} : { body: order.body }) },
      ]);
      return answer(200, {});
    }
    return answer(404, { message: 'unknown control' });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests: (provider) => byProvider.get(provider) ?? [],
    failNext(provider, status, body) {
      failures.set(provider, [...(failures.get(provider) ?? []), { status, ...(body === undefined ? {} : { body }) }]);
    },
    hang(provider) {
      hangs.set(provider, (hangs.get(provider) ?? 0) + 1);
    },
    garbleNext(provider, body) {
      garbles.set(provider, [...(garbles.get(provider) ?? []), body]);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
