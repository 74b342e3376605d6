/**
 * The chart's changes (issue 18 item 1): initialise the PGC, and the sub-accounts a person creates,
 * renames, deactivates or deletes (PGC accounts are read-only). Each refreshes the company's books.
 */
import type {
  Account,
  ChartType,
  CreateAccountBody,
  GeneratedCode,
  InitializeChartResult,
  UpdateAccountBody,
} from '@shared/schemas/accounting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshAccounting } from './keys';

export type AccountCommand =
  | { kind: 'initialize'; chartType: ChartType }
  | { kind: 'create'; body: CreateAccountBody }
  | { kind: 'update'; accountId: string; body: UpdateAccountBody }
  | { kind: 'delete'; accountId: string };

export function runAccountCommand(
  c: AccountCommand,
  companyId: string | null,
): Promise<InitializeChartResult | Account | undefined> {
  switch (c.kind) {
    case 'initialize':
      return apiRequest('accounting.initializeChart', { body: { chartType: c.chartType }, companyId });
    case 'create':
      return apiRequest('accounting.createAccount', { body: c.body, companyId });
    case 'update':
      return apiRequest('accounting.updateAccount', {
        params: { accountId: c.accountId },
        body: c.body,
        companyId,
      });
    case 'delete':
      return apiRequest('accounting.deleteAccount', { params: { accountId: c.accountId }, companyId });
  }
}

export function useAccountCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: AccountCommand) => runAccountCommand(c, companyId),
    onSettled: () => refreshAccounting(queryClient, companyId),
  });
}

/** `POST accounting.generateCode`: the next free sub-account code under a PGC account. */
export function generateAccountCode(parentCode: string, companyId: string | null) {
  return apiRequest<GeneratedCode>('accounting.generateCode', { body: { parentCode }, companyId });
}
