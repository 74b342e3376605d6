/**
 * Page paths of the SPA, in one place (bulletproof-react). Routes, guards, menus, links and
 * redirects read them from here so a renamed page is one edit. Spec part 1 §2.
 */
export const paths = {
  home: '/',
  pricing: '/pricing',
  integrations: '/integrations',
  about: '/about',
  contact: '/contact',
  help: '/help',
  checkout: '/checkout',
  legal: {
    terms: '/legal/terms',
    privacy: '/legal/privacy',
    cookies: '/legal/cookies',
    legalNotice: '/legal/legal-notice',
    usagePolicy: '/legal/usage-policy',
  },
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    forgotPassword: '/auth/forgot-password',
    verifyEmail: '/auth/verify-email',
    registerConfirmation: '/auth/register-confirmation',
    resetPassword: '/auth/reset-password',
  },
  client: {
    activate: '/client/activate',
  },
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    subscription: '/app/dashboard/subscription',
    billing: '/app/dashboard/billing',
    profile: '/app/profile',
    companies: '/app/companies',
    companyCreate: '/app/companies/new',
    company: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}`,
    companyEdit: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/edit`,
    companyUsers: (companyId: string) => `/app/companies/${encodeURIComponent(companyId)}/users`,
    users: '/app/users',
    notifications: '/app/notifications',
    support: '/app/support',
  },
} as const;

const REDIRECT_PARAM = 'redirectTo';

/** `/auth/login?redirectTo=<origin>`: the guard remembers where the user was going (spec part 1 §2). */
export function loginPath(redirectTo?: string): string {
  if (!redirectTo) return paths.auth.login;
  return `${paths.auth.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}`;
}

/**
 * Where to go after a successful login. Only paths inside this SPA under /app are honoured, so a
 * crafted link cannot send the user to another site (`//evil.example`, `https://...`).
 */
export function redirectAfterLogin(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (target && /^\/app(?:[/?#]|$)/.test(target)) return target;
  return paths.app.dashboard;
}
