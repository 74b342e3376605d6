/**
 * The counterparties of the year against the 347 threshold (RGAT, RD 1065/2007, art. 33.2: more than
 * 3.005,06 € a year with one person or entity, VAT included, in absolute value), summed straight
 * from the year's `347A` / `347B` counterparty lines and those of its quarters: an independent check
 * of the 347 the model definition computes. Pure.
 */

import { parseOpKey } from '@shared/fiscal/aggregate-keys';
import type { PeriodLines } from '@shared/fiscal/models/types';
import { type TaxBook, UNIDENTIFIED_COUNTERPARTY } from '@shared/fiscal/tax-aggregates';
import { MODELO_347_THRESHOLD_CENTS } from '@shared/fiscal/thresholds';

export { MODELO_347_THRESHOLD_CENTS };

export interface Party347 {
  counterpartyKey: string;
  name: string;
  key: 'A' | 'B';
  amountCents: number;
  quarterAmountsCents: [number, number, number, number];
}

const BOOKS: readonly TaxBook[] = ['ISSUED', 'RECEIVED'];

function add(parties: Map<string, Party347>, lines: PeriodLines, quarter: number | undefined) {
  for (const book of BOOKS) {
    for (const line of lines.byCounterparty[book]) {
      const op = parseOpKey(line.opKey);
      if (op?.family !== '347' || line.counterpartyKey === UNIDENTIFIED_COUNTERPARTY) continue;
      const key = op.key as 'A' | 'B';
      const id = `${line.counterpartyKey}|${key}`;
      const p = parties.get(id) ?? {
        counterpartyKey: line.counterpartyKey,
        name: '',
        key,
        amountCents: 0,
        quarterAmountsCents: [0, 0, 0, 0] as [number, number, number, number],
      };
      if (quarter === undefined) p.amountCents += line.totalCents;
      else p.quarterAmountsCents[quarter] = (p.quarterAmountsCents[quarter] ?? 0) + line.totalCents;
      if (!p.name && line.name.trim()) p.name = line.name.trim();
      parties.set(id, p);
    }
  }
}

/** Every 347 counterparty of the year with its total and quarters, largest first. */
export function parties347(year: PeriodLines, quarters: Record<string, PeriodLines> = {}): Party347[] {
  const parties = new Map<string, Party347>();
  add(parties, year, undefined);
  ['1T', '2T', '3T', '4T'].forEach((q, i) => {
    const lines = quarters[q];
    if (lines) add(parties, lines, i);
  });
  return [...parties.values()]
    .filter((p) => p.amountCents !== 0 || p.quarterAmountsCents.some((a) => a !== 0))
    .sort(
      (a, b) =>
        Math.abs(b.amountCents) - Math.abs(a.amountCents) ||
        a.counterpartyKey.localeCompare(b.counterpartyKey),
    );
}

export const over347 = (p: Pick<Party347, 'amountCents'>): boolean =>
  Math.abs(p.amountCents) > MODELO_347_THRESHOLD_CENTS;

/** Within 80 % of the threshold without crossing it: may still cross it before the year ends. */
export const near347 = (p: Pick<Party347, 'amountCents'>): boolean =>
  !over347(p) && Math.abs(p.amountCents) * 10 >= MODELO_347_THRESHOLD_CENTS * 8;
