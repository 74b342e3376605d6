/**
 * Closing (issue 18 item 3): a month closes (nothing is posted or changed in it) and reopens; the
 * year closes with its regularisation, closing and opening entries, and reopens (they are removed).
 */
import type { AccountingPeriod, YearClosingResult } from '@shared/schemas/accounting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshAccounting } from './keys';

export type PeriodCommand =
  | { kind: 'closePeriod'; period: string }
  | { kind: 'reopenPeriod'; period: string }
  | { kind: 'closeYear'; year: number }
  | { kind: 'reopenYear'; year: number };

export function runPeriodCommand(
  c: PeriodCommand,
  companyId: string | null,
): Promise<AccountingPeriod | YearClosingResult | undefined> {
  switch (c.kind) {
    case 'closePeriod':
    case 'reopenPeriod':
      return apiRequest(c.kind === 'closePeriod' ? 'accounting.closePeriod' : 'accounting.reopenPeriod', {
        params: { period: c.period },
        companyId,
      });
    case 'closeYear':
    case 'reopenYear':
      return apiRequest(c.kind === 'closeYear' ? 'accounting.closeYear' : 'accounting.reopenYear', {
        params: { year: String(c.year) },
        companyId,
      });
  }
}

export function usePeriodCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: PeriodCommand) => runPeriodCommand(c, companyId),
    onSettled: () => refreshAccounting(queryClient, companyId),
  });
}
