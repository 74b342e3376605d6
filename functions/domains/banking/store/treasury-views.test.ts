import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { ReminderResult } from '@shared/schemas/treasury';
import { beforeEach, describe, expect, it } from 'vitest';
import { treasurySendReminderRoute } from '../actions/treasury-send-reminder';
import {
  bankAccountItem,
  COMPANY,
  customerItem,
  invoiceItemOf,
  issuedInvoice,
  receivedInvoice,
  receivedItemOf,
  treasuryHarness,
  workerCtx,
} from '../testing/treasury-harness';
import { processMessage } from '../workers/project-events';
import { runTreasuryDaily } from '../workers/treasury-daily';
import { updateTreasurySettings } from './treasury';
import { taxPayments } from './treasury-inputs';
import { calendar, clientDelay, dashboard, liquidity, metrics, overdue } from './treasury-views';

const h = treasuryHarness();

async function seed() {
  h.put(
    bankAccountItem(),
    bankAccountItem({ accountId: 'acc-2', balanceCents: 250_000 }),
    bankAccountItem({ accountId: 'acc-3', balanceCents: 999_999, active: false }),
    customerItem(),
    // Overdue since 1 March (10 days on 11 March): not an inflow.
    invoiceItemOf(issuedInvoice({ invoiceId: 'inv-1', dueDate: '2026-03-01' })),
    // Due 20 March: week 2 inflow.
    invoiceItemOf(issuedInvoice({ invoiceId: 'inv-2', invoiceDate: '2026-03-01', dueDate: '2026-03-20' })),
    // Payable due 4 April: week 4 outflow.
    receivedItemOf(receivedInvoice({ dueDate: '2026-04-04' })),
    // 303 of 1T due 20 April with its model generated: 1.450,00 € to pay (week 7).
    {
      ...keys.taxObligation(COMPANY, 2026, '2026-303-1T'),
      entity: 'TaxObligation',
      v: SCHEMA_VERSION,
      obligationId: '2026-303-1T',
      companyId: COMPANY,
      modelType: '303',
      period: '1T',
      year: 2026,
      dueDate: '2026-04-20',
      status: 'MODEL_GENERATED',
      modelId: '2026-303-1T',
      paidByDomiciliation: false,
    },
    {
      ...keys.taxModel(COMPANY, 2026, '2026-303-1T'),
      entity: 'TaxModel',
      modelId: '2026-303-1T',
      modelType: '303',
      year: 2026,
      period: '1T',
      result: { type: 'I', amountCents: 145_000 },
    },
    // 111 of 1T, not generated: estimated from 4T 2025's result.
    {
      ...keys.taxObligation(COMPANY, 2026, '2026-111-1T'),
      entity: 'TaxObligation',
      obligationId: '2026-111-1T',
      companyId: COMPANY,
      modelType: '111',
      period: '1T',
      year: 2026,
      dueDate: '2026-04-20',
      status: 'PENDING',
      modelId: null,
      paidByDomiciliation: false,
    },
    {
      ...keys.taxModel(COMPANY, 2025, '2025-111-4T'),
      entity: 'TaxModel',
      modelId: '2025-111-4T',
      modelType: '111',
      year: 2025,
      period: '4T',
      result: { type: 'I', amountCents: 30_000 },
    },
  );
  for (const id of ['inv-1', 'inv-2'])
    await processMessage(h.deps, { kind: 'INVOICE_CONFIRMED', companyId: COMPANY, invoiceId: id }, workerCtx);
  await processMessage(
    h.deps,
    { kind: 'RECEIVED_REGISTERED', companyId: COMPANY, receivedInvoiceId: 'ri-1' },
    workerCtx,
  );
}

beforeEach(async () => {
  h.reset();
  await seed();
});

describe('treasury views', () => {
  it('reads the tax payments: the generated result, else the last one estimated', async () => {
    expect(await taxPayments(h.deps, COMPANY, '2026-03-11', '2026-06-07')).toEqual([
      {
        obligationId: '2026-111-1T',
        label: 'Modelo 111 1T 2026 (estimado)',
        dueDate: '2026-04-20',
        amountCents: 30_000,
        estimated: true,
      },
      {
        obligationId: '2026-303-1T',
        label: 'Modelo 303 1T 2026',
        dueDate: '2026-04-20',
        amountCents: 145_000,
        estimated: false,
      },
    ]);
  });

  it('forecasts 13 weeks from the active balances (computed by hand)', async () => {
    const f = await liquidity(h.deps, COMPANY);
    expect(f.openingCents).toBe(1_250_000);
    const w = f.weeks.map((x) => [x.week, x.inflowsCents, x.outflowsCents, x.closingCents]);
    expect(w.slice(0, 7)).toEqual([
      [1, 0, 0, 1_250_000],
      [2, 121_000, 0, 1_371_000],
      [3, 0, 0, 1_371_000],
      [4, 0, 60_500, 1_310_500],
      [5, 0, 0, 1_310_500],
      [6, 0, 0, 1_310_500],
      [7, 0, 175_000, 1_135_500],
    ]);
    expect(f.overdueReceivablesCents).toBe(121_000);
    expect(f.closingCents).toBe(1_135_500);
  });

  it('answers the dashboard, overdue list, calendar and metrics', async () => {
    const d = await dashboard(h.deps, COMPANY);
    expect(d.cashCents).toBe(1_250_000);
    expect(d.receivables).toEqual({
      outstandingCents: 242_000,
      overdueCents: 121_000,
      count: 2,
      overdueCount: 1,
    });
    expect(d.payables).toMatchObject({ outstandingCents: 60_500, overdueCents: 0 });
    // Sales of the last 90 days 2.420,00 €, outstanding 2.420,00 € -> 90 days.
    expect(d.dsoDays).toBe(90);
    const o = await overdue(h.deps, COMPANY, undefined);
    expect(o.items.map((i) => [i.documentId, i.daysOverdue, i.overdueCents])).toEqual([
      ['inv-1', 10, 121_000],
    ]);
    const c = await calendar(h.deps, COMPANY, '2026-04');
    expect(c.days).toHaveLength(30);
    expect(c.days.find((x) => x.date === '2026-04-20')).toMatchObject({ outflowsCents: 175_000 });
    expect(c.outflowsCents).toBe(235_500);
    const m = await metrics(h.deps, COMPANY);
    expect(m).toMatchObject({ receivablesOutstandingCents: 242_000, collectedThisMonthCents: 0 });
    const cd = await clientDelay(h.deps, COMPANY);
    expect(cd.rows).toMatchObject([{ partyName: 'Ferretería López SL', invoices: 2, overdueCents: 121_000 }]);
  });

  it('sends a reminder once a day, recorded as a note, refused when not overdue', async () => {
    const call = (documentId: string) =>
      treasurySendReminderRoute.run(
        {
          auth: { userId: 'u-1', username: 'Ana', groups: [], role: 'GESTOR', isAdmin: false },
          scope: { companyId: COMPANY } as never,
          body: { documentId },
          params: undefined,
          query: undefined,
          requestId: 'r',
          log: workerCtx.log,
          headers: {},
        },
        h.deps,
      );
    const sent = (await call('inv-1')) as ReminderResult;
    expect(sent.to).toBe('pagos@ferreterialopez.es');
    const outbox = h.table.all('Outbox');
    expect(outbox).toHaveLength(1);
    expect((outbox[0]!.payload as { subject: string }).subject).toContain('F-2026-0001');
    await expect(call('inv-1')).rejects.toMatchObject({ code: 'BANK_CONFLICT' });
    await expect(call('inv-2')).rejects.toMatchObject({ code: 'BANK_CONFLICT' });
    const o = await overdue(h.deps, COMPANY, 'RECEIVABLE');
    expect(o.items[0]).toMatchObject({ reminderCount: 1, lastNote: { type: 'REMINDER' } });
  });

  it('daily: queues the backfill once, asks for the collection summary, and sends automatic reminders only when enabled', async () => {
    h.put({
      ...keys.company(COMPANY),
      ...keys.companyInDirectory('2026-01-01T00:00:00.000Z', COMPANY),
      entity: 'Company',
      companyId: COMPANY,
      name: 'Turia SL',
    });
    // The seed's invoice events asked for the collection summary; its message ran.
    await processMessage(h.deps, { kind: 'TREASURY_COLLECTIONS', companyId: COMPANY }, workerCtx);
    h.sqsMock.resetHistory();
    let r = await runTreasuryDaily(h.deps, workerCtx);
    expect(r).toEqual({ companies: 1, backfills: [COMPANY], collectionSummaries: 1, reminders: 0 });
    expect(h.queued()).toContainEqual({ kind: 'TREASURY_COLLECTIONS', companyId: COMPANY });
    await updateTreasurySettings(h.deps, COMPANY, {
      remindersEnabled: true,
      reminderDelayDays: 3,
      reminderIntervalDays: 7,
    });
    r = await runTreasuryDaily(h.deps, workerCtx);
    // The first ask's message has not run yet: nothing more is queued for it.
    expect(r).toEqual({ companies: 1, backfills: [], collectionSummaries: 0, reminders: 1 });
    await processMessage(h.deps, { kind: 'TREASURY_COLLECTIONS', companyId: COMPANY }, workerCtx);
    r = await runTreasuryDaily(h.deps, workerCtx);
    expect(r.reminders).toBe(0);
    expect(r.collectionSummaries).toBe(1);
    expect(h.table.all('Outbox')).toHaveLength(1);
  });
});
