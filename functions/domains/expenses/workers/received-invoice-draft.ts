/**
 * `received-invoice-draft` (infra/manifest.ts `invokables`; issue 17 item 3): the documents
 * domain's reading of an invoice becomes a received-invoice draft here, where received invoices are
 * written: the item `POST /received-invoices` would register (with its number claim and counters),
 * PENDING approval, with the document attached, but OUT OF THE BOOK (no aggregates, no event)
 * until a person approves it; and a reviewer's decision on it is applied (`decide`: the corrections,
 * then the approval as set-received-invoice-approval sets it, which books it).
 * The expenses function's handler.ts hands every direct invocation to `receivedInvoiceDraftInvocation`.
 * Contract: shared/schemas/received-invoice-draft.ts.
 */

import { failedAnyCondition } from '@functions/platform/aws/dynamodb-errors';
import { invocationHandler } from '@functions/platform/invoke';
import { AppError, isAppError } from '@shared/api/errors';
import { taxIdCountry } from '@shared/fiscal/received-invoice-totals';
import {
  SUPPLIER_VAT_RATES_BP,
  type Supplier,
  SupplierBody,
  supplierTaxIdKey,
  supplierTaxIdText,
} from '@shared/schemas/expenses';
import {
  type CreateDraftRequest,
  type CreatedDraftResult,
  type DecideDraftRequest,
  type DecidedDraftResult,
  type DraftField,
  DraftRequest,
  type DraftResult,
  type DuplicateDraftResult,
  isIncompleteDraft,
  type ReceivedInvoiceDraftFlags,
} from '@shared/schemas/received-invoice-draft';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import type { ReceivedInvoice, ReceivedSupplierSnapshot } from '@shared/schemas/received-invoices';
import { resolveSupplier, termsInForce } from '../actions/create-received-invoice';
import { requireReceivedInvoice } from '../actions/get-received-invoice';
import { setReceivedInvoiceApproval } from '../actions/set-received-invoice-approval';
import { suggestCategoryFor } from '../actions/suggest-received-invoice-category';
import { updateReceivedInvoice } from '../actions/update-received-invoice';
import {
  applyCorrections,
  type DraftPlan,
  type DraftSupplier,
  draftFromExtraction,
  reviewedNotes,
  supplierTaxIdFromNif,
} from '../model/draft-from-extraction';
import { buildReceivedInvoice } from '../model/received-invoices';
import { readCompanySii, readTaxProfileVersions } from '../store/company-sii';
import { type ExpensesDeps, makeDeps } from '../store/deps';
import { draftMarkerPut, findRegisteredByNumber, getDraftMarker, newSupplierPuts } from '../store/drafts';
import { saveReceivedInvoice } from '../store/received-invoices';
import { getSupplierByTaxIdKey, saveSupplier } from '../store/suppliers';

/** Who a draft of a mailed document is recorded as created by. */
export const SYSTEM_USER = 'SYSTEM';
/** Below this, a field read is shown to the reviewer as doubtful. */
const LOW_CONFIDENCE = 0.8;
/** Attempts of a create that lost a race (same document, supplier, number or a category deleted meanwhile). */
const MAX_ATTEMPTS = 3;

export type DraftWithFlags = ReceivedInvoice & { draft: ReceivedInvoiceDraftFlags };

// --- create ----------------------------------------------------------------------------------------

const duplicateOf = (r: ReceivedInvoice): DuplicateDraftResult => ({
  outcome: 'DUPLICATE',
  duplicateOf: {
    receivedInvoiceId: r.receivedInvoiceId,
    documentId: r.attachments.find((a) => a.documentId)?.documentId ?? null,
  },
});

const cleanName = (s: string | null): string | null => {
  const t = (s ?? '')
    .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? t.slice(0, 200) : null;
};

/** The supplier created with the draft: the name read (else its tax id), the rate and IRPF its invoice shows. */
function newSupplier(
  deps: ExpensesDeps,
  companyId: string,
  supplier: DraftSupplier,
  plan: DraftPlan,
): Supplier {
  const now = deps.now().toISOString();
  const firstRate = plan.body?.lines.find((l) => l.kind === 'DOMESTIC')?.vatRateBp;
  const body = SupplierBody.parse({
    name: supplier.name,
    taxId: supplier.taxId,
    ...(typeof supplier.taxId === 'string' ? {} : { address: { country: taxIdCountry(supplier.taxId) } }),
    defaultVatRateBp:
      firstRate !== undefined && (SUPPLIER_VAT_RATES_BP as readonly number[]).includes(firstRate)
        ? firstRate
        : 2100,
    irpfRateBp: plan.body?.irpfRateBp ?? 0,
  });
  return {
    supplierId: deps.newId(),
    companyId,
    ...body,
    supplierCashCriterion: false,
    createdAt: now,
    updatedAt: now,
  };
}

const needsReview = (req: CreateDraftRequest, plan: DraftPlan): boolean =>
  plan.missing.length > 0 ||
  plan.warnings.length > 0 ||
  req.notes.warnings.length > 0 ||
  Object.values(req.extraction.confidence).some((c) => c !== undefined && c < LOW_CONFIDENCE);

/** One attempt of `create`: answers, or throws what lost a race (the caller tries again). */
async function attemptCreate(deps: ExpensesDeps, req: CreateDraftRequest): Promise<DraftResult> {
  const marker = await getDraftMarker(deps, req.companyId, req.documentId);
  if (marker) return marker.result;
  const { extraction } = req;

  const taxId = supplierTaxIdFromNif(extraction.supplierNif);
  const taxIdKey = taxId ? supplierTaxIdKey(taxId) : null;
  const stored = taxIdKey ? await getSupplierByTaxIdKey(deps, req.companyId, taxIdKey) : undefined;

  // Never booked twice: the same issuer, number and year as a registered invoice (the number claim).
  let reopened: ReceivedInvoice | undefined;
  if (taxIdKey && extraction.invoiceNumber && extraction.issueDate) {
    const registered = await findRegisteredByNumber(
      deps,
      req.companyId,
      taxIdKey,
      extraction.issueDate,
      extraction.invoiceNumber,
    );
    // A rejected reading of the same invoice is read again in its place (its claim stands): PENDING
    // again with this document, unless something was paid on it.
    if (registered && (registered.approvalStatus !== 'REJECTED' || (registered.paidCents ?? 0) > 0)) {
      return duplicateOf(registered);
    }
    reopened = registered;
  }

  const suggestion = taxIdKey
    ? await suggestCategoryFor(deps, req.companyId, taxIdKey, stored)
    : { categoryId: null };
  const supplier: DraftSupplier | null = taxId
    ? {
        name: stored?.name ?? cleanName(extraction.supplierName) ?? `Proveedor ${supplierTaxIdText(taxId)}`,
        taxId: stored?.taxId ?? taxId,
        stored: stored !== undefined,
      }
    : null;
  const now = deps.now();
  const plan = draftFromExtraction({
    extraction,
    notes: req.notes,
    documentId: req.documentId,
    fileName: req.fileName,
    supplier,
    expenseCategoryId: suggestion.categoryId,
    receivedDate: now.toISOString().slice(0, 10),
    rectifies: req.rectifies ?? null,
  });
  // Issue 17 item 3 ("nada se contabiliza sin que lo revises"): every reading becomes a draft, stored
  // OUT of the book (`booked` false: no book-date index entry, no aggregates, no event) until a
  // person approves it (set-received-invoice-approval books it). A complete one already holds its
  // number claim (so a second reading of the same invoice is a DUPLICATE before any approval) and is
  // built as it will be booked; an INCOMPLETE one must be completed first.
  const complete = plan.body !== null && plan.missing.length === 0;
  const body = plan.body ?? plan.partial;

  const created = stored || !supplier ? undefined : newSupplier(deps, req.companyId, supplier, plan);
  const resolved = stored
    ? await resolveSupplier(deps, req.companyId, { supplierId: stored.supplierId })
    : {
        supplier: (created
          ? {
              supplierId: created.supplierId,
              name: created.name,
              taxId: created.taxId,
              country: taxIdCountry(created.taxId),
            }
          : // No issuer tax id read: the draft names what was read, linked to no supplier yet.
            {
              supplierId: null,
              name: body.supplier?.name ?? 'Proveedor sin identificar',
              taxId: '',
              country: 'ES',
            }) satisfies ReceivedSupplierSnapshot,
        remembered: null,
        rememberedCashCriterion: false,
      };
  const [company, profileVersions] = await Promise.all([
    readCompanySii(deps, req.companyId),
    readTaxProfileVersions(deps, req.companyId),
  ]);
  const at = now.toISOString();
  const createdBy = req.createdBy ?? SYSTEM_USER;
  const invoice = buildReceivedInvoice(
    body,
    {
      supplier: resolved.supplier,
      rectification: body.rectification
        ? {
            method: body.rectification.method,
            rectified: body.rectification.rectified.map((r) => ({
              receivedInvoiceId: null,
              supplierInvoiceNumber: r.supplierInvoiceNumber ?? '',
              issueDate: r.issueDate ?? '',
            })),
          }
        : null,
      rememberedWithholding: resolved.remembered,
      supplierCashCriterion: resolved.rememberedCashCriterion,
      // An incomplete reading deducts nothing: the regime is decided when a person completes it.
      ...(complete ? { companyCashRegime: { versions: profileVersions, vatRegime: company.vatRegime } } : {}),
      // Issue 19: a draft whose due date was not read falls due by the supplier's terms, else the company's.
      paymentTerms: await termsInForce(
        deps,
        req.companyId,
        body,
        'paymentTerms' in resolved ? resolved.paymentTerms : undefined,
      ),
    },
    {
      receivedInvoiceId: reopened?.receivedInvoiceId ?? deps.newId(),
      companyId: req.companyId,
      approvalStatus: 'PENDING',
      approval: null,
      // Art. 69.Tres RIVA: a draft is not registered yet; its registration (the approval that books
      // it) makes an SII company's invoice due at the AEAT.
      siiStatus: null,
      paidCents: 0,
      version: reopened ? reopened.version + 1 : 1,
      createdBy: reopened?.createdBy ?? createdBy,
      createdAt: reopened?.createdAt ?? at,
      updatedAt: at,
    },
  );
  if (reopened) invoice.attachments = [...reopened.attachments, ...invoice.attachments].slice(-20);
  const draft: DraftWithFlags = {
    ...invoice,
    draft: {
      documentId: req.documentId,
      source: extraction.source,
      needsReview: needsReview(req, plan),
      incompleteFields: plan.missing,
      booked: false,
    },
  };
  const result: CreatedDraftResult = {
    outcome: plan.missing.length > 0 ? 'INCOMPLETE' : 'CREATED',
    receivedInvoiceId: draft.receivedInvoiceId,
    supplierId: resolved.supplier.supplierId,
    supplierCreated: created !== undefined,
    expenseCategoryId: draft.expenseCategoryId,
    missing: plan.missing,
  };
  await saveReceivedInvoice(deps, reopened, draft, {
    event: receivedEvent({ company, current: reopened, next: draft, at }),
    extraItems: [
      draftMarkerPut(deps.table, {
        documentId: req.documentId,
        companyId: req.companyId,
        result,
        extraction,
        notes: req.notes,
        createdAt: at,
      }),
      ...(created ? newSupplierPuts(deps.table, created) : []),
    ],
  });
  return result;
}

/** Lost races: the same document, supplier or number drafted at once, or the category deleted meanwhile. */
const isLostRace = (e: unknown): boolean =>
  failedAnyCondition(e) ||
  (isAppError(e) &&
    ['DUPLICATE_SUPPLIER_NUMBER', 'UNKNOWN_CATEGORY', 'CONCURRENT_UPDATE'].includes(
      String(e.details?.reason ?? ''),
    ));

/**
 * The draft of a document's reading (idempotent by document: the first answer is kept and repeated).
 * A race lost to another writer is tried again from the start, which then finds what it wrote.
 */
export async function createDraft(deps: ExpensesDeps, req: CreateDraftRequest): Promise<DraftResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptCreate(deps, req);
    } catch (e) {
      if (attempt < MAX_ATTEMPTS && isLostRace(e)) continue;
      throw e;
    }
  }
}

// --- decide ----------------------------------------------------------------------------------------

/** The fields as the reviewer's screen names them. */
const FIELD_NAMES: Record<DraftField, string> = {
  supplierName: 'el nombre del proveedor',
  supplierNif: 'el NIF del proveedor',
  customerName: 'el nombre del cliente',
  customerNif: 'el NIF del cliente',
  invoiceNumber: 'el número de factura',
  issueDate: 'la fecha de expedición',
  bases: 'las bases imponibles',
  recargo: 'el recargo de equivalencia',
  irpf: 'la retención de IRPF',
  totalCents: 'el total',
  currency: 'la moneda',
  rectifiedInvoice: 'la factura rectificada (número y fecha)',
};

/** The stored supplier holding the corrected tax id, created if none does (the corrected reading's name). */
async function supplierIdFor(
  deps: ExpensesDeps,
  companyId: string,
  supplier: DraftSupplier,
  plan: DraftPlan,
): Promise<string> {
  const key = supplierTaxIdKey(supplier.taxId);
  const stored = await getSupplierByTaxIdKey(deps, companyId, key);
  if (stored) return stored.supplierId;
  const created = newSupplier(deps, companyId, supplier, plan);
  try {
    await saveSupplier(deps, undefined, created);
    return created.supplierId;
  } catch (e) {
    // Created at the same moment by another draft: that one is the supplier.
    const now = await getSupplierByTaxIdKey(deps, companyId, key);
    if (now) return now.supplierId;
    throw e;
  }
}

/**
 * The draft rebuilt from the stored reading as the reviewer corrected it (a correction of the
 * invoice). A draft out of the book is always rebuilt, corrections or not: the reviewer's approval
 * overrules the reading's own doubts (`reviewedNotes`), so the stored reading is what is
 * registered when nothing is corrected; refused only when no valid invoice can be built from it.
 */
async function applyDraftCorrections(
  deps: ExpensesDeps,
  req: DecideDraftRequest,
  current: ReceivedInvoice,
): Promise<void> {
  const documentId =
    (current as Partial<DraftWithFlags>).draft?.documentId ??
    current.attachments.find((a) => a.documentId)?.documentId;
  const marker = documentId ? await getDraftMarker(deps, req.companyId, documentId) : undefined;
  if (!marker) {
    throw new AppError(
      'CORE_004',
      'Esta factura no se creó a partir de la lectura de un documento: corrígela desde su ficha.',
      { field: 'corrections', details: { reason: 'NOT_A_DRAFT' } },
    );
  }
  const { extraction, changed } = applyCorrections(marker.extraction, req.corrections);
  // Nothing corrected: only an INCOMPLETE draft is rebuilt (a complete one is approved as drafted).
  if (changed.length === 0 && !isIncompleteDraft(current)) return;
  const taxId = supplierTaxIdFromNif(extraction.supplierNif);
  const sameSupplier = taxId !== null && supplierTaxIdKey(taxId) === supplierTaxIdKey(current.supplier.taxId);
  const supplier: DraftSupplier | null = taxId
    ? {
        name: sameSupplier
          ? current.supplier.name
          : (cleanName(extraction.supplierName) ?? `Proveedor ${supplierTaxIdText(taxId)}`),
        taxId: sameSupplier ? current.supplier.taxId : taxId,
        stored: sameSupplier,
      }
    : null;
  const plan = draftFromExtraction({
    extraction,
    notes: reviewedNotes(marker.notes),
    documentId: marker.documentId,
    fileName: current.attachments.find((a) => a.documentId === marker.documentId)?.fileName ?? 'documento',
    supplier,
    expenseCategoryId: current.expenseCategoryId,
    receivedDate: current.receivedDate || current.createdAt.slice(0, 10),
    rectifies: current.rectification?.rectified[0]
      ? {
          invoiceNumber: current.rectification.rectified[0].supplierInvoiceNumber,
          issueDate: current.rectification.rectified[0].issueDate,
        }
      : null,
  });
  if (!plan.body || !supplier) {
    const names = plan.missing.map((f) => FIELD_NAMES[f]).join(', ');
    throw new AppError(
      'CORE_004',
      req.corrections
        ? `Con las correcciones la factura sigue sin poder registrarse: falta ${names}.`
        : `La lectura no basta para registrar la factura: falta ${names}. Corrígelo al aprobar.`,
      {
        field: 'corrections',
        details: { reason: 'DRAFT_NOT_BUILDABLE', missing: plan.missing },
      },
    );
  }
  const { approvalStatus: _pending, supplier: _read, notes: _note, attachments: _att, ...fields } = plan.body;
  const supplierId =
    sameSupplier && current.supplier.supplierId
      ? current.supplier.supplierId
      : await supplierIdFor(deps, req.companyId, supplier, plan);
  await updateReceivedInvoice(
    {
      companyId: req.companyId,
      receivedInvoiceId: current.receivedInvoiceId,
      body: {
        ...fields,
        supplierId,
        ...(current.receivedDate ? { receivedDate: current.receivedDate } : {}),
        ...(current.notes ? { notes: current.notes } : {}),
        attachments: current.attachments,
        ...(current.expenseCategoryId ? { expenseCategoryId: current.expenseCategoryId } : {}),
        ...(current.paymentMethod ? { paymentMethod: current.paymentMethod } : {}),
        ...(current.dueDate ? { dueDate: current.dueDate } : {}),
      },
    },
    deps,
  );
}

/**
 * A reviewer's decision on a draft: with APPROVED, the corrections first (the draft rebuilt from the
 * corrected reading), then the approval exactly as `PUT /received-invoices/{id}/approval-status`
 * sets it. The same decision asked again answers DECIDED (the documents worker may retry); another
 * decision on a decided invoice is refused as the route refuses it.
 */
export async function decideDraft(deps: ExpensesDeps, req: DecideDraftRequest): Promise<DecidedDraftResult> {
  const current = await requireReceivedInvoice(deps, req.companyId, req.receivedInvoiceId);
  const decided: DecidedDraftResult = {
    outcome: 'DECIDED',
    receivedInvoiceId: req.receivedInvoiceId,
    approvalStatus: req.decision,
  };
  if (current.approvalStatus === req.decision) return decided;
  // Corrections rebuild the draft (still out of the book: an edit books nothing); an INCOMPLETE
  // draft is completed from the stored reading even without them (issue 17 item 3). Then the
  // approval, which books it.
  if (
    current.approvalStatus === 'PENDING' &&
    req.decision === 'APPROVED' &&
    (req.corrections || isIncompleteDraft(current))
  ) {
    await applyDraftCorrections(deps, req, current);
  }
  await setReceivedInvoiceApproval(
    {
      companyId: req.companyId,
      userId: req.decidedBy,
      receivedInvoiceId: req.receivedInvoiceId,
      body: { status: req.decision, ...(req.reason ? { comment: req.reason } : {}) },
    },
    deps,
  );
  return decided;
}

// --- the invocation --------------------------------------------------------------------------------

export const receivedInvoiceDraft = (deps: ExpensesDeps, req: DraftRequest): Promise<DraftResult> =>
  req.op === 'create' ? createDraft(deps, req) : decideDraft(deps, req);

/** A direct invocation of the expenses function: the payload validated against the contract, then run. */
export const receivedInvoiceDraftInvocation = invocationHandler(
  (payload) => DraftRequest.parse(payload),
  (req) => receivedInvoiceDraft(makeDeps(), req),
);
