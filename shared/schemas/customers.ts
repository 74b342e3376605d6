/**
 * Request and response contracts of the invoices domain's customers (issue 4, item 1). Pure: the
 * web form validates with the same schemas.
 */

import * as z from 'zod';
import { PaymentTerms } from '../fiscal/due-dates';
import { validateIban } from '../fiscal/iban';
import { validateTaxId } from '../fiscal/nif';
import { Email, Id, PageQuery } from './common';
import { Country, isEuCountry, validateEuVatNumber } from './countries';
import { safeText } from './text';

// --- customers ---------------------------------------------------------------------------------

/** AEAT IDType of a foreign identifier (IDOtro): 02 NIF-IVA, 03 passport, 04 other, 05 residence cert. */
export const FOREIGN_ID_TYPES = ['NIF_IVA', 'PASSPORT', 'OTHER_ID', 'RESIDENCE_CERT'] as const;
export type ForeignIdType = (typeof FOREIGN_ID_TYPES)[number];
export const aeatIdType: Record<ForeignIdType, string> = {
  NIF_IVA: '02',
  PASSPORT: '03',
  OTHER_ID: '04',
  RESIDENCE_CERT: '05',
};

/**
 * OSS: a consumer (not a business: no NIF-IVA) in another member state whose services or distance
 * sales are taxed where they live and declared in the one-stop shop (arts. 68.Tres, 70.Uno.4º and 73
 * LIVA; modelo 369): each line charges a VAT rate of that state (shared/fiscal/eu-vat-rates.ts).
 */
export const VAT_TREATMENTS = ['DOMESTIC', 'RECARGO_EQUIVALENCIA', 'INTRA_EU', 'EXPORT', 'OSS'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

const ForeignTaxIdInput = z
  .object({
    type: z.enum(FOREIGN_ID_TYPES),
    // AEAT IDOtro.ID: at most 20 characters.
    value: safeText().min(1, { message: 'El identificador es obligatorio.' }).max(20),
    country: Country,
  })
  .strict();

export interface ForeignTaxId {
  type: ForeignIdType;
  value: string;
  country: string;
}

/** A Spanish NIF (normalised string) or a foreign identifier. */
export type CustomerTaxId = string | ForeignTaxId;

/** Either a Spanish NIF (checked and normalised) or a foreign identifier with its AEAT type. */
export const CustomerTaxIdSchema = z
  .union([safeText().min(1, { message: 'El NIF es obligatorio.' }).max(20), ForeignTaxIdInput])
  .transform((v, ctx): CustomerTaxId => {
    if (typeof v === 'string') {
      const r = validateTaxId(v);
      if (!r.valid) ctx.addIssue({ code: 'custom', message: r.reason ?? 'El NIF no es válido.' });
      return r.normalized;
    }
    if (v.type === 'NIF_IVA') {
      if (v.country === 'ES') {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Para un cliente español indica su NIF, no un NIF-IVA.',
        });
      }
      const r = validateEuVatNumber(v.value, v.country);
      if (!r.valid)
        ctx.addIssue({ code: 'custom', path: ['value'], message: r.reason ?? 'NIF-IVA no válido.' });
      return { ...v, value: r.normalized };
    }
    return { ...v, value: v.value.toUpperCase().replace(/\s+/g, '') };
  });

/** The key that makes a tax id unique within a company (the claim item's key). */
export const taxIdKey = (t: CustomerTaxId): string =>
  typeof t === 'string' ? `ES:NIF:${t}` : `${t.country}:${t.type}:${t.value}`;

export const customerTaxIdText = (t: CustomerTaxId): string => (typeof t === 'string' ? t : t.value);

const CustomerAddress = z
  .object({
    street: safeText().min(1, { message: 'La dirección es obligatoria.' }).max(200),
    postalCode: safeText().min(1).max(12),
    city: safeText().min(1).max(100),
    province: safeText().max(100).default(''),
    country: Country.default('ES'),
  })
  .strict()
  .superRefine((a, ctx) => {
    const ok = a.country === 'ES' ? /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(a.postalCode) : true;
    if (!ok)
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'El código postal no es válido.' });
    if (a.country === 'ES' && !a.province) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: 'La provincia es obligatoria.' });
    }
  });

const Iban = z
  .string()
  .trim()
  .max(42)
  .transform((raw, ctx) => {
    const r = validateIban(raw);
    if (!r.valid) ctx.addIssue({ code: 'custom', message: r.reason ?? 'El IBAN no es válido.' });
    return r.normalized;
  });

const Phone = safeText()
  .trim()
  .regex(/^\+?[\d\s]{6,20}$/, { message: 'El teléfono no es válido.' });

/** Why a VAT treatment does not fit the customer's identity, or undefined when it fits. */
export function vatTreatmentConflict(c: {
  taxId: CustomerTaxId;
  vatTreatment: VatTreatment;
  address: { country: string };
}): string | undefined {
  const { taxId, vatTreatment } = c;
  if (vatTreatment === 'INTRA_EU') {
    // Art. 25 Ley 37/1992: the exemption needs the acquirer's VAT number of another member state.
    const ok = typeof taxId !== 'string' && taxId.type === 'NIF_IVA' && taxId.country !== 'ES';
    return ok ? undefined : 'Una operación intracomunitaria exige el NIF-IVA de otro país de la UE.';
  }
  if (vatTreatment === 'EXPORT') {
    // Art. 21 Ley 37/1992: the goods leave the Union.
    const country = c.address.country;
    const foreignId = typeof taxId === 'string' ? undefined : taxId;
    const ok = country !== 'ES' && !isEuCountry(country) && (!foreignId || !isEuCountry(foreignId.country));
    return ok ? undefined : 'Una exportación exige un cliente de un país fuera de la UE.';
  }
  if (vatTreatment === 'OSS') {
    // LIVA título IX capítulo XI sección 3.ª (régimen de la Unión) and art. 369b Directive 2006/112/EC:
    // the scheme covers supplies to persons who are not taxable persons (a NIF-IVA makes the customer a
    // business: INTRA_EU) in a member state other than Spain.
    const country = c.address.country;
    if (country === 'ES' || !isEuCountry(country)) {
      return 'La ventanilla única (OSS) exige un cliente con domicilio en otro Estado miembro de la UE.';
    }
    if (typeof taxId !== 'string' && taxId.type === 'NIF_IVA') {
      return 'Un cliente con NIF-IVA es un empresario: la ventanilla única (OSS) es para consumidores finales.';
    }
    return undefined;
  }
  if (vatTreatment === 'RECARGO_EQUIVALENCIA') {
    // Art. 154 Ley 37/1992: retailers who are natural persons or entities under income attribution
    // (comunidades de bienes E, sociedades civiles J), always with a Spanish NIF.
    const r = typeof taxId === 'string' ? validateTaxId(taxId) : undefined;
    const ok = r?.valid && (r.kind === 'DNI' || r.kind === 'NIE' || /^[EJ]/.test(r.normalized));
    return ok
      ? undefined
      : 'El recargo de equivalencia exige el NIF español de una persona física o de una entidad en atribución de rentas.';
  }
  return undefined;
}

const customerFields = {
  name: safeText().min(1, { message: 'El nombre es obligatorio.' }).max(200),
  taxId: CustomerTaxIdSchema,
  address: CustomerAddress,
  email: Email.optional(),
  phone: Phone.optional(),
  paymentTermsDays: z.number().int().min(0).max(365).default(30),
  /**
   * Issue 19: the customer's payment terms as instalments (and días de pago); its invoices' due
   * dates come from them. Left out: one instalment at `paymentTermsDays` (`storedTerms`).
   */
  paymentTerms: PaymentTerms.optional(),
  iban: Iban.optional(),
  vatTreatment: z.enum(VAT_TREATMENTS).default('DOMESTIC'),
  isActive: z.boolean().default(true),
};

const consistent = <
  T extends { taxId: CustomerTaxId; vatTreatment: VatTreatment; address: { country: string } },
>(
  c: T,
  ctx: z.RefinementCtx,
) => {
  const conflict = vatTreatmentConflict(c);
  if (conflict) ctx.addIssue({ code: 'custom', path: ['vatTreatment'], message: conflict });
};

export const CreateCustomerBody = z.object(customerFields).strict().superRefine(consistent);
export type CreateCustomerBody = z.infer<typeof CreateCustomerBody>;

/** PUT replaces the customer's data (the contract of POST); `isActive` left out keeps its value. */
export const UpdateCustomerBody = z
  .object({ ...customerFields, isActive: z.boolean().optional() })
  .strict()
  .superRefine(consistent);
export type UpdateCustomerBody = z.infer<typeof UpdateCustomerBody>;

export const CustomerPath = z.object({ customerId: Id });
export type CustomerPath = z.infer<typeof CustomerPath>;

export const CustomerListQuery = PageQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export interface Customer {
  customerId: string;
  companyId: string;
  name: string;
  taxId: CustomerTaxId;
  address: { street: string; postalCode: string; city: string; province: string; country: string };
  email?: string;
  phone?: string;
  paymentTermsDays: number;
  /** Absent on customers stored before issue 19 and when only days were given. */
  paymentTerms?: PaymentTerms;
  iban?: string;
  vatTreatment: VatTreatment;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}
