import { useEffect } from 'react';

/**
 * Signs the user out after `minutes` without keyboard, mouse, touch or scroll activity (HIPAA
 * automatic logoff). Activity is shared across tabs through local storage.
 */
const KEY = 'last_activity';
const EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export function useIdleLogout(active: boolean, minutes: number, onIdle: () => void): void {
  useEffect(() => {
    if (!active) return;
    let lastWrite = 0;
    const touch = () => {
      const now = Date.now();
      if (now - lastWrite > 5_000) {
        lastWrite = now;
        localStorage.setItem(KEY, String(now));
      }
    };
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
