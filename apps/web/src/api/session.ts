/** The browser session as the spec stores it in local storage. */
export const STORAGE = {
  token: 'token',
  refresh: 'refresh_token',
  tokenTime: 'token_time',
  timezone: 'timezone',
  redirect: 'redirect',
  csrf: 'csrfmiddlewaretoken',
} as const;

export function getToken(): string | null {
  return localStorage.getItem(STORAGE.token);
}

export function storeTokens(access: string, refresh?: string): void {
  localStorage.setItem(STORAGE.token, access);
  if (refresh) localStorage.setItem(STORAGE.refresh, refresh);
  localStorage.setItem(STORAGE.tokenTime, String(Date.now()));
}

/** The browser's IANA zone, sent with the sign-in so the server stores it on the user. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** The user's zone as the server has it (GET /users/user/, the settings): what 'today' means in lists. */
export function storeTimezone(timeZone: string): void {
  localStorage.setItem(STORAGE.timezone, timeZone);
}

export function clearSession(): void {
  for (const key of [STORAGE.token, STORAGE.refresh, STORAGE.tokenTime, STORAGE.timezone]) {
    localStorage.removeItem(key);
  }
}

export function saveRedirect(path: string): void {
  localStorage.setItem(STORAGE.redirect, path);
}

export function takeRedirect(): string | null {
  const value = localStorage.getItem(STORAGE.redirect);
  localStorage.removeItem(STORAGE.redirect);
  return value;
}
