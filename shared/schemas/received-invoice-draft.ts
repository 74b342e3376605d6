/**
 * The contract of the expenses domain's `received-invoice-draft` function (infra/manifest.ts
 * `invokables`; issue 17 item 3): what the documents domain asks it when a reading of an invoice or
 * receipt is done (`create`: the reading becomes a received-invoice draft, PENDING approval, with
 * the document attached) and when a reviewer decides on it (`decide`: the corrections applied, then
 * the approval). Validated by the function (functions/domains/expenses/workers/received-invoice-draft.ts);
 * callers build it in their store/.
 *
 * - `create` is idempotent by `documentId`: a second call answers the first result, never a second
 *   draft. An invoice already registered with the same issuer tax id, number and year of issue (the
 *   book's own uniqueness rule, which contains "same number and date") answers DUPLICATE and writes
 *   nothing: never booked twice.
 * - Every draft (CREATED or INCOMPLETE) is kept OUT OF THE BOOK (`draft.booked` false) until a
 *   person approves it (issue 17 item 3; the landing page's promise "nada se contabiliza sin que lo
 *   revises"): no book-date index entry (so no totals, recompute or modelo 303 reads it; the list
 *   shows it on request, `drafts`), no tax aggregates, no SII event, siiStatus null. A complete
 *   draft already holds its number claim, so a second reading of the same invoice is a DUPLICATE
 *   before any approval. It is booked by the approval: `decide` APPROVED (the review, the smart
 *   inbox) or PUT /received-invoices/{id}/approval-status APPROVED, in one transaction (index entry,
 *   aggregates, SII RECEIVED_REGISTERED). A rejected draft stays out of the book.
 * - INCOMPLETE: fields are missing or the figures do not add up (`missing`). The draft is ALWAYS
 *   stored (issue 17 item 3: "INVOICE_INCOMPLETE otherwise" still has its draft), flagged, with
 *   what was read (an unread number or date is '', an unread tax id '' with the read name, only
 *   the bases at a Spanish rate as lines). It cannot be approved as it stands: a person completes
 *   it (`decide` APPROVED rebuilds it from the stored reading with the corrections, if any, then
 *   approves; PUT /received-invoices/{id} completes it, still out of the book, for a later approval).
 */

import * as z from 'zod';
import {
  EXTRACTION_FIELDS,
  EXTRACTION_SOURCES,
  type Extraction,
  ExtractionCorrection,
  type ExtractionField,
  type ExtractionNotes,
} from './documents';

const Id = z.string().min(1).max(200);
const Cents = z.number().int();
const RateBp = z.number().int().min(0).max(10_000);
const Confidence = z.number().min(0).max(1);

/** `Extraction` (shared/schemas/documents.ts) as it travels between the functions. */
export const ExtractionPayload = z.object({
  supplierName: z.string().max(500).nullable(),
  supplierNif: z.string().max(40).nullable(),
  customerName: z.string().max(500).nullable(),
  customerNif: z.string().max(40).nullable(),
  invoiceNumber: z.string().max(200).nullable(),
  issueDate: z.string().max(40).nullable(),
  bases: z.array(z.object({ rateBp: RateBp, baseCents: Cents, quotaCents: Cents })).max(50),
  recargo: z.array(z.object({ rateBp: RateBp, quotaCents: Cents })).max(50),
  irpf: z.object({ rateBp: RateBp, amountCents: Cents }).nullable(),
  totalCents: Cents.nullable(),
  currency: z.string().max(3),
  confidence: z.partialRecord(z.enum(EXTRACTION_FIELDS), Confidence),
  source: z.enum(EXTRACTION_SOURCES),
}) satisfies z.ZodType<Extraction>;

/** `ExtractionNotes` as it travels between the functions. */
export const ExtractionNotesPayload = z.object({
  arithmeticOk: z.boolean(),
  quotasOk: z.boolean(),
  mentions: z.array(z.string().max(60)).max(50),
  fieldSources: z.partialRecord(z.enum(EXTRACTION_FIELDS), z.enum(EXTRACTION_SOURCES)),
  qr: z.object({ url: z.string().max(2000), agrees: z.boolean() }).nullable(),
  warnings: z.array(z.string().max(1000)).max(100),
}) satisfies z.ZodType<ExtractionNotes>;

export const DraftRequest = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('create'),
    companyId: Id,
    documentId: Id,
    fileName: z.string().min(1).max(255),
    extraction: ExtractionPayload,
    notes: ExtractionNotesPayload,
    /** The uploader; null for a document that came by mail (recorded as 'SYSTEM'). */
    createdBy: Id.nullable(),
    /**
     * The invoice a rectificativa (negative figures) corrects, when the reading found it (art. 15
     * RD 1619/2012: the rectificativa identifies it). Without it a rectificativa is INCOMPLETE
     * (`rectifiedInvoice`).
     */
    rectifies: z
      .object({ invoiceNumber: z.string().trim().min(1).max(60), issueDate: z.iso.date() })
      .nullable()
      .optional(),
  }),
  z.object({
    op: z.literal('decide'),
    companyId: Id,
    receivedInvoiceId: Id,
    decision: z.enum(['APPROVED', 'REJECTED']),
    reason: z.string().max(1000).optional(),
    /** The reviewer's corrections of the reading (only with APPROVED): the draft is rebuilt from them. */
    corrections: ExtractionCorrection.optional(),
    decidedBy: Id,
  }),
]);
export type DraftRequest = z.infer<typeof DraftRequest>;
export type CreateDraftRequest = Extract<DraftRequest, { op: 'create' }>;
export type DecideDraftRequest = Extract<DraftRequest, { op: 'decide' }>;

/**
 * The fields a draft may lack or get wrong (`missing`): the extraction's, by name, and the invoice a
 * rectificativa corrects (not a field of the reading).
 */
export type DraftField = ExtractionField | 'rectifiedInvoice';

export type CreatedDraftResult = {
  outcome: 'CREATED' | 'INCOMPLETE';
  /**
   * The draft (always stored since issue 17's review; null only in answers kept by drafts made
   * before, when an incomplete reading stored nothing).
   */
  receivedInvoiceId: string | null;
  supplierId: string | null;
  /** The supplier was created from the reading (no supplier of the company held its tax id). */
  supplierCreated: boolean;
  /** The category learned for the supplier (suggest-category), or null. */
  expenseCategoryId: string | null;
  /** Why it is INCOMPLETE (empty when CREATED). */
  missing: DraftField[];
};

export type DuplicateDraftResult = {
  outcome: 'DUPLICATE';
  /** The registered invoice this reading repeats, and the document attached to it (if any). */
  duplicateOf: { receivedInvoiceId: string; documentId: string | null };
};

export type DecidedDraftResult = {
  outcome: 'DECIDED';
  receivedInvoiceId: string;
  approvalStatus: 'APPROVED' | 'REJECTED';
};

export type DraftResult = CreatedDraftResult | DuplicateDraftResult | DecidedDraftResult;

/**
 * What a received invoice made from a reading carries beside the book's fields (stored on the
 * invoice item as `draft`): the document it came from, whether a person must look at it, and which
 * fields were missing or did not add up.
 */
export interface ReceivedInvoiceDraftFlags {
  documentId: string;
  source: Extraction['source'];
  needsReview: boolean;
  incompleteFields: DraftField[];
  /**
   * In the book (counted in the aggregates, the 303, the SII): false from its creation until a
   * person approves it, true from then on. Absent on drafts made before: true.
   */
  booked?: boolean;
}

/**
 * A received invoice kept out of the book: a draft made from a document that nobody has approved
 * yet (pending or rejected). It has no book-date index entry, contributes nothing to the tax
 * aggregates, is never reported to the SII and claims its number only when issuer, number and
 * date were all read.
 */
export const isOutOfBook = (r: { draft?: Pick<ReceivedInvoiceDraftFlags, 'booked'> } | undefined): boolean =>
  r?.draft?.booked === false;

/** A draft out of the book that cannot be approved as it stands: fields missing or not adding up. */
export const isIncompleteDraft = (
  r: { draft?: Pick<ReceivedInvoiceDraftFlags, 'booked' | 'incompleteFields'> } | undefined,
): boolean => isOutOfBook(r) && (r?.draft?.incompleteFields.length ?? 0) > 0;

// --- the suggested expense category (GET /received-invoices/suggest-category) ----------------------

export const SuggestCategoryQuery = z
  .object({
    supplierTaxId: z.string().trim().min(1).max(40).optional(),
    supplierId: z.string().min(1).max(200).optional(),
  })
  .refine((q) => Boolean(q.supplierTaxId) !== Boolean(q.supplierId), {
    message: 'Indica el NIF del proveedor (supplierTaxId) o su identificador (supplierId), solo uno.',
    path: ['supplierTaxId'],
  });
export type SuggestCategoryQuery = z.infer<typeof SuggestCategoryQuery>;

/**
 * SUPPLIER_HISTORY: the category last assigned to the supplier's invoices; SUPPLIER_DEFAULT: the
 * supplier's default category; null: nothing to suggest.
 */
export const CATEGORY_SUGGESTION_BASES = ['SUPPLIER_HISTORY', 'SUPPLIER_DEFAULT'] as const;
export type CategorySuggestionBasis = (typeof CATEGORY_SUGGESTION_BASES)[number];

export interface CategorySuggestion {
  categoryId: string | null;
  categoryName: string | null;
  basis: CategorySuggestionBasis | null;
  /** 0..1: how consistently the supplier's invoices were put in it (0 without a suggestion). */
  confidence: number;
}
