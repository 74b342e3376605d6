/**
 * Every route of the SPA (spec part 1 §2) in one table, the /app pages in place: what the tests
 * render and what the menus are checked against. The SPA runs the same routes split in two
 * (route-table.tsx: `appShellRoutes`, with the /app section in its own lazy chunk, app-section.tsx).
 * Route data lives on the routes: `handle.page` says a page exists, `handle.access` carries the
 * role, client permission and plan rules the guards apply.
 */
import { paths } from '@web/lib/paths';
import { lazy } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { type AppPage, appPages } from './app-pages';
import { NotFoundRoute, type RouteHandle, routeTable } from './route-table';

export type { RouteHandle } from './route-table';

// The application shell (companies, company rule, header, menus) and the access gate.
const AppRoot = lazy(() => import('./routes/app/root'));
const AccessGate = lazy(() => import('./guards/access-gate'));

const hasAccessRules = ({ roles, permission, plan }: AppPage) =>
  roles !== undefined || permission !== undefined || plan !== undefined;

function appPageRoute(page: AppPage): RouteObject {
  const { path, page: Page, ...access } = page;
  const content = Page ? <Page /> : <NotFoundRoute />;
  return {
    path,
    handle: { page: Page !== undefined, ...(hasAccessRules(page) ? { access } : {}) } satisfies RouteHandle,
    element: hasAccessRules(page) ? <AccessGate access={access}>{content}</AccessGate> : content,
  };
}

/**
 * Spec part 1 §2: the legacy `reconciliation/*` and `treasury/*` paths redirect into `banking/*`
 * (the rest of the path and the query string kept: /app/treasury/calendar?month=2026-11 ->
 * /app/banking/treasury/calendar?month=2026-11).
 */
export function legacyBankingTarget(pathname: string, search = ''): string {
  return `${pathname.replace(/^\/app\/(reconciliation|treasury)(?=\/|$)/, '/app/banking/$1')}${search}`;
}

function LegacyBankingRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={legacyBankingTarget(pathname, search)} replace />;
}

/** The routes below /app, relative to it: the application shell around every page. */
export const appSectionRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { index: true, element: <Navigate to={paths.app.dashboard} replace /> },
      ...appPages.map(appPageRoute),
      ...['reconciliation', 'reconciliation/*', 'treasury', 'treasury/*'].map((path) => ({
        path,
        element: <LegacyBankingRedirect />,
        handle: { page: false } satisfies RouteHandle,
      })),
      { path: '*', element: <NotFoundRoute />, handle: { page: false } satisfies RouteHandle },
    ],
  },
];

export const appRoutes: RouteObject[] = routeTable({ path: paths.app.root, children: appSectionRoutes });
