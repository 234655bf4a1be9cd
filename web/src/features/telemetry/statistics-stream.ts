/**
 * The owner's live statistics feed: a server-sent event stream that says "your statistics
 * changed, up to this position" and nothing else (the numbers are then read through the normal
 * queries, so one code path shows them). Umami polls every 10 s and Plausible every 30 s; a push
 * lets a visit show up within a second.
 *
 * EventSource cannot send an Authorization header, and a session token in an address ends up in
 * logs, so the stream is opened with a short-lived ticket fetched with the bearer token
 * (query-api/src/statistics). EventSource reconnects by itself after a dropped connection, with
 * the same ticket while it is valid. It gives up for good when the server answers with an error
 * status (401 for an expired ticket, 5xx during a deploy); then we fetch a new ticket with
 * backoff and ask for a catch-up read. Both requests carry the bearer token, so if the session is
 * over the app learns it the ordinary way (and this stream ends with the session). Without a
 * session we stop.
 */
export type LiveStatus = 'connecting' | 'live' | 'offline';

export const STATISTICS_EVENT = 'statistics';
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** The parts of EventSource we use, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void): void;
  close(): void;
}

export interface StatisticsStreamOptions {
  /** A fresh address to open (with a new ticket); null when there is no session to open it for. */
  readonly address: () => Promise<string | null>;
  /** The session token of the moment: a change means another account, and a new stream. */
  readonly readToken: () => string | null;
  readonly onStatus: (status: LiveStatus) => void;
  /** Statistics changed; `position` is the event-store position they now include (null if unknown). */
  readonly onChange: (position: string | null) => void;
  /** Events may have been missed (a reconnect): read everything again. */
  readonly onResync: () => void;
  readonly open?: (url: string) => EventSourceLike;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
  readonly random?: () => number;
}

const CLOSED = 2;

/** Exponential backoff with jitter: about 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** `{"position":"…"}` → the position; anything else → null (the change still counts). */
export function parseChange(data: string): string | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && 'position' in value) {
      const { position } = value;
      if (typeof position === 'string' && position !== '') return position;
      if (typeof position === 'number' && Number.isFinite(position)) return String(position);
    }
  } catch {
    // Not JSON: a change without a position.
  }
  return null;
}

/** Opens the stream; returns the function that closes it for good. */
export function subscribeStatistics(options: StatisticsStreamOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => window.setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => window.clearTimeout(timer as number));
  let source: EventSourceLike | null = null;
  let sourceToken: string | null = null;
  let retryTimer: unknown = null;
  let attempt = 0;
  let missed = false;
  let stopped = false;

  const closeSource = () => {
    if (!source) return;
    source.onopen = null;
    source.onerror = null;
    source.close();
    source = null;
  };

  const retry = () => {
    options.onStatus('offline');
    retryTimer = setTimer(() => void connect(), retryDelay(attempt++, options.random));
  };

  const connect = async (): Promise<void> => {
    retryTimer = null;
    if (stopped) return;
    const token = options.readToken();
    if (!token) {
      options.onStatus('offline');
      return;
    }
    options.onStatus('connecting');
    let url: string | null;
    try {
      url = await options.address();
    } catch {
      if (!stopped) retry();
      return;
    }
    if (stopped) return;
    if (url === null) {
      options.onStatus('offline');
      return;
    }
    sourceToken = token;
    const current = open(url);
    source = current;
    current.onopen = () => {
      attempt = 0;
      options.onStatus('live');
      if (missed) {
        missed = false;
        options.onResync();
      }
    };
    current.addEventListener(STATISTICS_EVENT, (event: MessageEvent<unknown>) => {
      if (source === current) options.onChange(typeof event.data === 'string' ? parseChange(event.data) : null);
    });
    current.onerror = () => {
      if (source !== current) return;
      missed = true;
      const now = options.readToken();
      if (current.readyState !== CLOSED && now === sourceToken) {
        // A dropped connection: the browser is already reconnecting.
        options.onStatus('connecting');
        return;
      }
      closeSource();
      if (!now) {
        options.onStatus('offline');
        return;
      }
      if (now !== sourceToken) {
        // Signed in as someone else meanwhile: a new stream for them, at once.
        attempt = 0;
        void connect();
        return;
      }
      options.onResync();
      retry();
    };
  };

  void connect();
  return () => {
    stopped = true;
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    closeSource();
  };
}

/**
 * Runs `task` at once, then at most once per `ms` while calls keep coming (the last call is never
 * lost): a burst of visits costs one refetch per interval, not one per visit.
 */
export function coalesce(
  task: () => void,
  ms: number,
  setTimer: (run: () => void, ms: number) => unknown = (run, delay) => window.setTimeout(run, delay),
  clearTimer: (timer: unknown) => void = (timer) => window.clearTimeout(timer as number),
): { readonly run: () => void; readonly cancel: () => void } {
  let timer: unknown = null;
  let pending = false;
  const release = () => {
    timer = null;
    if (pending) {
      pending = false;
      task();
      timer = setTimer(release, ms);
    }
  };
  return {
    run() {
      if (timer !== null) {
        pending = true;
        return;
      }
      task();
      timer = setTimer(release, ms);
    },
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      pending = false;
    },
  };
}
