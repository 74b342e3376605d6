/**
 * Pieces the treasury pages share: the sub-navigation (Tesorería, Calendario, Vencidos, Informes) and
 * the company gate.
 */
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export const treasuryPaths = {
  home: paths.app.banking.treasury,
  calendar: paths.app.banking.treasuryCalendar,
  overdue: paths.app.banking.treasuryOverdue,
  reports: paths.app.banking.treasuryReports,
};

const SECTIONS = [
  { label: 'Previsión', value: treasuryPaths.home },
  { label: 'Calendario', value: treasuryPaths.calendar },
  { label: 'Vencidos', value: treasuryPaths.overdue },
  { label: 'Informes', value: treasuryPaths.reports },
];

export function TreasuryNav() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Segmented
      aria-label="Secciones de tesorería"
      options={SECTIONS}
      value={SECTIONS.find((s) => s.value === location.pathname)?.value ?? treasuryPaths.home}
      onChange={(v) => navigate(String(v))}
      style={{ marginBottom: 16 }}
    />
  );
}

/** Renders the page for the selected company, or asks to select one. */
export function WithCompany({
  title,
  children,
}: {
  title: string;
  children: (companyId: string) => ReactNode;
}) {
  const companyId = useCompanyId();
  if (!companyId) {
    return (
      <>
        <PageHeader title={title} />
        <NoCompanySelected description="Selecciona una empresa para ver su tesorería." />
      </>
    );
  }
  return <>{children(companyId)}</>;
}

export const treasuryHeader = (title: string, meta?: string) => (
  <PageHeader
    title={title}
    back={{ to: paths.app.banking.root, label: 'Bancos' }}
    meta={meta ? <span>{meta}</span> : undefined}
  />
);
