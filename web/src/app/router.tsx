import { paths } from '@web/lib/paths';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RedirectIfAuthenticated, RequireAuth } from './guards';
import { PageLoader } from './page-loader';
import { RouteError } from './route-error';

// Every screen is its own chunk: the login downloads none of the application's pages.
const LoginRoute = lazy(() => import('./routes/auth/login'));
const AppRoot = lazy(() => import('./routes/app/root'));
const CompaniesRoute = lazy(() => import('./routes/app/companies'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

function RootLayout() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // No landing page yet: the root leads into the application (the guard sends guests to login).
      { path: paths.home, element: <Navigate to={paths.app.dashboard} replace /> },
      {
        path: '/auth',
        element: <RedirectIfAuthenticated />,
        children: [{ path: 'login', element: <LoginRoute /> }],
      },
      {
        path: paths.app.root,
        element: <RequireAuth />,
        children: [
          {
            element: <AppRoot />,
            children: [
              { index: true, element: <Navigate to={paths.app.dashboard} replace /> },
              // The dashboard is a later issue; until then the companies list is the home screen.
              { path: 'dashboard', element: <Navigate to={paths.app.companies} replace /> },
              { path: 'companies', element: <CompaniesRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
