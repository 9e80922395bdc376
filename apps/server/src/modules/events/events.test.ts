import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompany, createPatient, createRequest, signedIn } from '../../../test/factories';
import { getContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { openDatabase } from '../../db/client';
import { createDeps } from '../../deps';
import { staffCase } from '../staffwork/staffwork.fixtures';

/** An open event stream: the events read so far, by name, with their data. */
interface Stream {
  status: number;
  contentType: string;
  events: { event: string; data: string }[];
  close(): void;
}

const open: Stream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function listen(app: App, headers: Record<string, string>): Promise<Stream> {
  const res = await app.inject({ method: 'GET', url: '/api/events/', headers, payloadAsStream: true });
  const body = res.stream() as Readable;
  const stream: Stream = {
    status: res.statusCode,
    contentType: String(res.headers['content-type']),
    events: [],
    close: () => body.destroy(),
  };
  let buffer = '';
  body.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const event = field('event');
      if (event) stream.events.push({ event, data: field('data') ?? '' });
      end = buffer.indexOf('\n\n');
    }
  });
  body.on('error', () => undefined);
  open.push(stream);
  return stream;
}

const changes = (s: Stream) => s.events.filter((e) => e.event === 'change');

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('no event arrived');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('GET /api/events/ — live updates', () => {
  it('tells a firm user when staff add a note to one of the firm’s requests, and not of another firm’s', async () => {
    const { app } = await getContext();
    const c = await staffCase();
    const other = await staffCase();
    const stream = await listen(app, c.contact.headers);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await until(() => stream.events.some((e) => e.event === 'ready'));

    const note = (id: number) =>
      app.inject({
        method: 'POST',
        url: '/api/home/notes/',
        headers: c.staff.headers,
        payload: { request: id, text: 'Called the provider.' },
      });
    expect((await note(other.request.id)).statusCode).toBe(201);
    // Long enough for the other firm's change to have come through, were it let through.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(changes(stream)).toEqual([]);

    expect((await note(c.request.id)).statusCode).toBe(201);
    await until(() => changes(stream).length > 0);
    expect(JSON.parse(changes(stream)[0].data)).toEqual({ tables: ['notes', 'requests'] });
  });

  it('tells internal staff of every firm’s new orders, and refuses a caller without a session', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: 1, isStaff: true });
    const stream = await listen(app, staff.headers);
    await until(() => stream.events.some((e) => e.event === 'ready'));
    const firm = await createCompany(deps.db);
    const patient = await createPatient(deps.db, firm.id);
    await createRequest(deps.db, { patientId: patient.id, companyId: firm.id });
    await until(() => changes(stream).some((e) => JSON.parse(e.data).tables.includes('requests')));

    expect((await app.inject({ method: 'GET', url: '/api/events/' })).statusCode).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)(
    'reaches a user connected to another instance (PostgreSQL LISTEN/NOTIFY)',
    async () => {
      // The same settings (the same signing key), as two instances behind one load balancer have.
      const { app, deps } = await getContext();
      const config = deps.config;
      const database = await openDatabase({ url: config.DATABASE_URL });
      const second = await buildApp(createDeps(config, database.db));
      try {
        const c = await staffCase();
        const stream = await listen(second, c.contact.headers);
        expect(stream.status).toBe(200);
        await until(() => stream.events.some((e) => e.event === 'ready'));
        const res = await app.inject({
          method: 'POST',
          url: '/api/home/notes/',
          headers: c.staff.headers,
          payload: { request: c.request.id, text: 'Records requested again.' },
        });
        expect(res.statusCode).toBe(201);
        await until(() => changes(stream).length > 0, 2000);
      } finally {
        for (const s of open.splice(0)) s.close();
        await second.close();
        await database.close();
      }
    },
  );
});
