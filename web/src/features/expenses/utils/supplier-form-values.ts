/**
 * The supplier drawer's values and the body sent to `suppliers.create` / `suppliers.update`
 * (shared/schemas/expenses.ts `SupplierBody`), plus the field checks the form shows before sending:
 * the NIF with its check character (shared/fiscal/nif.ts), a NIF-IVA and the country it implies as
 * the API checks them (shared/schemas/expenses.ts), the IBAN with its control digits
 * (shared/fiscal/iban.ts), the percentage as basis points without floats, and the kind and key of
 * the withholding the supplier's invoices take (issue 15), sent only with a rate above 0.
 */
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { validateIban } from '@shared/fiscal/iban';
import { validateTaxId } from '@shared/fiscal/nif';
import type { WithholdingKind } from '@shared/fiscal/withholdings';
import {
  type Supplier,
  type SupplierForeignIdType,
  supplierCountryConflict,
  supplierNifIvaProblem,
} from '@shared/schemas/expenses';
import { formatPercentInput, parsePercentInput } from '@web/lib/money-input';
import { keyForKind } from './withholding';

export const FOREIGN_ID_LABELS: Record<SupplierForeignIdType, string> = {
  NIF_IVA: 'NIF-IVA (UE)',
  PASSPORT: 'Pasaporte',
  OTHER_ID: 'Otro documento',
  RESIDENCE_CERT: 'Certificado de residencia',
};

export const VAT_RATE_OPTIONS = [
  { value: 2100, label: '21 %' },
  { value: 1000, label: '10 %' },
  { value: 400, label: '4 %' },
  { value: 0, label: '0 %' },
];

export interface SupplierFormValues {
  name: string;
  tradeName?: string;
  idKind: 'NIF' | 'FOREIGN';
  nif?: string;
  foreignType?: SupplierForeignIdType;
  foreignValue?: string;
  foreignCountry?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  country?: string;
  email?: string;
  phone?: string;
  iban?: string;
  defaultExpenseCategoryId?: string;
  paymentTermsDays?: number;
  /** Issue 19: instalments and días de pago; null/absent: one instalment at `paymentTermsDays`. */
  paymentTerms?: PaymentTerms | null;
  defaultVatRateBp?: number;
  irpfRate?: string;
  /** Remembered for the supplier's invoices with a withholding (111 G01, 115 rents, 123 capital…). */
  withholdingKind?: WithholdingKind;
  withholdingKey?: string;
  /** Applies the régimen especial del criterio de caja: remembered for its invoices. */
  supplierCashCriterion?: boolean;
  notes?: string;
  isActive: boolean;
}

export const EMPTY_SUPPLIER: SupplierFormValues = {
  name: '',
  idKind: 'NIF',
  country: 'ES',
  foreignCountry: '',
  paymentTermsDays: 30,
  defaultVatRateBp: 2100,
  irpfRate: '0',
  supplierCashCriterion: false,
  isActive: true,
};

/** The Spanish message for a bad NIF, or undefined when it is valid. */
export function nifProblem(value: string | undefined): string | undefined {
  if (!value?.trim()) return 'El NIF es obligatorio.';
  const r = validateTaxId(value);
  return r.valid ? undefined : (r.reason ?? 'El NIF no es válido.');
}

/** The API's message for a bad NIF-IVA, or undefined (another kind of id, or not typed yet). */
export function foreignIdProblem(v: Partial<SupplierFormValues>): string | undefined {
  if ((v.foreignType ?? 'NIF_IVA') !== 'NIF_IVA' || !v.foreignValue?.trim() || !v.foreignCountry?.trim())
    return undefined;
  return supplierNifIvaProblem(v.foreignValue, v.foreignCountry);
}

/** The API's message when the address sent has another country than the NIF-IVA's, or undefined. */
export function addressCountryProblem(v: Partial<SupplierFormValues>): string | undefined {
  if (v.idKind !== 'FOREIGN' || (v.foreignType ?? 'NIF_IVA') !== 'NIF_IVA' || !v.foreignCountry?.trim())
    return undefined;
  const taxId = { type: 'NIF_IVA' as const, value: '', country: v.foreignCountry.trim().toUpperCase() };
  return supplierCountryConflict(taxId, addressOf(v)?.country);
}

/** The address as sent: none when nothing was typed and the country is the default one. */
function addressOf(v: Partial<SupplierFormValues>) {
  const address = {
    street: v.street?.trim() ?? '',
    postalCode: v.postalCode?.trim() ?? '',
    city: v.city?.trim() ?? '',
    province: v.province?.trim() ?? '',
    country: (v.country?.trim() || 'ES').toUpperCase(),
  };
  const typed =
    address.street || address.postalCode || address.city || address.province || address.country !== 'ES';
  return typed ? address : undefined;
}

/** The Spanish message for a bad IBAN, or undefined when it is empty (optional) or valid. */
export function ibanProblem(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const r = validateIban(value);
  return r.valid ? undefined : (r.reason ?? 'El IBAN no es válido.');
}

export function irpfProblem(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const bp = parsePercentInput(value);
  if (bp === null || bp < 0 || bp > 10_000)
    return 'Indica un porcentaje entre 0 y 100 con hasta dos decimales.';
  return undefined;
}

const opt = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : undefined;
};

export function toSupplierBody(v: SupplierFormValues): Record<string, unknown> & { name: string } {
  const irpfRateBp = parsePercentInput(v.irpfRate ?? '0') ?? 0;
  // Only a supplier we withhold from has a kind to remember.
  const kind = irpfRateBp > 0 ? v.withholdingKind : undefined;
  return {
    name: v.name.trim(),
    tradeName: opt(v.tradeName),
    taxId:
      v.idKind === 'NIF'
        ? (v.nif ?? '').trim()
        : {
            type: v.foreignType ?? 'NIF_IVA',
            value: (v.foreignValue ?? '').trim(),
            country: (v.foreignCountry ?? '').trim().toUpperCase(),
          },
    address: addressOf(v),
    email: opt(v.email),
    phone: opt(v.phone),
    iban: opt(v.iban),
    paymentTermsDays: v.paymentTermsDays ?? 30,
    paymentTerms: v.paymentTerms ?? undefined,
    defaultExpenseCategoryId: v.defaultExpenseCategoryId || undefined,
    defaultVatRateBp: v.defaultVatRateBp ?? 2100,
    irpfRateBp,
    withholdingKind: kind,
    withholdingKey: kind ? keyForKind(kind, v.withholdingKey) : undefined,
    supplierCashCriterion: v.supplierCashCriterion === true,
    notes: opt(v.notes),
    isActive: v.isActive,
  };
}

export function fromSupplier(s: Supplier): SupplierFormValues {
  const foreign = typeof s.taxId === 'string' ? null : s.taxId;
  return {
    name: s.name,
    tradeName: s.tradeName,
    idKind: foreign ? 'FOREIGN' : 'NIF',
    nif: foreign ? undefined : (s.taxId as string),
    foreignType: foreign?.type,
    foreignValue: foreign?.value,
    foreignCountry: foreign?.country,
    street: s.address?.street,
    postalCode: s.address?.postalCode,
    city: s.address?.city,
    province: s.address?.province,
    country: s.address?.country ?? 'ES',
    email: s.email,
    phone: s.phone,
    iban: s.iban,
    defaultExpenseCategoryId: s.defaultExpenseCategoryId,
    paymentTermsDays: s.paymentTermsDays,
    paymentTerms: s.paymentTerms ?? null,
    defaultVatRateBp: s.defaultVatRateBp,
    irpfRate: formatPercentInput(s.irpfRateBp ?? 0),
    withholdingKind: s.withholdingKind ?? undefined,
    withholdingKey: s.withholdingKind ? keyForKind(s.withholdingKind, s.withholdingKey) : undefined,
    supplierCashCriterion: s.supplierCashCriterion === true,
    notes: s.notes,
    isActive: s.isActive,
  };
}

/** Field names of the form an API error may name (`taxId`, `address.city`, ...), mapped to the form's. */
export const SUPPLIER_API_FIELDS: Record<string, string> = {
  name: 'name',
  tradeName: 'tradeName',
  taxId: 'nif',
  'taxId.value': 'foreignValue',
  'taxId.country': 'foreignCountry',
  'address.street': 'street',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
  'address.province': 'province',
  'address.country': 'country',
  email: 'email',
  phone: 'phone',
  iban: 'iban',
  paymentTermsDays: 'paymentTermsDays',
  paymentTerms: 'paymentTerms',
  'paymentTerms.instalments': 'paymentTerms',
  'paymentTerms.paymentDays': 'paymentTerms',
  defaultExpenseCategoryId: 'defaultExpenseCategoryId',
  irpfRateBp: 'irpfRate',
  withholdingKind: 'withholdingKind',
  withholdingKey: 'withholdingKey',
  supplierCashCriterion: 'supplierCashCriterion',
  notes: 'notes',
};
