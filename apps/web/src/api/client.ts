import { type ErrorBody, MSG } from '@dd/shared';
import type { z } from 'zod';
import { clearSession, getToken, STORAGE, storeTokens } from './session';

/**
 * The typed HTTP client: bearer token, CSRF field on POST, 401 -> refresh -> one retry,
 * redirect field -> navigation, 400 -> 'Bad Request' unless the body carries a message.
 * A refusal is `{error, fields?, details?}` (ErrorBodySchema) whatever its status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The `details` of a refusal, read through the shared schema that declares them (SplitRefusalSchema,
 * ClaimConflictSchema, …): undefined when the error is another one.
 */
export function refusalDetails<D>(error: unknown, schema: z.ZodType<{ details: D }>): D | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = schema.safeParse({ error: error.message, details: error.details });
  return parsed.success ? parsed.data.details : undefined;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Kept in localStorage only (no copy in memory), so every tab and a cleared storage agree. */
async function csrf(): Promise<string> {
  const stored = localStorage.getItem(STORAGE.csrf);
  if (stored) return stored;
  const res = await fetch('/api/csrfmiddlewaretoken/');
  const body = (await res.json()) as { csrfmiddlewaretoken: string };
  localStorage.setItem(STORAGE.csrf, body.csrfmiddlewaretoken);
  return body.csrfmiddlewaretoken;
}

/** Runs `fn` holding a lock shared by every tab of the app (Web Locks), or directly where unsupported. */
function acrossTabs<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, fn) as Promise<T>) : fn();
}

let refreshing: Promise<boolean> | null = null;
/**
 * One refresh at a time, shared by every call of this tab that got a 401 and serialised across tabs:
 * the server takes a refresh token presented twice for theft and ends the session. `failed` is the
 * access token that was refused; when another tab has stored a newer one meanwhile, that one is used.
 */
function refreshAccess(failed: string): Promise<boolean> {
  refreshing ??= acrossTabs('dd-token-refresh', async () => {
    if (getToken() !== failed) return Boolean(getToken());
    const refresh = localStorage.getItem(STORAGE.refresh);
    if (!refresh) return false;
    const res = await fetch('/users/token/refresh/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': await csrf() },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { access: string; refresh?: string };
    storeTokens(body.access, body.refresh);
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function goToLogin(): void {
  clearSession();
  if (!window.location.pathname.toLowerCase().startsWith('/login')) window.location.assign('/login/');
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the server does the work of one key once (see postOnce). */
  idempotencyKey?: string;
}

async function send(path: string, options: CallOptions, token: string | null): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') headers['x-csrftoken'] = await csrf();
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  return fetch(withQuery(path, options.query), { method, headers, body, signal: options.signal });
}

async function readError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  const fallback = res.status === 400 ? MSG.badRequest : `Request failed (${res.status})`;
  return new ApiError(res.status, body?.error ?? fallback, body?.fields, body?.details);
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const token = getToken();
  let res = await send(path, options, token);
  if (res.status === 401 && token) {
    // The session may have ended on the server (sign-out elsewhere, reset, inactivity, lifetime):
    // then the refresh is refused too, and the person signs in again.
    if (await refreshAccess(token)) res = await send(path, options, getToken());
    if (res.status === 401) {
      goToLogin();
      throw await readError(res);
    }
  }
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  const data = (await res.json()) as T;
  const redirect = (data as { redirect?: unknown } | null)?.redirect;
  if (typeof redirect === 'string' && redirect) {
    const target = new URL(redirect, window.location.origin);
    target.searchParams.set('redirect', window.location.origin);
    window.location.assign(target.toString());
  }
  return data;
}

export const get = <T>(path: string, query?: Query, signal?: AbortSignal) => api<T>(path, { query, signal });
export const post = <T>(path: string, body?: unknown, query?: Query) =>
  api<T>(path, { method: 'POST', body: body ?? {}, query });

export const put = <T>(path: string, body: unknown) => api<T>(path, { method: 'PUT', body });

/** Keys of submits not yet known to have succeeded, by path and body. */
const submitKeys = new Map<string, string>();
/** The wait before sending again a submit the server answered 503 (it asks for one second). */
const RETRY_WAIT_MS = 1000;

/**
 * A submit that must not be stored twice (an order, a split, a billing). It carries an Idempotency-Key:
 * the same body sent again to the same path after it failed (a timeout, a lost connection, a second
 * click while the first is on its way) carries the same key, so the server stores it once and answers
 * the first answer; once it has succeeded, or was refused, the next submit gets a new key. A 503 (the
 * server lost its database connection and stored nothing) or a failed connection is sent again once.
 */
export async function postOnce<T>(path: string, body: unknown): Promise<T> {
  const id = `${path} ${JSON.stringify(body)}`;
  let key = submitKeys.get(id);
  if (!key) {
    key = newSubmitKey();
    submitKeys.set(id, key);
  }
  const call = () => api<T>(path, { method: 'POST', body, idempotencyKey: key });
  try {
    const result = await call().catch(async (error: unknown) => {
      if (!worthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
      return call();
    });
    submitKeys.delete(id);
    return result;
  } catch (error) {
    // A refusal (4xx) stored nothing and will be corrected; a server or network failure may have been
    // stored, so its key stays for the next try of the same submit.
    if (error instanceof ApiError && error.status < 500) submitKeys.delete(id);
    throw error;
  }
}

/** 128 random bits (crypto.randomUUID exists only on https or localhost; this works over plain http too). */
function newSubmitKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Failures after which the same submit is sent again once: no connection, or the server lost its database's. */
const worthRetrying = (error: unknown) =>
  error instanceof TypeError || (error instanceof ApiError && error.status === 503);

/** The file name a Content-Disposition header gives (the UTF-8 form first). */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

/** Downloads a signed-in GET (a CSV or PDF the server builds) and saves it under the server's name. */
export async function download(path: string, query?: Query): Promise<void> {
  const token = getToken();
  let res = await send(path, { query }, token);
  if (res.status === 401 && token && (await refreshAccess(token)))
    res = await send(path, { query }, getToken());
  if (!res.ok) throw await readError(res);
  const url = URL.createObjectURL(await res.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = attachmentName(res.headers.get('content-disposition')) ?? 'download';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface UploadedFile {
  url: string;
  filename: string;
  order: number;
}

/** Multipart upload: files[], name, bucket_name. */
export async function uploadFiles(
  files: File[],
  options: { bucket: string; name?: string; path?: string },
): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file);
  form.append('name', options.name ?? files[0]?.name ?? 'upload');
  form.append('bucket_name', options.bucket);
  const res = await api<{ uploaded_files: UploadedFile[] }>(options.path ?? '/api/photoUpload/', {
    method: 'POST',
    body: form,
  });
  return res.uploaded_files;
}
