/**
 * Queue `ocr` (batch 1): reads one document (design issue 17 "Reading"), structured first — an
 * e-invoice, a VeriFacTu QR, the PDF's text layer, then OCR (`@functions/lib/document-reading`) —
 * stores the reading, and for invoices and receipts asks the expenses domain for the
 * received-invoice draft: INVOICE_CREATED, INVOICE_INCOMPLETE, OCR_COMPLETED_PENDING (it repeats a
 * booked invoice) or INVOICE_ERROR. A transient failure is retried (OCR_RETRY_SCHEDULED, delay
 * 30 s × attempt, 3 attempts in all) before OCR_FAILED (DOC_043); an asynchronous Textract job is
 * waited for by re-queueing. Idempotent: a message whose attempt is stale, or for a document that is
 * not waiting to be read (cancelled, deleted, read), does nothing.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { findRectifiedInvoice, isReadingError } from '@functions/lib/document-reading';
import { once } from '@functions/platform/aws/env';
import type { Logger } from '@functions/platform/logger';
import { parseJsonBody, sqsHandler } from '@functions/platform/workers';
import { isAppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { type DocumentStatus, INVOICE_DOCUMENT_TYPES } from '@shared/schemas/documents';
import type { DraftResult } from '@shared/schemas/received-invoice-draft';
import {
  MAX_READ_ATTEMPTS,
  retryDelaySeconds,
  reviewAfterReading,
  TEXTRACT_POLL_SECONDS,
} from '../model/status';
import { type DocumentsDeps, makeDeps } from '../store/deps';
import { MAX_READING_TEXT, type StoredDocument, toDetails, updateDocument } from '../store/documents';
import { notifyDocument } from '../store/notify';
import { parseReadMessage, type ReadMessage } from '../store/queue';
import { type DocumentReader, readWithConfiguredEngine } from '../store/reader';
import { pushStatus } from './on-upload';

/** The documents deps plus the reading itself: only this worker carries the reading library. */
export type ReadingDeps = DocumentsDeps & { read: DocumentReader };

export type ReadOutcome = 'stale' | 'busy' | 'retry' | 'waiting' | 'failed' | DocumentStatus;

/** A run that has not written for this long is dead (the function's timeout is 150 s). */
const DEAD_RUN_MS = 170_000;
/** A Textract job not done after this many polls (~15 min) is given up. */
const MAX_TEXTRACT_POLLS = 45;

const readingFailedMessage =
  'No se ha podido leer el documento. Puedes volver a procesarlo o revisarlo a mano.';

async function companyNif(
  deps: Pick<DocumentsDeps, 'db' | 'table'>,
  companyId: string,
): Promise<string | null> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.company(companyId) }));
  return typeof res.Item?.nif === 'string' ? res.Item.nif : null;
}

/** Moves the document to OCR_PROCESSING for this attempt, or answers why not. */
async function claim(
  deps: DocumentsDeps,
  m: ReadMessage,
): Promise<{ doc: StoredDocument; fresh: boolean } | 'stale' | 'busy'> {
  let verdict: 'stale' | 'busy' = 'stale';
  let fresh = true;
  const doc = await updateDocument(deps, m.companyId, m.documentId, (d) => {
    if ((d.status === 'OCR_PENDING' || d.status === 'OCR_RETRY_SCHEDULED') && d.attempts === m.attempt - 1)
      return { status: 'OCR_PROCESSING', attempts: m.attempt };
    if (d.status === 'OCR_PROCESSING' && d.attempts === m.attempt) {
      // The same attempt again: a redelivery after a run died, or a duplicate while one runs.
      if (deps.now().getTime() - Date.parse(d.updatedAt) < DEAD_RUN_MS) {
        verdict = 'busy';
        return null;
      }
      fresh = false;
      return {};
    }
    return null;
  });
  return doc ? { doc, fresh } : verdict;
}

const stillMine = (m: ReadMessage) => (d: StoredDocument) =>
  d.status === 'OCR_PROCESSING' && d.attempts === m.attempt;

async function onReadingFailure(
  deps: DocumentsDeps,
  m: ReadMessage,
  e: unknown,
  log: Logger,
): Promise<ReadOutcome> {
  const mine = stillMine(m);
  if (isReadingError(e) && e.jobId) {
    // An asynchronous Textract job is running: ask again later, without spending an attempt.
    const waiting = await updateDocument(deps, m.companyId, m.documentId, (d) =>
      mine(d) && d.textractPolls < MAX_TEXTRACT_POLLS
        ? {
            status: 'OCR_RETRY_SCHEDULED',
            attempts: m.attempt - 1,
            textractJobId: e.jobId ?? null,
            textractPolls: d.textractPolls + 1,
          }
        : null,
    );
    if (waiting) {
      await deps.queueRead({ ...m }, TEXTRACT_POLL_SECONDS);
      return 'waiting';
    }
  }
  const retryable = isReadingError(e) ? e.retryable : true;
  const error = { code: 'DOC_043', message: readingFailedMessage, retryable };
  if (retryable && m.attempt < MAX_READ_ATTEMPTS) {
    const retry = await updateDocument(deps, m.companyId, m.documentId, (d) =>
      mine(d) ? { status: 'OCR_RETRY_SCHEDULED', error, textractJobId: null, textractPolls: 0 } : null,
    );
    if (!retry) return 'stale';
    await deps.queueRead({ ...m, attempt: m.attempt + 1 }, retryDelaySeconds(m.attempt));
    log.warn('Reading failed; retry scheduled', {
      documentId: m.documentId,
      attempt: m.attempt,
      errorName: (e as Error)?.name,
    });
    await pushStatus(deps, retry);
    return 'retry';
  }
  // Given up: a reading error is OCR_FAILED; anything else that kept failing is a technical error.
  const status: DocumentStatus = isReadingError(e) ? 'OCR_FAILED' : 'TECHNICAL_ERROR';
  const failed = await updateDocument(deps, m.companyId, m.documentId, (d) =>
    mine(d)
      ? {
          status,
          error: { ...error, retryable: false },
          processedAt: deps.now().toISOString(),
          textractJobId: null,
          review: { ...d.review, status: 'PENDING', urgent: true },
        }
      : null,
  );
  if (!failed) return 'stale';
  log.warn('Reading failed for good', {
    documentId: m.documentId,
    attempt: m.attempt,
    status,
    errorName: (e as Error)?.name,
  });
  await pushStatus(deps, failed);
  await notifyDocument(deps, 'ocr_failed', toDetails(failed), log);
  return 'failed';
}

/** The draft's outcome as the document's status and fields. */
function afterDraft(result: DraftResult): Partial<StoredDocument> {
  switch (result.outcome) {
    case 'CREATED':
      return { status: 'INVOICE_CREATED', receivedInvoiceId: result.receivedInvoiceId, duplicateOf: null };
    case 'INCOMPLETE':
      return { status: 'INVOICE_INCOMPLETE', receivedInvoiceId: result.receivedInvoiceId, duplicateOf: null };
    case 'DUPLICATE':
      return { status: 'OCR_COMPLETED_PENDING', receivedInvoiceId: null, duplicateOf: result.duplicateOf };
    case 'DECIDED':
      throw new Error('A create answered a decision');
  }
}

export async function readQueuedDocument(
  deps: ReadingDeps,
  m: ReadMessage,
  log: Logger,
): Promise<ReadOutcome> {
  const claimed = await claim(deps, m);
  if (typeof claimed === 'string') return claimed;
  const { doc } = claimed;
  if (claimed.fresh) {
    await pushStatus(deps, doc);
    if (m.attempt === 1 && doc.textractPolls === 0)
      await notifyDocument(deps, 'ocr_started', toDetails(doc), log);
  }
  const bytes = await deps.objects.get(doc.s3Key);
  let result: Awaited<ReturnType<DocumentReader>>;
  try {
    if (!bytes) throw new Error('The document bytes are gone');
    result = await deps.read(bytes, {
      contentType: doc.contentType ?? 'application/octet-stream',
      companyNif: await companyNif(deps, doc.companyId),
      s3Key: doc.s3Key,
      textractJobId: doc.textractJobId ?? null,
    });
  } catch (e) {
    return onReadingFailure(deps, m, e, log);
  }
  const mine = stillMine(m);
  const read = await updateDocument(deps, m.companyId, m.documentId, (d) =>
    mine(d)
      ? {
          extraction: result.extraction,
          notes: result.notes,
          engine: result.engine,
          pages: result.pages,
          processingMs: result.processingMs,
          readingText: result.text.slice(0, MAX_READING_TEXT),
          processedAt: deps.now().toISOString(),
          textractJobId: null,
          error: null,
        }
      : null,
  );
  if (!read) return 'stale';
  await pushStatus(deps, read, 80);
  await notifyDocument(deps, 'ocr_completed', toDetails(read), log);

  let patch: Partial<StoredDocument> = { status: 'OCR_COMPLETED' };
  if (INVOICE_DOCUMENT_TYPES.includes(read.documentType)) {
    try {
      patch = afterDraft(
        await deps.invokeDraft({
          op: 'create',
          companyId: read.companyId,
          documentId: read.documentId,
          fileName: read.fileName,
          extraction: result.extraction,
          notes: result.notes,
          createdBy: read.uploadedBy,
          // A rectificativa names the invoice it corrects (art. 15 RD 1619/2012): the draft needs it.
          rectifies: findRectifiedInvoice(result.text),
        }),
      );
    } catch (e) {
      // A refusal of the expenses domain is final for this reading; anything else is retried by SQS.
      if (!isAppError(e)) throw e;
      patch = { status: 'INVOICE_ERROR', error: { code: e.code, message: e.message, retryable: false } };
    }
  }
  const status = patch.status ?? 'OCR_COMPLETED';
  const done = await updateDocument(deps, m.companyId, m.documentId, (d) => {
    if (!mine(d)) return null;
    // A decision already taken on this document (a reprocess after a review) stands.
    const decided = d.review.status === 'APPROVED' || d.review.status === 'REJECTED';
    const review = decided ? d.review : { ...d.review, ...reviewAfterReading(d, status, result.extraction) };
    return { ...patch, review };
  });
  if (!done) return 'stale';
  log.info('Document read', {
    documentId: done.documentId,
    status: done.status,
    engine: done.engine,
    pages: done.pages,
  });
  await pushStatus(deps, done);
  if (done.status === 'INVOICE_CREATED' || done.status === 'INVOICE_INCOMPLETE')
    await notifyDocument(deps, 'invoice_created', toDetails(done), log);
  return done.status;
}

const deps = once((): ReadingDeps => ({ ...makeDeps(), read: readWithConfiguredEngine }));

export const handler = sqsHandler(async (record, { log }) => {
  const message = parseReadMessage(parseJsonBody(record));
  const outcome = await readQueuedDocument(deps(), message, log.child({ documentId: message.documentId }));
  log.info('Reading message processed', {
    documentId: message.documentId,
    attempt: message.attempt,
    outcome,
  });
});
