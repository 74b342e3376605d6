/**
 * What every models page does first: a company must be selected, the person must read tax data, and
 * the company must have a tax profile (asked first with `useTaxProfileStatus`: without one every
 * model call answers 4xx, so none is made and the welcome card is shown).
 */
import { LoadingBlock } from '@web/components/load-states';
import { NoCompanySelected } from '@web/components/no-company';
import { useCan } from '@web/lib/access';
import { useCompanyId } from '@web/lib/company';
import { isNoTaxProfile, useTaxProfileStatus } from '@web/lib/tax-api';
import type { ReactNode } from 'react';
import { TaxWelcomeCard } from './tax-welcome';

export interface TaxModelsContext {
  companyId: string | null;
  /** The calls that need a tax profile may be made (pass as their `enabled`). */
  ready: boolean;
  /** The status says the company has no tax profile. */
  noProfile: boolean;
  /** The status is being asked. */
  pending: boolean;
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
  else if (context.noProfile || errors.some(isNoTaxProfile)) gate = <TaxWelcomeCard companyId={companyId} />;
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
