/**
 * A customer typed where it is needed (an invoice's "Datos del cliente", a recurring template's
 * "Cliente nuevo") and saved through `customers.create` (issue 10, item 6), so the next invoice
 * picks it instead of typing it again. The invoice form and the template drawer share it; the
 * fields are web/src/components/new-customer-fields.tsx.
 */
import { validateTaxId } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';
import { provinceOfPostalCode } from './provinces';

/** The typed customer (Spanish NIF, fiscal address); `address` is the street line. */
export interface NewCustomerValues {
  nif?: string;
  name?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  country?: string;
}

/** The body of `customers.create` (shared/schemas/customers.ts CreateCustomerBody). */
export interface NewCustomerBody {
  name: string;
  taxId: string;
  address: { street: string; postalCode: string; city: string; province: string; country: string };
  /** Left out: the schema's default. */
  paymentTermsDays?: number;
}

const text = (v: string | undefined) => (v ?? '').trim();

/** A Spanish NIF check in the browser (the API checks again). */
export function nifProblem(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  const result = validateTaxId(raw);
  return result.valid ? undefined : (result.reason ?? 'El NIF no es válido.');
}

/** The country as an ISO code (`es` → `ES`; empty → `ES`). */
export const countryOf = (v: NewCustomerValues): string => text(v.country).toUpperCase() || 'ES';

/** The province written, or the one a Spanish postal code belongs to. */
export function provinceOf(v: NewCustomerValues): string {
  const written = text(v.province);
  if (written || countryOf(v) !== 'ES') return written;
  return provinceOfPostalCode(text(v.postalCode))?.name ?? '';
}

/**
 * The customer to create. `paymentTermsDays`: the company's default term, so the customer's own
 * term (which new invoices then take) starts as the company's.
 */
export function newCustomerBody(v: NewCustomerValues, paymentTermsDays?: number): NewCustomerBody {
  return {
    name: text(v.name),
    taxId: text(v.nif).toUpperCase(),
    address: {
      street: text(v.address),
      postalCode: text(v.postalCode),
      city: text(v.city),
      province: provinceOf(v),
      country: countryOf(v),
    },
    ...(paymentTermsDays === undefined ? {} : { paymentTermsDays }),
  };
}

/** An API field of `customers.create` as the field of the typed customer (`address.city` → `city`). */
export function newCustomerField(apiField: string): keyof NewCustomerValues | undefined {
  const fields: Record<string, keyof NewCustomerValues> = {
    name: 'name',
    taxId: 'nif',
    'address.street': 'address',
    'address.postalCode': 'postalCode',
    'address.city': 'city',
    'address.province': 'province',
    'address.country': 'country',
  };
  return fields[apiField];
}

export interface SavedNewCustomer {
  customerId: string;
  /** The company already had a customer with this NIF: that one is used, not a copy. */
  reused: boolean;
}

/** `POST customers.create`; a NIF the company already has gives back that customer. */
export async function saveNewCustomer(
  body: NewCustomerBody,
  companyId: string | null,
): Promise<SavedNewCustomer> {
  try {
    const created = await apiRequest<Customer>('customers.create', { body, companyId });
    return { customerId: created.customerId, reused: false };
  } catch (error) {
    const existing = isApiError(error) ? error.details?.customerId : undefined;
    if (isApiError(error) && error.details?.reason === 'DUPLICATE_TAX_ID' && typeof existing === 'string') {
      return { customerId: existing, reused: true };
    }
    throw error;
  }
}

/** Every customer list and picker of the company (customers page, invoice and template pickers). */
export const invalidateCustomers = (queryClient: QueryClient, companyId: string | null) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[1] === companyId && queryKey.includes('customers'),
  });

export function useSaveNewCustomer(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCustomerBody) => saveNewCustomer(body, companyId),
    onSuccess: () => invalidateCustomers(queryClient, companyId),
  });
}
