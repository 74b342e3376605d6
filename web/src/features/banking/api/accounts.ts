/**
 * Bank accounts, Norma 43 imports and movements (issue 19; contract: shared/schemas/banking.ts): the
 * banking overview, the accounts (create, rename, deactivate, delete), the IBAN check with the bank's
 * name, the N43 upload and the movements of an account. Every call is company-scoped (`x-company-id`);
 * every write refreshes everything banking (reconciliation reads the same movements).
 */
import type {
  BankAccount,
  BankingOverview,
  CreateBankAccountBody,
  IbanInfo,
  ImportPage,
  MovementPage,
  MovementStatus,
  N43ImportResult,
  UpdateBankAccountBody,
} from '@shared/schemas/banking';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** Under the banking feature's company key, as the other banking areas. */
export const bankAccountKeys = {
  banking: (companyId: string | null) => ['banking', companyId] as const,
  overview: (companyId: string | null) => ['banking', companyId, 'overview'] as const,
  accounts: (companyId: string | null) => ['banking', companyId, 'accounts'] as const,
  account: (companyId: string | null, accountId: string) =>
    ['banking', companyId, 'accounts', accountId] as const,
  movements: (companyId: string | null, accountId: string, filters: MovementFilters, cursor: string | null) =>
    ['banking', companyId, 'movements', accountId, filters, cursor] as const,
  imports: (companyId: string | null) => ['banking', companyId, 'imports'] as const,
  iban: (iban: string) => ['banking', 'iban', iban] as const,
};

const BANKING_STALE_MS = 15_000;

export function useBankingOverview(companyId: string | null) {
  return useQuery({
    queryKey: bankAccountKeys.overview(companyId),
    queryFn: ({ signal }) => apiRequest<BankingOverview>('banking.overview', { companyId, signal }),
    staleTime: BANKING_STALE_MS,
    enabled: companyId !== null,
  });
}

export function useBankAccounts(companyId: string | null, includeInactive = true) {
  return useQuery({
    queryKey: [...bankAccountKeys.accounts(companyId), { includeInactive }],
    queryFn: ({ signal }) =>
      apiRequest<BankAccount[]>('banking.listAccounts', { companyId, signal, query: { includeInactive } }),
    staleTime: BANKING_STALE_MS,
    enabled: companyId !== null,
  });
}

export function useBankAccount(companyId: string | null, accountId: string) {
  return useQuery({
    queryKey: bankAccountKeys.account(companyId, accountId),
    queryFn: ({ signal }) =>
      apiRequest<BankAccount>('banking.getAccount', { companyId, signal, params: { accountId } }),
    staleTime: BANKING_STALE_MS,
    enabled: companyId !== null && accountId !== '',
  });
}

export interface MovementFilters {
  from?: string;
  to?: string;
  status?: MovementStatus;
  sign?: 'IN' | 'OUT';
  search?: string;
}

export const MOVEMENTS_PAGE_SIZE = 50;

export function useMovements(
  companyId: string | null,
  accountId: string,
  filters: MovementFilters,
  cursor: string | null,
) {
  return useQuery({
    queryKey: bankAccountKeys.movements(companyId, accountId, filters, cursor),
    queryFn: ({ signal }) =>
      apiRequest<MovementPage>('banking.listMovements', {
        companyId,
        signal,
        query: { accountId, ...filters, limit: MOVEMENTS_PAGE_SIZE, cursor },
      }),
    staleTime: BANKING_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: companyId !== null && accountId !== '',
  });
}

export function useImports(companyId: string | null) {
  return useQuery({
    queryKey: bankAccountKeys.imports(companyId),
    queryFn: ({ signal }) =>
      apiRequest<ImportPage>('banking.listImports', { companyId, signal, query: { limit: 10 } }),
    staleTime: BANKING_STALE_MS,
    enabled: companyId !== null,
  });
}

/** `GET banking.validateIban`: valid or not, why, and the bank of a Spanish IBAN. */
export function validateIban(iban: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<IbanInfo>('banking.validateIban', { companyId, signal, params: { iban } });
}

export function useIbanInfo(iban: string, companyId: string | null) {
  const compact = iban.replace(/\s/g, '').toUpperCase();
  return useQuery({
    queryKey: bankAccountKeys.iban(compact),
    queryFn: ({ signal }) => validateIban(compact, companyId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Shorter than any IBAN (Norway's 15 characters): not worth asking yet.
    enabled: companyId !== null && compact.length >= 15,
  });
}

function useBankingWrite<V, R>(companyId: string | null, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.banking(companyId) }),
  });
}

export function useCreateBankAccount(companyId: string | null) {
  return useBankingWrite(companyId, (body: CreateBankAccountBody) =>
    apiRequest<BankAccount>('banking.createAccount', { companyId, body }),
  );
}

export function useUpdateBankAccount(companyId: string | null) {
  return useBankingWrite(
    companyId,
    ({ accountId, body }: { accountId: string; body: UpdateBankAccountBody }) =>
      apiRequest<BankAccount>('banking.updateAccount', { companyId, params: { accountId }, body }),
  );
}

export function useDeleteBankAccount(companyId: string | null) {
  return useBankingWrite(companyId, (accountId: string) =>
    apiRequest<{ deleted: true }>('banking.deleteAccount', { companyId, params: { accountId } }),
  );
}

/** The file's bytes as plain base64 (no `data:` prefix), in slices so a 4 MB file fits the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function useImportN43(companyId: string | null) {
  return useBankingWrite(companyId, async (file: File) => {
    const contentBase64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    return apiRequest<N43ImportResult>('banking.importN43', {
      companyId,
      body: { fileName: file.name, contentBase64 },
    });
  });
}
