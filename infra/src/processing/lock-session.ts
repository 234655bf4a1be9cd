import type pg from 'pg';

/**
 * One database session holding the advisory locks of many processors of a process (the reactors):
 * a lock costs no connection of its own. A processor asks before each round; when the session's
 * connection breaks, every lock is gone, and each processor asks again (another instance may win).
 */
export class SharedLockSession {
  private client: pg.PoolClient | null = null;
  private connecting: Promise<pg.PoolClient> | null = null;
  private readonly held = new Set<string>();
  /** One statement at a time on the session: the processors ask concurrently. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly pool: pg.Pool) {}

  /** True when this session holds `key` (now or already). */
  tryHold(key: string): Promise<boolean> {
    if (this.held.has(key) && this.client) return Promise.resolve(true);
    const asked = this.queue.then(() => this.ask(key));
    this.queue = asked.catch(() => undefined);
    return asked;
  }

  private async ask(key: string): Promise<boolean> {
    if (this.held.has(key) && this.client) return true;
    const client = await this.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [key],
    );
    if (rows[0]?.locked && this.client === client) this.held.add(key);
    return this.held.has(key);
  }

  async close(): Promise<void> {
    await this.queue;
    const client = this.client;
    this.client = null;
    this.held.clear();
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  }

  private async connect(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    this.connecting ??= this.pool.connect().then((client) => {
      client.on('error', () => this.lost(client));
      this.client = client;
      this.connecting = null;
      return client;
    });
    try {
      return await this.connecting;
    } catch (error) {
      this.connecting = null;
      throw error;
    }
  }

  private lost(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.held.clear();
    client.release(true);
  }
}
