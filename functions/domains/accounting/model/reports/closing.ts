/**
 * The year-end entries (PGC 2007 first part, "Marco conceptual", and the fifth part's definitions of
 * 129 and the groups 6/7; the usual three-step close):
 * 1. regularisation (asiento de regularización, REG-<Y> dated Y-12-31): every group 6/7 account with a
 *    balance is brought to zero against 129 "Resultado del ejercicio" (credit 129 for a profit);
 * 2. closing (asiento de cierre, CLO-<Y> dated Y-12-31): every other account with a balance, 129
 *    included, is brought to zero;
 * 3. opening (asiento de apertura, OPE-<Y+1> dated (Y+1)-01-01): the closing entry reversed.
 * Accounts are the finest ones (sub-accounts included), so every account's ledger ends at zero. Pure.
 */

import type { StoredLine } from '../../store/items';
import { isPnlCode } from './statements';

export const RESULT_ACCOUNT = '129';

export interface YearClosingLines {
  /** Revenue − expense of the year (credit 129 when positive). */
  resultCents: number;
  /** Empty when no P&L account has a balance (no regularisation entry then). */
  regularization: StoredLine[];
  closing: StoredLine[];
  opening: StoredLine[];
}

const side = (balance: number) =>
  balance > 0 ? { debitCents: 0, creditCents: balance } : { debitCents: -balance, creditCents: 0 };

const byCode = <T extends { accountCode: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.accountCode < b.accountCode ? -1 : a.accountCode > b.accountCode ? 1 : 0));

const numbered = (lines: Omit<StoredLine, 'lineNumber'>[]): StoredLine[] =>
  lines.map((l, i) => ({ lineNumber: i + 1, ...l }));

/**
 * The three entries' lines from the balances (debit − credit) of every account at Y-12-31: the normal
 * movements of every year up to Y plus the regularisations of the closed years before Y.
 */
export function yearClosingLines(
  year: number,
  balances: readonly { accountCode: string; balanceCents: number }[],
  accountName: (code: string) => string,
): YearClosingLines {
  const net = new Map<string, number>();
  for (const b of balances) net.set(b.accountCode, (net.get(b.accountCode) ?? 0) + b.balanceCents);
  const pnl = byCode(
    [...net].filter(([c, b]) => isPnlCode(c) && b !== 0).map(([accountCode, b]) => ({ accountCode, b })),
  );
  const resultCents = pnl.reduce((s, r) => s - r.b, 0);
  const regularization: Omit<StoredLine, 'lineNumber'>[] = pnl.map((r) => ({
    accountCode: r.accountCode,
    accountName: accountName(r.accountCode),
    description: `Regularización ${year}`,
    ...side(r.b),
  }));
  if (pnl.length > 0) {
    regularization.push({
      accountCode: RESULT_ACCOUNT,
      accountName: accountName(RESULT_ACCOUNT),
      description: `Resultado del ejercicio ${year}`,
      ...(resultCents >= 0
        ? { debitCents: 0, creditCents: resultCents }
        : { debitCents: -resultCents, creditCents: 0 }),
    });
    for (const r of pnl) net.set(r.accountCode, 0);
    net.set(RESULT_ACCOUNT, (net.get(RESULT_ACCOUNT) ?? 0) - resultCents);
  }
  const remaining = byCode(
    [...net].filter(([c, b]) => !isPnlCode(c) && b !== 0).map(([accountCode, b]) => ({ accountCode, b })),
  );
  const closing = remaining.map((r) => ({
    accountCode: r.accountCode,
    accountName: accountName(r.accountCode),
    description: `Cierre del ejercicio ${year}`,
    ...side(r.b),
  }));
  const opening = remaining.map((r) => ({
    accountCode: r.accountCode,
    accountName: accountName(r.accountCode),
    description: `Apertura del ejercicio ${year + 1}`,
    ...side(-r.b),
  }));
  return {
    resultCents,
    regularization: numbered(regularization),
    closing: numbered(closing),
    opening: numbered(opening),
  };
}
