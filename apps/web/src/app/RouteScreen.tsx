import { Suspense, useCallback, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getToken, saveRedirect, takeRedirect } from '../api/session';
import { useAuth } from '../auth';
import { Loading } from '../ui';
import { useIdleLogout } from './idle-logout';
import { Layout } from './Layout';
import { LOGIN_SCREEN, resolveRoute } from './route-table';
import { SCREEN_REGISTRY } from './screens';

/** Applies the access rule of the route table, then shows the chosen screen inside the layout. */
export function RouteScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = resolveRoute(location.pathname);
  const { user, loading, signOut, sessionMinutes } = useAuth();

  const onIdle = useCallback(() => {
    void signOut().then(() => navigate('/login/?reason=inactive'));
  }, [signOut, navigate]);
  useIdleLogout(Boolean(user), sessionMinutes, onIdle);

  const hasToken = Boolean(getToken());
  if (!hasToken && !route.isPublic && route.screen !== 'logout') {
    saveRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login/" replace />;
  }
  if (hasToken && loading) {
    return (
      <Layout>
        <Loading />
      </Layout>
    );
  }
  if (user && route.screen === LOGIN_SCREEN) return <AfterLogin />;

  const entry = SCREEN_REGISTRY[route.screen];
  if (entry.internalOnly && !user?.is_internal) return <Navigate to="/dashboard/" replace />;
  const Screen = entry.component;
  return (
    <Layout bare={entry.bare}>
      <Suspense fallback={<Loading />}>
        <Screen params={route.params} path={route.path} />
      </Suspense>
    </Layout>
  );
}

/** Sends a signed-in user from the login screen to the path they wanted, or to /dashboard/. */
function AfterLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(takeRedirect() ?? '/dashboard/', { replace: true });
  }, [navigate]);
  return <Loading />;
}
