/**
 * Test support for the reports and periods: writes entries straight into a fake table in the shapes
 * of items.ts (the entry, its ledger lines, its C/S month aggregates and the year's counter), as the
 * posting transaction (engine.ts) stores them, so the reads are tested without the engine. Test-only.
 */

import type { FakeTable } from '@functions/platform/testing/fake-table';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { EntryKind, EntrySource } from '@shared/schemas/accounting';
import { chartAccount } from '../model/chart';
import { accountItemOf, defaultSettings, storedAccount } from '../store/chart';
import { ENTITY, type EntryItem, type StoredLine } from '../store/items';
import { pgcOf } from '../store/queries';

export interface SeedEntry {
  entryId: string;
  entryDate: string;
  description?: string;
  source?: EntrySource;
  kind?: EntryKind;
  lines: [accountCode: string, debitCents: number, creditCents: number][];
}

/** Writes one normal entry as the engine would (numbered with its year's counter). */
export function seedEntry(table: FakeTable, companyId: string, e: SeedEntry): EntryItem {
  const year = Number(e.entryDate.slice(0, 4));
  const month = Number(e.entryDate.slice(5, 7));
  const counterKey = keys.entryNumberCounter(companyId, year);
  const last = Number(table.get(counterKey)?.last ?? 0) + 1;
  table.put({ ...counterKey, entity: ENTITY.entryCounter, v: SCHEMA_VERSION, companyId, year, last });
  const lines: StoredLine[] = e.lines.map(([accountCode, debitCents, creditCents], i) => ({
    lineNumber: i + 1,
    accountCode,
    accountName: `Cuenta ${accountCode}`,
    description: e.description ?? 'Asiento',
    debitCents,
    creditCents,
  }));
  const kind = e.kind ?? 'NORMAL';
  const source = e.source ?? 'MANUAL';
  const item: EntryItem = {
    companyId,
    entryId: e.entryId,
    entryNumber: last,
    fiscalYear: year,
    entryDate: e.entryDate,
    description: e.description ?? 'Asiento',
    source,
    kind,
    document: null,
    reversalOf: null,
    documentDate: null,
    lines,
    totalDebitCents: lines.reduce((s, l) => s + l.debitCents, 0),
    totalCreditCents: lines.reduce((s, l) => s + l.creditCents, 0),
    locked: false,
    lockedAt: null,
    lockedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: 'u1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sourceKey: null,
    ledgerComplete: true,
  };
  table.put({
    ...keys.journalEntry(companyId, e.entryId),
    ...keys.journalByDate(companyId, e.entryDate, last, e.entryId),
    entity: ENTITY.entry,
    v: SCHEMA_VERSION,
    ...item,
  });
  for (const l of lines) {
    table.put({
      ...keys.ledgerLine(companyId, l.accountCode, e.entryDate, e.entryId, l.lineNumber),
      entity: ENTITY.ledgerLine,
      v: SCHEMA_VERSION,
      companyId,
      accountCode: l.accountCode,
      entryId: e.entryId,
      entryNumber: last,
      entryDate: e.entryDate,
      lineNumber: l.lineNumber,
      description: l.description,
      source,
      kind,
      debitCents: l.debitCents,
      creditCents: l.creditCents,
    });
    const parent = pgcOf(l.accountCode);
    const targets: ['C' | 'S', string][] =
      parent === l.accountCode
        ? [['C', parent]]
        : [
            ['C', parent],
            ['S', l.accountCode],
          ];
    for (const [level, code] of targets) {
      const k = keys.ledgerAggregate(companyId, year, level, month, 'N', code);
      const old = table.get(k);
      table.put({
        ...k,
        entity: ENTITY.aggregate,
        v: SCHEMA_VERSION,
        companyId,
        year,
        month,
        level,
        kind: 'N',
        accountCode: code,
        debitCents: Number(old?.debitCents ?? 0) + l.debitCents,
        creditCents: Number(old?.creditCents ?? 0) + l.creditCents,
        count: Number(old?.count ?? 0) + 1,
      });
    }
  }
  return item;
}

/** A small company: settings (PYMES), a few PGC accounts, a customer, entries in 2025 and 2026. */
export function seedBooks(table: FakeTable, CO: string): EntryItem[] {
  table.put({
    ...keys.accountingSettings(CO),
    entity: ENTITY.settings,
    v: SCHEMA_VERSION,
    ...defaultSettings(CO, 'PYMES', '2025-01-01T00:00:00.000Z'),
  });
  table.put({
    ...keys.account(CO, '43000001'),
    entity: ENTITY.account,
    v: SCHEMA_VERSION,
    companyId: CO,
    accountId: '43000001',
    accountCode: '43000001',
    accountName: 'Cliente Uno SL',
    type: 'ASSET',
    categoryCode: '43',
    level: 'SUBACCOUNT',
    parentCode: '4300',
    isPgc: false,
    acceptsEntries: true,
    active: true,
    party: { kind: 'CUSTOMER', partyKey: 'cu1', nif: null, name: 'Cliente Uno SL' },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
  for (const code of ['100', '129', '4300', '472', '477', '572', '621', '629', '705'])
    table.put(storedAccount(accountItemOf(CO, chartAccount(code, 'PYMES')!, '2025-01-01T00:00:00.000Z')));
  const books = [
    seedEntry(table, CO, {
      entryId: 'e1',
      entryDate: '2025-01-02',
      lines: [
        ['572', 1_000_000, 0],
        ['100', 0, 1_000_000],
      ],
    }),
    seedEntry(table, CO, {
      entryId: 'e2',
      entryDate: '2025-03-10',
      source: 'ISSUED_INVOICE',
      lines: [
        ['43000001', 121_000, 0],
        ['705', 0, 100_000],
        ['477', 0, 21_000],
      ],
    }),
    seedEntry(table, CO, {
      entryId: 'e3',
      entryDate: '2025-06-15',
      lines: [
        ['629', 30_000, 0],
        ['472', 6_300, 0],
        ['572', 0, 36_300],
      ],
    }),
    seedEntry(table, CO, {
      entryId: 'e4',
      entryDate: '2025-07-01',
      lines: [
        ['572', 121_000, 0],
        ['43000001', 0, 121_000],
      ],
    }),
    seedEntry(table, CO, {
      entryId: 'e5',
      entryDate: '2026-02-03',
      lines: [
        ['43000001', 60_500, 0],
        ['705', 0, 50_000],
        ['477', 0, 10_500],
      ],
    }),
    seedEntry(table, CO, {
      entryId: 'e6',
      entryDate: '2026-02-20',
      lines: [
        ['621', 10_000, 0],
        ['572', 0, 10_000],
      ],
    }),
  ];
  return books;
}
