import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import type { SubmissionView } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  OTHER_COMPANY,
  seedConfig,
  seedRecord,
  submissionsHarness,
  table,
} from '../testing/submissions-harness';

const h = submissionsHarness();
const list = (query: Record<string, string> = {}, user?: string) =>
  h.call<Page<SubmissionView>>({ routeId: 'verifactu.listSubmissions', query, user });

describe('verifactu.listSubmissions: records that cannot be sent are pending with the reason', () => {
  it('without VeriFacTu configured a QUEUED record says why it waits; a sent one has no reason', async () => {
    seedRecord({ invoiceId: 'sent', status: 'VERIFIED' });
    seedRecord({ invoiceId: 'waiting' });
    const content = (await list()).envelope.data!.content;
    expect(content.map((s) => [s.invoiceId, s.status, s.pendingReason?.code ?? null])).toEqual([
      ['waiting', 'QUEUED', 'NOT_CONFIGURED'],
      ['sent', 'VERIFIED', null],
    ]);
    expect(content[0]!.pendingReason!.message).toMatch(/^VeriFacTu no configurado/);
  });

  it('configured without certificate, then with a valid one: the reason follows the configuration', async () => {
    seedRecord({ invoiceId: 'waiting' });
    seedConfig();
    expect((await list()).envelope.data!.content[0]!.pendingReason?.code).toBe('NO_CERTIFICATE');
    seedConfig({ certificateId: 'cert1' });
    table.put({
      ...keys.verifactuCertificate(COMPANY, 'cert1'),
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2028-01-01T00:00:00.000Z',
    });
    expect((await list()).envelope.data!.content[0]!.pendingReason).toBeNull();
  });
});

describe('verifactu.listSubmissions', () => {
  it('pages the company submissions newest first, reading only up to the page end plus a COUNT', async () => {
    for (let i = 1; i <= 25; i++) seedRecord({ invoiceId: `inv${i}` });

    const res = await list({ page: '1', size: '10' });

    expect(res.status).toBe(200);
    const page = res.envelope.data!;
    expect(page).toMatchObject({ page: 1, size: 10, totalElements: 25, totalPages: 3 });
    expect(page.content.map((s) => s.seq)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    const queries = h.db.commandCalls(QueryCommand).map((c) => c.args[0].input);
    const read = queries.find((q) => q.Select !== 'COUNT')!;
    expect(read).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ScanIndexForward: false,
      Limit: 20,
      ExpressionAttributeValues: { ':pk': keys.verifactuSubmissionPrefix(COMPANY).pk, ':sk': 'VF#SUB#' },
    });
    expect(queries.some((q) => q.Select === 'COUNT')).toBe(true);
    // Items come back without their keys.
    expect(page.content[0]).not.toHaveProperty('pk');
    expect(page.content[0]).not.toHaveProperty('gsi1pk');
  });

  it('filters by status, kind, invoice date range and searches number or customer (accents folded)', async () => {
    seedRecord({
      invoiceId: 'a',
      status: 'ERROR',
      aeatState: 'Incorrecto',
      invoiceDate: '2027-01-05',
      customerName: 'Peña Hnos',
    });
    seedRecord({ invoiceId: 'b', status: 'VERIFIED', invoiceDate: '2027-01-06' });
    seedRecord({ invoiceId: 'c', status: 'ERROR', invoiceDate: '2027-02-01' });
    seedRecord({
      invoiceId: 'a',
      kind: 'ANULACION',
      status: 'QUEUED',
      number: 'F-2027-0001',
      invoiceDate: '2027-01-05',
    });

    expect((await list({ status: 'ERROR' })).envelope.data!.content.map((s) => s.invoiceId)).toEqual([
      'c',
      'a',
    ]);
    expect((await list({ kind: 'ANULACION' })).envelope.data!.content.map((s) => s.seq)).toEqual([4]);
    expect(
      (await list({ from: '2027-01-06', to: '2027-01-31' })).envelope.data!.content.map((s) => s.seq),
    ).toEqual([2]);
    const bySearch = (await list({ search: 'pena' })).envelope.data!;
    expect(bySearch.content.map((s) => s.seq)).toEqual([1]);
    expect(bySearch.totalElements).toBe(1);
    expect((await list({ search: 'F-2027-0002' })).envelope.data!.content.map((s) => s.seq)).toEqual([2]);
  });

  it('never shows another company: the query is on the scoped company partition', async () => {
    seedRecord({ invoiceId: 'x', companyId: OTHER_COMPANY });
    const res = await list();
    expect(res.envelope.data!.totalElements).toBe(0);
  });

  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS (403 CORE_002), admits one with it, and a non-member (CORE_003)', async () => {
    expect((await list({}, 'cliente')).envelope.error).toMatchObject({ code: 'CORE_002' });
    expect((await list({}, 'clienteTax')).status).toBe(200);
    expect((await list({}, 'member')).status).toBe(200);
    expect((await list({}, 'stranger')).envelope.error).toMatchObject({ code: 'CORE_003' });
  });

  it('validates the query (status outside the enum is 400 naming the field)', async () => {
    const res = await list({ status: 'DONE' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'status' });
  });
});
