/**
 * The trial balance (balance de sumas y saldos; spec part 2 §9): per account, the balance before the
 * period, the period's debit and credit sums and the balance at its end, at the level of every account
 * posted to (sub-accounts and direct postings to a PGC account) or grouped by the first 3 or 4 digits of
 * the code. Every entry balances, so the debit sums equal the credit sums, and the balances (debit ones
 * and credit ones) do too. Pure.
 */

import {
  type AccountType,
  displayAccountCode,
  type TrialBalance,
  type TrialBalanceQuery,
  type TrialBalanceRow,
} from '@shared/schemas/accounting';

/** One account's figures at the finest level (a sub-account, or the direct postings to a PGC account). */
export interface TrialMovement {
  accountCode: string;
  openingCents: number;
  debitCents: number;
  creditCents: number;
}

export interface TrialBalanceInput {
  companyId: string;
  fromDate: string;
  toDate: string;
  level: TrialBalanceQuery['level'];
  includeZero: boolean;
  rows: readonly TrialMovement[];
  describe: (code: string) => { name: string; type: AccountType };
  itemsRead: number;
}

/** The code a row is grouped under at a level. */
export const groupCode = (code: string, level: TrialBalanceQuery['level']): string =>
  level === 'SUBACCOUNT' ? code : code.slice(0, Number(level));

export function trialBalance(input: TrialBalanceInput): TrialBalance {
  const grouped = new Map<string, TrialMovement>();
  for (const r of input.rows) {
    const code = groupCode(r.accountCode, input.level);
    const g = grouped.get(code) ?? { accountCode: code, openingCents: 0, debitCents: 0, creditCents: 0 };
    g.openingCents += r.openingCents;
    g.debitCents += r.debitCents;
    g.creditCents += r.creditCents;
    grouped.set(code, g);
  }
  const rows: TrialBalanceRow[] = [...grouped.values()]
    .filter((g) => input.includeZero || g.openingCents !== 0 || g.debitCents !== 0 || g.creditCents !== 0)
    .sort((a, b) => (a.accountCode < b.accountCode ? -1 : a.accountCode > b.accountCode ? 1 : 0))
    .map((g) => {
      const d = input.describe(g.accountCode);
      const balance = g.openingCents + g.debitCents - g.creditCents;
      return {
        accountId: g.accountCode,
        accountCode: g.accountCode,
        displayCode: displayAccountCode(g.accountCode),
        accountName: d.name,
        type: d.type,
        openingBalanceCents: g.openingCents,
        debitCents: g.debitCents,
        creditCents: g.creditCents,
        balanceCents: balance,
        debitBalanceCents: balance > 0 ? balance : 0,
        creditBalanceCents: balance < 0 ? -balance : 0,
      };
    });
  const totals = {
    openingBalanceCents: 0,
    debitCents: 0,
    creditCents: 0,
    debitBalanceCents: 0,
    creditBalanceCents: 0,
  };
  for (const r of rows) {
    totals.openingBalanceCents += r.openingBalanceCents;
    totals.debitCents += r.debitCents;
    totals.creditCents += r.creditCents;
    totals.debitBalanceCents += r.debitBalanceCents;
    totals.creditBalanceCents += r.creditBalanceCents;
  }
  return {
    companyId: input.companyId,
    fromDate: input.fromDate,
    toDate: input.toDate,
    level: input.level,
    rows,
    totals,
    isBalanced:
      totals.debitCents === totals.creditCents && totals.debitBalanceCents === totals.creditBalanceCents,
    itemsRead: input.itemsRead,
  };
}
