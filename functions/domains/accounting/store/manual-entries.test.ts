import { isAppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { accountingMessages, type CreateEntryBody } from '@shared/schemas/accounting';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountingHarness,
  balancesFromAggregates,
  balancesFromLines,
  books,
  COMPANY,
  companyOf,
  issuedEventBody,
  issuedInvoice,
  workerCtx,
} from '../testing/harness';
import { processMessage } from '../workers/post-events';
import { initializeChart } from './chart';
import { createManualEntry, deleteManualEntry, setEntryLock, updateManualEntry } from './manual-entries';

const h = accountingHarness();

beforeEach(async () => {
  h.reset();
  h.table.put(companyOf('SL'));
  await initializeChart(h.deps, COMPANY, 'PYMES');
});

const body = (over: Partial<CreateEntryBody> = {}): CreateEntryBody => ({
  entryDate: '2026-03-15',
  description: 'Aportación de capital',
  lines: [
    { accountId: '572', debitAmount: 3000 },
    { accountId: '100', creditCents: 300_000 },
  ],
  ...over,
});

/** The AppError an action refuses with (code and message). */
async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

const create = (over: Partial<CreateEntryBody> = {}) =>
  createManualEntry(h.deps, { companyId: COMPANY, userId: 'u-owner', body: body(over) });

describe('manual entries: create', () => {
  it('posts the entry with its ledger lines and aggregates, numbered in its year', async () => {
    const { entry } = await create();

    expect(entry).toMatchObject({
      entryNumber: 1,
      source: 'MANUAL',
      totalDebitCents: 300_000,
      locked: false,
    });
    const b = books(h);
    expect(balancesFromLines(b.lines)).toEqual({ '572': 300_000, '100': -300_000 });
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({ '572': 300_000, '100': -300_000 });
  });

  it("refuses the spec's invalid lines with its messages (CORE_004)", async () => {
    expect(await refusal(create({ lines: [{ accountId: '572', debitCents: 100 }] }))).toEqual({
      code: 'CORE_004',
      message: accountingMessages.minLines,
    });
    expect(
      await refusal(
        create({
          lines: [
            { accountId: '572', debitCents: 100 },
            { accountId: '100', creditCents: 99 },
          ],
        }),
      ),
    ).toEqual({ code: 'CORE_004', message: accountingMessages.unbalanced });
    expect(
      await refusal(
        create({
          lines: [
            { accountId: '572', debitCents: 100, creditCents: 100 },
            { accountId: '100', creditCents: 0, debitCents: 0 },
          ],
        }),
      ),
    ).toEqual({ code: 'CORE_004', message: accountingMessages.lineBothSides });
    expect(books(h).entries).toHaveLength(0);
  });

  it('refuses accounts that do not exist, do not accept entries, or are inactive', async () => {
    const missing = await refusal(
      create({
        lines: [
          { accountId: '5729', debitCents: 100 },
          { accountId: '100', creditCents: 100 },
        ],
      }),
    );
    expect(missing).toEqual({ code: 'CORE_004', message: 'La cuenta 5729 no existe en el plan de cuentas.' });
    const parent = await refusal(
      create({
        lines: [
          { accountId: '430', debitCents: 100 },
          { accountId: '100', creditCents: 100 },
        ],
      }),
    );
    expect(parent.code).toBe('CORE_004');
    expect(parent.message).toContain('no admite asientos');
  });

  it('refuses a date in a closed month (ACC_PERIOD_CLOSED)', async () => {
    h.table.put({ ...h.table.get(keys.accountingSettings(COMPANY))!, closedThrough: '2026-03' });

    expect((await refusal(create())).code).toBe('ACC_PERIOD_CLOSED');
    expect(books(h).entries).toHaveLength(0);
  });
});

describe('manual entries: update, delete, lock', () => {
  it('replaces the lines and moves the aggregates in one transaction, keeping the number', async () => {
    const { entry } = await create();

    const { entry: updated } = await updateManualEntry(h.deps, {
      companyId: COMPANY,
      entryId: entry.entryId,
      body: body({
        entryDate: '2026-04-02',
        lines: [
          { accountId: '570', debitCents: 50_000 },
          { accountId: '100', creditCents: 50_000 },
        ],
      }),
    });

    expect(updated).toMatchObject({ entryNumber: 1, entryDate: '2026-04-02' });
    const b = books(h);
    expect(b.entries).toHaveLength(1);
    expect(balancesFromLines(b.lines)).toEqual({ '570': 50_000, '100': -50_000 });
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({ '570': 50_000, '100': -50_000 });
  });

  it('deletes an entry with its ledger lines and aggregates', async () => {
    const { entry } = await create();

    await deleteManualEntry(h.deps, { companyId: COMPANY, entryId: entry.entryId });

    const b = books(h);
    expect(b.entries).toHaveLength(0);
    expect(b.lines).toHaveLength(0);
    expect(balancesFromAggregates(b.aggregates, 'C')).toEqual({});
  });

  it('refuses to change or delete a locked entry (ACC_LOCKED) until it is unlocked', async () => {
    const { entry } = await create();
    const { entry: locked } = await setEntryLock(h.deps, {
      companyId: COMPANY,
      entryId: entry.entryId,
      userId: 'u-owner',
      locked: true,
    });
    expect(locked).toMatchObject({ locked: true, lockedBy: 'u-owner' });

    const update = updateManualEntry(h.deps, { companyId: COMPANY, entryId: entry.entryId, body: body() });
    expect(await refusal(update)).toEqual({ code: 'ACC_LOCKED', message: accountingMessages.locked });
    expect(
      (await refusal(deleteManualEntry(h.deps, { companyId: COMPANY, entryId: entry.entryId }))).code,
    ).toBe('ACC_LOCKED');

    await setEntryLock(h.deps, {
      companyId: COMPANY,
      entryId: entry.entryId,
      userId: 'u-owner',
      locked: false,
    });
    await deleteManualEntry(h.deps, { companyId: COMPANY, entryId: entry.entryId });
    expect(books(h).entries).toHaveLength(0);
  });

  it('refuses to change an entry of a closed month, its lock included (ACC_PERIOD_CLOSED)', async () => {
    const { entry } = await create();
    h.table.put({ ...h.table.get(keys.accountingSettings(COMPANY))!, closedThrough: '2026-03' });

    const update = updateManualEntry(h.deps, {
      companyId: COMPANY,
      entryId: entry.entryId,
      body: body({ entryDate: '2026-04-01' }),
    });
    expect((await refusal(update)).code).toBe('ACC_PERIOD_CLOSED');
    const lock = setEntryLock(h.deps, {
      companyId: COMPANY,
      entryId: entry.entryId,
      userId: 'u',
      locked: true,
    });
    expect((await refusal(lock)).code).toBe('ACC_PERIOD_CLOSED');
  });

  it('refuses to edit an automatic entry (ACC_READ_ONLY: corrected from its document)', async () => {
    await processMessage(h.deps, issuedEventBody('INVOICE_CONFIRMED', issuedInvoice()), workerCtx);
    const automatic = books(h).entries[0]!;

    const update = updateManualEntry(h.deps, {
      companyId: COMPANY,
      entryId: String(automatic.entryId),
      body: body(),
    });
    expect(await refusal(update)).toEqual({
      code: 'ACC_READ_ONLY',
      message: accountingMessages.automaticEntry,
    });
  });
});
