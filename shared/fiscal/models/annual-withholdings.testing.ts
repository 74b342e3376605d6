/**
 * Test support for the annual withholding summaries (190, 180, 193, 296): recipient lines `W|<kind>|<key>`
 * of the RECEIVED book written by hand with the key grammar of ../aggregate-keys.ts, the way
 * ../tax-aggregates.ts receivedContribution records a received invoice's withholding, and the year's
 * quarters made of them. Imported by tests only.
 */

import { formatWithholdingOpKey } from '../aggregate-keys';
import {
  type CounterpartyLine,
  mergeCounterparties,
  mergeInvoiceTypes,
  mergeLines,
  periodsOf,
  type ReceivedForAggregates,
  receivedContribution,
} from '../tax-aggregates';
import type { WithholdingKind } from '../withholdings';
import { periodLines } from './testing';
import type { PeriodLines } from './types';

/** A recipient's line: base and total the withholding base, `irpfCents` withheld, `count` invoices. */
export const recipientLine = (
  counterpartyKey: string,
  name: string,
  kind: WithholdingKind,
  key: string,
  amounts: { base: number; irpf: number; count?: number },
  country = 'ES',
): CounterpartyLine => ({
  counterpartyKey,
  opKey: formatWithholdingOpKey({ kind, key }),
  name,
  country,
  baseCents: amounts.base,
  vatCents: 0,
  totalCents: amounts.base,
  count: amounts.count ?? 1,
  irpfCents: amounts.irpf,
});

/** A period's aggregates holding only these received counterparty lines. */
export const receivedLines = (lines: CounterpartyLine[]): PeriodLines => ({
  ...periodLines(),
  byCounterparty: { ISSUED: [], RECEIVED: lines },
});

export type QuarterCode = '1T' | '2T' | '3T' | '4T';

/** The year's four quarters (a quarter not given has no lines). */
export const yearQuarters = (
  byQuarter: Partial<Record<QuarterCode, CounterpartyLine[]>>,
): Record<QuarterCode, PeriodLines> => ({
  '1T': receivedLines(byQuarter['1T'] ?? []),
  '2T': receivedLines(byQuarter['2T'] ?? []),
  '3T': receivedLines(byQuarter['3T'] ?? []),
  '4T': receivedLines(byQuarter['4T'] ?? []),
});

/** The year's aggregates: the quarters' lines summed (../tax-aggregates.ts merge functions). */
export function yearOf(quarters: Record<string, PeriodLines>): PeriodLines {
  const periods = Object.values(quarters);
  return {
    byKey: { ISSUED: [], RECEIVED: mergeLines(...periods.map((p) => p.byKey.RECEIVED)) },
    byCounterparty: {
      ISSUED: [],
      RECEIVED: mergeCounterparties(...periods.map((p) => p.byCounterparty.RECEIVED)),
    },
    byInvoiceType: {
      ISSUED: [],
      RECEIVED: mergeInvoiceTypes(...periods.map((p) => p.byInvoiceType.RECEIVED)),
    },
  };
}

/**
 * The books of a year of received invoices, as the writers record them (../tax-aggregates.ts
 * receivedContribution, summed per quarter with its merge functions): each quarter's aggregates.
 */
export function receivedBooks(invoices: readonly ReceivedForAggregates[]): Record<QuarterCode, PeriodLines> {
  const quarterOf = (date: string) => `${periodsOf(date).quarter.slice(-1)}T` as QuarterCode;
  const books = yearQuarters({});
  for (const code of Object.keys(books) as QuarterCode[]) {
    const contributions = invoices
      .filter((i) => quarterOf(i.date) === code)
      .map((i) => receivedContribution(i, 1));
    books[code] = {
      byKey: { ISSUED: [], RECEIVED: mergeLines(...contributions.map((c) => c.byKey)) },
      byCounterparty: {
        ISSUED: [],
        RECEIVED: mergeCounterparties(...contributions.map((c) => c.byCounterparty)),
      },
      byInvoiceType: {
        ISSUED: [],
        RECEIVED: mergeInvoiceTypes(...contributions.map((c) => c.byInvoiceType ?? [])),
      },
    };
  }
  return books;
}
