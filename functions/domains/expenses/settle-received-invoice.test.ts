/**
 * Issue 19: `settle-received-invoice`, the invokable bank reconciliation records and removes the
 * payments of received invoices through (shared/schemas/settlement.ts). Served by the expenses
 * function's handler, which dispatches settlements by their `action`.
 */

import { keys } from '@shared/db/keys';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { SettleResult } from '@shared/schemas/settlement';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from './handler';
import { COMPANY, call, USER, useExpensesHarness } from './testing/harness';
import { type FakeTable, receivedBody, useReceivedFake } from './testing/received-fake';
import { settlementPaymentId } from './workers/settle-received-invoice';

useExpensesHarness();

const fake: FakeTable = { company: undefined, items: new Map(), loseRaces: 0 };
let rec: ReceivedInvoice;

beforeEach(async () => {
  fake.company = { siiEnabled: false };
  fake.items = new Map();
  fake.loseRaces = 0;
  useReceivedFake(fake);
  const res = await call<ReceivedInvoice>({ routeId: 'receivedInvoices.create', body: receivedBody() });
  rec = res.envelope.data!;
  expect(rec.totals.totalCents).toBe(121_000);
});

const stored = () =>
  fake.items.get(keys.receivedInvoice(COMPANY, rec.receivedInvoiceId).sk) as unknown as ReceivedInvoice;

type Answer = { ok: true; value: SettleResult } | { ok: false; error: { code: string; message: string } };
const invoke = (payload: Record<string, unknown>) => handler(payload as never) as unknown as Promise<Answer>;

const recordPayload = (over: Record<string, unknown> = {}) => ({
  action: 'RECORD',
  companyId: COMPANY,
  documentId: rec.receivedInvoiceId,
  amountCents: 121_000,
  date: '2026-03-02',
  method: 'TRANSFER',
  reference: 'TRF PROVEEDOR 118',
  idempotencyKey: 'match-1#0',
  userId: USER,
  ...over,
});

describe('settle-received-invoice', () => {
  it('RECORD pays the invoice (PAID when fully paid) and a second call answers the same payment', async () => {
    const first = await invoke(recordPayload());
    expect(first).toEqual({
      ok: true,
      value: { paymentId: settlementPaymentId('match-1#0'), outcome: 'DONE', paymentStatus: 'PAID' },
    });
    expect(stored()).toMatchObject({ paidCents: 121_000, paymentStatus: 'PAID' });
    const again = await invoke(recordPayload());
    expect(again).toEqual({
      ok: true,
      value: { paymentId: settlementPaymentId('match-1#0'), outcome: 'ALREADY_DONE', paymentStatus: 'PAID' },
    });
    expect(stored()).toMatchObject({ paidCents: 121_000 });
  });

  it('RECORD refuses more than what is payable with the domain error', async () => {
    const res = await invoke(recordPayload({ amountCents: 121_001 }));
    expect(res).toMatchObject({ ok: false, error: { code: 'CORE_004' } });
    expect(stored().paidCents ?? 0).toBe(0);
  });

  it('REMOVE takes the payment back ("Devolución bancaria"), idempotently', async () => {
    const first = await invoke(recordPayload({ amountCents: 50_000 }));
    const paymentId = (first as { value: SettleResult }).value.paymentId;
    const remove = {
      action: 'REMOVE',
      companyId: COMPANY,
      documentId: rec.receivedInvoiceId,
      paymentId,
      reason: 'Devolución bancaria',
      idempotencyKey: 'match-2#0',
      userId: USER,
    };
    const removed = await invoke(remove);
    expect(removed).toMatchObject({ ok: true, value: { paymentId, outcome: 'DONE' } });
    // Unpaid again: PENDING, or OVERDUE when its due date has passed (the domain's own rules).
    expect((removed as { value: SettleResult }).value.paymentStatus).not.toBe('PAID');
    expect(stored()).toMatchObject({ paidCents: 0 });
    expect(await invoke(remove)).toMatchObject({ ok: true, value: { outcome: 'ALREADY_DONE' } });
  });
});
