/**
 * S3 ObjectCreated on `incoming/` of the documents bucket (design issue 17 "Arrival"): the bytes are
 * checked by their content alone (`checkContent`: a PNG renamed .pdf, a PDF with JavaScript or an
 * embedded executable, a bomb, an empty or truncated file...). A refused file is FAILED with its
 * reason (DOC_041 / DOC_042) and its object deleted: nothing ever reads it. An accepted one is
 * OCR_PENDING and queued for reading, or COMPLETED when no reading is wanted. Only an UPLOADING
 * document moves, so an event delivered twice does nothing twice.
 */

import { createHash } from 'node:crypto';
import { type ContentCheck, checkContent } from '@functions/lib/document-checks';
import { once } from '@functions/platform/aws/env';
import { createLogger, type Logger } from '@functions/platform/logger';
import { workerErrorFields } from '@functions/platform/workers';
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '@shared/schemas/documents';
import type { Context, S3Event } from 'aws-lambda';
import { parseObjectKey, uploadStatusOf } from '../model/status';
import { type DocumentsDeps, makeDeps } from '../store/deps';
import { getDocument, type StoredDocument, toDetails, updateDocument } from '../store/documents';
import { notifyDocument } from '../store/notify';

/** Sniffed types a reader reads (Office files are only kept and sent). */
const READABLE_TYPES = new Set(['pdf', 'jpeg', 'png', 'xml']);

export type ArrivalOutcome = 'skipped' | 'missing' | 'refused' | 'queued' | 'stored';

export async function pushStatus(
  deps: Pick<DocumentsDeps, 'pushProgress'>,
  doc: StoredDocument,
  progress?: number,
) {
  if (!doc.uploadedBy) return;
  await deps.pushProgress(doc.uploadedBy, {
    type: 'document_progress',
    companyId: doc.companyId,
    ...uploadStatusOf(toDetails(doc), progress),
  });
}

async function check(doc: StoredDocument, bytes: Uint8Array): Promise<ContentCheck> {
  if (bytes.byteLength > MAX_DOCUMENT_BYTES)
    return { ok: false, code: 'DOC_042', reason: tooLargeMessage(doc.fileName) };
  return checkContent(bytes, { fileName: doc.fileName, purpose: doc.purpose });
}

/** The arrival of a document's bytes (the S3 event, or the sweep when an event was lost). */
export async function processArrival(
  deps: DocumentsDeps,
  ref: { companyId: string; documentId: string },
  log: Logger,
): Promise<ArrivalOutcome> {
  const doc = await getDocument(deps, ref.companyId, ref.documentId);
  if (doc?.status !== 'UPLOADING') return 'skipped';
  const bytes = await deps.objects.get(doc.s3Key);
  if (!bytes) return 'missing';
  const verdict = await check(doc, bytes);
  if (!verdict.ok) {
    const failed = await updateDocument(deps, ref.companyId, ref.documentId, (d) =>
      d.status === 'UPLOADING'
        ? {
            status: 'FAILED',
            rejection: { code: verdict.code, reason: verdict.reason },
            sizeBytes: bytes.byteLength,
            processedAt: deps.now().toISOString(),
            // Nothing was read: nothing to review.
            review: { ...d.review, status: 'NOT_REQUIRED', urgent: false },
          }
        : null,
    );
    // Refused bytes never stay where a reader could find them.
    await deps.objects.remove(doc.s3Key);
    if (!failed) return 'skipped';
    log.info('Document refused by its content', { documentId: doc.documentId, code: verdict.code });
    await pushStatus(deps, failed);
    await notifyDocument(deps, 'ocr_failed', toDetails(failed), log);
    return 'refused';
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const read = doc.autoOcr && doc.purpose === 'READ' && READABLE_TYPES.has(verdict.type);
  const moved = await updateDocument(deps, ref.companyId, ref.documentId, (d) =>
    d.status === 'UPLOADING'
      ? {
          status: read ? 'OCR_PENDING' : 'COMPLETED',
          contentType: verdict.contentType,
          sizeBytes: bytes.byteLength,
          sha256,
          pages: verdict.pages,
          processedAt: read ? null : deps.now().toISOString(),
        }
      : null,
  );
  if (!moved) return 'skipped';
  if (read)
    await deps.queueRead({
      companyId: moved.companyId,
      documentId: moved.documentId,
      attempt: moved.attempts + 1,
    });
  await pushStatus(deps, moved);
  return read ? 'queued' : 'stored';
}

/** S3 writes keys form-URL-encoded into its events. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

const deps = once(makeDeps);

export const handler = async (event: S3Event, context?: Context): Promise<void> => {
  const log = createLogger({ requestId: context?.awsRequestId, worker: context?.functionName });
  let failed = 0;
  for (const record of event.Records) {
    const key = decodeKey(record.s3.object.key);
    const ref = parseObjectKey(key);
    if (!ref) {
      log.warn('Object outside the documents layout ignored', { key });
      continue;
    }
    try {
      const outcome = await processArrival(deps(), ref, log.child({ documentId: ref.documentId }));
      log.info('Document arrival', { documentId: ref.documentId, outcome });
    } catch (e) {
      failed += 1;
      log.error('Document arrival failed', { documentId: ref.documentId, ...workerErrorFields(e) });
    }
  }
  // S3 invokes asynchronously: throwing makes Lambda retry the event (each step is idempotent).
  if (failed > 0) throw new Error(`${failed} document arrivals failed`);
};
