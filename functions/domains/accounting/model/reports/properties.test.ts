import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yearClosingLines } from './closing';
import { type RecomputeEntry, recomputeFromEntries } from './recompute';
import { periodBalances } from './statements';
import { trialBalance } from './trial-balance';

/** Codes from every corner of the models, sub-accounts, and codes no model line names (999, 8xx). */
const CODES = [
  '100',
  '1030',
  '112',
  '118',
  '120',
  '121',
  '129',
  '130',
  '170',
  '1605',
  '173',
  '210',
  '2813',
  '218',
  '250',
  '281',
  '300',
  '4000',
  '40000001',
  '4100',
  '41000002',
  '4300',
  '43000001',
  '43000002',
  '440',
  '465',
  '4709',
  '472',
  '473',
  '4751',
  '477',
  '490',
  '520',
  '551',
  '5523',
  '5524',
  '555',
  '570',
  '572',
  '5720001',
  '600',
  '607',
  '621',
  '629',
  '640',
  '642',
  '662',
  '669',
  '678',
  '680',
  '6300',
  '700',
  '705',
  '708',
  '740',
  '759',
  '769',
  '778',
  '7954',
  '999',
  '860',
];
const parentOf = (code: string) =>
  code.length >= 7
    ? (CODES.find((c) => c.length < code.length && code.startsWith(c) && c.length >= 3) ?? null)
    : null;
const name = (code: string) => `Cuenta ${code}`;

/** A balanced entry: 1–4 debit lines and the credits split over 1–3 accounts. */
const entryArb = (years: number[]): fc.Arbitrary<RecomputeEntry> =>
  fc
    .record({
      year: fc.constantFrom(...years),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      debits: fc.array(fc.tuple(fc.constantFrom(...CODES), fc.integer({ min: 1, max: 5_000_000 })), {
        minLength: 1,
        maxLength: 4,
      }),
      credits: fc.array(fc.constantFrom(...CODES), { minLength: 1, maxLength: 3 }),
    })
    .map(({ year, month, day, debits, credits }) => {
      const total = debits.reduce((s, [, c]) => s + c, 0);
      const share = Math.floor(total / credits.length);
      const creditLines = credits.map((code, i) => ({
        accountCode: code,
        debitCents: 0,
        creditCents: i === credits.length - 1 ? total - share * (credits.length - 1) : share,
      }));
      return {
        entryDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        kind: 'NORMAL' as const,
        lines: [
          ...debits.map(([accountCode, d]) => ({ accountCode, debitCents: d, creditCents: 0 })),
          ...creditLines,
        ],
      };
    });

const dateArb = fc
  .record({ year: fc.constantFrom(2025, 2026), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}-15`);

describe('reports over random balanced books', () => {
  it('the balance sheet balances, with the year result inside equity, and D) = revenue − expense', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb([2025, 2026]), { minLength: 1, maxLength: 25 }),
        dateArb,
        fc.constantFrom('ABREVIADO' as const, 'PYMES' as const),
        (entries, date, layout) => {
          const { balanceSheet: bs, incomeStatement: pyg } = recomputeFromEntries(entries, {
            companyId: 'c',
            balanceDate: date,
            fromDate: `${date.slice(0, 4)}-01-01`,
            toDate: date,
            layout,
            parentOf,
            accountName: name,
          });
          expect(bs.isBalanced).toBe(true);
          expect(bs.totalAssetsCents).toBe(bs.equity.totalCents + bs.liabilities.totalCents);
          const sumCategories = [...bs.assets.current, ...bs.assets.nonCurrent].reduce(
            (s, c) => s + c.subtotalCents,
            0,
          );
          expect(sumCategories).toBe(bs.totalAssetsCents);
          // The year's result so far is in equity (A-1.VII, with 129) and is the P&L's from 1 January.
          const balance129 = entries
            .filter((e) => e.entryDate <= bs.balanceDate)
            .flatMap((e) => e.lines)
            .filter((l) => l.accountCode === '129')
            .reduce((s, l) => s + l.creditCents - l.debitCents, 0);
          expect(bs.lines.find((l) => l.code === 'A-1.VII')?.amountCents).toBe(balance129 + pyg.resultCents);
          expect(bs.resultCents).toBe(pyg.resultCents);
          expect(pyg.resultCents).toBe(pyg.revenueCents - pyg.expenseCents);
          expect(pyg.lines.find((l) => l.code === 'D')?.amountCents).toBe(pyg.resultCents);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the trial balance totals debit = credit', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb([2026]), { minLength: 1, maxLength: 25 }),
        fc.constantFrom('SUBACCOUNT' as const, '3' as const, '4' as const),
        (entries, level) => {
          const sums = new Map<string, { debitCents: number; creditCents: number }>();
          for (const l of entries.flatMap((e) => e.lines)) {
            const s = sums.get(l.accountCode) ?? { debitCents: 0, creditCents: 0 };
            s.debitCents += l.debitCents;
            s.creditCents += l.creditCents;
            sums.set(l.accountCode, s);
          }
          const tb = trialBalance({
            companyId: 'c',
            fromDate: '2026-01-01',
            toDate: '2026-12-31',
            level,
            includeZero: false,
            rows: [...sums].map(([accountCode, s]) => ({ accountCode, openingCents: 0, ...s })),
            describe: (c) => ({ name: name(c), type: 'ASSET' }),
            itemsRead: 0,
          });
          expect(tb.totals.debitCents).toBe(tb.totals.creditCents);
          expect(tb.totals.debitBalanceCents).toBe(tb.totals.creditBalanceCents);
          expect(tb.isBalanced).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the year-end entries balance and leave every account at zero', () => {
    fc.assert(
      fc.property(fc.array(entryArb([2026]), { minLength: 1, maxLength: 25 }), (entries) => {
        const balances = periodBalances(entries.flatMap((e) => e.lines));
        const r = yearClosingLines(2026, balances, name);
        const sum = (lines: { debitCents: number; creditCents: number }[]) =>
          lines.reduce((s, l) => s + l.debitCents - l.creditCents, 0);
        expect(sum(r.regularization)).toBe(0);
        expect(sum(r.closing)).toBe(0);
        expect(sum(r.opening)).toBe(0);
        const after = periodBalances([...entries.flatMap((e) => e.lines), ...r.regularization, ...r.closing]);
        expect(after.filter((a) => a.balanceCents !== 0)).toEqual([]);
        const reopened = periodBalances(r.opening);
        const before = periodBalances([...entries.flatMap((e) => e.lines), ...r.regularization]).filter(
          (a) => a.balanceCents !== 0,
        );
        expect(reopened.filter((a) => a.balanceCents !== 0)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});
