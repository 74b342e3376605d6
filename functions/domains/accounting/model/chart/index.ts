/**
 * The PGC 2007 chart of accounts as data (issue 18; spec part 2 §9 "Accounting"; reference
 * banking-accounting.md B1/B2): the PYMES chart (RD 1515/2007) or the normal one (RD 1514/2007), with
 * groups, subgroups and every account's parent, type and whether entries may be posted to it.
 *
 * Pure: the OCA account data is generated into pgc-accounts.data.ts (see generate.ts, SOURCES.md);
 * the names of the levels that data lacks are in pgc-structure.ts; types in account-types.ts.
 *
 * Note: the data lists 7000-7002 and 7050-7052 (sales in Spain / intra-EU / export) under 700 and 705,
 * so 700 and 705 are parents here (acceptsEntries false), as 430 and 400 are above 4300 and 4000.
 */

import type { AccountType, ChartType } from '@shared/schemas/accounting';
import { accountTypeOf } from './account-types';
import { PGC_NORMAL_EXTRA_ACCOUNTS, PGC_PYMES_ACCOUNTS } from './pgc-accounts.data';
import { PGC_GROUPS, PGC_PARENT_ACCOUNTS, PGC_SUBGROUPS, type StructureName } from './pgc-structure';

export { ACCOUNT_TYPE_PREFIXES, accountTypeOf } from './account-types';

export type ChartLevel = 'GROUP' | 'SUBGROUP' | 'ACCOUNT';

export interface ChartAccountDef {
  code: string;
  name: string;
  type: AccountType;
  level: ChartLevel;
  /** The nearest shorter code of the chart (null for a group). */
  parentCode: string | null;
  /** The 2-digit subgroup; the group itself for a GROUP. */
  categoryCode: string;
  /** PGC accounts with no PGC children; never groups nor subgroups. */
  acceptsEntries: boolean;
}

const byCode = <T extends { code: string }>(a: T, b: T) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function structureNames(rows: readonly StructureName[], chartType: ChartType): [string, string][] {
  return rows
    .filter((r) => chartType === 'NORMAL' || !r.normalOnly)
    .map((r) => [r.code, chartType === 'NORMAL' ? (r.normalName ?? r.name) : r.name]);
}

const structureCodes = new Set([...PGC_GROUPS, ...PGC_SUBGROUPS, ...PGC_PARENT_ACCOUNTS].map((r) => r.code));

function buildChart(chartType: ChartType): readonly ChartAccountDef[] {
  const names = new Map<string, string>([
    ...structureNames(PGC_GROUPS, chartType),
    ...structureNames(PGC_SUBGROUPS, chartType),
    ...structureNames(PGC_PARENT_ACCOUNTS, chartType),
    ...PGC_PYMES_ACCOUNTS.map(([c, n]): [string, string] => [c, n]),
    ...(chartType === 'NORMAL' ? PGC_NORMAL_EXTRA_ACCOUNTS.map(([c, n]): [string, string] => [c, n]) : []),
  ]);
  // Groups, subgroups and parent accounts are kept only above some account of the data.
  const dataCodes = [...names.keys()].filter((code) => !structureCodes.has(code));
  const keep = new Set<string>();
  for (const code of dataCodes) for (let l = 1; l <= code.length; l++) keep.add(code.slice(0, l));
  const codes = [...names.keys()].filter((c) => keep.has(c)).sort();
  const inChart = new Set(codes);
  const hasChildren = new Set<string>();
  const defs = codes.map((code): ChartAccountDef => {
    let parentCode: string | null = null;
    for (let l = code.length - 1; l >= 1 && parentCode === null; l--) {
      if (inChart.has(code.slice(0, l))) parentCode = code.slice(0, l);
    }
    if (parentCode) hasChildren.add(parentCode);
    const level: ChartLevel = code.length === 1 ? 'GROUP' : code.length === 2 ? 'SUBGROUP' : 'ACCOUNT';
    return {
      code,
      name: names.get(code)!,
      type: accountTypeOf(code),
      level,
      parentCode,
      categoryCode: code.slice(0, Math.min(code.length, 2)),
      acceptsEntries: false,
    };
  });
  for (const d of defs) d.acceptsEntries = d.level === 'ACCOUNT' && !hasChildren.has(d.code);
  return Object.freeze(defs.sort(byCode).map((d) => Object.freeze(d)));
}

const charts: Partial<Record<ChartType, readonly ChartAccountDef[]>> = {};
const chartIndexes: Partial<Record<ChartType, ReadonlyMap<string, ChartAccountDef>>> = {};

function chart(chartType: ChartType): readonly ChartAccountDef[] {
  charts[chartType] ??= buildChart(chartType);
  return charts[chartType];
}

function chartIndex(chartType: ChartType): ReadonlyMap<string, ChartAccountDef> {
  chartIndexes[chartType] ??= new Map(chart(chartType).map((d) => [d.code, d]));
  return chartIndexes[chartType];
}

/** Every group, subgroup and PGC account of the chart, sorted by code (copies: callers may mutate). */
export function chartDefinition(chartType: ChartType): ChartAccountDef[] {
  return chart(chartType).map((d) => ({ ...d }));
}

/** The chart's account with that code, if it is a PGC code of the chart (not a sub-account). */
export function chartAccount(code: string, chartType: ChartType = 'NORMAL'): ChartAccountDef | undefined {
  const d = chartIndex(chartType).get(code);
  return d ? { ...d } : undefined;
}

/** The groups (1 digit) and subgroups (2 digits) of the chart, sorted by code. */
export function groupsAndSubgroups(chartType: ChartType): ChartAccountDef[] {
  return chartDefinition(chartType).filter((d) => d.level !== 'ACCOUNT');
}

/**
 * The nearest code of the chart strictly shorter than `code`: for a sub-account (43000001) its PGC
 * account (4300); for a PGC account its parent (4300 -> 430); null for a group or a code outside the
 * chart. The NORMAL chart (a superset of PYMES) by default.
 */
export function pgcParentOf(code: string, chartType: ChartType = 'NORMAL'): string | null {
  const index = chartIndex(chartType);
  for (let l = code.length - 1; l >= 1; l--) {
    if (index.has(code.slice(0, l))) return code.slice(0, l);
  }
  return null;
}

/** The PGC account a code posts into: itself when it is one of the chart, else its nearest PGC parent. */
export function pgcAccountOf(code: string, chartType: ChartType = 'NORMAL'): string | null {
  return chartIndex(chartType).has(code) ? code : pgcParentOf(code, chartType);
}

/** Groups 1-5 make the balance sheet. */
export function isBalanceSheetAccount(code: string): boolean {
  return /^[1-5]/.test(code);
}

/** Groups 6 and 7 make the profit and loss account (8 and 9 go straight to equity). */
export function isPnlAccount(code: string): boolean {
  return /^[67]/.test(code);
}

/** Sub-account codes have this many digits (spec part 2 §9: 43000001 is shown as 430.00.001). */
export const SUB_ACCOUNT_CODE_LENGTH = 8;

/**
 * The code of the `seq`-th sub-account under a PGC account: the parent followed by the sequence,
 * zero-padded to 8 digits (4300, 1 -> 43000001; 572, 1 -> 57200001). Throws when `seq` does not fit.
 */
export function subAccountCode(parentCode: string, seq: number): string {
  if (!/^\d{1,7}$/.test(parentCode)) throw new Error(`No sub-accounts under ${parentCode}`);
  if (!Number.isInteger(seq) || seq < 1) throw new Error(`Invalid sub-account sequence ${seq}`);
  const width = SUB_ACCOUNT_CODE_LENGTH - parentCode.length;
  const digits = String(seq);
  if (digits.length > width) throw new Error(`No more sub-accounts under ${parentCode} (sequence ${seq})`);
  return parentCode + digits.padStart(width, '0');
}
