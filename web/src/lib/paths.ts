/**
 * Page paths of the SPA, in one place (bulletproof-react). Routes, guards, links and redirects
 * read them from here so a renamed page is one edit.
 */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/login',
  },
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    companies: '/app/companies',
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
