import { ReadingError } from '@functions/lib/document-reading';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDocument } from './store/documents';
import { createIncomingDocument } from './store/intake';
import { cancelDocument, deleteDocument, reprocessDocument } from './store/moves';
import {
  COMPANY,
  documentsHarness,
  extraction,
  notes,
  PNG_1X1,
  sample,
  silentLog,
} from './testing/documents-harness';
import { processArrival } from './workers/on-upload';
import { readQueuedDocument } from './workers/read-document';
import { sweepDocuments } from './workers/sweep-documents';

const h = documentsHarness();
beforeEach(() => h.reset());

const PDF = 'F-2024-001.pdf';

async function upload(
  fileName: string,
  bytes: Uint8Array,
  over: { uploadId?: string; documentType?: 'INVOICE' | 'CONTRACT' } = {},
) {
  return createIncomingDocument(h.deps, {
    companyId: COMPANY,
    fileName,
    bytes,
    documentType: over.documentType ?? 'INVOICE',
    autoOcr: true,
    origin: 'UPLOAD',
    uploadedBy: 'u-owner',
    ...(over.uploadId ? { uploadId: over.uploadId } : {}),
  });
}

const fixedReading =
  (over: Parameters<typeof extraction>[0] = {}) =>
  async () => ({
    extraction: extraction(over),
    notes: notes(),
    engine: 'PDF_TEXT' as const,
    pages: 1,
    processingMs: 12,
    text: 'FACTURA F-2026-001',
  });

async function uploadedAndQueued() {
  const doc = await upload(PDF, sample(PDF));
  await processArrival(h.deps, doc, silentLog);
  return doc;
}

describe('intake and arrival', () => {
  it('stores the item UPLOADING and the bytes under incoming/<company>/<document>/, once per upload id', async () => {
    const a = await upload(PDF, sample(PDF), { uploadId: 'upload-0001' });
    const b = await upload(PDF, sample(PDF), { uploadId: 'upload-0001' });
    expect(b.documentId).toBe(a.documentId);
    expect(a.status).toBe('UPLOADING');
    expect([...h.bucket.keys()]).toEqual([`incoming/${COMPANY}/${a.documentId}/${PDF}`]);
    expect(h.table.all('Document')).toHaveLength(1);
    expect(h.pushes[0]?.message).toMatchObject({
      type: 'document_progress',
      uploadId: 'upload-0001',
      progress: 10,
    });
  });

  it('checks the bytes on arrival: a real PDF is queued for reading, and a second event does nothing', async () => {
    const doc = await upload(PDF, sample(PDF));
    expect(await processArrival(h.deps, doc, silentLog)).toBe('queued');
    expect(await processArrival(h.deps, doc, silentLog)).toBe('skipped');
    const stored = await getDocument(h.deps, COMPANY, doc.documentId);
    expect(stored).toMatchObject({ status: 'OCR_PENDING', contentType: 'application/pdf' });
    expect(stored?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(h.queued).toEqual([
      { message: { companyId: COMPANY, documentId: doc.documentId, attempt: 1 }, delaySeconds: 0 },
    ]);
  });

  it('refuses a PNG renamed .pdf (DOC_041), deletes its bytes and queues nothing', async () => {
    const doc = await upload('factura.pdf', PNG_1X1);
    expect(await processArrival(h.deps, doc, silentLog)).toBe('refused');
    const stored = await getDocument(h.deps, COMPANY, doc.documentId);
    expect(stored?.status).toBe('FAILED');
    expect(stored?.rejection?.code).toBe('DOC_041');
    expect(stored?.rejection?.reason).toBeTruthy();
    expect(h.bucket.size).toBe(0);
    expect(h.queued).toHaveLength(0);
  });

  it('keeps a document that is not to be read as COMPLETED', async () => {
    const doc = await createIncomingDocument(h.deps, {
      companyId: COMPANY,
      fileName: PDF,
      bytes: sample(PDF),
      documentType: 'CONTRACT',
      autoOcr: false,
      origin: 'UPLOAD',
      uploadedBy: 'u-owner',
    });
    expect(await processArrival(h.deps, doc, silentLog)).toBe('stored');
    expect((await getDocument(h.deps, COMPANY, doc.documentId))?.status).toBe('COMPLETED');
    expect(h.queued).toHaveLength(0);
  });
});

describe('reading', () => {
  it('stores the reading and the draft: INVOICE_CREATED with the received invoice, no review when sure', async () => {
    h.reader = fixedReading();
    const doc = await uploadedAndQueued();
    expect(await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog)).toBe('INVOICE_CREATED');
    const stored = await getDocument(h.deps, COMPANY, doc.documentId);
    expect(stored).toMatchObject({
      status: 'INVOICE_CREATED',
      receivedInvoiceId: `ri-${doc.documentId}`,
      engine: 'PDF_TEXT',
      attempts: 1,
      review: { status: 'NOT_REQUIRED' },
    });
    expect(stored?.extraction?.supplierNif).toBe('B46000001');
    expect(h.draftCalls[0]).toMatchObject({
      op: 'create',
      companyId: COMPANY,
      documentId: doc.documentId,
      createdBy: 'u-owner',
    });
    expect(h.pushes.at(-1)?.message).toMatchObject({ status: 'INVOICE_CREATED', progress: 100 });
    // The same message again is stale: nothing is read twice.
    expect(await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog)).toBe('stale');
    expect(h.draftCalls).toHaveLength(1);
    const types = h.table.all('Notification').map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['ocr_started', 'ocr_completed', 'invoice_created']));
  });

  it('asks for a review when a field is unsure, and flags a duplicate without booking it', async () => {
    h.reader = fixedReading({ confidence: { supplierNif: 0.5 } });
    const unsure = await uploadedAndQueued();
    await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog);
    const a = await getDocument(h.deps, COMPANY, unsure.documentId);
    expect(a?.review.status).toBe('PENDING');
    expect(h.table.get(keys.document(COMPANY, unsure.documentId))?.gsi1pk).toBe(
      keys.documentReviewPendingPartition(COMPANY).gsi1pk,
    );

    h.answerDraft(async () => ({
      outcome: 'DUPLICATE',
      duplicateOf: { receivedInvoiceId: 'ri-old', documentId: 'd-old' },
    }));
    h.reader = fixedReading();
    const dup = await upload('otra.pdf', sample(PDF));
    await processArrival(h.deps, dup, silentLog);
    await readQueuedDocument(h.deps, h.queued[1]!.message, silentLog);
    expect(await getDocument(h.deps, COMPANY, dup.documentId)).toMatchObject({
      status: 'OCR_COMPLETED_PENDING',
      receivedInvoiceId: null,
      duplicateOf: { receivedInvoiceId: 'ri-old', documentId: 'd-old' },
      review: { status: 'PENDING' },
    });
  });

  it('retries a transient engine failure with a growing delay, then gives up with DOC_043', async () => {
    h.reader = async () => {
      throw new ReadingError('tesseract timed out', { retryable: true });
    };
    const doc = await uploadedAndQueued();
    expect(await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog)).toBe('retry');
    expect(h.queued[1]).toEqual({
      message: { companyId: COMPANY, documentId: doc.documentId, attempt: 2 },
      delaySeconds: 30,
    });
    expect((await getDocument(h.deps, COMPANY, doc.documentId))?.status).toBe('OCR_RETRY_SCHEDULED');
    expect(await readQueuedDocument(h.deps, h.queued[1]!.message, silentLog)).toBe('retry');
    expect(h.queued[2]?.delaySeconds).toBe(60);
    expect(await readQueuedDocument(h.deps, h.queued[2]!.message, silentLog)).toBe('failed');
    expect(await getDocument(h.deps, COMPANY, doc.documentId)).toMatchObject({
      status: 'OCR_FAILED',
      error: { code: 'DOC_043', retryable: false },
      attempts: 3,
    });
    expect(h.queued).toHaveLength(3);
  });

  it('fails at once what no engine can read, and a refusal of the expenses domain is INVOICE_ERROR', async () => {
    h.reader = async () => {
      throw new ReadingError('unreadable', { retryable: false });
    };
    const bad = await uploadedAndQueued();
    expect(await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog)).toBe('failed');
    expect((await getDocument(h.deps, COMPANY, bad.documentId))?.status).toBe('OCR_FAILED');

    const { AppError } = await import('@shared/api/errors');
    h.reader = fixedReading();
    h.answerDraft(async () => {
      throw new AppError('CORE_004', 'La factura no es válida.');
    });
    const refused = await upload('b.pdf', sample(PDF));
    await processArrival(h.deps, refused, silentLog);
    await readQueuedDocument(h.deps, h.queued.at(-1)!.message, silentLog);
    expect(await getDocument(h.deps, COMPANY, refused.documentId)).toMatchObject({
      status: 'INVOICE_ERROR',
      error: { code: 'CORE_004' },
      review: { status: 'PENDING', urgent: true },
    });
  });

  it('skips a cancelled document', async () => {
    h.reader = fixedReading();
    const doc = await uploadedAndQueued();
    await cancelDocument(h.deps, COMPANY, doc.documentId);
    expect(await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog)).toBe('stale');
    expect(await getDocument(h.deps, COMPANY, doc.documentId)).toMatchObject({
      status: 'FAILED',
      error: { message: 'Cancelado por el usuario' },
    });
  });

  it('reads the real sample PDF through the library (text layer)', async () => {
    const doc = await uploadedAndQueued();
    await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog);
    const stored = await getDocument(h.deps, COMPANY, doc.documentId);
    expect(stored?.extraction?.source).toBe('TEXT');
    expect(stored?.extraction?.totalCents).toBeGreaterThan(0);
    expect(['INVOICE_CREATED', 'INVOICE_INCOMPLETE']).toContain(stored?.status);
  }, 60_000);
});

describe('moves', () => {
  it('reprocesses a read document (attempts start over) but not one being read', async () => {
    h.reader = fixedReading();
    const doc = await uploadedAndQueued();
    await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog);
    const again = await reprocessDocument(h.deps, COMPANY, doc.documentId);
    expect(again).toMatchObject({ status: 'OCR_PENDING', attempts: 0 });
    expect(h.queued.at(-1)?.message.attempt).toBe(1);
    await readQueuedDocument(h.deps, h.queued.at(-1)!.message, silentLog);
    expect((await getDocument(h.deps, COMPANY, doc.documentId))?.status).toBe('INVOICE_CREATED');

    const busy = await upload('c.pdf', sample(PDF));
    await expect(reprocessDocument(h.deps, COMPANY, busy.documentId)).rejects.toMatchObject({
      code: 'DOC_CONFLICT',
    });
  });

  it('refuses to delete a document whose received invoice is booked (DOC_046); deletes a draft one', async () => {
    h.reader = fixedReading();
    const doc = await uploadedAndQueued();
    await readQueuedDocument(h.deps, h.queued[0]!.message, silentLog);
    const invoiceKey = keys.receivedInvoice(COMPANY, `ri-${doc.documentId}`);
    h.table.put({ ...invoiceKey, entity: 'ReceivedInvoice', v: SCHEMA_VERSION, approvalStatus: 'APPROVED' });
    await expect(deleteDocument(h.deps, COMPANY, doc.documentId)).rejects.toMatchObject({ code: 'DOC_046' });
    h.table.put({ ...invoiceKey, entity: 'ReceivedInvoice', v: SCHEMA_VERSION, approvalStatus: 'PENDING' });
    await deleteDocument(h.deps, COMPANY, doc.documentId);
    expect(await getDocument(h.deps, COMPANY, doc.documentId)).toBeNull();
    expect(h.bucket.size).toBe(0);
  });
});

describe('sweep', () => {
  it('processes an upload whose event was lost and re-queues a reading waiting too long', async () => {
    const lost = await upload(PDF, sample(PDF));
    const waiting = await uploadedAndQueued();
    h.queued.length = 0;
    h.advance(16 * 60 * 1000);
    const ctx = { log: silentLog, now: h.deps.now(), remainingMs: () => Number.POSITIVE_INFINITY };
    const result = await sweepDocuments(h.deps, ctx, { inbound: false });
    expect(result).toMatchObject({ arrivals: 1, requeued: 1, errors: 0 });
    expect((await getDocument(h.deps, COMPANY, lost.documentId))?.status).toBe('OCR_PENDING');
    expect(h.queued.map((q) => q.message.documentId).sort()).toEqual(
      [lost.documentId, waiting.documentId].sort(),
    );
    // Just moved: the next run leaves them alone.
    expect((await sweepDocuments(h.deps, { ...ctx, now: h.deps.now() }, { inbound: false })).requeued).toBe(
      0,
    );
  });

  it('gives up a reading run that died after its last attempt (TECHNICAL_ERROR), retries an earlier one', async () => {
    const spent = await uploadedAndQueued();
    const early = await uploadedAndQueued();
    // Runs that claimed their message and died (timeouts): OCR_PROCESSING, never finished.
    for (const [doc, attempts] of [
      [spent, 3],
      [early, 1],
    ] as const) {
      const key = keys.document(COMPANY, doc.documentId);
      h.table.put({ ...h.table.get(key)!, status: 'OCR_PROCESSING', attempts });
    }
    h.queued.length = 0;
    h.advance(16 * 60 * 1000);
    await sweepDocuments(
      h.deps,
      {
        log: silentLog,
        now: h.deps.now(),
        remainingMs: () => Number.POSITIVE_INFINITY,
      },
      { inbound: false },
    );
    expect(await getDocument(h.deps, COMPANY, spent.documentId)).toMatchObject({ status: 'TECHNICAL_ERROR' });
    expect(await getDocument(h.deps, COMPANY, early.documentId)).toMatchObject({
      status: 'OCR_RETRY_SCHEDULED',
    });
    expect(h.queued.map((q) => q.message)).toEqual([
      { companyId: COMPANY, documentId: early.documentId, attempt: 2 },
    ]);
  });
});
