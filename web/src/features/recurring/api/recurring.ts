/**
 * Recurring invoices (shared/schemas/recurring-invoices.ts): templates (list, get, create, update,
 * delete, generate now), generations (history), scheduled occurrences, stats and settings; and the
 * customers the template form offers (customers.list).
 */
import type { Page } from '@shared/api/envelope';
import type { Customer } from '@shared/schemas/customers';
import type {
  GenerationStatus,
  RecurringGeneration,
  RecurringScheduledItem,
  RecurringSettings,
  RecurringStats,
  RecurringTemplate,
  UpdateRecurringSettingsBody,
} from '@shared/schemas/recurring-invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const recurringKeys = {
  all: (companyId: string) => ['recurring', companyId] as const,
  templates: (companyId: string) => ['recurring', companyId, 'templates'] as const,
  generations: (companyId: string) => ['recurring', companyId, 'generations'] as const,
  scheduled: (companyId: string) => ['recurring', companyId, 'scheduled'] as const,
  stats: (companyId: string) => ['recurring', companyId, 'stats'] as const,
  settings: (companyId: string) => ['recurring', companyId, 'settings'] as const,
  customers: (companyId: string, search: string) => ['recurring', companyId, 'customers', search] as const,
};

const STALE_MS = 30_000;
export const TEMPLATES_PAGE_SIZE = 20;
export const GENERATIONS_PAGE_SIZE = 10;

export interface TemplatesParams {
  page: number;
  size?: number;
  search?: string;
  active?: boolean;
}

export function useRecurringTemplates(
  companyId: string,
  { page, size = TEMPLATES_PAGE_SIZE, search, active }: TemplatesParams,
) {
  return useQuery({
    queryKey: [...recurringKeys.templates(companyId), { page, size, search, active }],
    queryFn: ({ signal }) =>
      apiRequest<Page<RecurringTemplate>>('recurring.listTemplates', {
        companyId,
        query: {
          page,
          size,
          search: search?.trim(),
          active: active === undefined ? undefined : String(active),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export interface GenerationsParams {
  page: number;
  size?: number;
  status?: GenerationStatus;
  templateId?: string;
}

export function useRecurringGenerations(
  companyId: string,
  { page, size = GENERATIONS_PAGE_SIZE, status, templateId }: GenerationsParams,
) {
  return useQuery({
    queryKey: [...recurringKeys.generations(companyId), { page, size, status, templateId }],
    queryFn: ({ signal }) =>
      apiRequest<Page<RecurringGeneration>>('recurring.listGenerations', {
        companyId,
        query: { page, size, status, templateId, sort: 'generatedAt,desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useRecurringScheduled(companyId: string) {
  return useQuery({
    queryKey: recurringKeys.scheduled(companyId),
    queryFn: ({ signal }) =>
      apiRequest<RecurringScheduledItem[]>('recurring.listScheduled', { companyId, signal }),
    staleTime: STALE_MS,
  });
}

export function useRecurringStats(companyId: string) {
  return useQuery({
    queryKey: recurringKeys.stats(companyId),
    queryFn: ({ signal }) => apiRequest<RecurringStats>('recurring.stats', { companyId, signal }),
    staleTime: STALE_MS,
  });
}

export function useRecurringSettings(companyId: string) {
  return useQuery({
    queryKey: recurringKeys.settings(companyId),
    queryFn: ({ signal }) => apiRequest<RecurringSettings>('recurring.getSettings', { companyId, signal }),
    staleTime: STALE_MS,
  });
}

export function useUpdateRecurringSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRecurringSettingsBody) =>
      apiRequest<RecurringSettings>('recurring.updateSettings', { companyId, body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(recurringKeys.settings(companyId), settings);
      return queryClient.invalidateQueries({ queryKey: recurringKeys.scheduled(companyId) });
    },
  });
}

function useInvalidateAll(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recurringKeys.all(companyId) });
}

export function useSaveRecurringTemplate(companyId: string) {
  const invalidate = useInvalidateAll(companyId);
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId?: string; body: Record<string, unknown> }) =>
      templateId
        ? apiRequest<RecurringTemplate>('recurring.updateTemplate', {
            companyId,
            params: { templateId },
            body,
          })
        : apiRequest<RecurringTemplate>('recurring.createTemplate', { companyId, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteRecurringTemplate(companyId: string) {
  const invalidate = useInvalidateAll(companyId);
  return useMutation({
    mutationFn: (templateId: string) =>
      apiRequest<unknown>('recurring.deleteTemplate', { companyId, params: { templateId } }),
    onSuccess: () => invalidate(),
  });
}

export function useGenerateNow(companyId: string) {
  const invalidate = useInvalidateAll(companyId);
  return useMutation({
    mutationFn: (templateId: string) =>
      apiRequest<{ generation: RecurringGeneration; invoice: { invoiceId: string } }>(
        'recurring.generateNow',
        {
          companyId,
          params: { templateId },
        },
      ),
    onSuccess: () => invalidate(),
  });
}

/** Customers for the template form's select (first 20 matching what is typed). */
export function useCustomerOptions(companyId: string, search: string) {
  return useQuery({
    queryKey: recurringKeys.customers(companyId, search),
    queryFn: ({ signal }) =>
      apiRequest<Page<Customer>>('customers.list', {
        companyId,
        query: { page: 0, size: 20, sort: 'name,asc', search: search || undefined, active: 'true' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** `GET customers.get`: the template's customer (its VAT treatment decides the recargo lines). */
export function useTemplateCustomer(companyId: string, customerId: string | undefined) {
  return useQuery({
    queryKey: [...recurringKeys.all(companyId), 'customers', 'detail', customerId],
    queryFn: ({ signal }) =>
      apiRequest<Customer>('customers.get', { companyId, params: { customerId: customerId! }, signal }),
    enabled: Boolean(customerId),
    staleTime: STALE_MS,
  });
}
