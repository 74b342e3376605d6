/**
 * The legal statement models as the reports print them: each line of layouts-data.ts with its legal
 * code ('A.II', 'B.III.1', 'A-1.VII' on the balance sheet; '1', '14.a', 'D' on the P&L), its level,
 * whether it is a total, and on the balance sheet its section (RD 1514/2007 and RD 1515/2007, third
 * part "Modelos de cuentas anuales"). Pure.
 */

import type { StatementLayout } from '@shared/schemas/accounting';
import {
  BALANCE_ABREVIADO,
  BALANCE_PYMES,
  type LayoutLineData,
  PYG_ABREVIADO,
  PYG_PYMES,
} from './layouts-data';

export type BalanceSection =
  | 'NON_CURRENT_ASSETS'
  | 'CURRENT_ASSETS'
  | 'EQUITY'
  | 'NON_CURRENT_LIABILITIES'
  | 'CURRENT_LIABILITIES';

export interface LayoutLine {
  kpi: string;
  code: string;
  label: string;
  /** 0 = heading/total (A, A-1, TOTAL), 1 = roman numeral, 2 = arabic number, 3 = letter. */
  level: number;
  expression: string;
  isTotal: boolean;
  /** Balance sheet only; null on the P&L and on the two grand totals. */
  section: BalanceSection | null;
}

/** MIS codes both models share (layouts.test.ts checks they exist in each). */
export const KPI = {
  nonCurrentAssets: 'es11000',
  currentAssets: 'es12000',
  totalAssets: 'es10000',
  equity: 'es20000',
  nonCurrentLiabilities: 'es31000',
  currentLiabilities: 'es32000',
  totalEquityAndLiabilities: 'es30000',
  priorResults: 'es21500',
  yearResult: 'es21700',
  otherDebtors: 'es12390',
  otherCreditors: 'es32590',
  otherResults: 'es41300',
  pygResult: 'es49500',
} as const;

const HEADING = /^([A-Z](?:-\d)?)\)\s/;
const ROMAN = /^([IVX]+)\.\s/;
const ARABIC = /^(\d+)\.\s/;
const LETTER = /^([a-z])\)\s/;

function build(data: readonly LayoutLineData[], statement: 'BALANCE' | 'PYG'): LayoutLine[] {
  let heading = '';
  let roman = '';
  let arabic = '';
  let side: 'ASSETS' | 'PASSIVE' = 'ASSETS';
  const sectionOf = (h: string): BalanceSection | null => {
    if (statement === 'PYG') return null;
    if (side === 'ASSETS') return h === 'A' ? 'NON_CURRENT_ASSETS' : 'CURRENT_ASSETS';
    if (h.startsWith('A')) return 'EQUITY';
    return h === 'B' ? 'NON_CURRENT_LIABILITIES' : 'CURRENT_LIABILITIES';
  };
  return [...data]
    .sort((a, b) => a.sequence - b.sequence)
    .map((d) => {
      const label = d.label.trim();
      if (label.startsWith('TOTAL')) {
        // "TOTAL ACTIVO (A + B)" ends the assets; "TOTAL PATRIMONIO NETO Y PASIVO" the other side.
        const code = side === 'ASSETS' ? 'TOTAL_ACTIVO' : 'TOTAL_PN_PASIVO';
        side = 'PASSIVE';
        heading = '';
        return { kpi: d.kpi, code, label, level: 0, expression: d.expression, isTotal: true, section: null };
      }
      const isTotal = !/\b(bale|balp|nbale|pbale|balu)\[/.test(d.expression) && d.expression.trim() !== '';
      const heads = HEADING.exec(label);
      const romans = ROMAN.exec(label);
      const arabics = ARABIC.exec(label);
      const letters = LETTER.exec(label);
      const under = () => (statement === 'PYG' ? arabic : [heading, roman, arabic].filter(Boolean).join('.'));
      let code: string;
      let level: number;
      if (heads) {
        heading = heads[1]!;
        roman = '';
        arabic = '';
        code = heading;
        level = 0;
      } else if (romans) {
        roman = romans[1]!;
        arabic = '';
        code = `${heading}.${roman}`;
        level = 1;
      } else if (arabics) {
        arabic = arabics[1]!;
        code = under();
        level = 2;
      } else if (letters) {
        code = `${under()}.${letters[1]}`;
        level = 3;
      } else throw new Error(`statement line without a legal code: ${label}`);
      return {
        kpi: d.kpi,
        code,
        label,
        level,
        expression: d.expression,
        isTotal,
        section: sectionOf(heading),
      };
    });
}

const cache = new Map<string, LayoutLine[]>();
const cached = (key: string, make: () => LayoutLine[]) => {
  let v = cache.get(key);
  if (!v) {
    v = make();
    cache.set(key, v);
  }
  return v;
};

/** The balance sheet's lines: the abbreviated model (default) or the PYMES one. */
export const balanceLayout = (layout: StatementLayout): readonly LayoutLine[] =>
  cached(`B${layout}`, () => build(layout === 'PYMES' ? BALANCE_PYMES : BALANCE_ABREVIADO, 'BALANCE'));

/** The P&L's lines: the abbreviated model (default) or the PYMES one. */
export const pygLayout = (layout: StatementLayout): readonly LayoutLine[] =>
  cached(`P${layout}`, () => build(layout === 'PYMES' ? PYG_PYMES : PYG_ABREVIADO, 'PYG'));
