/**
 * The accounting pages' plan check against the server (spec part 2 §3 access info, §6): the plan
 * that covers the company (its owner's or its gestoría's) must include accounting. Without it, or
 * when a call answers 403 ACC_PLAN_REQUIRED, the 'Funcionalidad Premium' page; a failed check
 * refuses access (spec part 2 §8 'Error verificando acceso. Contacta con soporte.').
 */

import { AccessCheckFailed, PremiumFeature } from '@web/app/guards/gate-pages';
import { LoadingBlock } from '@web/components/load-states';
import { useAccountingAccess } from '@web/features/accounting/api/get-access';
import {
  AccountingPremiumContext,
  isPlanRequired,
} from '@web/features/accounting/components/accounting-error';
import { useCompanyId } from '@web/lib/company';
import type { ReactNode } from 'react';

export function AccountingPlanGate({ children }: { children: ReactNode }) {
  const companyId = useCompanyId();
  const access = useAccountingAccess(companyId);
  const premium = <PremiumFeature feature="accounting" />;
  // Without a company the page itself asks for one.
  if (companyId !== null) {
    if (access.isPending) return <LoadingBlock label="Comprobando el acceso a contabilidad" />;
    if (access.isError && !isPlanRequired(access.error))
      return <AccessCheckFailed onRetry={() => void access.refetch()} />;
    if (isPlanRequired(access.error) || access.data?.hasAccess === false) return premium;
  }
  return <AccountingPremiumContext.Provider value={premium}>{children}</AccountingPremiumContext.Provider>;
}
