/**
 * Contracts of SEPA payments (issue 19, item 5): banking settings (creditor identifier), direct-debit
 * mandates, payment candidates and payment orders (pain.001.001.03 credit transfers to suppliers,
 * pain.008.001.02 direct-debit remittances to customers). Money in integer céntimos; dates ISO.
 * Pure: the web forms validate with the same schemas.
 */

import * as z from 'zod';
import { validateIban } from '../fiscal/iban';
import { Id, IsoDate } from './common';
import { safeText } from './text';

// --- shared pieces -----------------------------------------------------------------------------------

/** Countries of the SEPA schemes (EPC list of SEPA countries and territories; the IBAN length table's first group). */
export const SEPA_COUNTRIES = [
  'AD',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'VA',
] as const;

/** A valid IBAN of a SEPA country, normalised (upper case, no spaces). */
export const SepaIban = z
  .string()
  .trim()
  .max(42)
  .transform((raw, ctx) => {
    const r = validateIban(raw);
    if (!r.valid) ctx.addIssue({ code: 'custom', message: r.reason ?? 'El IBAN no es válido.' });
    else if (!(SEPA_COUNTRIES as readonly string[]).includes(r.country ?? ''))
      ctx.addIssue({ code: 'custom', message: 'El IBAN no es de un país de la zona SEPA.' });
    return r.normalized;
  });

/** BIC / SWIFT (ISO 9362): 8 or 11 characters. */
export const Bic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, {
    message: 'El BIC no es válido (8 u 11 caracteres).',
  });

/** EPC "RestrictedIdentificationSEPA1": letters, digits, + ? / - : ( ) . , ' — no leading/trailing '/', no '//'. */
export const SepaIdentifier = z
  .string()
  .trim()
  .min(1, { message: 'La referencia es obligatoria.' })
  .max(35, { message: 'La referencia no puede superar 35 caracteres.' })
  .regex(/^[A-Za-z0-9+?/\-:().,']+$/, {
    message: "La referencia solo admite letras sin acentos, dígitos y + ? / - : ( ) . , '",
  })
  .refine((v) => !v.startsWith('/') && !v.endsWith('/') && !v.includes('//'), {
    message: "La referencia no puede empezar ni terminar por '/' ni contener '//'.",
  });

export const SEPA_SCHEMES = ['CORE', 'B2B'] as const;
export type SepaScheme = (typeof SEPA_SCHEMES)[number];
/** How a mandate is used: recurrent (first collection FRST, then RCUR) or a single collection (OOFF). */
export const MANDATE_TYPES = ['RCUR', 'OOFF'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];
export const SEQUENCE_TYPES = ['FRST', 'RCUR', 'OOFF', 'FNAL'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];
export const PAYMENT_ORDER_KINDS = ['TRANSFER', 'DIRECT_DEBIT'] as const;
export type PaymentOrderKind = (typeof PAYMENT_ORDER_KINDS)[number];

// --- settings ----------------------------------------------------------------------------------------

export interface BankingSettings {
  /** The 3-character business code (sufijo) of the creditor identifier. */
  creditorIdSuffix: string;
  /** ES + check digits + suffix + the company's NIF; null while the company has no NIF. */
  creditorIdentifier: string | null;
  companyName: string;
  companyNif: string | null;
  /** The bank account orders use unless one is chosen (one of the company's accounts). */
  defaultAccountId: string | null;
  /** What a new mandate is by default: recurrent or one-off. */
  defaultSequenceType: MandateType;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const UpdateBankingSettingsBody = z
  .object({
    creditorIdSuffix: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3}$/, { message: 'El sufijo debe tener 3 letras o dígitos (normalmente 000).' })
      .optional(),
    defaultAccountId: Id.nullable().optional(),
    defaultSequenceType: z.enum(MANDATE_TYPES).optional(),
  })
  .strict();
export type UpdateBankingSettingsBody = z.infer<typeof UpdateBankingSettingsBody>;

// --- mandates ----------------------------------------------------------------------------------------

export const MANDATE_STATUSES = ['ACTIVE', 'REVOKED'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

export interface Mandate {
  /** The unique mandate reference (AT-01), ≤ 35 characters. */
  mandateId: string;
  customerId: string;
  debtorName: string;
  iban: string;
  bic: string | null;
  signatureDate: string;
  scheme: SepaScheme;
  type: MandateType;
  status: MandateStatus;
  /** The sequence type its next collection will carry (null when it can no longer be used). */
  nextSequenceType: SequenceType | null;
  /** The order that carried its first collection, and the last collection date ordered. */
  firstOrderId: string | null;
  lastCollectionDate: string | null;
  collectionCount: number;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  revokedBy: string | null;
}

export const CreateMandateBody = z
  .object({
    /** Omitted: one is generated (`<customer>-<date>-<n>`). */
    mandateId: SepaIdentifier.optional(),
    customerId: Id,
    debtorName: safeText().trim().min(2, { message: 'El nombre del deudor es obligatorio.' }).max(140),
    iban: SepaIban,
    bic: Bic.optional(),
    signatureDate: IsoDate,
    scheme: z.enum(SEPA_SCHEMES).default('CORE'),
    type: z.enum(MANDATE_TYPES).optional(),
  })
  .strict();
export type CreateMandateBody = z.infer<typeof CreateMandateBody>;

export const MandatePath = z.object({ mandateId: SepaIdentifier });
export type MandatePath = z.infer<typeof MandatePath>;

export const ListMandatesQuery = z.object({
  customerId: Id.optional(),
  status: z.enum(MANDATE_STATUSES).optional(),
});
export type ListMandatesQuery = z.infer<typeof ListMandatesQuery>;

// --- candidates --------------------------------------------------------------------------------------

export const PaymentCandidatesQuery = z.object({ kind: z.enum(PAYMENT_ORDER_KINDS) });
export type PaymentCandidatesQuery = z.infer<typeof PaymentCandidatesQuery>;

export interface PaymentCandidate {
  documentId: string;
  /** INV (issued invoice, collected by direct debit) or REC (received invoice, paid by transfer). */
  documentKind: 'INV' | 'REC';
  number: string;
  issueDate: string;
  partyId: string | null;
  partyName: string;
  partyNif: string | null;
  /** Where the money goes (supplier) or comes from (the mandate's account). */
  iban: string | null;
  totalCents: number;
  outstandingCents: number;
  nextDueDate: string | null;
  /** The unpaid instalments. */
  dueDates: { dueDate: string; amountCents: number }[];
  /** Direct debits: the mandate that will be used and the sequence type its collection will carry. */
  mandate: { mandateId: string; scheme: SepaScheme; sequenceType: SequenceType } | null;
  /** What payment orders generated since the document last changed already include (not blocking). */
  orderedCents: number;
  /** Why it cannot be ordered (no IBAN…), or null when it can. */
  blockedReason: string | null;
}

// --- payment orders ----------------------------------------------------------------------------------

export const CATEGORY_PURPOSES = ['SUPP', 'TRAD', 'SALA', 'TAXS', 'OTHR'] as const;

export const CreatePaymentOrderBody = z
  .object({
    kind: z.enum(PAYMENT_ORDER_KINDS),
    accountId: Id,
    executionDate: IsoDate,
    items: z
      .array(
        z
          .object({
            documentId: Id,
            amountCents: z.number().int().positive({ message: 'El importe debe ser positivo.' }),
          })
          .strict(),
      )
      .min(1, { message: 'Selecciona al menos un documento.' })
      .max(999, { message: 'Una orden admite como máximo 999 pagos.' }),
    categoryPurpose: z.enum(CATEGORY_PURPOSES).optional(),
  })
  .strict();
export type CreatePaymentOrderBody = z.infer<typeof CreatePaymentOrderBody>;

export const PaymentOrderPath = z.object({
  orderId: z.string().regex(/^[A-Z0-9]{1,24}$/, { message: 'Orden no válida.' }),
});
export type PaymentOrderPath = z.infer<typeof PaymentOrderPath>;

export const ListPaymentOrdersQuery = z.object({ kind: z.enum(PAYMENT_ORDER_KINDS).optional() });
export type ListPaymentOrdersQuery = z.infer<typeof ListPaymentOrdersQuery>;

export interface PaymentOrderItem {
  /** 1-based position: the `nnn` of the end-to-end id. */
  index: number;
  /** `CUADRA-<orderId>-<nnn>`: comes back on the statement and on returns. */
  endToEndId: string;
  documentKind: 'INV' | 'REC';
  documentId: string;
  documentNumber: string;
  partyId: string | null;
  partyName: string;
  iban: string;
  bic: string | null;
  amountCents: number;
  /** Direct debits only. */
  mandateId: string | null;
  sequenceType: SequenceType | null;
  scheme: SepaScheme | null;
}

export interface PaymentOrderSummary {
  orderId: string;
  kind: PaymentOrderKind;
  /** Orders are files handed to the bank; payments are recorded when the bank movement is reconciled. */
  status: 'GENERATED';
  accountId: string;
  accountIban: string;
  accountAlias: string;
  executionDate: string;
  categoryPurpose: string | null;
  /** The message id of the file (GrpHdr/MsgId). */
  msgId: string;
  schema: 'pain.001.001.03' | 'pain.008.001.02';
  itemCount: number;
  totalCents: number;
  fileName: string;
  fileBytes: number;
  createdBy: string;
  createdAt: string;
}

export interface PaymentOrder extends PaymentOrderSummary {
  items: PaymentOrderItem[];
  /** pain.008: the payment information blocks (date + scheme + sequence type). */
  blocks: {
    pmtInfId: string;
    collectionDate: string;
    scheme: SepaScheme;
    sequenceType: SequenceType;
    count: number;
    totalCents: number;
  }[];
}
