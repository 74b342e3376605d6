/**
 * Request and response contracts of the expenses domain: suppliers and expense categories
 * (issue 4, item 7). Pure: the web forms validate with the same schemas.
 */

import * as z from 'zod';
import { PaymentTerms } from '../fiscal/due-dates';
import { validateIban } from '../fiscal/iban';
import { validateTaxId } from '../fiscal/nif';
import {
  isKeyOfKind,
  WITHHOLDING_KIND_INFO,
  WITHHOLDING_KINDS,
  type WithholdingKind,
} from '../fiscal/withholdings';
import { Email, Id, PageQuery } from './common';
import { Country, validateEuVatNumber } from './countries';
import { safeMultiline, safeText } from './text';

// --- shared pieces -------------------------------------------------------------------------------

/** AEAT IDType of a foreign identifier (IDOtro): 02 NIF-IVA, 03 passport, 04 other, 05 residence cert. */
export const SUPPLIER_FOREIGN_ID_TYPES = ['NIF_IVA', 'PASSPORT', 'OTHER_ID', 'RESIDENCE_CERT'] as const;
export type SupplierForeignIdType = (typeof SUPPLIER_FOREIGN_ID_TYPES)[number];

export interface SupplierForeignId {
  type: SupplierForeignIdType;
  value: string;
  country: string;
}

/** A Spanish NIF (normalised string) or a foreign identifier with its AEAT type. */
export type SupplierTaxId = string | SupplierForeignId;

export const SupplierTaxIdSchema = z
  .union([
    safeText().min(1, { message: 'El NIF es obligatorio.' }).max(20),
    z
      .object({
        type: z.enum(SUPPLIER_FOREIGN_ID_TYPES),
        // AEAT IDOtro.ID: at most 20 characters.
        value: safeText().min(1, { message: 'El identificador es obligatorio.' }).max(20),
        country: Country,
      })
      .strict(),
  ])
  .transform((v, ctx): SupplierTaxId => {
    if (typeof v === 'string') {
      const r = validateTaxId(v);
      if (!r.valid) ctx.addIssue({ code: 'custom', message: r.reason ?? 'El NIF no es válido.' });
      return r.normalized;
    }
    if (v.type === 'NIF_IVA') {
      // The same check as a customer's NIF-IVA (shared/schemas/countries.ts, VIES formats).
      if (v.country === 'ES') {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'Para un proveedor español indica su NIF, no un NIF-IVA.',
        });
      }
      const r = validateEuVatNumber(v.value, v.country);
      if (!r.valid)
        ctx.addIssue({ code: 'custom', path: ['value'], message: r.reason ?? 'NIF-IVA no válido.' });
      return { ...v, value: r.normalized };
    }
    return { ...v, value: v.value.toUpperCase().replace(/[\s.\-_/]/g, '') };
  });

/**
 * The problem with a supplier's NIF-IVA as the API words it (the web checks it before sending), or
 * undefined when it has the format of its member state.
 */
export function supplierNifIvaProblem(value: string, country: string): string | undefined {
  const c = country.trim().toUpperCase();
  if (c === 'ES') return 'Para un proveedor español indica su NIF, no un NIF-IVA.';
  const r = validateEuVatNumber(value, c);
  return r.valid ? undefined : (r.reason ?? 'NIF-IVA no válido.');
}

/**
 * Why a supplier's country contradicts its NIF-IVA (the member state of the prefix decides where the
 * operation is declared: modelo 349 and SII), or undefined. Monaco is part of the French VAT
 * territory (art. 7 Directive 2006/112/EC): its businesses hold FR numbers.
 */
export function supplierCountryConflict(
  taxId: SupplierTaxId,
  country: string | undefined,
): string | undefined {
  if (!country || typeof taxId === 'string' || taxId.type !== 'NIF_IVA') return undefined;
  const c = country.trim().toUpperCase();
  if (c === taxId.country || (c === 'MC' && taxId.country === 'FR')) return undefined;
  return `El país (${c}) no coincide con el del NIF-IVA (${taxId.country}).`;
}

/** The key that makes a tax id unique within a company (the claim item's key). */
export const supplierTaxIdKey = (t: SupplierTaxId): string =>
  typeof t === 'string' ? `ES:NIF:${t}` : `${t.country}:${t.type}:${t.value}`;

export const supplierTaxIdText = (t: SupplierTaxId): string => (typeof t === 'string' ? t : t.value);

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

const BasisPoints = z.number().int().min(0).max(10_000);

// --- withholding kind and key (issue 15 item 1) ----------------------------------------------------

/**
 * The kind of a withholding (shared/fiscal/withholdings.ts): which return pays it in (111, 115, 123,
 * 216) and which annual summary declares its recipient (190, 180, 193, 296).
 */
export const WithholdingKindField = z.enum(WITHHOLDING_KINDS, {
  message: 'El tipo de retención no es válido.',
});

/** Its perception key in the annual summary ('G01'; '-' for a kind whose summary has none). */
export const WithholdingKeyField = z
  .string({ message: 'La clave de retención no es válida.' })
  .trim()
  .toUpperCase()
  // Aborting: a malformed key is not also reported as not being of its kind.
  .min(1, { message: 'La clave de retención no es válida.', abort: true })
  .max(4, { message: 'La clave de retención no es válida.', abort: true });

/**
 * Why a withholding key does not fit its kind, as the API words it, or undefined when it fits (or
 * there is no key: the kind's default key is then recorded). A key without its kind is refused: the
 * same key text may mean different things to different kinds ('-').
 */
export function withholdingKeyProblem(
  kind: WithholdingKind | undefined,
  key: string | undefined,
): string | undefined {
  if (key === undefined) return undefined;
  if (kind === undefined) return `Indica el tipo de retención de la clave ${key}.`;
  if (isKeyOfKind(kind, key)) return undefined;
  return `La clave de retención ${key} no corresponde a ${WITHHOLDING_KIND_INFO[kind].label}.`;
}

/** The kind and key recorded from a body: the kind's default key when only the kind is given. */
export function withholdingOfBody(b: {
  withholdingKind?: WithholdingKind | undefined;
  withholdingKey?: string | undefined;
}): { withholdingKind: WithholdingKind; withholdingKey: string } | undefined {
  if (!b.withholdingKind) return undefined;
  return {
    withholdingKind: b.withholdingKind,
    withholdingKey: b.withholdingKey ?? WITHHOLDING_KIND_INFO[b.withholdingKind].defaultKey,
  };
}

// --- suppliers -----------------------------------------------------------------------------------

/** The Spanish VAT rates a supplier's invoices usually carry (Ley 37/1992 arts. 90 and 91). */
export const SUPPLIER_VAT_RATES_BP = [2100, 1000, 400, 0] as const;

const SupplierAddress = z
  .object({
    street: safeText().max(200).default(''),
    postalCode: safeText().max(12).default(''),
    city: safeText().max(100).default(''),
    province: safeText().max(100).default(''),
    country: Country.default('ES'),
  })
  .strict();

/** Create and update (a replacement: optional fields left out are removed). */
export const SupplierBody = z
  .object({
    name: safeText().min(1, { message: 'El nombre es obligatorio.' }).max(200),
    tradeName: safeText().max(200).optional(),
    taxId: SupplierTaxIdSchema,
    address: SupplierAddress.optional(),
    email: Email.optional(),
    phone: Phone.optional(),
    iban: Iban.optional(),
    paymentTermsDays: z.number().int().min(0).max(365).default(30),
    /**
     * Issue 19: the supplier's payment terms as instalments (and días de pago); its received
     * invoices' due dates come from them. Left out: one instalment at `paymentTermsDays`.
     */
    paymentTerms: PaymentTerms.optional(),
    defaultExpenseCategoryId: Id.optional(),
    defaultVatRateBp: z
      .number()
      .int()
      .refine((v) => (SUPPLIER_VAT_RATES_BP as readonly number[]).includes(v), {
        message: 'El tipo de IVA debe ser 21 %, 10 %, 4 % o 0 %.',
      })
      .default(2100),
    /** IRPF the company withholds from this supplier (e.g. 1500 for professionals, art. 101 LIRPF). */
    irpfRateBp: BasisPoints.default(0),
    /**
     * The kind and key of that withholding (issue 15 item 1), remembered for the supplier's invoices:
     * an invoice with a withholding that names none takes them. Only the kind: its default key.
     */
    withholdingKind: WithholdingKindField.optional(),
    withholdingKey: WithholdingKeyField.optional(),
    /**
     * The supplier applies the régimen especial del criterio de caja (art. 163 decies LIVA),
     * remembered for its invoices: one that does not say takes it (the deduction of its VAT then
     * waits for the payment, art. 163 quinquiesdecies.Uno LIVA). Left out: false.
     */
    supplierCashCriterion: z.boolean().optional(),
    notes: safeMultiline().trim().max(2000).optional(),
    isActive: z.boolean().default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    const conflict = supplierCountryConflict(s.taxId, s.address?.country);
    if (conflict) ctx.addIssue({ code: 'custom', path: ['address', 'country'], message: conflict });
    const keyProblem = withholdingKeyProblem(s.withholdingKind, s.withholdingKey);
    if (keyProblem) ctx.addIssue({ code: 'custom', path: ['withholdingKey'], message: keyProblem });
  });
export type SupplierBody = z.infer<typeof SupplierBody>;

export interface Supplier extends SupplierBody {
  supplierId: string;
  companyId: string;
  createdAt: string;
  updatedAt: string;
}

export const SupplierPath = z.object({ supplierId: Id });
export type SupplierPath = z.infer<typeof SupplierPath>;

export const SupplierTaxIdPath = z.object({ taxId: safeText().min(1).max(40) });
export type SupplierTaxIdPath = z.infer<typeof SupplierTaxIdPath>;

/** Supplier list (spec part 1 §3): page 0, size 20, sort name,asc, active, search. */
export const SupplierListQuery = PageQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});
export type SupplierListQuery = z.infer<typeof SupplierListQuery>;

/** Autocomplete search: at most SUPPLIER_SEARCH_LIMIT active suppliers. */
export const SUPPLIER_SEARCH_LIMIT = 5;
export const SupplierSearchQuery = z.object({ q: safeText().max(100).default('') });
export type SupplierSearchQuery = z.infer<typeof SupplierSearchQuery>;

// --- expense categories ----------------------------------------------------------------------------

/** A PGC (RD 1514/2007) account of group 6, compras y gastos: 3 to 10 digits starting with 6. */
export const PgcExpenseAccount = z
  .string()
  .trim()
  .regex(/^6\d{2,9}$/, { message: 'La cuenta debe ser del grupo 6 del PGC (3 a 10 dígitos).' });

const CategoryFields = {
  name: safeText().min(1, { message: 'El nombre es obligatorio.' }).max(100),
  description: safeMultiline().trim().max(500),
  pgcAccount: PgcExpenseAccount,
  /** Share of the VAT that is deductible (art. 95 Ley 37/1992), in basis points. */
  deductibleBp: BasisPoints,
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: 'El color debe tener el formato #RRGGBB.' }),
  order: z.number().int().min(0).max(100_000),
  isActive: z.boolean(),
};

export const CreateExpenseCategoryBody = z
  .object({
    name: CategoryFields.name,
    description: CategoryFields.description.optional(),
    pgcAccount: CategoryFields.pgcAccount,
    deductibleBp: CategoryFields.deductibleBp.default(10_000),
    color: CategoryFields.color.optional(),
    order: CategoryFields.order.optional(),
    isActive: CategoryFields.isActive.default(true),
  })
  .strict();
export type CreateExpenseCategoryBody = z.infer<typeof CreateExpenseCategoryBody>;

/** A partial update: fields left out keep their value. */
export const UpdateExpenseCategoryBody = z
  .object({
    name: CategoryFields.name.optional(),
    description: CategoryFields.description.optional(),
    pgcAccount: CategoryFields.pgcAccount.optional(),
    deductibleBp: CategoryFields.deductibleBp.optional(),
    color: CategoryFields.color.optional(),
    order: CategoryFields.order.optional(),
    isActive: CategoryFields.isActive.optional(),
  })
  .strict();
export type UpdateExpenseCategoryBody = z.infer<typeof UpdateExpenseCategoryBody>;

export interface ExpenseCategory {
  categoryId: string;
  companyId: string;
  name: string;
  description?: string;
  pgcAccount: string;
  deductibleBp: number;
  color?: string;
  order: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The categories list: all of them by default, or only the active (or deleted) ones. */
export const ExpenseCategoryListQuery = z.object({ active: z.enum(['true', 'false']).optional() });
export type ExpenseCategoryListQuery = z.infer<typeof ExpenseCategoryListQuery>;

export const ExpenseCategoryPath = z.object({ categoryId: Id });
export type ExpenseCategoryPath = z.infer<typeof ExpenseCategoryPath>;

export const ReorderExpenseCategoriesBody = z.object({ categoryIds: z.array(Id).min(1).max(100) }).strict();
export type ReorderExpenseCategoriesBody = z.infer<typeof ReorderExpenseCategoriesBody>;

/** The set every company starts with, so a new company can register expenses at once. */
export const DEFAULT_EXPENSE_CATEGORIES: readonly { name: string; pgcAccount: string }[] = [
  { name: 'Suministros', pgcAccount: '628' },
  { name: 'Alquileres', pgcAccount: '621' },
  { name: 'Servicios profesionales', pgcAccount: '623' },
  { name: 'Seguros', pgcAccount: '625' },
  { name: 'Servicios bancarios', pgcAccount: '626' },
  { name: 'Publicidad', pgcAccount: '627' },
  { name: 'Compras de mercaderías', pgcAccount: '600' },
  { name: 'Material de oficina', pgcAccount: '629' },
  { name: 'Otros servicios', pgcAccount: '629' },
];

/** The key that makes a category name unique within a company: case-, accent- and space-insensitive. */
export const categoryNameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
