import type { Page } from '@shared/api/envelope';
import type { SiiStatistics, SiiSubmission } from '@shared/schemas/sii';
import { describe, expect, it } from 'vitest';
import type { SiiSubmissionSummary } from '../store/queries';
import {
  CLIENT_TAX,
  COMPANY,
  entry,
  NO_SII,
  OTHER,
  OWNER,
  siiApiHarness,
  submission,
} from '../testing/api-harness';
import type { SiiEntryDetail } from './get-entry';
import type { SiiInvoiceStatus } from './get-invoice-status';
import type { SiiSubmissionDetails } from './get-submission-details';
import type { SiiEntryRow } from './sii-scope';

const h = siiApiHarness();

describe('GET /sii/submissions', () => {
  async function seed() {
    await h.putSubmission(submission('20270301T100000000Z-a', { sentAt: '2027-03-01T10:00:00.000Z' }));
    await h.putSubmission(
      submission('20270310T100000000Z-b', {
        book: 'FR',
        status: 'REJECTED',
        sentAt: '2027-03-10T10:00:00.000Z',
      }),
    );
    await h.putSubmission(
      submission('20270210T100000000Z-c', { periods: ['2027-02'], sentAt: '2027-02-10T10:00:00.000Z' }),
    );
    await h.putSubmission(submission('20270311T100000000Z-o', { companyId: OTHER }));
  }

  it("lists the company's exchanges newest first, without their per-record lines", async () => {
    await seed();
    const res = await h.call<Page<SiiSubmissionSummary>>(CLIENT_TAX, { routeId: 'sii.listSubmissions' });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.content.map((s) => s.submissionId)).toEqual([
      '20270310T100000000Z-b',
      '20270301T100000000Z-a',
      '20270210T100000000Z-c',
    ]);
    expect(res.envelope.data?.totalElements).toBe(3);
    expect(res.envelope.data?.content[0]).not.toHaveProperty('records');
  });

  it('filters by book, period and status, and pages', async () => {
    await seed();
    const fe = await h.call<Page<SiiSubmissionSummary>>(OWNER, {
      routeId: 'sii.listSubmissions',
      query: { book: 'FE', period: '2027-03' },
    });
    expect(fe.envelope.data?.content.map((s) => s.submissionId)).toEqual(['20270301T100000000Z-a']);
    const rejected = await h.call<Page<SiiSubmissionSummary>>(OWNER, {
      routeId: 'sii.listSubmissions',
      query: { status: 'REJECTED' },
    });
    expect(rejected.envelope.data?.content).toHaveLength(1);
    const page = await h.call<Page<SiiSubmissionSummary>>(OWNER, {
      routeId: 'sii.listSubmissions',
      query: { page: '1', size: '2' },
    });
    expect(page.envelope.data).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(page.envelope.data?.content.map((s) => s.submissionId)).toEqual(['20270210T100000000Z-c']);
  });

  it('refuses a bad period or page size naming the field', async () => {
    const period = await h.call(OWNER, { routeId: 'sii.listSubmissions', query: { period: '2027-13' } });
    expect(period.status).toBe(400);
    expect(period.envelope.error?.field).toBe('period');
    const size = await h.call(OWNER, { routeId: 'sii.listSubmissions', query: { size: '100000' } });
    expect(size.status).toBe(400);
    expect(size.envelope.error?.field).toBe('size');
  });

  it('refuses a company outside the SII', async () => {
    const res = await h.call(OWNER, { routeId: 'sii.listSubmissions', headers: { 'x-company-id': NO_SII } });
    expect(res.status).toBe(400);
  });
});

describe('GET /sii/submissions/{id} and /details', () => {
  it('answers one exchange with its lines, and the archived request and response', async () => {
    const id = '20270316T100000000Z-a';
    const request = `${COMPANY}/2027/03/${id}-request.xml`;
    const response = `${COMPANY}/2027/03/${id}-response.xml`;
    await h.deps.archive.put(request, '<soapenv:Envelope>peticion</soapenv:Envelope>', 'application/xml');
    await h.deps.archive.put(response, '<soapenv:Envelope>respuesta</soapenv:Envelope>', 'application/xml');
    await h.putSubmission(submission(id, { archive: { request, response } }));

    const one = await h.call<SiiSubmission>(CLIENT_TAX, {
      routeId: 'sii.getSubmission',
      params: { submissionId: id },
    });
    expect(one.status).toBe(200);
    expect(one.envelope.data?.records).toHaveLength(1);

    const details = await h.call<SiiSubmissionDetails>(CLIENT_TAX, {
      routeId: 'sii.submissionDetails',
      params: { submissionId: id },
    });
    expect(details.status).toBe(200);
    expect(details.envelope.data?.request).toMatchObject({
      key: request,
      content: '<soapenv:Envelope>peticion</soapenv:Envelope>',
      truncated: false,
    });
    expect(details.envelope.data?.response?.content).toContain('respuesta');
  });

  it('never reads an archive key of another company, even one stored on the submission', async () => {
    const id = '20270316T100000000Z-x';
    const foreign = `${OTHER}/2027/03/${id}-request.xml`;
    await h.deps.archive.put(foreign, '<secreto/>', 'application/xml');
    await h.putSubmission(submission(id, { archive: { request: foreign, response: null } }));
    const res = await h.call<SiiSubmissionDetails>(OWNER, {
      routeId: 'sii.submissionDetails',
      params: { submissionId: id },
    });
    expect(res.envelope.data?.request).toBeNull();
  });

  it("is 404 for another company's submission and 400 for a malformed id", async () => {
    await h.putSubmission(submission('20270311T100000000Z-o', { companyId: OTHER }));
    for (const routeId of ['sii.getSubmission', 'sii.submissionDetails'] as const) {
      const res = await h.call(OWNER, { routeId, params: { submissionId: '20270311T100000000Z-o' } });
      expect(res.status, routeId).toBe(404);
      expect(res.envelope.error?.message).toBe('El envío al SII no existe.');
    }
    const bad = await h.call(OWNER, { routeId: 'sii.getSubmission', params: { submissionId: 'a/b' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.field).toBe('submissionId');
  });
});

describe('GET /sii/statistics', () => {
  it('computes the widget data from the entries of the company only', async () => {
    await h.putEntry(entry('inv-1', 'QUEUED', { deadline: '2027-03-18' }));
    await h.putEntry(entry('inv-2', 'ACCEPTED', { acceptedAt: '2027-03-16T10:00:00.000Z' }));
    await h.putEntry(entry('inv-3', 'REJECTED', { issueDate: '2027-03-12' }));
    await h.putEntry(entry('rec-1', 'ERROR', { book: 'FR', issueDate: '2027-03-14' }));
    await h.putEntry(entry('inv-o', 'ERROR', { companyId: OTHER }));
    const res = await h.call<SiiStatistics>(CLIENT_TAX, { routeId: 'sii.statistics' });
    expect(res.status).toBe(200);
    const s = res.envelope.data!;
    expect(s).toMatchObject({
      enabled: true,
      period: 'CURRENT_MONTH',
      totalPending: 1,
      acceptedLast7Days: 1,
      rejectedLast7Days: 1,
      errors: 1,
      // Accepted in the AEAT's own answer: nothing to reconcile (no ConsultaLR found a difference).
      reconciliationPending: 0,
    });
    expect(s.problems.map((p) => [p.entryId, p.sourceType])).toEqual([
      ['FR:rec-1', 'RECEIVED_INVOICE'],
      ['FE:inv-3', 'INVOICE'],
    ]);
    expect(s.deadlines[0]).toMatchObject({ entryId: 'FE:inv-1', daysUntilDeadline: 1, urgent: true });

    const fr = await h.call<SiiStatistics>(OWNER, {
      routeId: 'sii.statistics',
      query: { book: 'FR', period: 'LAST_7_DAYS' },
    });
    expect(fr.envelope.data).toMatchObject({ period: 'LAST_7_DAYS', errors: 1, totalPending: 0 });
    expect(fr.envelope.data?.books).toEqual([
      {
        bookName: 'Libro registro de facturas recibidas',
        bookType: 'FR',
        pending: 0,
        accepted: 0,
        rejected: 0,
        errors: 1,
      },
    ]);
  });

  it('answers enabled: false and zeros for a company outside the SII', async () => {
    const res = await h.call<SiiStatistics>(OWNER, {
      routeId: 'sii.statistics',
      headers: { 'x-company-id': NO_SII },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ enabled: false, totalPending: 0, problems: [] });
  });

  it('refuses an unknown period naming the field', async () => {
    const res = await h.call(OWNER, { routeId: 'sii.statistics', query: { period: 'LAST_YEAR' } });
    expect(res.status).toBe(400);
    expect(res.envelope.error?.field).toBe('period');
  });
});

describe('GET /sii/books/{book}', () => {
  it("lists one book's records of a year or period, newest first, searchable and paged", async () => {
    await h.putEntry(entry('inv-1', 'ACCEPTED', { issueDate: '2027-02-10' }));
    await h.putEntry(
      entry('inv-2', 'QUEUED', { issueDate: '2027-03-01', counterpartyName: 'Frutas Peña SL' }),
    );
    await h.putEntry(entry('inv-3', 'REJECTED', { issueDate: '2027-03-05' }));
    await h.putEntry(entry('inv-4', 'ACCEPTED', { issueDate: '2026-12-30' }));
    await h.putEntry(entry('rec-1', 'QUEUED', { book: 'FR', issueDate: '2027-03-02' }));
    await h.putEntry(entry('inv-o', 'QUEUED', { companyId: OTHER, issueDate: '2027-03-03' }));
    const year = await h.call<Page<SiiEntryRow>>(CLIENT_TAX, {
      routeId: 'sii.byBook',
      params: { book: 'FE' },
      query: { year: '2027' },
    });
    expect(year.status).toBe(200);
    expect(year.envelope.data?.content.map((e) => e.documentId)).toEqual(['inv-3', 'inv-2', 'inv-1']);
    expect(year.envelope.data?.content[0]).not.toHaveProperty('record');
    expect(year.envelope.data?.content[0]).not.toHaveProperty('history');

    const march = await h.call<Page<SiiEntryRow>>(OWNER, {
      routeId: 'sii.byBook',
      params: { book: 'FE' },
      query: { year: '2027', period: '03', status: 'QUEUED' },
    });
    expect(march.envelope.data?.content.map((e) => e.documentId)).toEqual(['inv-2']);
    const search = await h.call<Page<SiiEntryRow>>(OWNER, {
      routeId: 'sii.byBook',
      params: { book: 'FE' },
      query: { year: '2027', search: 'pena' },
    });
    expect(search.envelope.data?.content.map((e) => e.documentId)).toEqual(['inv-2']);
  });

  it('refuses a missing year, a bad period and a book that does not exist, naming the field', async () => {
    const noYear = await h.call(OWNER, { routeId: 'sii.byBook', params: { book: 'FE' } });
    expect(noYear.status).toBe(400);
    expect(noYear.envelope.error?.field).toBe('year');
    const annual = await h.call(OWNER, {
      routeId: 'sii.byBook',
      params: { book: 'FE' },
      query: { year: '2027', period: '0A' },
    });
    expect(annual.status).toBe(400);
    expect(annual.envelope.error).toMatchObject({ code: 'TAX_027', field: 'period' });
    const book = await h.call(OWNER, {
      routeId: 'sii.byBook',
      params: { book: 'ZZ' },
      query: { year: '2027' },
    });
    expect(book.status).toBe(400);
    expect(book.envelope.error?.field).toBe('book');
  });
});

describe('GET /sii/entries/{book}/{documentId}', () => {
  it('answers the record with its content, history and submissions', async () => {
    await h.putSubmission(submission('20270316T100000000Z-a'));
    await h.putSubmission(submission('20270316T110000000Z-b', { sentAt: '2027-03-16T11:00:00.000Z' }));
    await h.putEntry(
      entry('inv-1', 'ACCEPTED', {
        lastSubmissionId: '20270316T110000000Z-b',
        history: [
          { at: '2027-03-15T10:00:00.000Z', status: 'QUEUED', operation: 'A0' },
          {
            at: '2027-03-16T10:00:00.000Z',
            status: 'ERROR',
            operation: 'A0',
            submissionId: '20270316T100000000Z-a',
          },
          {
            at: '2027-03-16T11:00:05.000Z',
            status: 'ACCEPTED',
            operation: 'A0',
            submissionId: '20270316T110000000Z-b',
          },
        ],
      }),
    );
    const res = await h.call<SiiEntryDetail>(CLIENT_TAX, {
      routeId: 'sii.getEntry',
      params: { book: 'FE', documentId: 'inv-1' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.entry).toMatchObject({
      entryId: 'FE:inv-1',
      status: 'ACCEPTED',
      record: { book: 'FE' },
    });
    expect(res.envelope.data?.entry).not.toHaveProperty('sourceOrder');
    expect(res.envelope.data?.entry.history).toHaveLength(3);
    expect(res.envelope.data?.submissions.map((s) => s.submissionId)).toEqual([
      '20270316T110000000Z-b',
      '20270316T100000000Z-a',
    ]);
  });

  it("is 404 for another company's record, 400 for a malformed document id", async () => {
    await h.putEntry(entry('inv-o', 'ACCEPTED', { companyId: OTHER }));
    const res = await h.call(OWNER, { routeId: 'sii.getEntry', params: { book: 'FE', documentId: 'inv-o' } });
    expect(res.status).toBe(404);
    const bad = await h.call(OWNER, { routeId: 'sii.getEntry', params: { book: 'FE', documentId: 'a~b~c' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.field).toBe('documentId');
  });
});

describe('GET /sii/invoices/{invoiceId}', () => {
  it("answers every record of the invoice, its FE/FR record's state first", async () => {
    await h.putEntry(entry('inv-1~pay-1', 'QUEUED', { book: 'RECC' }));
    await h.putEntry(entry('inv-1', 'ACCEPTED'));
    await h.putEntry(entry('inv-11', 'REJECTED'));
    const res = await h.call<SiiInvoiceStatus>(CLIENT_TAX, {
      routeId: 'sii.invoiceStatus',
      params: { invoiceId: 'inv-1' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data?.siiStatus).toBe('ACCEPTED');
    expect(res.envelope.data?.entries.map((e) => e.entryId)).toEqual(['FE:inv-1', 'RECC:inv-1~pay-1']);
  });

  it("answers no records for another company's invoice, and refuses a bad id", async () => {
    await h.putEntry(entry('inv-o', 'ACCEPTED', { companyId: OTHER }));
    const res = await h.call<SiiInvoiceStatus>(OWNER, {
      routeId: 'sii.invoiceStatus',
      params: { invoiceId: 'inv-o' },
    });
    expect(res.envelope.data).toEqual({ invoiceId: 'inv-o', siiStatus: null, entries: [] });
    const bad = await h.call(OWNER, { routeId: 'sii.invoiceStatus', params: { invoiceId: 'inv 1' } });
    expect(bad.status).toBe(400);
  });
});
