import { MSG } from '@dd/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-errors';
import { registerErrorHandler } from './errors';

/** What a broken database connection looks like by the time it reaches the error handler. */
const withCause = (message: string, cause: unknown) => Object.assign(new Error(message), { cause });
const serverEnded = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });

const lost: [string, unknown][] = [
  [
    'the server ended the session (57P01), wrapped by drizzle',
    withCause('Failed query: insert …', serverEnded()),
  ],
  ['the socket ended', new Error('Connection terminated unexpectedly')],
  [
    'the rollback on a broken connection',
    withCause(
      'Failed query: rollback',
      new Error('Client has encountered a connection error and is not queryable'),
    ),
  ],
  ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['no new connection in time', new Error('timeout exceeded when trying to connect')],
  [
    'a connection exception (08006)',
    Object.assign(new Error('connection failure'), { code: '08006', severity: 'FATAL' }),
  ],
];

describe('a lost database connection', () => {
  it.each(lost)('is recognised: %s', (_name, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it('is not confused with a failure of the call itself', () => {
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(Object.assign(new Error('dup'), { code: '23505', severity: 'ERROR' }))).toBe(
      false,
    );
  });

  it('is answered 503 with the shared message and a one-second Retry-After; other failures stay 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/lost', async () => {
      throw withCause('Failed query: insert …', serverEnded());
    });
    app.get('/broken', async () => {
      throw new Error('boom');
    });
    const res = await app.inject({ url: '/lost' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MSG.connectionLost });
    expect(res.headers['retry-after']).toBe('1');
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
