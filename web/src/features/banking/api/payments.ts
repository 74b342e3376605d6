/**
 * SEPA payments calls (issue 19 item 5; contract: shared/schemas/sepa.ts): the banking settings
 * (creditor identifier), the mandates, the payment candidates, the payment orders and their XML file.
 * Every call is company-scoped (`x-company-id`).
 */
import type { Page } from '@shared/api/envelope';
import type { BankAccount } from '@shared/schemas/banking';
import type { Customer } from '@shared/schemas/customers';
import type {
  BankingSettings,
  CreateMandateBody,
  CreatePaymentOrderBody,
  Mandate,
  PaymentCandidate,
  PaymentOrder,
  PaymentOrderKind,
  PaymentOrderSummary,
  UpdateBankingSettingsBody,
} from '@shared/schemas/sepa';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';

export const paymentsKeys = {
  all: (companyId: string | null) => ['banking', companyId, 'payments'] as const,
  settings: (companyId: string | null) => ['banking', companyId, 'payments', 'settings'] as const,
  accounts: (companyId: string | null) => ['banking', companyId, 'payments', 'accounts'] as const,
  mandates: (companyId: string | null) => ['banking', companyId, 'payments', 'mandates'] as const,
  candidates: (companyId: string | null, kind: PaymentOrderKind) =>
    ['banking', companyId, 'payments', 'candidates', kind] as const,
  orders: (companyId: string | null) => ['banking', companyId, 'payments', 'orders'] as const,
};

const STALE_MS = 30_000;

// --- settings and accounts ----------------------------------------------------------------------------

export function useBankingSettings(companyId: string | null) {
  return useQuery({
    queryKey: paymentsKeys.settings(companyId),
    queryFn: ({ signal }) => apiRequest<BankingSettings>('banking.getSettings', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useUpdateBankingSettings(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBankingSettingsBody) =>
      apiRequest<BankingSettings>('banking.updateSettings', { body, companyId }),
    onSuccess: (settings) => queryClient.setQueryData(paymentsKeys.settings(companyId), settings),
  });
}

/** The company's active bank accounts (the debtor of transfers, the creditor of direct debits). */
export function usePaymentAccounts(companyId: string | null) {
  return useQuery({
    queryKey: paymentsKeys.accounts(companyId),
    queryFn: ({ signal }) => apiRequest<BankAccount[]>('banking.listAccounts', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

// --- mandates -----------------------------------------------------------------------------------------

export function useMandates(companyId: string | null) {
  return useQuery({
    queryKey: paymentsKeys.mandates(companyId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: Mandate[] }>('banking.listMandates', { companyId, signal }).then((r) => r.items),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

/** Mandates change which receivables can be collected: candidates are refreshed too. */
const useInvalidatePayments = (companyId: string | null) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all(companyId) });
};

export function useCreateMandate(companyId: string | null) {
  const invalidate = useInvalidatePayments(companyId);
  return useMutation({
    mutationFn: (body: CreateMandateBody) =>
      apiRequest<Mandate>('banking.createMandate', { body, companyId }),
    onSuccess: invalidate,
  });
}

export function useRevokeMandate(companyId: string | null) {
  const invalidate = useInvalidatePayments(companyId);
  return useMutation({
    mutationFn: (mandateId: string) =>
      apiRequest<Mandate>('banking.revokeMandate', { params: { mandateId }, companyId }),
    onSuccess: invalidate,
  });
}

// --- candidates and orders ----------------------------------------------------------------------------

export function usePaymentCandidates(companyId: string | null, kind: PaymentOrderKind) {
  return useQuery({
    queryKey: paymentsKeys.candidates(companyId, kind),
    queryFn: ({ signal }) =>
      apiRequest<{ items: PaymentCandidate[] }>('banking.paymentCandidates', {
        query: { kind },
        companyId,
        signal,
      }).then((r) => r.items),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function usePaymentOrders(companyId: string | null) {
  return useQuery({
    queryKey: paymentsKeys.orders(companyId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: PaymentOrderSummary[] }>('banking.listPaymentOrders', { companyId, signal }).then(
        (r) => r.items,
      ),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

/** Saves the order's XML file (pain.001 / pain.008) to upload to the bank. */
export async function downloadPaymentOrderFile(
  order: Pick<PaymentOrderSummary, 'orderId' | 'fileName'>,
  companyId: string | null,
): Promise<void> {
  const download = await apiDownload(
    'banking.paymentOrderFile',
    { params: { orderId: order.orderId }, companyId },
    order.fileName,
  );
  deliver(download, order.fileName, 'application/xml');
}

/** Creates the order (an idempotent route: apiRequest sends one key per call) and downloads its file. */
export function useCreatePaymentOrder(companyId: string | null) {
  const invalidate = useInvalidatePayments(companyId);
  return useMutation({
    mutationFn: async (body: CreatePaymentOrderBody) => {
      const order = await apiRequest<PaymentOrder>('banking.createPaymentOrder', {
        body,
        companyId,
      });
      await downloadPaymentOrderFile(order, companyId);
      return order;
    },
    onSuccess: invalidate,
  });
}

// --- customers (the mandate form's picker) -----------------------------------------------------------

/** `GET customers.list` searched by text: the first 20 active customers matching. */
export function useMandateCustomerSearch(search: string, companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['banking', companyId, 'payments', 'customers', search.trim()],
    queryFn: ({ signal }) =>
      apiRequest<Page<Customer>>('customers.list', {
        query: { page: 0, size: 20, search: search.trim() || undefined, active: 'true', sort: 'name,asc' },
        companyId,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: enabled && companyId !== null,
  });
}
