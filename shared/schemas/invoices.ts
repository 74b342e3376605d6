/**
 * Request and response contracts of the invoices domain: customers and invoice series
 * (issue 4, items 1 and 2). Pure: the web form validates with the same schemas.
 */

import * as z from 'zod';
import { validateIban } from '../fiscal/iban';
import { validateTaxId } from '../fiscal/nif';
import { Email, Id, PageQuery } from './common';

// --- countries -----------------------------------------------------------------------------------

/** ISO 3166-1 alpha-2, officially assigned codes. */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI ' +
    'BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
    'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
    'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
    'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
    'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
    'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
    'VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * EU member states and the format of their VAT number after the prefix (VIES). Greece's prefix
 * is EL, not its ISO code GR.
 */
const EU_VAT_FORMATS: Record<string, { prefix: string; format: RegExp }> = {
  AT: { prefix: 'AT', format: /^U\d{8}$/ },
  BE: { prefix: 'BE', format: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', format: /^\d{9,10}$/ },
  CY: { prefix: 'CY', format: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', format: /^\d{8,10}$/ },
  DE: { prefix: 'DE', format: /^\d{9}$/ },
  DK: { prefix: 'DK', format: /^\d{8}$/ },
  EE: { prefix: 'EE', format: /^\d{9}$/ },
  ES: { prefix: 'ES', format: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', format: /^\d{8}$/ },
  FR: { prefix: 'FR', format: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', format: /^\d{9}$/ },
  HR: { prefix: 'HR', format: /^\d{11}$/ },
  HU: { prefix: 'HU', format: /^\d{8}$/ },
  IE: { prefix: 'IE', format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', format: /^\d{11}$/ },
  LT: { prefix: 'LT', format: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', format: /^\d{8}$/ },
  LV: { prefix: 'LV', format: /^\d{11}$/ },
  MT: { prefix: 'MT', format: /^\d{8}$/ },
  NL: { prefix: 'NL', format: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', format: /^\d{10}$/ },
  PT: { prefix: 'PT', format: /^\d{9}$/ },
  RO: { prefix: 'RO', format: /^\d{2,10}$/ },
  SE: { prefix: 'SE', format: /^\d{12}$/ },
  SI: { prefix: 'SI', format: /^\d{8}$/ },
  SK: { prefix: 'SK', format: /^\d{10}$/ },
};

export const isEuCountry = (country: string): boolean => country in EU_VAT_FORMATS;

/** An EU VAT number (NIF-IVA): the member state's prefix followed by its national format. */
export function validateEuVatNumber(
  raw: string,
  country: string,
): { valid: boolean; normalized: string; reason?: string } {
  const normalized = raw.toUpperCase().replace(/[\s.\-_/]/g, '');
  const rule = EU_VAT_FORMATS[country];
  if (!rule) {
    return { valid: false, normalized, reason: 'El NIF-IVA solo existe para países de la Unión Europea.' };
  }
  if (!normalized.startsWith(rule.prefix)) {
    return {
      valid: false,
      normalized,
      reason: `El NIF-IVA debe empezar por el prefijo ${rule.prefix} del país.`,
    };
  }
  return rule.format.test(normalized.slice(2))
    ? { valid: true, normalized }
    : { valid: false, normalized, reason: `El NIF-IVA no tiene el formato de ${country}.` };
}

const Country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => ISO_COUNTRIES.has(c), { message: 'El país debe ser un código ISO 3166-1 alfa-2.' });

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

export const VAT_TREATMENTS = ['DOMESTIC', 'RECARGO_EQUIVALENCIA', 'INTRA_EU', 'EXPORT'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

const ForeignTaxIdInput = z
  .object({
    type: z.enum(FOREIGN_ID_TYPES),
    // AEAT IDOtro.ID: at most 20 characters.
    value: z.string().trim().min(1, { message: 'El identificador es obligatorio.' }).max(20),
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
  .union([z.string().trim().min(1, { message: 'El NIF es obligatorio.' }).max(20), ForeignTaxIdInput])
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
    street: z.string().trim().min(1, { message: 'La dirección es obligatoria.' }).max(200),
    postalCode: z.string().trim().min(1).max(12),
    city: z.string().trim().min(1).max(100),
    province: z.string().trim().max(100).default(''),
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

const Phone = z
  .string()
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
  name: z.string().trim().min(1, { message: 'El nombre es obligatorio.' }).max(200),
  taxId: CustomerTaxIdSchema,
  address: CustomerAddress,
  email: Email.optional(),
  phone: Phone.optional(),
  paymentTermsDays: z.number().int().min(0).max(365).default(30),
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
  iban?: string;
  vatTreatment: VatTreatment;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

// --- invoice series ----------------------------------------------------------------------------

export const SERIES_PURPOSES = ['ORDINARY', 'RECTIFICATIVA', 'SIMPLIFICADA'] as const;
export type SeriesPurpose = (typeof SERIES_PURPOSES)[number];

export const DEFAULT_NUMBER_FORMAT = '{SERIES}-{YYYY}-{NNNN}';
/** VeriFacTu and SII take at most 60 characters; we stay well below. */
export const MAX_INVOICE_NUMBER_LENGTH = 30;

const FORMAT_TOKEN = /\{(SERIES|YYYY|YY|N{3,8})\}/g;

/**
 * Checks a number pattern: literals from `A-Z 0-9 - / . _`, exactly one year token ({YYYY} or
 * {YY}, since numbering restarts every year and the number must stay unique in the series),
 * exactly one number token of 3 to 8 N, {SERIES} at most once. Returns why it is refused.
 */
export function numberFormatProblem(format: string, code = 'XXXXXXXXXX'): string | undefined {
  const tokens = [...format.matchAll(FORMAT_TOKEN)].map((m) => m[1]!);
  const literals = format.replace(FORMAT_TOKEN, '');
  if (!/^[A-Z0-9\-/._]*$/.test(literals)) {
    return 'El formato solo admite letras mayúsculas, dígitos, - / . _ y los marcadores {SERIES}, {YYYY}, {YY}, {NNNN}.';
  }
  const years = tokens.filter((t) => t === 'YYYY' || t === 'YY').length;
  const numbers = tokens.filter((t) => t.startsWith('N')).length;
  const series = tokens.filter((t) => t === 'SERIES').length;
  if (years !== 1) return 'El formato debe incluir el año una vez ({YYYY} o {YY}).';
  if (numbers !== 1) return 'El formato debe incluir el número una vez ({NNN} a {NNNNNNNN}).';
  if (series > 1) return 'El formato solo puede incluir {SERIES} una vez.';
  const longest = renderNumber(format, code, 2026, 1).length;
  if (longest > MAX_INVOICE_NUMBER_LENGTH) {
    return `El número resultante no puede superar ${MAX_INVOICE_NUMBER_LENGTH} caracteres.`;
  }
  return undefined;
}

/** Digits of the number token of a pattern (the largest number it can hold is 10^digits - 1). */
export const numberDigits = (format: string): number => {
  const m = format.match(/\{(N{3,8})\}/);
  return m ? m[1]!.length : 4;
};

/** Renders a pattern: `{SERIES}-{YYYY}-{NNNN}` with F, 2026, 1 gives `F-2026-0001`. */
export function renderNumber(format: string, code: string, year: number, n: number): string {
  return format.replace(FORMAT_TOKEN, (_, token: string) => {
    if (token === 'SERIES') return code;
    if (token === 'YYYY') return String(year).padStart(4, '0');
    if (token === 'YY') return String(year % 100).padStart(2, '0');
    return String(n).padStart(token.length, '0');
  });
}

const SeriesCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9](?:[A-Z0-9-]{0,8}[A-Z0-9])?$/, {
    message:
      'El código debe tener de 1 a 10 letras mayúsculas, dígitos o guiones (sin guion al inicio o al final).',
  });

const NumberFormat = z.string().trim().min(1).max(60);

const formatFits = (s: { code?: string; format?: string }, ctx: z.RefinementCtx) => {
  if (s.format === undefined) return;
  const problem = numberFormatProblem(s.format, s.code);
  if (problem) ctx.addIssue({ code: 'custom', path: ['format'], message: problem });
};

export const CreateInvoiceSeriesBody = z
  .object({
    code: SeriesCode,
    description: z.string().trim().max(200).default(''),
    purpose: z.enum(SERIES_PURPOSES).default('ORDINARY'),
    format: NumberFormat.default(DEFAULT_NUMBER_FORMAT),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().default(true),
  })
  .strict()
  .superRefine(formatFits);
export type CreateInvoiceSeriesBody = z.infer<typeof CreateInvoiceSeriesBody>;

/** Partial update; code, purpose and format are frozen once the series has issued numbers. */
export const UpdateInvoiceSeriesBody = z
  .object({
    code: SeriesCode.optional(),
    description: z.string().trim().max(200).optional(),
    purpose: z.enum(SERIES_PURPOSES).optional(),
    format: NumberFormat.optional(),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .strict()
  .superRefine(formatFits);
export type UpdateInvoiceSeriesBody = z.infer<typeof UpdateInvoiceSeriesBody>;

export const InvoiceSeriesPath = z.object({ seriesId: Id });
export type InvoiceSeriesPath = z.infer<typeof InvoiceSeriesPath>;

export const InvoiceSeriesListQuery = z.object({
  purpose: z.enum(SERIES_PURPOSES).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type InvoiceSeriesListQuery = z.infer<typeof InvoiceSeriesListQuery>;

export interface InvoiceSeries {
  seriesId: string;
  companyId: string;
  code: string;
  description: string;
  purpose: SeriesPurpose;
  format: string;
  isActive: boolean;
  /** How many numbers the series has issued, all years together (frozen code and format once > 0). */
  issuedCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A series as the API returns it: `isDefault` comes from the company's default pointer. */
export interface InvoiceSeriesView extends InvoiceSeries {
  isDefault: boolean;
  /** What the next number of the current year looks like with this format. */
  example: string;
}

// --- issued invoices (issue 4, items 3 and 4: drafts and confirmation) -----------------------------

export const INVOICE_TYPES = ['F1', 'F2', 'F3'] as const;
export type OrdinaryInvoiceType = (typeof INVOICE_TYPES)[number];
/**
 * Rectificativas (art. 15 RD 1619/2012; AEAT TipoFactura): R1 error founded in law and art. 80.1,
 * 80.2 and 80.6 LIVA; R2 art. 80.3 (concurso); R3 art. 80.4 (bad debts); R4 other causes; R5
 * rectification of simplified invoices.
 */
export const RECTIFICATIVA_TYPES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type RectificativaType = (typeof RECTIFICATIVA_TYPES)[number];
export const ALL_INVOICE_TYPES = [...INVOICE_TYPES, ...RECTIFICATIVA_TYPES] as const;
export type InvoiceType = (typeof ALL_INVOICE_TYPES)[number];
export const isRectificativa = (t: InvoiceType): t is RectificativaType => t.startsWith('R');
/** AEAT TipoRectificativa: S = por sustitución, I = por diferencias (incremental). */
export const RECTIFICATION_METHODS = ['SUBSTITUTION', 'DIFFERENCES'] as const;
export type RectificationMethod = (typeof RECTIFICATION_METHODS)[number];
/** SII states of an issued invoice (spec part 2 §3); null when the company is not in the SII. */
export const SII_STATUSES = [
  'NOT_SENT',
  'QUEUED',
  'SENT',
  'ACCEPTED',
  'REJECTED',
  'PENDING_CORRECTION',
  'PARTIALLY_SENT',
  'ERROR',
] as const;
export type SiiStatus = (typeof SII_STATUSES)[number];
export const INVOICE_STATUSES = ['DRAFT', 'CONFIRMED', 'CANCELLED'] as const;
/** Who created an invoice: drafts written by automation wait for the user (spec part 2 §4). */
export const INVOICE_ORIGINS = ['MANUAL', 'RECURRING', 'IMPORT'] as const;
export type InvoiceOrigin = (typeof INVOICE_ORIGINS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = ['TRANSFER', 'DIRECT_DEBIT', 'CARD', 'CASH', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const EXEMPTION_CAUSES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export const NOT_SUBJECT_KINDS = ['N1', 'N2'] as const;

const QUANTITY = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * A quantity with at most 3 decimals, turned into thousandths exactly: the decimal text is split,
 * never multiplied as a float (1.005 × 1000 is 1004.9999… in binary floating point).
 */
export const Quantity = z.union([z.number(), z.string().trim()]).transform((raw, ctx): number => {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (!QUANTITY.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message: 'La cantidad debe ser un número positivo con como máximo 3 decimales.',
    });
    return z.NEVER;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (milli <= 0) ctx.addIssue({ code: 'custom', message: 'La cantidad debe ser mayor que cero.' });
  return milli;
});

const Bp = z.number().int().min(0).max(10_000);

export const InvoiceLineBody = z
  .object({
    description: z.string().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    quantity: Quantity,
    unitPriceCents: z.number().int().min(0).max(1_000_000_000_000),
    discountBp: Bp.default(0),
    vatRateBp: z.number().int().min(0).max(10_000),
    exemptionCause: z.enum(EXEMPTION_CAUSES).optional(),
    notSubject: z.enum(NOT_SUBJECT_KINDS).optional(),
    reverseCharge: z.boolean().optional(),
    recargo: z.boolean().optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    const kinds = [l.exemptionCause, l.notSubject, l.reverseCharge ? 'S2' : undefined].filter(Boolean);
    if (kinds.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['exemptionCause'],
        message: 'Una línea solo puede ser exenta, no sujeta o con inversión del sujeto pasivo.',
      });
    }
    if (kinds.length > 0 && l.vatRateBp !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatRateBp'],
        message: 'Una línea exenta, no sujeta o con inversión del sujeto pasivo no repercute IVA: tipo 0.',
      });
    }
  });
export type InvoiceLineBody = z.infer<typeof InvoiceLineBody>;

/** The customer written on the invoice when it is not (or not only) a stored customer. */
export const InvoiceCustomerBody = z
  .object({
    nif: z.string().optional(),
    idOtro: z.object({ type: z.string(), value: z.string(), country: z.string() }).strict().optional(),
    name: z.string().trim().min(1, { message: 'El nombre es obligatorio.' }).max(200),
    address: z.string().trim().max(200).default(''),
    postalCode: z.string().trim().max(12).default(''),
    city: z.string().trim().max(100).default(''),
    country: Country.default('ES'),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.nif !== undefined && c.idOtro !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['nif'],
        message: 'Indica el NIF o un identificador extranjero, no ambos.',
      });
    }
    const raw = c.nif ?? c.idOtro;
    if (raw === undefined) return;
    const parsed = CustomerTaxIdSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({
        code: 'custom',
        path: [c.nif !== undefined ? 'nif' : 'idOtro', ...issue.path.map(String)],
        message: issue.message,
      });
    }
  })
  .transform((c) => {
    const raw = c.nif ?? c.idOtro;
    const taxId = raw === undefined ? undefined : CustomerTaxIdSchema.parse(raw);
    return {
      name: c.name,
      taxId,
      address: c.address,
      postalCode: c.postalCode,
      city: c.city,
      country: c.country,
    };
  });
export type InvoiceCustomerBody = z.infer<typeof InvoiceCustomerBody>;

export const CreateInvoiceBody = z
  .object({
    invoiceType: z.enum(INVOICE_TYPES),
    invoiceDate: z.iso.date(),
    operationDate: z.iso.date().optional(),
    customerId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    customer: InvoiceCustomerBody.optional(),
    invoiceLines: z
      .array(InvoiceLineBody)
      .min(1, { message: 'La factura debe tener al menos una línea.' })
      .max(500),
    irpfRateBp: Bp.optional(),
    dueDate: z.iso.date().optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.dueDate && b.dueDate < b.invoiceDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'El vencimiento no puede ser anterior a la fecha de la factura.',
      });
    }
  });
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;

export const InvoicePath = z.object({ invoiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type InvoicePath = z.infer<typeof InvoicePath>;

/** `?series=` takes a series id or its code. */
export const InvoiceSeriesQuery = z.object({ series: z.string().trim().min(1).max(64).optional() });
export type InvoiceSeriesQuery = z.infer<typeof InvoiceSeriesQuery>;

export const InvoiceListQuery = PageQuery.extend({
  type: z.enum(ALL_INVOICE_TYPES).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  siiStatus: z.enum(SII_STATUSES).optional(),
  paymentStatus: z.enum(['PENDING', 'PARTIAL', 'PAID', 'OVERDUE']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  customer: z.string().trim().max(64).optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** The customer as it was when the invoice was written (an issued invoice never follows later edits). */
export interface InvoiceCustomerSnapshot {
  customerId: string | null;
  name: string;
  taxId: CustomerTaxId | null;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatTreatment: VatTreatment;
}

export interface InvoiceIssuerSnapshot {
  name: string;
  nif: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  country: string;
  email: string | null;
  phone: string | null;
  /** The company's VAT regime then; CRITERIO_CAJA brings its mandatory mention. */
  vatRegime: string;
}

/** A rectified invoice as the rectificativa records it (AEAT FacturasRectificadas + ImporteRectificacion). */
export interface RectifiedInvoiceRef {
  invoiceId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceType: InvoiceType;
  totals: InvoiceTotalsView;
  breakdown: Invoice['breakdown'];
}

export interface InvoiceRectification {
  method: RectificationMethod;
  /** Why (shown on the PDF and sent to VeriFacTu/SII). */
  reason: string;
  rectified: RectifiedInvoiceRef[];
}

export interface InvoiceLine {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  operation: string;
  recargo: boolean;
  baseCents: number;
}

export interface InvoiceTotalsView {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
}

export interface Invoice {
  invoiceId: string;
  companyId: string;
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  invoiceDate: string;
  operationDate: string | null;
  dueDate: string | null;
  paymentMethod: PaymentMethod | null;
  notes: string | null;
  customer: InvoiceCustomerSnapshot | null;
  invoiceLines: InvoiceLine[];
  irpfRateBp: number;
  totals: InvoiceTotalsView;
  breakdown: {
    operation: string;
    vatRateBp: number;
    recargoRateBp: number;
    baseCents: number;
    vatCents: number;
    recargoCents: number;
  }[];
  legalMentions: string[];
  series: string | null;
  seriesId: string | null;
  /**
   * The issuer as it was at confirmation (Art. 6.1.c/d RD 1619/2012): an issued invoice never
   * follows later edits of the company. Null on drafts (the PDF of a draft reads the company now).
   */
  issuer?: InvoiceIssuerSnapshot | null;
  /** SII state: NOT_SENT at confirmation when the company is in the SII, otherwise null. */
  siiStatus?: SiiStatus | null;
  /** Set on a rectificativa (R1–R5): what it corrects and how. */
  rectification?: InvoiceRectification | null;
  /** Set on an invoice that later rectificativas correct: their ids, oldest first. */
  rectifiedBy?: string[];
  /** Who wrote the draft: a person (MANUAL, also when absent), the recurring schedule or an import. */
  origin?: InvoiceOrigin;
  /** The series chosen with `?series=` when the draft was created; used when it is confirmed. */
  requestedSeriesId: string | null;
  number: number | null;
  invoiceNumber: string | null;
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

// --- payments, payment status and cancellation (issue 4, item 3) ---------------------------------

/** Where an issued invoice stands with its payments (stored; the daily schedule marks OVERDUE). */
export const PAYMENT_STATUSES = ['PENDING', 'PARTIAL', 'PAID', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A confirmed invoice with its payment state; CANCELLED when annulled without payments. */
export interface InvoiceWithPayments extends Omit<Invoice, 'status'> {
  status: InvoiceStatus | 'CANCELLED';
  paymentStatus?: PaymentStatus;
  paidCents?: number;
  /** What was paid in cash, so the cash limit applies to the invoice's cash payments together. */
  cashPaidCents?: number;
  cancelledAt?: string;
  cancelReason?: string;
}

export const AddPaymentBody = z
  .object({
    amountCents: z
      .number()
      .int({ message: 'El importe debe ser un número entero de céntimos.' })
      .positive({ message: 'El importe debe ser mayor que cero.' })
      .max(1_000_000_000_000),
    paidAt: z.iso.date({ message: 'La fecha de pago debe ser una fecha ISO (AAAA-MM-DD).' }),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().trim().max(200).optional(),
  })
  .strict();
export type AddPaymentBody = z.infer<typeof AddPaymentBody>;

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
  createdAt: string;
  createdBy: string;
}

export const CancelInvoiceBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(5, { message: 'Indica el motivo de la anulación (al menos 5 caracteres).' })
      .max(500),
  })
  .strict();
export type CancelInvoiceBody = z.infer<typeof CancelInvoiceBody>;

// --- rectificativas and the work listings (issue 4, items 3 and 4) ------------------------------

const SIGNED_QUANTITY = /^-?\d{1,9}(\.\d{1,3})?$/;

/**
 * A quantity that may be negative (a rectificativa by differences lowers what was invoiced),
 * turned into thousandths exactly like `Quantity`; zero is refused.
 */
export const SignedQuantity = z.union([z.number(), z.string().trim()]).transform((raw, ctx): number => {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (!SIGNED_QUANTITY.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'La cantidad debe ser un número con como máximo 3 decimales.' });
    return z.NEVER;
  }
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (milli === 0) ctx.addIssue({ code: 'custom', message: 'La cantidad no puede ser cero.' });
  return negative ? -milli : milli;
});

/**
 * A line of a rectificativa: by differences it carries the difference (negative quantities or
 * prices allowed); by substitution the corrected line (the totals engine refuses negatives then).
 */
export const RectificationLineBody = z
  .object({
    description: z.string().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    quantity: SignedQuantity,
    unitPriceCents: z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000),
    discountBp: Bp.default(0),
    vatRateBp: z.number().int().min(0).max(10_000),
    exemptionCause: z.enum(EXEMPTION_CAUSES).optional(),
    notSubject: z.enum(NOT_SUBJECT_KINDS).optional(),
    reverseCharge: z.boolean().optional(),
    recargo: z.boolean().optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    const kinds = [l.exemptionCause, l.notSubject, l.reverseCharge ? 'S2' : undefined].filter(Boolean);
    if (kinds.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['exemptionCause'],
        message: 'Una línea solo puede ser exenta, no sujeta o con inversión del sujeto pasivo.',
      });
    }
    if (kinds.length > 0 && l.vatRateBp !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatRateBp'],
        message: 'Una línea exenta, no sujeta o con inversión del sujeto pasivo no repercute IVA: tipo 0.',
      });
    }
  });
export type RectificationLineBody = z.infer<typeof RectificationLineBody>;

const InvoiceIdText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Identificador no válido.' });

/**
 * POST /invoices/{invoiceId}/rectify (art. 15 RD 1619/2012). `invoiceLines` are the differences
 * (DIFFERENCES) or the complete corrected lines (SUBSTITUTION); `cancelAll` annuls the amounts of
 * the rectified invoices instead. `additionalInvoiceIds` rectifies several invoices of the same
 * customer at once (art. 15.3: one rectificativa may correct several invoices).
 */
export const RectifyInvoiceBody = z
  .object({
    rectificationType: z.enum(RECTIFICATIVA_TYPES),
    method: z.enum(RECTIFICATION_METHODS),
    reason: z
      .string()
      .trim()
      .min(5, { message: 'Indica el motivo de la rectificación (al menos 5 caracteres).' })
      .max(500),
    invoiceDate: z.iso.date().optional(),
    invoiceLines: z.array(RectificationLineBody).min(1).max(500).optional(),
    cancelAll: z.boolean().optional(),
    additionalInvoiceIds: z.array(InvoiceIdText).max(50).optional(),
    confirm: z.boolean().default(true),
    series: z.string().trim().min(1).max(64).optional(),
    notes: z.string().trim().max(2000).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.cancelAll && b.invoiceLines) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancelAll'],
        message: 'Indica las líneas de la rectificativa o la anulación total (cancelAll), no ambas.',
      });
    }
    if (!b.cancelAll && !b.invoiceLines) {
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceLines'],
        message:
          b.method === 'DIFFERENCES'
            ? 'Indica las líneas con las diferencias que se rectifican.'
            : 'Indica las líneas corregidas de la factura o cancelAll para anular sus importes.',
      });
    }
  });
export type RectifyInvoiceBody = z.infer<typeof RectifyInvoiceBody>;

/** The three work listings (pending confirmation, automatic drafts, pending SII): a paged list. */
export const InvoiceListingQuery = PageQuery;
export type InvoiceListingQuery = z.infer<typeof InvoiceListingQuery>;

/** SII states that still need work (spec part 2 §4: confirmed invoices pending SII). */
export const SII_PENDING_STATUSES = [
  'NOT_SENT',
  'QUEUED',
  'ERROR',
  'REJECTED',
  'PENDING_CORRECTION',
] as const satisfies readonly SiiStatus[];

// --- bulk operations (issue 4, item 10) ----------------------------------------------------------

export const BULK_OPERATIONS = [
  'CONFIRM',
  'SEND_EMAIL',
  'MARK_PAID',
  'DELETE_DRAFTS',
  'DOWNLOAD_PDFS',
] as const;
export type BulkOperationKind = (typeof BULK_OPERATIONS)[number];
export const BULK_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
export const MAX_BULK_INVOICES = 500;

export const CreateBulkOperationBody = z
  .object({
    operation: z.enum(BULK_OPERATIONS),
    invoiceIds: z
      .array(InvoiceIdText)
      .min(1, { message: 'Selecciona al menos una factura.' })
      .max(MAX_BULK_INVOICES, { message: `Como máximo ${MAX_BULK_INVOICES} facturas por operación.` }),
    options: z
      .object({
        paidAt: z.iso.date({ message: 'La fecha de pago debe ser una fecha ISO (AAAA-MM-DD).' }).optional(),
        method: z.enum(PAYMENT_METHODS).optional(),
        series: z.string().trim().min(1).max(64).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (new Set(b.invoiceIds).size !== b.invoiceIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceIds'],
        message: 'Hay facturas repetidas en la selección.',
      });
    }
    if (b.operation === 'MARK_PAID' && !b.options?.method) {
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'method'],
        message: 'Indica la forma de pago para marcar las facturas como cobradas.',
      });
    }
  });
export type CreateBulkOperationBody = z.infer<typeof CreateBulkOperationBody>;

export const BulkOperationPath = z.object({ operationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type BulkOperationPath = z.infer<typeof BulkOperationPath>;

export interface BulkOperationError {
  invoiceId: string;
  code: string;
  message: string;
}

export interface BulkOperation {
  operationId: string;
  companyId: string;
  operation: BulkOperationKind;
  status: BulkStatus;
  invoiceIds: string[];
  /** Absent when the operation has none (an empty map is not stored: the local stream cannot carry one). */
  options?: { paidAt?: string; method?: PaymentMethod; series?: string };
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  errors: BulkOperationError[];
  /** DOWNLOAD_PDFS: where the ZIP is stored once COMPLETED. */
  zipKey?: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  completedAt?: string | null;
}
