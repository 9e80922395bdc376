import { useEffect } from 'react';
import { get } from '../api/client';

/**
 * Signs the user out after `minutes` without keyboard, mouse, touch or scroll activity (HIPAA
 * automatic logoff). Activity is shared across tabs through local storage.
 *
 * The server ends a session on its own after the same time without calls. So that someone typing a
 * long note without saving is not signed out by the server, real activity tells the server now and
 * then (at most every third of the timeout, once for all tabs). Nothing is sent without activity:
 * an idle tab never keeps a session alive.
 */
const KEY = 'last_activity';
const SERVER_KEY = 'last_server_touch';
const EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export function useIdleLogout(active: boolean, minutes: number, onIdle: () => void): void {
  useEffect(() => {
    if (!active) return;
    let lastWrite = 0;
    const touchServer = (now: number) => {
      const last = Number(localStorage.getItem(SERVER_KEY) ?? 0);
      if (now - last < (minutes * 60_000) / 3) return;
      localStorage.setItem(SERVER_KEY, String(now));
      // A 401 here takes the usual path: refresh, or sign in again when the server ended the session.
      void get('/users/user/').catch(() => undefined);
    };
    const touch = () => {
      const now = Date.now();
      if (now - lastWrite > 5_000) {
        lastWrite = now;
        localStorage.setItem(KEY, String(now));
        touchServer(now);
      }
    };
    // The screen that just opened has called the server already.
    localStorage.setItem(SERVER_KEY, String(Date.now()));
    touch();
    for (const e of EVENTS) window.addEventListener(e, touch, { passive: true });
    const timer = window.setInterval(() => {
      const last = Number(localStorage.getItem(KEY) ?? Date.now());
      if (Date.now() - last >= minutes * 60_000) onIdle();
    }, 15_000);
    return () => {
      for (const e of EVENTS) window.removeEventListener(e, touch);
      window.clearInterval(timer);
    };
  }, [active, minutes, onIdle]);
}
