import { PageLoader } from '@web/components/page-loader';
import { useAuth } from '@web/lib/auth';
import { loginPath, redirectAfterLogin } from '@web/lib/paths';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/**
 * /app/* and /checkout: a signed-in user only; anyone else goes to the login, which brings them
 * back here (spec part 1 §2), also when the session ended because both tokens expired.
 */
export function RequireAuth() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader fullScreen />;
  if (state.status === 'unauthenticated') {
    // After "Cerrar sesión" the next login starts fresh instead of returning to this page.
    const origin =
      state.reason === 'signedOut' ? undefined : location.pathname + location.search + location.hash;
    return <Navigate to={loginPath(origin)} replace />;
  }
  return <Outlet />;
}

/** /, /auth/login, /auth/register, /auth/forgot-password: a signed-in user goes on to the app. */
export function RedirectIfAuthenticated() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader fullScreen />;
  if (state.status === 'authenticated') return <Navigate to={redirectAfterLogin(location.search)} replace />;
  return <Outlet />;
}
