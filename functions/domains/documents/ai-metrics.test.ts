/**
 * Reading accuracy and cost (issue 17 item 6): the figures from reviews (per field, source, engine),
 * precision/recall, cost per page by engine, the cache of repeated bytes, the company's metrics on
 * its own partition and the admin's bounded reads of every company's readings (gsi2), limits and
 * alerts.
 */

import type { AlertsReport, ReadingLimits } from '@shared/schemas/ai-metrics';
import { beforeEach, describe, expect, it } from 'vitest';
import { aiMetricsAlertsRoute } from './actions/ai-metrics-alerts';
import { aiMetricsGlobal } from './actions/ai-metrics-global';
import { aiMetricsSetLimitRoute } from './actions/ai-metrics-set-limit';
import { companyReadingMetrics } from './actions/documents-ai-metrics';
import { accuracyReport, cacheHits, correctedFields, precisionByField, usageReport } from './model/accuracy';
import { documentItem, type StoredDocument } from './store/documents';
import { platformReadings } from './store/metrics';
import { COMPANY, documentsHarness, extraction, silentLog } from './testing/documents-harness';
import { pendingReview, storedDoc } from './testing/review-fixtures';

const h = documentsHarness();
beforeEach(() => h.reset());

const at = (iso: string, suffix: string) => `${Date.parse(iso)}${suffix}`;
const read = (suffix: string, iso: string, over: Partial<StoredDocument> = {}) =>
  storedDoc(at(iso, suffix), { createdAt: iso, processedAt: iso, updatedAt: iso, ...over });

describe('the model', () => {
  it('compares corrections normalised: NIF prefix, case, spaces, the order of bases', () => {
    const e = extraction({ recargo: [{ rateBp: 520, quotaCents: 520 }] });
    expect(
      correctedFields(e, {
        supplierNif: 'ESB46000001',
        supplierName: 'SUMINISTROS LEVANTE, SL',
        recargo: [{ rateBp: 520, quotaCents: 520 }],
        irpf: null,
        currency: 'EUR',
      }),
    ).toEqual([]);
    expect(
      correctedFields(e, { irpf: { rateBp: 1500, amountCents: 1500 }, issueDate: '2026-03-02' }),
    ).toEqual(['issueDate', 'irpf']);
  });

  it('accuracy = approved unchanged / reviewed, per field, source and engine; a rejection counts every field wrong', () => {
    const r = accuracyReport([
      { status: 'APPROVED', correctedFields: [], source: 'EINVOICE', engine: 'EINVOICE' },
      {
        status: 'APPROVED',
        correctedFields: ['totalCents', 'issueDate'],
        source: 'OCR',
        engine: 'TESSERACT',
      },
      { status: 'REJECTED', correctedFields: [], source: 'OCR', engine: 'TESSERACT' },
    ]);
    expect(r.byField.totalCents).toEqual({ reviewed: 3, unchanged: 1, accuracy: 0.3333 });
    expect(r.byField.supplierNif).toEqual({ reviewed: 3, unchanged: 2, accuracy: 0.6667 });
    expect(r.bySource.EINVOICE).toEqual({ reviewed: 11, unchanged: 11, accuracy: 1 });
    expect(r.byEngine.TESSERACT).toEqual({ reviewed: 22, unchanged: 9, accuracy: 0.4091 });
    expect(r.overall).toEqual({ reviewed: 33, unchanged: 20, accuracy: 0.6061 });
  });

  it('precision and recall per field from approved reviews', () => {
    const p = precisionByField([
      { read: extraction(), corrections: undefined },
      { read: extraction({ invoiceNumber: null }), corrections: { invoiceNumber: 'X-1' } },
      { read: extraction({ invoiceNumber: 'WRONG' }), corrections: { invoiceNumber: 'X-2' } },
      { read: extraction({ irpf: { rateBp: 1500, amountCents: 15 } }), corrections: { irpf: null } },
    ]);
    expect(p.invoiceNumber).toMatchObject({
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 2,
      precision: 0.6667,
      recall: 0.5,
    });
    expect(p.irpf).toMatchObject({
      truePositives: 0,
      falsePositives: 1,
      falseNegatives: 0,
      trueNegatives: 3,
      precision: 0,
      recall: null,
    });
  });

  it('costs pages by engine (Textract only) and finds repeated bytes', () => {
    const docs = [
      read('a', '2026-03-01T10:00:00.000Z', { engine: 'TEXTRACT', pages: 3, sha256: 'same' }),
      read('b', '2026-03-02T10:00:00.000Z', { engine: 'TEXTRACT', pages: 3, sha256: 'same' }),
      read('c', '2026-03-02T11:00:00.000Z', { engine: 'TESSERACT', pages: 2 }),
      read('d', '2026-03-02T12:00:00.000Z', { engine: null, extraction: null, status: 'OCR_FAILED' }),
    ];
    const u = usageReport(docs);
    expect(u).toMatchObject({
      documentsRead: 3,
      documentsFailed: 1,
      pages: 8,
      failureRate: 0.25,
      costMillicents: 6000,
    });
    expect(u.byEngine.TESSERACT).toMatchObject({ pages: 2, costMillicents: 0 });
    expect(cacheHits(docs).hits.map((d) => d.documentId)).toEqual([docs[1]!.documentId]);
  });
});

describe("a company's metrics", () => {
  it("covers the period's documents of the company only", async () => {
    h.table.put(
      documentItem(
        read('a', '2026-03-05T10:00:00.000Z', {
          engine: 'TEXTRACT',
          pages: 2,
          review: pendingReview({ status: 'APPROVED', correctedFields: ['totalCents'] }),
        }),
      ),
    );
    h.table.put(documentItem(read('old', '2026-02-05T10:00:00.000Z')));
    h.table.put(documentItem(read('other', '2026-03-05T10:00:00.000Z', { companyId: 'co-other' })));

    const m = await companyReadingMetrics({ companyId: COMPANY, query: {} }, h.deps);

    expect(m).toMatchObject({ companyId: COMPANY, fromDate: '2026-03-01', toDate: '2026-03-10' });
    expect(m.usage).toMatchObject({ documentsRead: 1, pages: 2, costMillicents: 2000 });
    expect(m.accuracy.byField.totalCents.accuracy).toBe(0);
    expect(m.accuracy.overall.accuracy).toBe(0.9091);
  });
});

describe('admin', () => {
  it("reads every company's readings of the period through gsi2, bounded, with a cursor to go on", async () => {
    for (const [i, co] of ['co-a', 'co-b', 'co-c'].entries())
      h.table.put(documentItem(read(`r${i}`, `2026-03-0${i + 2}T10:00:00.000Z`, { companyId: co })));
    h.table.put(documentItem(read('feb', '2026-02-27T10:00:00.000Z', { companyId: 'co-a' })));
    // Still being read: not in the readings index.
    h.table.put(documentItem(read('open', '2026-03-03T10:00:00.000Z', { status: 'OCR_PROCESSING' })));

    const first = await platformReadings(h.deps, {
      fromIso: '2026-02-28T23:00:00.000Z',
      toIso: '2026-03-10T23:00:00.000Z',
      limit: 2,
    });
    const rest = await platformReadings(h.deps, {
      fromIso: '2026-02-28T23:00:00.000Z',
      toIso: '2026-03-10T23:00:00.000Z',
      limit: 2,
      cursor: first.nextCursor!,
    });

    expect(first.readings.map((r) => r.companyId)).toEqual(['co-a', 'co-b']);
    expect(first.nextCursor).not.toBeNull();
    expect(rest.readings.map((r) => r.companyId)).toEqual(['co-c']);
    expect(rest.nextCursor).toBeNull();

    const g = await aiMetricsGlobal({ limit: 10 }, h.deps);
    expect(g).toMatchObject({ companiesWithDocuments: 3, readingsScanned: 3, nextCursor: null });
  });

  it('raises an alert for a company over its monthly limit', async () => {
    h.putCompany('co-a');
    h.table.put(
      documentItem(
        read('x', '2026-03-05T10:00:00.000Z', { companyId: 'co-a', engine: 'TEXTRACT', pages: 5 }),
      ),
    );
    const auth = { userId: 'u-admin' } as never;
    const base = { requestId: 'r', log: silentLog, headers: {}, scope: undefined, auth };

    const limits = (await aiMetricsSetLimitRoute.run(
      {
        ...base,
        params: { targetCompanyId: 'co-a', type: 'PAGES_PER_MONTH' },
        query: undefined,
        body: { limit: 4 },
      },
      h.deps,
    )) as ReadingLimits;
    const alerts = (await aiMetricsAlertsRoute.run(
      { ...base, params: undefined, body: undefined, query: { limit: 10 } },
      h.deps,
    )) as AlertsReport;

    expect(limits.limits).toContainEqual(
      expect.objectContaining({
        type: 'PAGES_PER_MONTH',
        limit: 4,
        used: 5,
        exceeded: true,
        updatedBy: 'u-admin',
      }),
    );
    expect(alerts.alerts).toEqual([
      expect.objectContaining({ kind: 'LIMIT_EXCEEDED', companyId: 'co-a', value: 5, threshold: 4 }),
    ]);
  });
});
