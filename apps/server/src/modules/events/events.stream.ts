import { PassThrough } from 'node:stream';
import type { Auth } from '../../authz';
import type { Change, ChangeFeed } from './events.feed';

/** Timings of the live-updates stream. */
const LIVE = {
  /** Writes within this window reach a screen as one event. */
  coalesceMs: 250,
  heartbeatMs: 25_000,
  /** A stream ends after this, and the browser reconnects with a current token (a signed-out user stops). */
  maxMs: 10 * 60_000,
  /** What the browser waits before reconnecting. */
  retryMs: 3000,
} as const;

/**
 * Whether a change concerns requests the caller can see: internal users hear of every firm (their screens'
 * own queries then keep to what each may read); a firm's users hear of their own firm only.
 */
function changeVisibleTo(auth: Auth, change: Change): boolean {
  if (auth.isInternal || change.companies === null) return true;
  return change.companies.includes(auth.companyId);
}

/**
 * One caller's stream: the changes it may hear, coalesced; a heartbeat; an end after LIVE.maxMs. `open`
 * holds every stream of the instance so closing the server ends them. Everything stops with the stream.
 */
export function openStream(
  feed: ChangeFeed,
  auth: Auth,
  open: Set<PassThrough>,
  connection: { on(event: 'close', listener: () => void): unknown },
): PassThrough {
  const stream = new PassThrough();
  open.add(stream);
  let pending = new Set<string>();
  let flush: NodeJS.Timeout | null = null;
  const send = (text: string) => {
    if (!stream.writableEnded) stream.write(text);
  };
  const unsubscribe = feed.subscribe((change: Change) => {
    if (!changeVisibleTo(auth, change)) return;
    pending.add(change.table);
    // A burst of writes (a status change writes the request and a note) is one event.
    flush ??= setTimeout(() => {
      flush = null;
      send(`event: change\ndata: ${JSON.stringify({ tables: [...pending].sort() })}\n\n`);
      pending = new Set();
    }, LIVE.coalesceMs);
  });
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), LIVE.heartbeatMs);
  const lifetime = setTimeout(() => stream.end(), LIVE.maxMs);
  const cleanUp = () => {
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (flush) clearTimeout(flush);
    open.delete(stream);
    if (!stream.writableEnded) stream.end();
  };
  stream.on('close', cleanUp);
  stream.on('finish', cleanUp);
  connection.on('close', cleanUp);
  send(`retry: ${LIVE.retryMs}\nevent: ready\ndata: {}\n\n`);
  return stream;
}
