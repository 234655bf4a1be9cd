import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Request logs name the method and path only: never the client's address, query strings (they may
 * carry tokens) or headers. pino's default request serializer would log remoteAddress.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    serializers: {
      req(request: { method?: string; url?: string; id?: string }) {
        return { id: request.id, method: request.method, path: (request.url ?? '').split('?')[0] };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
    },
    redact: { paths: ['req.headers', 'req.remoteAddress', 'req.ip', 'ip', 'hostname'], remove: true },
  };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildArguments = Parameters<FastifyBaseLogger['child']>;

// pino's levels; the product declares no custom ones. 'silent' is above them all.
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * A request's logger, made by Fastify for every request to bind its id to each line. pino's own child is built at once
 * (its formatters, its bindings serialised) whether or not the request ever writes a line; this one builds it on the
 * first line at an enabled level, and a call below the level is dropped as pino's own would be. On the card page's
 * revalidations, which write nothing, that was a measurable share of a 304's CPU (docs/decisions/0020).
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: ChildArguments[0],
    private readonly options: NonNullable<ChildArguments[1]>,
  ) {}

  private made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  /** A line at `method`, written only at or above the level (`level`), as pino's own child would. */
  private write(method: LogMethod, args: unknown[]): void {
    if ((LEVEL_VALUES[method] ?? 0) < (LEVEL_VALUES[this.level] ?? 0)) return;
    const child = this.made();
    Reflect.apply(child[method], child, args);
  }

  /** The child's once made; before, the route's level if it has one, else the server's. */
  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(...args: ChildArguments): FastifyBaseLogger {
    return this.made().child(...args);
  }
}

/** Fastify's childLoggerFactory: each request's logger made only when it writes (RequestLogger). */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);
