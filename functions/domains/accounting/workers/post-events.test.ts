import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTITY } from '../store/items';
import {
  accountingHarness,
  balancesFromAggregates,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  invoicePayment,
  issuedEventBody,
  issuedInvoice,
  receivedEventBody,
  receivedInvoice,
  sqsEvent,
  workerCtx,
} from '../testing/harness';
import { batchProcessor, handler, processMessage } from './post-events';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
});

const post = (body: unknown) => processMessage(h.deps, body, workerCtx);

describe('post-events: an issued invoice', () => {
  it('posts one balanced entry whose ledger lines and aggregates agree, and initialises the chart once', async () => {
    // Arrange
    const inv = issuedInvoice();

    // Act
    const outcome = await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    // Assert
    expect(outcome).toBe('posted');
    const b = books(h);
    expect(b.entries).toHaveLength(1);
    const entry = b.entries[0]!;
    expect(entry).toMatchObject({
      entryNumber: 1,
      fiscalYear: 2026,
      entryDate: '2026-03-09',
      source: 'ISSUED_INVOICE',
      kind: 'NORMAL',
      totalDebitCents: 121_000,
      totalCreditCents: 121_000,
      sourceKey: 'INV#inv-1',
    });
    // The customer's own sub-account under 4300 was created on first use.
    const customer = h.table.all(ENTITY.account).find((a) => a.party !== null && a.level === 'SUBACCOUNT');
    expect(customer).toMatchObject({
      accountCode: '43000001',
      parentCode: '4300',
      accountName: 'Ferretería López SL',
    });
    expect(balancesFromLines(b.lines)).toEqual({ '43000001': 121_000, '477': -21_000, '7000': -100_000 });
    // C rolls the sub-account into 4300; S keeps the sub-account.
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({
      '4300': 121_000,
      '477': -21_000,
      '7000': -100_000,
    });
    expect(balancesFromAggregates(b.aggregates, 'S')).toEqual({ '43000001': 121_000 });
    expect(h.table.get(keys.entryNumberCounter(COMPANY, 2026))).toMatchObject({ last: 1 });
    expect(h.table.get(keys.accountingSettings(COMPANY))).toMatchObject({
      chartType: 'PYMES',
      closedThrough: null,
    });
    // The first posting queued the company's backfill.
    expect(h.queued()).toEqual([
      { kind: 'ACCOUNTING_BACKFILL', companyId: COMPANY, stage: 'INVOICES', cursor: null },
    ]);
  });

  it('posts once when the same event is delivered twice', async () => {
    const body = issuedEventBody('INVOICE_CONFIRMED', issuedInvoice());

    expect(await post(body)).toBe('posted');
    const writes = h.table.writes.length;
    expect(await post(body)).toBe('skipped');

    expect(books(h).entries).toHaveLength(1);
    expect(h.table.writes.length).toBe(writes);
  });

  it('ends with nothing posted when the cancellation arrives before the confirmation', async () => {
    const inv = issuedInvoice();

    expect(await post(issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' }))).toBe(
      'unchanged',
    );
    expect(await post(issuedEventBody('INVOICE_CONFIRMED', inv))).toBe('skipped');

    expect(books(h).entries).toHaveLength(0);
    expect(h.table.get(keys.documentPosting(COMPANY, 'INV#inv-1'))).toMatchObject({ version: 2, lines: [] });
  });

  it('reverses the entry when a confirmed invoice is cancelled (contraasiento)', async () => {
    const inv = issuedInvoice();
    await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    expect(await post(issuedEventBody('INVOICE_CANCELLED', { ...inv, status: 'CANCELLED' }))).toBe('posted');

    const b = books(h);
    expect(b.entries).toHaveLength(2);
    expect(b.entries[1]).toMatchObject({
      entryNumber: 2,
      reversalOf: b.entries[0]!.entryId,
      entryDate: '2026-03-09',
    });
    expect(balancesFromLines(b.lines)).toEqual({});
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({});
  });

  it('posts a collection against the customer sub-account: D 572 / H 4300-customer', async () => {
    const inv = issuedInvoice();
    await post(issuedEventBody('INVOICE_CONFIRMED', inv));

    expect(await post(issuedEventBody('PAYMENT_RECORDED', inv, invoicePayment()))).toBe('posted');

    const b = books(h);
    expect(balancesFromLines(b.lines)).toEqual({ '477': -21_000, '7000': -100_000, '572': 121_000 });
    expect(b.entries[1]).toMatchObject({ source: 'ISSUED_PAYMENT', entryDate: '2026-03-12' });
  });

  it('posts a document dated in a closed month on the first open day, keeping its date', async () => {
    await post(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: 'inv-0', invoiceDate: '2026-04-02' })),
    );
    h.table.put({ ...h.table.get(keys.accountingSettings(COMPANY))!, closedThrough: '2026-03' });

    await post(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: 'inv-1', invoiceDate: '2026-03-09' })),
    );

    const late = books(h).entries.find((e) => e.sourceKey === 'INV#inv-1');
    expect(late).toMatchObject({ entryDate: '2026-04-01', documentDate: '2026-03-09' });
    expect(h.table.all(ENTITY.aggregate).every((a) => a.month === 4)).toBe(true);
  });
});

describe('post-events: a received invoice', () => {
  it('posts the reversal and a new entry when the invoice is corrected', async () => {
    const v1 = receivedInvoice();
    await post(receivedEventBody('RECEIVED_REGISTERED', v1));
    const v2 = receivedInvoice({ version: 2, lines: [{ unitPriceCents: 80_000 }] });

    expect(await post(receivedEventBody('RECEIVED_UPDATED', v2))).toBe('posted');

    const b = books(h);
    expect(b.entries.map((e) => e.source)).toEqual([
      'RECEIVED_INVOICE',
      'RECEIVED_INVOICE',
      'RECEIVED_INVOICE',
    ]);
    expect(b.entries[1]).toMatchObject({ reversalOf: b.entries[0]!.entryId });
    // Only the corrected figures remain: 800 + 21 % VAT to the creditor's sub-account under 4100.
    expect(balancesFromLines(b.lines)).toEqual({ '629': 80_000, '472': 16_800, '41000001': -96_800 });
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({
      '629': 80_000,
      '472': 16_800,
      '4100': -96_800,
    });
  });

  it('only moves the version when a new version changes nothing in the books', async () => {
    await post(receivedEventBody('RECEIVED_REGISTERED', receivedInvoice()));

    expect(await post(receivedEventBody('RECEIVED_UPDATED', receivedInvoice({ version: 2 })))).toBe(
      'unchanged',
    );

    expect(books(h).entries).toHaveLength(1);
    expect(h.table.get(keys.documentPosting(COMPANY, 'REC#ri-1'))).toMatchObject({ version: 4 });
  });
});

describe('post-events: what is not posted', () => {
  it('skips AUTONOMO companies without creating a chart', async () => {
    h.table.put(companyOf('AUTONOMO'));

    expect(await post(issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()))).toBe('no-books');

    expect(h.table.get(keys.accountingSettings(COMPANY))).toBeUndefined();
    expect(books(h).entries).toHaveLength(0);
  });

  it('acknowledges malformed messages (dropped, not retried) and reports failures per message', async () => {
    // Arrange: one good event, one not JSON, one without a company, one whose writes fail.
    h.table.put(companyOf('SL', 'co-down'));
    h.table.failWhen((command, input) =>
      command === 'Get' && JSON.stringify(input).includes('co-down')
        ? new Error('DynamoDB is down')
        : undefined,
    );
    const event = sqsEvent(
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()),
      'not json',
      { kind: 'INVOICE_CONFIRMED' },
      issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ companyId: 'co-down' })),
    );

    // Act
    const res = await handler(event);

    // Assert
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm4' }]);
    expect(books(h).entries).toHaveLength(1);
  });

  it('posts the messages of one company of a batch one after another (gap-free numbers)', async () => {
    const processor = batchProcessor(() => h.deps);
    const event = sqsEvent(
      ...[1, 2, 3, 4].map((n) =>
        issuedEventBody('INVOICE_CONFIRMED', issuedInvoice({ invoiceId: `inv-${n}` })),
      ),
    );

    await Promise.all(event.Records.map((r) => processor(r, workerCtx)));

    expect(books(h).entries.map((e) => e.entryNumber)).toEqual([1, 2, 3, 4]);
  });
});
