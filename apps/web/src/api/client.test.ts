import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, get, post, postOnce, withQuery } from './client';

/** The client's contract: bearer token, CSRF header, one refresh and retry on 401, readable errors. */
type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function respond(handler: (url: string, init: RequestInit) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const header = (init: RequestInit, name: string) =>
  (init.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer token, and the CSRF token on POST', async () => {
    localStorage.setItem('token', 'access-1');
    respond((url) =>
      url.includes('csrf') ? json(200, { csrfmiddlewaretoken: 'csrf-1' }) : json(200, { ok: true }),
    );
    await post('/api/thing/', { a: 1 });
    const call = calls.find((c) => c.url === '/api/thing/')!;
    expect(header(call.init, 'authorization')).toBe('Bearer access-1');
    expect(header(call.init, 'x-csrftoken')).toBe('csrf-1');
  });

  it('on a 401 refreshes once, stores the new tokens and retries the call', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'r-old');
    localStorage.setItem('csrfmiddlewaretoken', 'c');
    respond((url, init) => {
      if (url === '/users/token/refresh/') return json(200, { access: 'new', refresh: 'r-new' });
      return header(init, 'authorization') === 'Bearer new' ? json(200, { value: 42 }) : json(401, {});
    });
    await expect(get<{ value: number }>('/api/data/')).resolves.toEqual({ value: 42 });
    expect(localStorage.getItem('token')).toBe('new');
    expect(localStorage.getItem('refresh_token')).toBe('r-new');
    expect(calls.filter((c) => c.url === '/users/token/refresh/')).toHaveLength(1);
  });

  it('clears the session when the refresh fails', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'r-old');
    localStorage.setItem('csrfmiddlewaretoken', 'c');
    respond(() => json(401, { error: 'expired' }));
    await expect(get('/api/data/')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('when the server ended the session, the refused refresh sends the person to /login/', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'r-old');
    localStorage.setItem('csrfmiddlewaretoken', 'c');
    window.history.replaceState(null, '', '/dashboard/');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    respond(() => json(401, { error: 'Your session has ended. Please sign in again.' }));
    await expect(get('/api/data/')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login/');
    expect(localStorage.getItem('token')).toBeNull();
    assign.mockRestore();
  });

  it('does not rotate the refresh token again when another tab already did: it uses the newer token', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'r-new');
    localStorage.setItem('csrfmiddlewaretoken', 'c');
    respond((_url, init) => {
      if (header(init, 'authorization') === 'Bearer new') return json(200, { value: 1 });
      // Another tab refreshes while this call is on its way.
      localStorage.setItem('token', 'new');
      return json(401, {});
    });
    await expect(get<{ value: number }>('/api/data/')).resolves.toEqual({ value: 1 });
    expect(calls.filter((c) => c.url === '/users/token/refresh/')).toHaveLength(0);
  });

  it("reads a 400 without a message as 'Bad Request', and keeps the server's message otherwise", async () => {
    respond((url) =>
      url.includes('plain')
        ? new Response('', { status: 400 })
        : json(400, { error: 'Name is taken.', fields: { name: 'Name is taken.' } }),
    );
    await expect(get('/api/plain/')).rejects.toMatchObject({ status: 400, message: 'Bad Request' });
    await expect(get('/api/named/')).rejects.toMatchObject({
      message: 'Name is taken.',
      fields: { name: 'Name is taken.' },
    });
  });

  it('joins array filters with commas and skips empty ones', () => {
    expect(withQuery('/api/x/', { a: [1, 2], b: '', c: undefined, d: 'y' })).toBe('/api/x/?a=1%2C2&d=y');
  });
});

describe('postOnce (a submit that must not be stored twice)', () => {
  const orderCalls = () => calls.filter((c) => c.url === '/api/order/');
  const keyOf = (call: Call) => header(call.init, 'idempotency-key');

  beforeEach(() => localStorage.setItem('csrfmiddlewaretoken', 'c'));

  it('sends an Idempotency-Key, a new one for each submit that succeeded', async () => {
    respond(() => json(201, { id: 1 }));
    await postOnce('/api/order/', { client: 1 });
    await postOnce('/api/order/', { client: 1 });
    const [first, second] = orderCalls().map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it('sends the same submit again with the same key when it failed without an answer', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    respond(() => answer());
    await expect(postOnce('/api/order/', { client: 2 })).rejects.toBeInstanceOf(TypeError);
    // Tried twice (once again by itself), both with one key; then the person submits again.
    answer = () => json(201, { id: 2 });
    await expect(postOnce('/api/order/', { client: 2 })).resolves.toEqual({ id: 2 });
    const keys = orderCalls().map(keyOf);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends a 503 (nothing stored) again once by itself, with the same key', async () => {
    let count = 0;
    respond(() => (++count === 1 ? json(503, { error: 'Please try again.' }) : json(201, { id: 3 })));
    await expect(postOnce('/api/order/', { client: 3 })).resolves.toEqual({ id: 3 });
    const keys = orderCalls().map(keyOf);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new key for a changed submit, and after a refusal', async () => {
    respond(() => json(400, { error: 'Client is required' }));
    await expect(postOnce('/api/order/', { client: 4 })).rejects.toBeInstanceOf(ApiError);
    await expect(postOnce('/api/order/', { client: 4 })).rejects.toBeInstanceOf(ApiError);
    await expect(postOnce('/api/order/', { client: 5 })).rejects.toBeInstanceOf(ApiError);
    const keys = orderCalls().map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });
});
