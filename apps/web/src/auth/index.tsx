/** The signed-in user and sign-in/out, shared by app/ (route guard, layout) and the features' screens. */
import { type CurrentUser, DEFAULT_INACTIVITY_MINUTES } from '@dd/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { get, post } from '../api/client';
import { clearSession, getToken, STORAGE, storeTimezone, storeTokens } from '../api/session';

/** The signed-in user, fetched once when a token is stored. */
export interface AuthValue {
  user: CurrentUser | null;
  loading: boolean;
  signIn(tokens: { access: string; refresh: string }): Promise<void>;
  signOut(): Promise<void>;
  sessionMinutes: number;
}

/** Given by AuthProvider; the web test kit gives a fixed user through it (renderWithProviders' `user`). */
export const AuthContext = createContext<AuthValue | null>(null);
export const CURRENT_USER_KEY = ['current-user'] as const;

/** GET /users/user/; the stored time zone follows the server's (the user's settings may have changed it). */
async function fetchCurrentUser(): Promise<CurrentUser> {
  const user = await get<CurrentUser>('/users/user/');
  storeTimezone(user.timezone);
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => Boolean(getToken()));
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    async (tokens: { access: string; refresh: string }) => {
      storeTokens(tokens.access, tokens.refresh);
      setHasToken(true);
      await queryClient.fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const refresh = localStorage.getItem(STORAGE.refresh);
    clearSession();
    setHasToken(false);
    queryClient.removeQueries();
    if (refresh) await post('/users/token/revoke/', { refresh }).catch(() => undefined);
  }, [queryClient]);

  const value = useMemo<AuthValue>(
    () => ({
      user: hasToken ? (query.data ?? null) : null,
      loading: hasToken && query.isPending,
      signIn,
      signOut,
      sessionMinutes: query.data?.session_timeout_minutes ?? DEFAULT_INACTIVITY_MINUTES,
    }),
    [hasToken, query.data, query.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
