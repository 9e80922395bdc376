import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test';
import { useIdleLogout } from './idle-logout';

/** Automatic logoff in the browser, and the server's inactivity timeout kept in step with real activity. */
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const minutes = (n: number) => vi.advanceTimersByTime(n * 60_000);

describe('useIdleLogout', () => {
  it('never calls the server without activity, and signs out after the timeout', () => {
    const calls = stubApi(() => json({}));
    const onIdle = vi.fn();
    renderHook(() => useIdleLogout(true, 30, onIdle));
    minutes(29);
    expect(onIdle).not.toHaveBeenCalled();
    minutes(1.5);
    expect(onIdle).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('tells the server about real activity at most every third of the timeout', async () => {
    const calls = stubApi(() => json({}));
    renderHook(() => useIdleLogout(true, 30, vi.fn()));
    minutes(5);
    window.dispatchEvent(new Event('keydown'));
    expect(calls).toHaveLength(0);
    minutes(6);
    window.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/users/user/']));
    minutes(1);
    window.dispatchEvent(new Event('keydown'));
    expect(calls).toHaveLength(1);
  });
});
