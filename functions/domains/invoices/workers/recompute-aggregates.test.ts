import {
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import { FakeAggregateTable } from '@functions/lib/tax-aggregates/testing/aggregate-items';
import { createLogger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { toReceivedForAggregates } from '@shared/fiscal/received-invoice-totals';
import { issuedContribution, receivedContribution } from '@shared/fiscal/tax-aggregates';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { recomputeAll, recomputeCompany } from './recompute-aggregates';

useEnv({ TABLE_NAME: 'cuadra-test', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const CO = 'co-1';
const TABLE = 'cuadra-test';
const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
const log = createLogger();

const group = (operation: string, vatRateBp: number, baseCents: number) => ({
  operation,
  vatRateBp,
  recargoRateBp: 0,
  baseCents,
  vatCents: (baseCents * vatRateBp) / 10_000,
  recargoCents: 0,
});

/** A stored issued invoice item (what the gsi1 Query returns). */
const issued = (id: string, status: string, invoiceDate: string, over: Record<string, unknown> = {}) => {
  const breakdown = [group('S1', 2100, 10_000), group('E1', 0, 3_000)];
  return {
    ...keys.invoice(CO, id),
    ...keys.invoiceByDate(CO, invoiceDate, id),
    entity: 'Invoice',
    v: 1,
    invoiceId: id,
    companyId: CO,
    invoiceType: 'F1',
    status,
    invoiceDate,
    customer: { customerId: null, name: 'Cliente SL', taxId: 'B12345674', country: 'ES' },
    breakdown,
    totals: { baseCents: 13_000, vatCents: 2_100, recargoCents: 0, irpfCents: 1_950, totalCents: 13_150 },
    ...over,
  };
};

const received = (id: string, accountingDate: string, over: Record<string, unknown> = {}) => ({
  ...keys.receivedInvoice(CO, id),
  ...keys.receivedInvoiceByDate(CO, accountingDate, id),
  entity: 'ReceivedInvoice',
  v: 1,
  receivedInvoiceId: id,
  companyId: CO,
  supplier: { supplierId: null, name: 'Proveedor SA', taxId: 'A11111111', country: 'ES' },
  issueDate: accountingDate,
  accountingDate,
  totals: {
    baseCents: 1_000,
    vatCents: 210,
    supplierVatCents: 210,
    selfAssessedVatCents: 0,
    importVatCents: 0,
    deductibleVatCents: 210,
    recargoCents: 0,
    irpfCents: 0,
    totalCents: 1_210,
    lineBasesCents: [1_000],
    breakdown: [
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 0,
        deductibleBp: 10_000,
        investmentGoods: false,
        baseCents: 1_000,
        vatCents: 210,
        recargoCents: 0,
        deductibleVatCents: 210,
      },
    ],
  },
  ...over,
});

const confirmed = issued('a', 'CONFIRMED', '2026-01-20');
const paid = issued('b', 'CONFIRMED', '2026-04-02', { paymentStatus: 'PAID' });
const cancelledInv = issued('c', 'CANCELLED', '2026-02-03');
const draft = issued('d', 'DRAFT', '2026-02-04');
const rectificativa = issued('r', 'CONFIRMED', '2026-02-10', {
  invoiceType: 'R1',
  breakdown: [group('S1', 2100, 8_000)],
  totals: { baseCents: 8_000, vatCents: 1_680, recargoCents: 0, irpfCents: 0, totalCents: 9_680 },
  rectification: {
    method: 'SUBSTITUTION',
    reason: 'Precio',
    rectified: [{ invoiceId: 'a', breakdown: confirmed.breakdown, totals: confirmed.totals }],
  },
});
const rec1 = received('x', '2026-03-01');
const recDeleted = received('y', '2026-03-02', { status: 'DELETED' });

/** The aggregates as the write paths leave them: confirm +1, cancel −1, received +1. */
function writtenTable(): FakeAggregateTable {
  const t = new FakeAggregateTable();
  for (const inv of [confirmed, paid, cancelledInv, rectificativa]) {
    t.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(inv as never, 1)));
  }
  t.apply(aggregateUpdateItems(TABLE, CO, issuedContribution(cancelledInv as never, -1)));
  t.apply(
    aggregateUpdateItems(
      TABLE,
      CO,
      receivedContribution(toReceivedForAggregates(rec1 as unknown as ReceivedInvoice), 1),
    ),
  );
  return t;
}

/** The stored numbers by sort key, without the all-zero items (as readAllAggregateItems reads them). */
const storedNums = (t: FakeAggregateTable) => {
  const out = new Map<string, Record<string, number>>();
  for (const i of t.items.values()) {
    const nums = Object.fromEntries(
      Object.entries(i).filter(([k, v]) => typeof v === 'number' && k !== 'v') as [string, number][],
    );
    if (Object.values(nums).some((n) => n !== 0)) out.set(String(i.sk), nums);
  }
  return out;
};

describe('recomputeCompany', () => {
  const books = {
    issued: [confirmed, paid, cancelledInv, draft, rectificativa],
    received: [rec1, recDeleted],
  };

  it('agrees to the cent with what the writes stored (cancelled, drafts and deleted contribute nothing)', () => {
    const t = writtenTable();
    const stored = storedNums(t);
    const r = recomputeCompany(CO, books, stored);
    expect(r.differences).toEqual([]);
    expect(r).toMatchObject({ result: 'OK', issuedInvoices: 3, receivedInvoices: 1 });
    expect(r.itemsCompared).toBe(stored.size);
  });

  it('reports every differing field of every item, stored and recomputed', () => {
    const t = writtenTable();
    const stored = storedNums(t);
    const sk = keys.taxAggregate(CO, 'Q', '2026-Q1', 'ISSUED', 'K', 'S1|2100|0').sk;
    stored.set(sk, { ...stored.get(sk)!, vatCents: stored.get(sk)!.vatCents! + 1 });
    const forgotten = keys.taxAggregate(CO, 'M', '2026-03', 'RECEIVED', 'K', 'DOMESTIC|2100|0|C').sk;
    stored.delete(forgotten);
    const r = recomputeCompany(CO, books, stored);
    expect(r.result).toBe('DIFFERENCES');
    expect(r.differences).toContainEqual({
      sk,
      field: 'vatCents',
      storedCents: 1_681,
      recomputedCents: 1_680,
    });
    expect(
      r.differences.filter((d) => d.sk === forgotten).map((d) => [d.field, d.storedCents, d.recomputedCents]),
    ).toEqual([
      ['baseCents', 0, 1_000],
      ['count', 0, 1],
      ['deductibleVatCents', 0, 210],
      ['totalCents', 0, 1_210],
      ['vatCents', 0, 210],
    ]);
  });
});

describe('recomputeAll (schedule)', () => {
  let table: FakeAggregateTable;
  beforeEach(() => {
    db.reset();
    table = writtenTable();
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = input.ExpressionAttributeValues?.[':pk'];
      if (input.IndexName === 'gsi2' && pk === keys.companyDirectory().gsi2pk) {
        return { Items: [{ companyId: CO }, { companyId: 'co-empty' }] };
      }
      if (input.IndexName === 'gsi1' && pk === keys.invoiceByDatePartition(CO).gsi1pk) {
        return { Items: [confirmed, paid, cancelledInv, draft, rectificativa] };
      }
      if (input.IndexName === 'gsi1' && pk === keys.receivedInvoiceByDatePartition(CO).gsi1pk) {
        return { Items: [rec1, recDeleted] };
      }
      if (!input.IndexName) return table.query(input);
      return { Items: [] };
    });
    db.on(PutCommand).resolves({});
  });

  const ctx = { log, now: new Date('2026-05-01T01:00:00.000Z'), remainingMs: () => 600_000 };

  it('finds the companies on the directory index (no Scan) and records an OK check per company', async () => {
    const out = await recomputeAll(deps, ctx, 0);
    expect(out).toEqual({ checked: 2, countersCorrected: 0, withDifferences: 0, failed: 0, skipped: 0 });
    const puts = db.commandCalls(PutCommand).map((c) => c.args[0].input.Item!);
    expect(puts).toHaveLength(2);
    expect(puts[0]).toMatchObject({
      ...keys.taxAggregateCheck(CO),
      entity: 'AggregateCheck',
      v: 1,
      result: 'OK',
      checkedAt: '2026-05-01T01:00:00.000Z',
      issuedInvoices: 3,
      receivedInvoices: 1,
      differenceCount: 0,
      differences: [],
    });
    expect(puts[1]).toMatchObject({ companyId: 'co-empty', result: 'OK', itemsCompared: 0 });
  });

  it('checks a company twice before reporting differences and records them', async () => {
    const sk = keys.taxAggregate(CO, 'Q', '2026-Q2', 'ISSUED', 'T', 'F1').sk;
    const item = [...table.items.values()].find((i) => i.sk === sk)!;
    item.count = 5;
    const out = await recomputeAll(deps, ctx, 0);
    expect(out).toMatchObject({ checked: 2, withDifferences: 1 });
    // companies + (aggregates, issued, received) × 2 passes for co-1 + 3 for co-empty, then the
    // invoice counters of each company (counters, invoice dates, counters again).
    expect(db.commandCalls(QueryCommand)).toHaveLength(1 + 6 + 3 + 2 * 3);
    const put = db.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(put).toMatchObject({
      result: 'DIFFERENCES',
      differenceCount: 1,
      differences: [{ sk, field: 'count', storedCents: 5, recomputedCents: 1 }],
    });
  });

  it('stops before the timeout and counts the companies left', async () => {
    const out = await recomputeAll(deps, { ...ctx, remainingMs: () => 1_000 }, 0);
    expect(out).toEqual({ checked: 0, countersCorrected: 0, withDifferences: 0, failed: 0, skipped: 2 });
  });
});
