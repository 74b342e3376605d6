/**
 * The customer form's values and the body of `customers.create` / `customers.update`
 * (shared/schemas/customers.ts CreateCustomerBody): a Spanish NIF or a foreign identifier, the
 * fiscal address, contact, payment terms and the VAT treatment.
 */
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import {
  type Customer,
  FOREIGN_ID_TYPES,
  type ForeignIdType,
  VAT_TREATMENTS,
  type VatTreatment,
} from '@shared/schemas/customers';

export const VAT_TREATMENT_LABELS: Record<VatTreatment, string> = {
  DOMESTIC: 'Nacional',
  RECARGO_EQUIVALENCIA: 'Recargo de equivalencia',
  INTRA_EU: 'Intracomunitario',
  EXPORT: 'Exportación',
  OSS: 'Consumidor de otro país de la UE (ventanilla única, OSS)',
};
export const VAT_TREATMENT_OPTIONS = VAT_TREATMENTS.map((value) => ({
  value,
  label: VAT_TREATMENT_LABELS[value],
}));

export const FOREIGN_ID_LABELS: Record<ForeignIdType, string> = {
  NIF_IVA: 'NIF-IVA (UE)',
  PASSPORT: 'Pasaporte',
  OTHER_ID: 'Documento oficial del país',
  RESIDENCE_CERT: 'Certificado de residencia',
};
export const FOREIGN_ID_OPTIONS = FOREIGN_ID_TYPES.map((value) => ({
  value,
  label: FOREIGN_ID_LABELS[value],
}));

export interface CustomerFormValues {
  name: string;
  idKind: 'NIF' | 'FOREIGN';
  nif?: string;
  foreignType?: ForeignIdType;
  foreignCountry?: string;
  foreignValue?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  province?: string;
  country?: string;
  email?: string;
  phone?: string;
  paymentTermsDays?: number | null;
  /** Issue 19: instalments and días de pago; null/absent: one instalment at `paymentTermsDays`. */
  paymentTerms?: PaymentTerms | null;
  iban?: string;
  vatTreatment: VatTreatment;
  isActive: boolean;
}

/** What the API takes (defaults of the schema left to the API when empty). */
export interface CustomerBody {
  name: string;
  taxId: string | { type: ForeignIdType; country: string; value: string };
  address: { street: string; postalCode: string; city: string; province: string; country: string };
  email?: string;
  phone?: string;
  paymentTermsDays?: number;
  paymentTerms?: PaymentTerms;
  iban?: string;
  vatTreatment: VatTreatment;
  isActive: boolean;
}

export const EMPTY_CUSTOMER: CustomerFormValues = {
  name: '',
  idKind: 'NIF',
  country: 'ES',
  paymentTermsDays: 30,
  vatTreatment: 'DOMESTIC',
  isActive: true,
};

const text = (v: string | undefined) => (v ?? '').trim();

export function toCustomerBody(v: CustomerFormValues): CustomerBody {
  const taxId =
    v.idKind === 'FOREIGN'
      ? {
          type: v.foreignType ?? 'OTHER_ID',
          country: text(v.foreignCountry).toUpperCase(),
          value: text(v.foreignValue),
        }
      : text(v.nif).toUpperCase();
  return {
    name: text(v.name),
    taxId,
    address: {
      street: text(v.street),
      postalCode: text(v.postalCode),
      city: text(v.city),
      province: text(v.province),
      country: text(v.country).toUpperCase() || 'ES',
    },
    ...(text(v.email) ? { email: text(v.email) } : {}),
    ...(text(v.phone) ? { phone: text(v.phone) } : {}),
    ...(typeof v.paymentTermsDays === 'number' ? { paymentTermsDays: v.paymentTermsDays } : {}),
    ...(v.paymentTerms ? { paymentTerms: v.paymentTerms } : {}),
    ...(text(v.iban) ? { iban: text(v.iban) } : {}),
    vatTreatment: v.vatTreatment,
    isActive: v.isActive,
  };
}

export function fromCustomer(c: Customer): CustomerFormValues {
  const foreign = typeof c.taxId === 'string' ? null : c.taxId;
  return {
    name: c.name,
    idKind: foreign ? 'FOREIGN' : 'NIF',
    nif: typeof c.taxId === 'string' ? c.taxId : undefined,
    foreignType: foreign?.type,
    foreignCountry: foreign?.country,
    foreignValue: foreign?.value,
    street: c.address.street,
    postalCode: c.address.postalCode,
    city: c.address.city,
    province: c.address.province,
    country: c.address.country,
    email: c.email,
    phone: c.phone,
    paymentTermsDays: c.paymentTermsDays,
    paymentTerms: c.paymentTerms ?? null,
    iban: c.iban,
    vatTreatment: c.vatTreatment,
    isActive: c.isActive,
  };
}

/** An API field (`address.postalCode`, `taxId.value`) as the form's field name. */
export function customerFieldOf(apiField: string, idKind: CustomerFormValues['idKind']): string | undefined {
  if (apiField === 'taxId' || apiField.startsWith('taxId.'))
    return idKind === 'FOREIGN' ? 'foreignValue' : 'nif';
  if (apiField.startsWith('address.')) return apiField.slice('address.'.length);
  if (apiField.startsWith('paymentTerms.')) return 'paymentTerms';
  const direct = ['name', 'email', 'phone', 'paymentTermsDays', 'paymentTerms', 'iban', 'vatTreatment'];
  return direct.includes(apiField) ? apiField : undefined;
}
