import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/**
 * Spec part 1 §2, word for word: with no company selected, every path except these goes to
 * /app/companies. Entries ending in '/' exempt only what is below them (so /app/support itself is
 * not exempt, /app/support/anything is); the others exempt the path and everything below it.
 */
export const COMPANY_RULE_EXEMPTIONS = [
  '/app/companies',
  '/app/profile',
  '/app/admin/',
  '/app/support/',
  '/app/notifications/documents',
] as const;

export function isExemptFromCompanyRule(pathname: string): boolean {
  return COMPANY_RULE_EXEMPTIONS.some((exempt) =>
    exempt.endsWith('/')
      ? pathname.startsWith(exempt)
      : pathname === exempt || pathname.startsWith(`${exempt}/`),
  );
}

/** Redirects to the companies list when a company is needed and none is selected. */
export function CompanyRule({ children }: { children: ReactNode }) {
  const company = useSelectedCompany();
  const { pathname } = useLocation();
  if (!company && !isExemptFromCompanyRule(pathname)) return <Navigate to={paths.app.companies} replace />;
  return children;
}
