/**
 * Advisor reviews (issue 17 item 5) on the in-memory table: the pending list's order, approve with
 * corrections (correctedFields, the draft decided with them), the 409s, reject with its reason, and
 * the claim undone when the expenses function refuses.
 */

import { AppError } from '@shared/api/errors';
import type { ExtractionField } from '@shared/schemas/documents';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentReviewsPending } from './actions/document-reviews-pending';
import { documentReviewsStatistics } from './actions/document-reviews-statistics';
import { documentItem, getDocument, type StoredDocument } from './store/documents';
import { approveDocument, rejectDocument } from './store/reviews';
import { COMPANY, documentsHarness, extraction, T0 } from './testing/documents-harness';
import { pendingReview, storedDoc } from './testing/review-fixtures';

const h = documentsHarness();
beforeEach(() => h.reset());

const put = (doc: StoredDocument) => h.table.put(documentItem(doc));

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('pending reviews', () => {
  it('lists urgent first, then the oldest, and only PENDING; urgent lists only the urgent', async () => {
    put(storedDoc('d1', { createdAt: '2026-03-01T10:00:00.000Z' }));
    put(storedDoc('d2', { createdAt: '2026-03-05T10:00:00.000Z', review: pendingReview({ urgent: true }) }));
    put(storedDoc('d3', { createdAt: '2026-02-20T10:00:00.000Z' }));
    put(storedDoc('d4', { review: pendingReview({ status: 'NOT_REQUIRED' }) }));

    const page = await documentReviewsPending({ companyId: COMPANY, query: { page: 0, size: 2 } }, h.deps);
    const urgent = await documentReviewsPending(
      { companyId: COMPANY, query: { page: 0, size: 20 }, urgentOnly: true },
      h.deps,
    );

    expect(page.content.map((d) => d.documentId)).toEqual(['d2', 'd3']);
    expect(page.totalElements).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.content[1]!.waitingHours).toBe(
      Math.floor((T0.getTime() - Date.parse('2026-02-20T10:00:00.000Z')) / 3_600_000),
    );
    expect(urgent.content.map((d) => d.documentId)).toEqual(['d2']);
  });
});

describe('approve', () => {
  it('records the corrected fields (normalised, bases as a multiset) and approves the draft with the corrections', async () => {
    put(
      storedDoc('d1', {
        extraction: extraction({
          bases: [
            { rateBp: 2100, baseCents: 10_000, quotaCents: 2_100 },
            { rateBp: 1000, baseCents: 5_000, quotaCents: 500 },
          ],
          totalCents: 17_600,
        }),
      }),
    );

    const doc = await approveDocument(h.deps, {
      companyId: COMPANY,
      documentId: 'd1',
      userId: 'u-gestor',
      notes: 'Revisado',
      corrections: {
        supplierName: 'suministros  levante sl', // same name: case and spaces only
        supplierNif: 'ES-B46000001', // same NIF with the ES prefix
        bases: [
          { rateBp: 1000, baseCents: 5_000, quotaCents: 500 },
          { rateBp: 2100, baseCents: 10_000, quotaCents: 2_100 },
        ], // same bases, other order
        invoiceNumber: 'F-2026-0001', // really different
        totalCents: 17_601, // really different
      },
    });

    expect(doc.review).toMatchObject({
      status: 'APPROVED',
      notes: 'Revisado',
      reviewedBy: 'u-gestor',
      reviewedAt: T0.toISOString(),
      correctedFields: ['invoiceNumber', 'totalCents'],
    });
    expect(h.draftCalls).toEqual([
      expect.objectContaining({
        op: 'decide',
        receivedInvoiceId: 'ri-d1',
        decision: 'APPROVED',
        decidedBy: 'u-gestor',
        corrections: expect.objectContaining({ invoiceNumber: 'F-2026-0001' }),
      }),
    ]);
    const stored = h.table.get({ pk: `COMPANY#${COMPANY}`, sk: 'DOC#d1' })!;
    // Out of the pending index once decided.
    expect(stored.gsi1pk).toBeUndefined();
    expect(stored.reviewCorrections).toMatchObject({ totalCents: 17_601 });
  });

  it('refuses a second approval with 409 and does not call the expenses function again', async () => {
    put(storedDoc('d1'));
    await approveDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u1' });

    const e = await refusal(approveDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u2' }));

    expect(e.status).toBe(409);
    expect(e.message).toBe('El documento ya está aprobado.');
    expect(h.draftCalls).toHaveLength(1);
  });

  it('refuses a duplicate (no draft) with a Spanish 409', async () => {
    put(
      storedDoc('d1', {
        status: 'OCR_COMPLETED_PENDING',
        receivedInvoiceId: null,
        duplicateOf: { receivedInvoiceId: 'ri-old', documentId: 'd0' },
      }),
    );

    const e = await refusal(approveDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u1' }));

    expect(e.status).toBe(409);
    expect(e.message).toContain('repite una factura ya registrada');
    expect(h.draftCalls).toHaveLength(0);
    expect((await getDocument(h.deps, COMPANY, 'd1'))!.review.status).toBe('PENDING');
  });

  it('creates the draft from the corrected reading when the reading had none, then approves it', async () => {
    put(storedDoc('d1', { receivedInvoiceId: null, extraction: extraction({ invoiceNumber: null }) }));

    const doc = await approveDocument(h.deps, {
      companyId: COMPANY,
      documentId: 'd1',
      userId: 'u1',
      corrections: { invoiceNumber: 'A-7' },
    });

    expect(h.draftCalls.map((c) => c.op)).toEqual(['create', 'decide']);
    expect(h.draftCalls[0]).toMatchObject({ extraction: { invoiceNumber: 'A-7' } });
    expect(doc).toMatchObject({ receivedInvoiceId: 'ri-d1', status: 'INVOICE_CREATED' });
    expect(doc.review.correctedFields).toEqual(['invoiceNumber']);
  });

  it('undoes the claim when the expenses function refuses, so the document can be reviewed again', async () => {
    put(storedDoc('d1'));
    h.answerDraft(async () => {
      throw new AppError('DOC_CONFLICT', 'La factura ya se envió al SII');
    });

    const e = await refusal(approveDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u1' }));

    expect(e.code).toBe('DOC_CONFLICT');
    const doc = await getDocument(h.deps, COMPANY, 'd1');
    expect(doc!.review.status).toBe('PENDING');
    expect(h.table.get({ pk: `COMPANY#${COMPANY}`, sk: 'DOC#d1' })!.gsi1pk).toBeDefined();
  });
});

describe('reject', () => {
  it('rejects with the reason and rejects the draft', async () => {
    put(storedDoc('d1'));

    const doc = await rejectDocument(h.deps, {
      companyId: COMPANY,
      documentId: 'd1',
      userId: 'u1',
      reason: '  No es una factura  ',
    });

    expect(doc.review).toMatchObject({
      status: 'REJECTED',
      reason: 'No es una factura',
      correctedFields: [],
    });
    expect(h.draftCalls).toEqual([
      expect.objectContaining({ op: 'decide', decision: 'REJECTED', reason: 'No es una factura' }),
    ]);
    const again = await refusal(
      rejectDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u1', reason: 'otra vez' }),
    );
    expect(again.status).toBe(409);
  });

  it('requires a reason', async () => {
    put(storedDoc('d1'));
    const e = await refusal(
      rejectDocument(h.deps, { companyId: COMPANY, documentId: 'd1', userId: 'u1', reason: ' ' }),
    );
    expect(e.code).toBe('CORE_004');
    expect(h.draftCalls).toHaveLength(0);
  });
});

describe('statistics', () => {
  it('counts the backlog, the verdicts of today and this month, time to review and accuracy', async () => {
    const reviewed = (
      id: string,
      status: 'APPROVED' | 'REJECTED',
      at: string,
      corrected: ExtractionField[] = [],
    ) =>
      // Document ids start with their creation time (the company's DOC# range is by time).
      storedDoc(`${Date.parse(at) - 2 * 3_600_000}${id}`, {
        createdAt: new Date(Date.parse(at) - 2 * 3_600_000).toISOString(),
        review: pendingReview({ status, reviewedAt: at, reviewedBy: 'u1', correctedFields: corrected }),
      });
    put(storedDoc('p1', { review: pendingReview({ urgent: true }) }));
    put(storedDoc('p2'));
    put(reviewed('a1', 'APPROVED', T0.toISOString()));
    put(reviewed('a2', 'APPROVED', '2026-03-02T10:00:00.000Z', ['totalCents']));
    put(reviewed('r1', 'REJECTED', '2026-03-03T10:00:00.000Z'));
    put(reviewed('old', 'APPROVED', '2026-02-10T10:00:00.000Z'));

    const s = await documentReviewsStatistics({ companyId: COMPANY }, h.deps);

    expect(s).toMatchObject({
      pending: 2,
      urgent: 1,
      approvedToday: 1,
      rejectedToday: 0,
      approvedThisMonth: 2,
      rejectedThisMonth: 1,
      reviewedThisMonth: 3,
      averageHoursToReview: 2,
    });
    // 11 fields per review: a1 11 right, a2 10 right, r1 none -> 21 / 33.
    expect(s.accuracy).toBeCloseTo(21 / 33, 4);
  });
});
