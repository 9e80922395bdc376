import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/helpers';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { createDeps } from '../../deps';

/**
 * Readiness follows the database: PostgreSQL reached through a TCP relay the test can cut,
 * the way a database restart or a network fault cuts it. On the embedded database there is no network
 * to lose, so this runs in the PostgreSQL suite.
 */
const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;

function relay() {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    // While cut, a new connection is held and never answered (a hung network, not a refusal).
    if (!open) return;
    const db = connect(Number(target?.port || 5432), target?.hostname ?? '127.0.0.1');
    sockets.add(db);
    db.on('close', () => sockets.delete(db));
    db.on('error', () => client.destroy());
    client.pipe(db).pipe(client);
  });
  return {
    server,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe.skipIf(!target)('GET /readyz on PostgreSQL', () => {
  const link = relay();
  let database: Database | undefined;
  afterAll(async () => {
    link.server.close();
    await database?.close().catch(() => undefined);
  });

  it('fails while the database is unreachable and recovers by itself when it returns', async () => {
    await new Promise<void>((resolve) => link.server.listen(0, '127.0.0.1', resolve));
    const port = (link.server.address() as { port: number }).port;
    const url = new URL(target as URL);
    url.host = `127.0.0.1:${port}`;
    database = await openDatabase({ url: url.toString() });
    const app = await buildApp(createDeps(testEnv({ DATABASE_URL: url.toString() }), database.db));
    const ready = async () => (await app.inject({ url: '/readyz' })).statusCode;

    expect(await ready()).toBe(200);
    link.cut();
    // The first call finds its connection gone; the next must open one and gets no answer at all.
    expect(await ready()).toBe(503);
    expect(await ready()).toBe(503);
    link.restore();
    await expect.poll(ready, { timeout: 10_000, interval: 200 }).toBe(200);
    await app.close();
  }, 30_000);
});
