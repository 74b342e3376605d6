/**
 * The SPA's routes but the pages under /app (spec part 1 §2): public, legal and authentication
 * pages, checkout, and the /app section handed in by the caller. Each screen is its own lazy chunk,
 * so the login page downloads none of the others; the /app pages, their access rules and the
 * application shell are one more lazy chunk (app-section.tsx), also kept off the login page.
 */
import { CookieConsentSlot } from '@web/components/cookie-consent/cookie-consent-slot';
import { PageLoader } from '@web/components/page-loader';
import { paths } from '@web/lib/paths';
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import type { RouteAccess } from './guards/access';
import { RedirectIfAuthenticated, RequireAuth } from './guards/require-auth';
import { RouteErrorBoundary } from './route-error';

// Public pages (public layout with header and footer inside each module).
const LandingRoute = lazy(() => import('./routes/public/landing'));
const PricingRoute = lazy(() => import('./routes/public/pricing'));
const IntegrationsRoute = lazy(() => import('./routes/public/integrations'));
const AboutRoute = lazy(() => import('./routes/public/about'));
const ContactRoute = lazy(() => import('./routes/public/contact'));
const HelpRoute = lazy(() => import('./routes/public/help'));
const CheckoutRoute = lazy(() => import('./routes/public/checkout'));
// Legal pages.
const TermsRoute = lazy(() => import('./routes/legal/terms'));
const PrivacyRoute = lazy(() => import('./routes/legal/privacy'));
const CookiesRoute = lazy(() => import('./routes/legal/cookies'));
const LegalNoticeRoute = lazy(() => import('./routes/legal/legal-notice'));
const UsagePolicyRoute = lazy(() => import('./routes/legal/usage-policy'));
// Authentication and client activation.
const LoginRoute = lazy(() => import('./routes/auth/login'));
const RegisterRoute = lazy(() => import('./routes/auth/register'));
const ForgotPasswordRoute = lazy(() => import('./routes/auth/forgot-password'));
const VerifyEmailRoute = lazy(() => import('./routes/auth/verify-email'));
const RegisterConfirmationRoute = lazy(() => import('./routes/auth/register-confirmation'));
const ResetPasswordRoute = lazy(() => import('./routes/auth/reset-password'));
const ActivateRoute = lazy(() => import('./routes/client/activate'));
export const NotFoundRoute = lazy(() => import('./routes/not-found'));
// react-query, for every screen but the login (see QueryLayout).
const QueryProvider = lazy(() => import('./query-provider'));
// The /app pages, as descendant routes (see appShellRoutes).
const AppSection = lazy(() => import('./app-section'));

export interface RouteHandle {
  /** A page exists at this route (the menus only show entries that resolve to one). */
  page: boolean;
  access?: RouteAccess;
}

function RootLayout() {
  return (
    <>
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoader fullScreen />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <CookieConsentSlot />
    </>
  );
}

/**
 * Server state for the screens below it. The login page stays outside on purpose: it needs no
 * react-query, and keeping it out holds its JavaScript under the 200 kB budget (issue #11). A login
 * screen that starts using react-query must move inside.
 */
function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

const page = (path: string, element: ReactNode): RouteObject => ({
  path,
  element,
  handle: { page: true } satisfies RouteHandle,
});

/** Every route, with `appSection` (the route at /app, signed-in users only) in its place. */
export function routeTable(appSection: RouteObject): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        // An authenticated user opening the landing, login, register or forgot-password goes to the app.
        { element: <RedirectIfAuthenticated />, children: [page(paths.auth.login, <LoginRoute />)] },
        {
          element: <QueryLayout />,
          children: [
            {
              element: <RedirectIfAuthenticated />,
              children: [
                page(paths.home, <LandingRoute />),
                page(paths.auth.register, <RegisterRoute />),
                page(paths.auth.forgotPassword, <ForgotPasswordRoute />),
              ],
            },
            page(paths.auth.verifyEmail, <VerifyEmailRoute />),
            page(paths.auth.registerConfirmation, <RegisterConfirmationRoute />),
            page(paths.auth.resetPassword, <ResetPasswordRoute />),
            page(paths.client.activate, <ActivateRoute />),
            page(paths.pricing, <PricingRoute />),
            page(paths.integrations, <IntegrationsRoute />),
            page(paths.about, <AboutRoute />),
            page(paths.contact, <ContactRoute />),
            page(paths.help, <HelpRoute />),
            page(paths.legal.terms, <TermsRoute />),
            page(paths.legal.privacy, <PrivacyRoute />),
            page(paths.legal.cookies, <CookiesRoute />),
            page(paths.legal.legalNotice, <LegalNoticeRoute />),
            page(paths.legal.usagePolicy, <UsagePolicyRoute />),
            { element: <RequireAuth />, children: [page(paths.checkout, <CheckoutRoute />)] },
            { element: <RequireAuth />, children: [appSection] },
            { path: '*', element: <NotFoundRoute />, handle: { page: false } satisfies RouteHandle },
          ],
        },
      ],
    },
  ];
}

/**
 * The table the SPA runs: anything under /app renders the lazy section (app-section.tsx), which
 * matches the /app pages below it. `appRoutes` (./router) is the same table with those pages in place.
 */
export const appShellRoutes: RouteObject[] = routeTable({
  path: `${paths.app.root}/*`,
  element: <AppSection />,
});
