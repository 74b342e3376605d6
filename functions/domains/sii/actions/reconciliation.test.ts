import { describe, expect, it } from 'vitest';
import {
  aeatCashRow,
  aeatRow,
  COMPANY,
  collectionRecord,
  entry,
  GESTOR,
  issuedRecord,
  NOW,
  OTHER,
  OWNER,
  siiApiHarness,
} from '../testing/api-harness';
import { compareBook, type SiiBookQueryResult } from './query-book';
import { type SiiSyncResult, syncPlan } from './sync-year';

const h = siiApiHarness();

describe('compareBook', () => {
  it('expects at the AEAT exactly what it accepted, and lists what it holds that we do not know', () => {
    const accepted = entry('inv-1', 'ACCEPTED');
    const lost = entry('inv-2', 'ACCEPTED');
    const notSent = entry('inv-3', 'QUEUED');
    const unknownToUs = entry('inv-4', 'ERROR');
    const inFlight = entry('inv-5', 'SENT');
    const annulled = entry('inv-6', 'ACCEPTED');
    const rows = [
      aeatRow(accepted.record),
      aeatRow(unknownToUs.record),
      aeatRow(inFlight.record),
      aeatRow(annulled.record, 'Anulada'),
      aeatRow(issuedRecord('F-AJENA', '2027-03-02')),
    ];
    const c = compareBook([accepted, lost, notSent, unknownToUs, inFlight, annulled], rows);
    expect(c.compared).toBe(5);
    expect(c.matches).toBe(2);
    expect(c.missing.map((d) => [d.documentId, d.aeatState])).toEqual([
      ['inv-2', null],
      ['inv-6', 'Anulada'],
    ]);
    expect(c.mismatches.map((d) => [d.documentId, d.aeatState, d.reason])).toEqual([
      ['inv-4', 'Correcta', 'La AEAT tiene el registro aunque no consta como aceptado.'],
    ]);
    expect(c.unknown).toEqual([
      { invoiceNumber: 'F-AJENA', issueDate: '2027-03-02', issuerNif: 'B12345674', aeatState: 'Correcta' },
    ]);
  });

  it('compares only what was found when the answer was cut', () => {
    const accepted = entry('inv-1', 'ACCEPTED');
    const other = entry('inv-2', 'ACCEPTED');
    const c = compareBook([accepted, other], [aeatRow(accepted.record)], false);
    expect(c.compared).toBe(1);
    expect(c.missing).toEqual([]);
  });

  it('finds the cobros of a RECC record by date and amount', () => {
    const record = collectionRecord('F-1', '2027-03-01', '2027-03-10', 50_000);
    const held = entry('inv-1~p1', 'ACCEPTED', { book: 'RECC', record });
    const other = entry('inv-1~p2', 'ACCEPTED', {
      book: 'RECC',
      record: collectionRecord('F-1', '2027-03-01', '2027-03-12', 10_000),
    });
    const c = compareBook([held, other], [aeatCashRow(record)]);
    expect(c.matches).toBe(1);
    expect(c.missing.map((d) => d.documentId)).toEqual(['inv-1~p2']);
    expect(c.unknown).toEqual([]);
  });
});

describe('POST /sii/books/{book}/query', () => {
  it('asks the AEAT for the book and period, answers the comparison and stores it on each record', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    const ok = entry('inv-1', 'ACCEPTED');
    const lost = entry('inv-2', 'ACCEPTED');
    await h.putEntry(ok);
    await h.putEntry(lost);
    await h.putEntry(entry('inv-9', 'ACCEPTED', { issueDate: '2027-02-10' }));
    h.aeat.current.hold('FE', '2027-03', [aeatRow(ok.record), aeatRow(issuedRecord('F-AJENA'))]);

    const res = await h.call<SiiBookQueryResult>(GESTOR, {
      routeId: 'sii.queryBook',
      params: { book: 'FE' },
      body: { year: 2027, period: '03' },
    });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      book: 'FE',
      year: 2027,
      period: '03',
      complete: true,
      aeatRecords: 2,
      compared: 2,
      matches: 1,
      missing: [expect.objectContaining({ documentId: 'inv-2' })],
      mismatches: [],
      unknown: [expect.objectContaining({ invoiceNumber: 'F-AJENA' })],
      checkedAt: NOW.toISOString(),
    });
    expect(h.aeat.current.calls).toEqual([{ service: 'FE', period: '2027-03', invoiceNumber: null }]);
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.reconciliation).toEqual({
      checkedAt: NOW.toISOString(),
      aeatState: 'Correcta',
      matches: true,
    });
    expect(h.stored(COMPANY, 'FE', 'inv-2')?.reconciliation).toMatchObject({
      aeatState: null,
      matches: false,
    });
    expect(h.stored(COMPANY, 'FE', 'inv-9')?.reconciliation).toBeNull();
    // The query is an exchange like any other: archived and listed (operation CONSULTA).
    expect(res.envelope.data?.submissionIds).toHaveLength(1);
    expect(h.table.all('SiiSubmission')).toEqual([
      expect.objectContaining({
        operation: 'CONSULTA',
        book: 'FE',
        periods: ['2027-03'],
        triggeredBy: GESTOR.userId,
      }),
    ]);
  });

  it('asks the cobros of each RECC invoice', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    const record = collectionRecord('F-1', '2027-03-01', '2027-03-10', 50_000);
    await h.putEntry(entry('inv-1~p1', 'QUEUED', { book: 'RECC', record, issueDate: '2027-03-10' }));
    h.aeat.current.hold('COBROS', '*', [aeatCashRow(record)]);
    const res = await h.call<SiiBookQueryResult>(GESTOR, {
      routeId: 'sii.queryBook',
      params: { book: 'RECC' },
      body: { year: 2027, period: '03' },
    });
    expect(res.status).toBe(200);
    expect(h.aeat.current.calls).toEqual([{ service: 'COBROS', period: '2027-03', invoiceNumber: 'F-1' }]);
    expect(res.envelope.data?.mismatches.map((d) => d.documentId)).toEqual(['inv-1~p1']);
  });

  it('answers 400 without a certificate and 502 when the AEAT does not answer', async () => {
    const none = await h.call(GESTOR, {
      routeId: 'sii.queryBook',
      params: { book: 'FE' },
      body: { year: 2027, period: '03' },
    });
    expect(none.status).toBe(400);
    expect(none.envelope.error).toMatchObject({ code: 'TAX_025', details: { reason: 'NO_CERTIFICATE' } });

    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    h.aeat.current.failure = Object.assign(new Error('x'), {
      name: 'SiiTransportError',
      detail: 'Sin respuesta de la AEAT',
    });
    const down = await h.call(GESTOR, {
      routeId: 'sii.queryBook',
      params: { book: 'FE' },
      body: { year: 2027, period: '03' },
    });
    expect(down.status).toBe(502);
    expect(down.envelope.error).toMatchObject({ code: 'TAX_024', message: 'Sin respuesta de la AEAT' });
  });

  it('refuses a period of the wrong kind or in the future naming the field', async () => {
    for (const [book, body, field] of [
      ['FE', { year: 2027, period: '0A' }, 'period'],
      ['BI', { year: 2027, period: '03' }, 'period'],
      ['FE', { year: 2027, period: '04' }, 'period'],
      ['FE', { year: 2027, period: '13' }, 'period'],
      ['FE', { year: 2027 }, 'period'],
      ['FE', { year: '2027', period: '03' }, 'year'],
    ] as const) {
      const res = await h.call(GESTOR, { routeId: 'sii.queryBook', params: { book }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.envelope.error?.field).toBe(field);
    }
    expect(h.aeat.current.calls).toHaveLength(0);
  });

  it("never touches another company's records", async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    await h.putEntry(entry('inv-o', 'ACCEPTED', { companyId: OTHER }));
    const res = await h.call<SiiBookQueryResult>(OWNER, {
      routeId: 'sii.queryBook',
      params: { book: 'FE' },
      body: { year: 2027, period: '03' },
    });
    expect(res.envelope.data?.compared).toBe(0);
    expect(h.stored(OTHER, 'FE', 'inv-o')?.reconciliation).toBeNull();
  });
});

describe('POST /tax/sii/sync/{year}', () => {
  it('plans the issued and received books every month to date, the others where there are records', () => {
    const plan = syncPlan(2027, '2027-03-17', [
      { book: 'OI', period: { year: 2027, period: '02' } },
      { book: 'BI', period: { year: 2027, period: '0A' } },
      { book: 'RECC', period: { year: 2026, period: '12' } },
    ]);
    expect(plan).toEqual([
      { book: 'FE', period: '01' },
      { book: 'FE', period: '02' },
      { book: 'FE', period: '03' },
      { book: 'FR', period: '01' },
      { book: 'FR', period: '02' },
      { book: 'FR', period: '03' },
      { book: 'BI', period: '0A' },
      { book: 'OI', period: '02' },
    ]);
    expect(syncPlan(2026, '2027-03-17', []).filter((s) => s.book === 'FE')).toHaveLength(12);
  });

  it('reconciles every period of the year to date and answers a summary', async () => {
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    const jan = entry('inv-1', 'ACCEPTED', { issueDate: '2027-01-20' });
    const mar = entry('inv-2', 'ACCEPTED');
    await h.putEntry(jan);
    await h.putEntry(mar);
    h.aeat.current.hold('FE', '2027-01', [aeatRow(jan.record)]);
    const res = await h.call<SiiSyncResult>(GESTOR, { routeId: 'sii.sync', params: { year: '2027' } });
    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({
      year: 2027,
      complete: true,
      pendingPeriods: [],
      totals: { matches: 1, mismatches: 0, missing: 1, unknown: 0 },
    });
    expect(res.envelope.data?.periods.map((p) => `${p.book}${p.period}`)).toEqual([
      'FE01',
      'FE02',
      'FE03',
      'FR01',
      'FR02',
      'FR03',
    ]);
    expect(h.stored(COMPANY, 'FE', 'inv-1')?.reconciliation?.matches).toBe(true);
    expect(h.stored(COMPANY, 'FE', 'inv-2')?.reconciliation?.matches).toBe(false);
  });

  it('refuses a future year or a malformed one naming the field', async () => {
    const future = await h.call(GESTOR, { routeId: 'sii.sync', params: { year: '2028' } });
    expect(future.status).toBe(400);
    expect(future.envelope.error).toMatchObject({ code: 'TAX_027', field: 'year' });
    const bad = await h.call(GESTOR, { routeId: 'sii.sync', params: { year: 'dos mil' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.field).toBe('year');
  });

  it('answers 502 when the AEAT answers no period, 400 without a certificate', async () => {
    const none = await h.call(GESTOR, { routeId: 'sii.sync', params: { year: '2027' } });
    expect(none.status).toBe(400);
    await h.putCertificate(COMPANY, 'cert-1');
    await h.call(GESTOR, {
      routeId: 'sii.updateConfig',
      params: { companyId: COMPANY },
      body: { certificateId: 'cert-1' },
    });
    h.aeat.current.failure = Object.assign(new Error('x'), {
      name: 'SiiTransportError',
      detail: 'Sin respuesta',
    });
    const down = await h.call(GESTOR, { routeId: 'sii.sync', params: { year: '2027' } });
    expect(down.status).toBe(502);
  });
});
