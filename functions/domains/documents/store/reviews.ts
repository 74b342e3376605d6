/**
 * Advisor reviews of documents (issue 17 item 5; spec part 3 §7 "Advisor reviews"): the pending
 * list, and the verdicts. A verdict is claimed on the document first (its optimistic revision: of
 * two reviewers only one decides, the other gets 409), then passed on to the received-invoice
 * draft through the expenses domain's `received-invoice-draft` function; if that call fails the
 * claim is undone, so the document never says APPROVED over a draft that is not.
 *
 * The smart inbox (I1) approves and rejects its invoices through `approveDocument` / `rejectDocument`.
 */

import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { IndexName } from '@shared/db/table';
import {
  type DocumentDetails,
  type DocumentReview,
  type ExtractionCorrection,
  INVOICE_DOCUMENT_TYPES,
} from '@shared/schemas/documents';
import { applyCorrections, correctedFields } from '../model/accuracy';
import type { DocumentsDeps } from './deps';
import { fromItem, requireDocument, type StoredDocument, toDetails, updateDocument } from './documents';

type ReviewDeps = Pick<DocumentsDeps, 'db' | 'table' | 'now' | 'invokeDraft'>;

/** Kept beside the review: the reviewer's corrections (precision per field needs the values). */
export interface ReviewExtras {
  reviewCorrections: ExtractionCorrection | null;
}
export type ReviewedDocument = StoredDocument & Partial<ReviewExtras>;

const alreadyReviewed = (status: string) =>
  new AppError(
    'DOC_CONFLICT',
    status === 'APPROVED' ? 'El documento ya está aprobado.' : 'El documento ya está rechazado.',
    { details: { reason: 'ALREADY_REVIEWED', reviewStatus: status } },
  );

const notFound = () => new AppError('CORE_006', 'El documento no existe.', { field: 'documentId' });

/** Statuses in which a reading exists to be judged. */
const READ_STATUSES = new Set([
  'OCR_COMPLETED',
  'OCR_COMPLETED_PENDING',
  'INVOICE_CREATED',
  'INVOICE_INCOMPLETE',
  'INVOICE_ERROR',
]);

const wantsDraft = (doc: StoredDocument) => INVOICE_DOCUMENT_TYPES.includes(doc.documentType);

/** Why a document cannot be approved yet (a Spanish 409), or null. */
function approvalBlocker(doc: StoredDocument): AppError | null {
  if (doc.review.status === 'APPROVED' || doc.review.status === 'REJECTED')
    return alreadyReviewed(doc.review.status);
  if (doc.duplicateOf)
    return new AppError(
      'DOC_CONFLICT',
      'El documento repite una factura ya registrada: no se puede aprobar como una factura nueva. Recházalo o revisa la factura original.',
      { details: { reason: 'DUPLICATE', duplicateOf: doc.duplicateOf } },
    );
  if (wantsDraft(doc) && (!doc.extraction || !doc.notes || !READ_STATUSES.has(doc.status)))
    return noDraft(doc);
  return null;
}

const noDraft = (doc: StoredDocument) =>
  new AppError(
    'DOC_CONFLICT',
    'El documento todavía no tiene una lectura ni un borrador de factura que aprobar. Espera a que termine la lectura o reprocésalo.',
    { details: { reason: 'NO_DRAFT', status: doc.status } },
  );

/**
 * The draft the approval applies to: the existing one, or (a reading that could not become a draft
 * by itself) one created now from the corrected reading. A duplicate is refused, never booked twice.
 */
async function draftForApproval(
  deps: ReviewDeps,
  doc: StoredDocument,
  corrections: ExtractionCorrection | undefined,
  userId: string,
): Promise<{ receivedInvoiceId: string; created: boolean }> {
  if (doc.receivedInvoiceId) return { receivedInvoiceId: doc.receivedInvoiceId, created: false };
  const extraction = doc.extraction;
  if (!extraction || !doc.notes) throw noDraft(doc);
  const result = await deps.invokeDraft({
    op: 'create',
    companyId: doc.companyId,
    documentId: doc.documentId,
    fileName: doc.fileName,
    extraction: applyCorrections(extraction, corrections),
    notes: doc.notes,
    createdBy: userId,
  });
  if (result.outcome === 'DUPLICATE')
    throw new AppError(
      'DOC_CONFLICT',
      'Esta factura ya está registrada (mismo NIF del emisor, número y fecha): no se aprueba dos veces.',
      { details: { reason: 'DUPLICATE', duplicateOf: result.duplicateOf } },
    );
  if (result.outcome === 'DECIDED' || !result.receivedInvoiceId)
    throw new AppError(
      'DOC_CONFLICT',
      'Faltan datos para crear la factura (NIF del emisor, número, fecha o importes). Corrígelos al aprobar.',
      { details: { reason: 'INCOMPLETE', missing: result.outcome === 'DECIDED' ? [] : result.missing } },
    );
  return { receivedInvoiceId: result.receivedInvoiceId, created: true };
}

/** Puts the review back as it was (the draft call after the claim failed). */
async function undoClaim(deps: ReviewDeps, doc: StoredDocument, claimed: StoredDocument): Promise<void> {
  await updateDocument(deps, doc.companyId, doc.documentId, (now) =>
    now.rev === claimed.rev
      ? ({
          review: doc.review,
          reviewCorrections: (doc as ReviewedDocument).reviewCorrections ?? null,
        } as Partial<StoredDocument>)
      : null,
  );
}

/**
 * Approves a document's reading (with notes and corrections): review APPROVED, `correctedFields` the
 * fields the corrections change, then the draft APPROVED with the corrections. 409 when already
 * reviewed, a duplicate, or not read yet.
 */
export async function approveDocument(
  deps: ReviewDeps,
  a: {
    companyId: string;
    documentId: string;
    userId: string;
    notes?: string;
    corrections?: ExtractionCorrection;
  },
): Promise<DocumentDetails> {
  const doc = await requireDocument(deps, a.companyId, a.documentId);
  const blocker = approvalBlocker(doc);
  if (blocker) throw blocker;
  const review: DocumentReview = {
    ...doc.review,
    status: 'APPROVED',
    notes: a.notes?.trim() || null,
    reason: null,
    reviewedBy: a.userId,
    reviewedAt: deps.now().toISOString(),
    correctedFields: doc.extraction ? correctedFields(doc.extraction, a.corrections) : [],
  };
  const claimed = await claimReview(deps, doc, review, a.corrections ?? null);
  if (!wantsDraft(doc)) return toDetails(claimed);
  try {
    const draft = await draftForApproval(deps, claimed, a.corrections, a.userId);
    await deps.invokeDraft({
      op: 'decide',
      companyId: doc.companyId,
      receivedInvoiceId: draft.receivedInvoiceId,
      decision: 'APPROVED',
      ...(a.corrections ? { corrections: a.corrections } : {}),
      decidedBy: a.userId,
    });
    if (!draft.created) return toDetails(claimed);
    const linked = await updateDocument(deps, doc.companyId, doc.documentId, () => ({
      receivedInvoiceId: draft.receivedInvoiceId,
      status: 'INVOICE_CREATED',
    }));
    return toDetails(linked ?? claimed);
  } catch (e) {
    await undoClaim(deps, doc, claimed);
    throw e;
  }
}

/** Rejects a document's reading with a reason: review REJECTED, and its draft REJECTED. */
export async function rejectDocument(
  deps: ReviewDeps,
  a: { companyId: string; documentId: string; userId: string; reason: string },
): Promise<DocumentDetails> {
  const reason = a.reason.trim();
  if (!reason) throw new AppError('CORE_004', 'Indica el motivo del rechazo.', { field: 'reason' });
  const doc = await requireDocument(deps, a.companyId, a.documentId);
  if (doc.review.status === 'APPROVED' || doc.review.status === 'REJECTED')
    throw alreadyReviewed(doc.review.status);
  const review: DocumentReview = {
    ...doc.review,
    status: 'REJECTED',
    reason,
    reviewedBy: a.userId,
    reviewedAt: deps.now().toISOString(),
    correctedFields: [],
  };
  const claimed = await claimReview(deps, doc, review, null);
  if (!doc.receivedInvoiceId) return toDetails(claimed);
  try {
    await deps.invokeDraft({
      op: 'decide',
      companyId: doc.companyId,
      receivedInvoiceId: doc.receivedInvoiceId,
      decision: 'REJECTED',
      reason,
      decidedBy: a.userId,
    });
  } catch (e) {
    await undoClaim(deps, doc, claimed);
    throw e;
  }
  return toDetails(claimed);
}

/** Writes the verdict unless someone decided first (then 409); the pending index key goes with it. */
async function claimReview(
  deps: ReviewDeps,
  doc: StoredDocument,
  review: DocumentReview,
  corrections: ExtractionCorrection | null,
): Promise<StoredDocument> {
  let decidedMeanwhile: string | null = null;
  const claimed = await updateDocument(deps, doc.companyId, doc.documentId, (now) => {
    if (now.review.status === 'APPROVED' || now.review.status === 'REJECTED') {
      decidedMeanwhile = now.review.status;
      return null;
    }
    const patch: Partial<ReviewedDocument> = { review, reviewCorrections: corrections };
    return patch as Partial<StoredDocument>;
  });
  if (decidedMeanwhile) throw alreadyReviewed(decidedMeanwhile);
  if (!claimed) throw notFound();
  return claimed;
}

/** The company's documents waiting for review: urgent first, then the oldest (one sparse index). */
export async function listPendingReviews(
  deps: Pick<DocumentsDeps, 'db' | 'table'>,
  companyId: string,
  options: { urgentOnly: boolean },
): Promise<StoredDocument[]> {
  const partition = keys.documentReviewPendingPartition(companyId);
  const out: StoredDocument[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        IndexName: 'gsi1' satisfies IndexName,
        KeyConditionExpression: options.urgentOnly
          ? 'gsi1pk = :pk AND begins_with(gsi1sk, :urgent)'
          : 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': partition.gsi1pk,
          ...(options.urgentOnly ? { ':urgent': '0#' } : {}),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (item.entity === 'Document') out.push(fromItem(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // The index may lag a write by a moment: trust the item's own review.
  return out.filter((d) => d.review.status === 'PENDING' && (!options.urgentOnly || d.review.urgent));
}
