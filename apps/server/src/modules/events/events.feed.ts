import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';

/**
 * What changed, as PostgreSQL's triggers announce it on channel 'dd_changes' (migration 0045): the table
 * written and the firms whose requests it touched (null: every firm). Every instance listens, so a change
 * made through one instance reaches the people connected to any other.
 */
export interface Change {
  table: string;
  companies: number[] | null;
}

type Listener = (change: Change) => void;

const CHANNEL = 'dd_changes';
const RETRY_MS = 2000;

function parse(payload: string): Change | null {
  try {
    const { t, c } = JSON.parse(payload) as { t: string; c: number[] | null };
    return { table: t, companies: c };
  } catch {
    return null;
  }
}

export class ChangeFeed {
  private readonly listeners = new Set<Listener>();
  private stopListening: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(payload: string | undefined) {
    const change = payload ? parse(payload) : null;
    if (!change) return;
    for (const listener of this.listeners) listener(change);
  }

  async start(): Promise<void> {
    const client = (this.db as unknown as { $client: PGlite | pg.Pool }).$client;
    if ('listen' in client) {
      this.stopListening = await client.listen(CHANNEL, (payload) => this.publish(payload));
      return;
    }
    await this.listenOn(client.options);
  }

  /**
   * PostgreSQL: a connection of its own for LISTEN, beside the pool (never one of the pool's, which would
   * leave the app one fewer for its queries), for the instance's life. A lost connection (a restart, a
   * failover) is replaced after a pause; changes made meanwhile are not replayed, so open screens catch up
   * on their next refresh.
   */
  private async listenOn(options: pg.ClientConfig): Promise<void> {
    const connection = new pg.Client(options);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      void connection.end().catch(() => undefined);
    };
    connection.on('notification', (message) => {
      if (message.channel === CHANNEL) this.publish(message.payload);
    });
    connection.on('error', (error) => {
      end();
      if (this.stopped) return;
      this.onError(error);
      setTimeout(() => void this.listenOn(options), RETRY_MS).unref();
    });
    this.stopListening = async () => end();
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      // The database is not reachable yet: the app starts anyway, and listening is tried again.
      end();
      if (this.stopped) return;
      this.onError(error);
      setTimeout(() => void this.listenOn(options), RETRY_MS).unref();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listeners.clear();
    await this.stopListening?.();
    this.stopListening = null;
  }
}
