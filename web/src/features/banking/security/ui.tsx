/** The security pages' frame: the company check, the header with the way back, loading and errors. */

import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import type { ReactNode } from 'react';

export const securityPaths = {
  overview: paths.app.banking.security,
  policies: paths.app.banking.securityPolicies,
  recommendations: paths.app.banking.securityRecommendations,
  metrics: paths.app.banking.securityMetrics,
  compliance: paths.app.banking.securityComplianceReport,
};

export function SecurityFrame({
  title,
  meta,
  back = { to: securityPaths.overview, label: 'Seguridad bancaria' },
  actions,
  children,
}: {
  title: string;
  meta?: ReactNode;
  back?: { to: string; label: string };
  actions?: (companyId: string) => ReactNode;
  children: (companyId: string) => ReactNode;
}) {
  const companyId = useCompanyId();
  return (
    <>
      <PageHeader
        title={title}
        back={back}
        meta={meta}
        actions={companyId && actions ? actions(companyId) : undefined}
      />
      {companyId ? (
        children(companyId)
      ) : (
        <NoCompanySelected description="Selecciona una empresa para ver su seguridad bancaria." />
      )}
    </>
  );
}

/** Loading, error or the data. */
export function Loaded<T>({
  query,
  label,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={label} />;
  if (query.isError)
    return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
