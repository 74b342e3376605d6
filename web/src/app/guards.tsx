import { useAuth } from '@web/lib/auth';
import { loginPath, redirectAfterLogin } from '@web/lib/paths';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from './page-loader';

/** /app/*: a signed-in user only; anyone else goes to the login, which brings them back here. */
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

/** /auth/*: a signed-in user has nothing to do here; send them on (spec part 1 §2). */
export function RedirectIfAuthenticated() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <PageLoader fullScreen />;
  if (state.status === 'authenticated') return <Navigate to={redirectAfterLogin(location.search)} replace />;
  return <Outlet />;
}
