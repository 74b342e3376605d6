/**
 * What every models page does first: a company must be selected, the person must read tax data, and
 * the company must have a tax profile (asked first with `useTaxProfileStatus`: without one every
 * model call answers 4xx, so none is made and the welcome card is shown).
 */
import { LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { PageHeader } from '@web/components/page-header';
import { TaxWelcomeCard } from '@web/components/tax-welcome-card';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { paths } from '@web/lib/paths';
import { useSelectedCompany } from '@web/lib/session';
import { isNoTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import type { ReactNode } from 'react';

export interface TaxModelsContext {
  companyId: string | null;
  /** The calls that need a tax profile may be made (pass as their `enabled`). */
  ready: boolean;
  /** The status says the company has no tax profile. */
  noProfile: boolean;
  /** The status is being asked. */
  pending: boolean;
}

/**
 * The welcome card of the models pages (spec part 2 §8: TAX_021). The models are computed from the
 * profile's facts (regime, periodicity), so nothing else is asked.
 */
export function ModelsWelcomeCard({ companyId }: { companyId: string }) {
  return (
    <TaxWelcomeCard
      companyId={companyId}
      description="Los modelos de la AEAT se calculan con el perfil fiscal de la empresa (régimen de IVA, periodicidad, operaciones intracomunitarias…). Indícalo primero y Cuadra preparará cada modelo con sus facturas."
    />
  );
}

/**
 * The header of a page under 'Modelos': its title, the way back to the models, the selected
 * company's name and, after it, `meta` (a status); `actions` on the right.
 */
export function ModelsPageHeader({
  title,
  meta,
  actions,
}: {
  title: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  const company = useSelectedCompany();
  return (
    <PageHeader
      title={title}
      back={{ to: paths.app.tax.models, label: 'Modelos' }}
      meta={
        company || meta ? (
          <>
            {company ? <span>{company.name}</span> : null}
            {meta}
          </>
        ) : null
      }
      actions={actions}
    />
  );
}

/** The selected company and whether the model calls may be made. */
export function useTaxModelsContext(): TaxModelsContext {
  const companyId = useCompanyId();
  const canRead = useCan('taxAssistant.status');
  const profile = useTaxProfileStatus(companyId, { enabled: canRead });
  return {
    companyId,
    ready: profile.profileReady,
    noProfile: profile.noProfile,
    pending: profile.isPending,
  };
}

/**
 * The page's header, then: 'Selecciona una empresa…', the welcome card (no profile, or a call that
 * answered TAX_021), a spinner while the status is asked, or the page's content (which draws its own
 * header when `ownHeader`).
 */
export function TaxModelsFrame({
  context,
  header,
  ownHeader = false,
  noCompanyText,
  errors = [],
  children,
}: {
  context: TaxModelsContext;
  header: ReactNode;
  ownHeader?: boolean;
  noCompanyText: string;
  /** The page's query errors: TAX_021 among them shows the welcome card. */
  errors?: unknown[];
  children: (companyId: string) => ReactNode;
}) {
  const { companyId } = context;
  let gate: ReactNode = null;
  if (!companyId) gate = <NoCompanySelected description={noCompanyText} />;
  else if (context.noProfile || errors.some(isNoTaxProfile))
    gate = <ModelsWelcomeCard companyId={companyId} />;
  else if (context.pending) gate = <LoadingBlock label="Cargando la configuración fiscal" />;
  if (gate || !companyId) {
    return (
      <>
        {header}
        {gate}
      </>
    );
  }
  return (
    <>
      {ownHeader ? null : header}
      {children(companyId)}
    </>
  );
}
