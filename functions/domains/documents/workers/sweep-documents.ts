/**
 * Schedule `documents-sweep` (every 10 minutes; design issue 17 "Sweep"): what the events missed.
 * Open documents whose last move is older than 15 minutes (gsi2 `DOCS#OPEN`, oldest first):
 *  - UPLOADING with its object stored: processed as on arrival (the S3 event was lost); without an
 *    object an hour after it was created (the presigned upload expired unused): FAILED;
 *  - OCR_PENDING / OCR_RETRY_SCHEDULED: queued again for the attempt they wait for (a lost message;
 *    a stale duplicate is skipped by the reader);
 *  - OCR_PROCESSING: its run died (timeouts, dead-lettered message): retried as a new attempt, or
 *    TECHNICAL_ERROR when the attempts are spent.
 * Every step moves the document (or bumps its time), so the next run does not repeat it at once.
 */

import { once } from '@functions/platform/aws/env';
import type { Logger } from '@functions/platform/logger';
import { type ScheduledContext, scheduledHandler, workerErrorFields } from '@functions/platform/workers';
import { MAX_READ_ATTEMPTS, STALE_AFTER_MS } from '../model/status';
import { type DocumentsDeps, makeDeps } from '../store/deps';
import { getDocument, openDocumentsBefore, toDetails, updateDocument } from '../store/documents';
import { sweepInboundMail } from '../store/inbox-sweep';
import { notifyDocument } from '../store/notify';
import { processArrival, pushStatus } from './on-upload';

/** An upload whose bytes never came is given up after this long (presigned POSTs live 15 minutes). */
const UPLOAD_ABANDONED_MS = 60 * 60 * 1000;

export interface DocumentsSweepResult {
  examined: number;
  arrivals: number;
  requeued: number;
  abandoned: number;
  failed: number;
  /** Inbound mails stored but never taken into the smart inbox, taken in now. */
  mailsTakenIn: number;
  errors: number;
}

/** How far back the sweep looks for inbound mail nobody took in. */
const INBOUND_LOOKBACK_MS = 24 * 60 * 60 * 1000;

type Ctx = Pick<ScheduledContext, 'log' | 'now' | 'remainingMs'>;

async function sweepOne(
  deps: DocumentsDeps,
  ref: { companyId: string; documentId: string },
  now: Date,
  log: Logger,
  result: DocumentsSweepResult,
): Promise<void> {
  const doc = await getDocument(deps, ref.companyId, ref.documentId);
  if (!doc) return;
  const staleBefore = now.getTime() - STALE_AFTER_MS;
  if (Date.parse(doc.updatedAt) > staleBefore) return;
  switch (doc.status) {
    case 'UPLOADING': {
      if (await deps.objects.head(doc.s3Key)) {
        await processArrival(deps, ref, log);
        result.arrivals += 1;
      } else if (now.getTime() - Date.parse(doc.createdAt) > UPLOAD_ABANDONED_MS) {
        const failed = await updateDocument(deps, ref.companyId, ref.documentId, (d) =>
          d.status === 'UPLOADING'
            ? {
                status: 'FAILED',
                error: {
                  code: 'DOC_041',
                  message: 'La subida no se completó: el archivo no llegó.',
                  retryable: false,
                },
                review: { ...d.review, status: 'NOT_REQUIRED', urgent: false },
              }
            : null,
        );
        if (failed) {
          result.abandoned += 1;
          await pushStatus(deps, failed);
        }
      }
      return;
    }
    case 'OCR_PENDING':
    case 'OCR_RETRY_SCHEDULED': {
      // Bump the time first: the next sweep waits another 15 minutes for this message.
      const bumped = await updateDocument(deps, ref.companyId, ref.documentId, (d) =>
        d.status === doc.status && d.attempts === doc.attempts ? {} : null,
      );
      if (!bumped) return;
      await deps.queueRead({
        companyId: doc.companyId,
        documentId: doc.documentId,
        attempt: doc.attempts + 1,
      });
      result.requeued += 1;
      return;
    }
    case 'OCR_PROCESSING': {
      const spent = doc.attempts >= MAX_READ_ATTEMPTS;
      const moved = await updateDocument(deps, ref.companyId, ref.documentId, (d) =>
        d.status === 'OCR_PROCESSING' && d.attempts === doc.attempts
          ? spent
            ? {
                status: 'TECHNICAL_ERROR',
                error: {
                  code: 'DOC_043',
                  message: 'La lectura no terminó tras varios intentos.',
                  retryable: false,
                },
                processedAt: now.toISOString(),
                review: { ...d.review, status: 'PENDING', urgent: true },
              }
            : { status: 'OCR_RETRY_SCHEDULED' }
          : null,
      );
      if (!moved) return;
      if (spent) {
        result.failed += 1;
        await pushStatus(deps, moved);
        await notifyDocument(deps, 'ocr_failed', toDetails(moved), log);
      } else {
        await deps.queueRead({
          companyId: doc.companyId,
          documentId: doc.documentId,
          attempt: doc.attempts + 1,
        });
        result.requeued += 1;
      }
      return;
    }
    default:
      return;
  }
}

export async function sweepDocuments(
  deps: DocumentsDeps,
  ctx: Ctx,
  options: { inbound?: boolean } = {},
): Promise<DocumentsSweepResult> {
  const result: DocumentsSweepResult = {
    examined: 0,
    arrivals: 0,
    requeued: 0,
    abandoned: 0,
    failed: 0,
    mailsTakenIn: 0,
    errors: 0,
  };
  const before = new Date(ctx.now.getTime() - STALE_AFTER_MS).toISOString();
  for (const ref of await openDocumentsBefore(deps, before)) {
    if (ctx.remainingMs() < 10_000) break;
    result.examined += 1;
    try {
      await sweepOne(deps, ref, ctx.now, ctx.log.child({ documentId: ref.documentId }), result);
    } catch (e) {
      result.errors += 1;
      ctx.log.error('Documents sweep could not move a document', {
        documentId: ref.documentId,
        ...workerErrorFields(e),
      });
    }
  }
  if (options.inbound !== false && ctx.remainingMs() > 30_000) {
    try {
      const mail = await sweepInboundMail(deps, new Date(ctx.now.getTime() - INBOUND_LOOKBACK_MS), ctx.log);
      result.mailsTakenIn = mail.takenIn;
      result.errors += mail.failed;
    } catch (e) {
      result.errors += 1;
      ctx.log.error('Documents sweep could not look at the inbound mail', workerErrorFields(e));
    }
  }
  ctx.log.info('Documents sweep finished', { ...result });
  return result;
}

const deps = once(makeDeps);

export const handler = scheduledHandler(async (ctx) => {
  const { errors } = await sweepDocuments(deps(), ctx);
  if (errors > 0) throw new Error(`${errors} documents could not be swept`);
});
