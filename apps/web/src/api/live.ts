import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from './client';
import { refreshData } from './data';
import { getToken } from './session';

/**
 * Live updates (GET /api/events/, server-sent events): while someone is signed in, the tab keeps one stream
 * open, and each `change` event refreshes every query showing requests, so open screens show what another
 * person (or a job) just did without a reload. The stream is read with fetch, not EventSource, because the
 * API wants the access token in a header. When it ends (the server closes it every few minutes, or the
 * network drops) it reconnects after a pause; a refused token is renewed first.
 */
export interface LiveEvent {
  event: string;
  data: string;
}

/** The complete events in `buffer`, and what is left of it (an event still arriving). */
export function parseEvents(buffer: string): { events: LiveEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: LiveEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    // A block of comments only (the heartbeat) is no event.
    if (data.length || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

const RETRY_MS = 3000;

async function readStream(onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<void> {
  const token = getToken();
  if (!token) return;
  const res = await fetch('/api/events/', { headers: { authorization: `Bearer ${token}` }, signal });
  if (res.status === 401) {
    // Any call renews a refused token (or sends the person to sign in when the session is over).
    await get('/users/user/', undefined, signal).catch(() => undefined);
    return;
  }
  if (!res.ok || !res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const parsed = parseEvents(buffer + value);
    buffer = parsed.rest;
    for (const event of parsed.events) onEvent(event);
  }
}

function followLiveUpdates(onEvent: (event: LiveEvent) => void): () => void {
  const controller = new AbortController();
  void (async () => {
    while (!controller.signal.aborted) {
      await readStream(onEvent, controller.signal).catch(() => undefined);
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  })();
  return () => controller.abort();
}

/**
 * At most one refresh per this many milliseconds: a busy office changes requests many times a second, and
 * each refresh reads every open list again. A change still shows within about this long.
 */
const REFRESH_EVERY_MS = 1500;

/** Keeps the signed-in tab's request data live; nothing while signed out. */
export function useLiveUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = followLiveUpdates((event) => {
      if (event.event !== 'change' || timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          void refreshData(queryClient, 'requests');
        },
        Math.max(0, last + REFRESH_EVERY_MS - Date.now()),
      );
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [signedIn, queryClient]);
}
