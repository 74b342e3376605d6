import { useCompanyToSelect, useSelectCompany } from '@web/lib/company-from-url';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';

const REFUSED = 'Este enlace es de una empresa a la que no tienes acceso.';

/**
 * Renders a company's page only once the company its link names (`?company=`) is selected, so
 * nothing is asked of the API under another company.
 */
export function CompanyFromUrlGate({
  refusedTitle = REFUSED,
  children,
}: {
  refusedTitle?: string;
  children: ReactNode;
}) {
  const companyId = useCompanyToSelect();
  return companyId ? <SelectCompany companyId={companyId} refusedTitle={refusedTitle} /> : children;
}

function SelectCompany({ companyId, refusedTitle }: { companyId: string; refusedTitle: string }) {
  const status = useSelectCompany(companyId);
  if (status === 'switching') return <PageLoader />;
  return (
    <Result
      status="warning"
      title={refusedTitle}
      subTitle="Se ha seleccionado tu empresa predeterminada. Si trabajas para esa empresa, pide acceso a quien la gestiona."
    />
  );
}
