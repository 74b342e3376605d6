/**
 * What a model's computation reads besides the stored models: the company's identity (`keys.company`),
 * its tax profile (`keys.taxProfile`, the tax domain's item, read only) and the running aggregates of
 * the period (functions/lib/tax-aggregates: ONE Query per period, O(1) in the size of the books; the
 * 130's quarters of the year and the 202's months from January: only their by-tax-key sections, two
 * Queries per quarter or month).
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  type PeriodAggregates,
  readPeriodAggregates,
  readPeriodBookSections,
  readPeriodTaxKeys,
  readQuarterlyAggregates,
} from '@functions/lib/tax-aggregates';
import { AppError } from '@shared/api/errors';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { type CompanyType, stripKeys } from '@shared/db/records';
import { periodBounds } from '@shared/fiscal/models/periods';
import type { PeriodLines } from '@shared/fiscal/models/types';
import type { AggregateLine, TaxBook } from '@shared/fiscal/tax-aggregates';
import { versionAt } from '@shared/fiscal/tax-obligations';
import type { TaxModelView } from '@shared/schemas/tax-models';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import type { ModelFileIdentity } from '../model/files';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

/** Who files: the company's NIF and name as the AEAT has them. */
export interface CompanyIdentity {
  companyId: string;
  nif: string;
  name: string;
  companyType: CompanyType | undefined;
  phone: string | undefined;
}

/** The company's NIF and name; 404 CORE_006 when it does not exist. */
export async function getCompanyIdentity(deps: Deps, companyId: string): Promise<CompanyIdentity> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#name, nif, companyType, phone',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  if (!res.Item) throw new AppError('CORE_006', 'La empresa no existe.');
  return {
    companyId,
    nif: String(res.Item.nif ?? ''),
    name: String(res.Item.name ?? ''),
    companyType: res.Item.companyType as CompanyType | undefined,
    phone: typeof res.Item.phone === 'string' ? res.Item.phone : undefined,
  };
}

/**
 * Who files a model, as its AEAT file needs it: the company's NIF, name and phone, the profile's
 * facts in force on the period's first day (the 303/390 identification flags) and the software
 * producer (the VeriFacTu SistemaInformatico's NIF, the same declaración responsable).
 */
export async function fileIdentityOf(
  deps: Deps,
  companyId: string,
  model: Pick<TaxModelView, 'year' | 'period'>,
): Promise<ModelFileIdentity> {
  const [company, profile] = await Promise.all([
    getCompanyIdentity(deps, companyId),
    requireTaxProfile(deps, companyId),
  ]);
  const start = periodBounds(model.year, model.period).start;
  const facts = versionAt(profile.versions, start)?.facts ?? profile.versions[0]?.facts ?? profile.facts;
  const phone = company.phone?.replace(/\D/g, '').slice(-9);
  const softwareNif = process.env[envNames.verifactuProducerNif]?.trim().toUpperCase();
  return {
    nif: company.nif,
    name: company.name,
    facts,
    ...(company.companyType ? { companyType: company.companyType } : {}),
    ...(phone && phone.length === 9 ? { phone } : {}),
    ...(softwareNif ? { softwareNif } : {}),
  };
}

/** The company's tax profile (the tax domain's item, read only); undefined without one. */
export async function getTaxProfile(deps: Deps, companyId: string): Promise<TaxProfile | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxProfile(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as TaxProfile) : undefined;
}

/** The company's tax profile; 400 TAX_021 'La empresa no tiene configuración fiscal.' without one. */
export async function requireTaxProfile(deps: Deps, companyId: string): Promise<TaxProfile> {
  const profile = await getTaxProfile(deps, companyId);
  if (!profile) throw new AppError('TAX_021', 'La empresa no tiene configuración fiscal.');
  return profile;
}

export interface PeriodRead {
  aggregates: PeriodLines;
  /** The year's quarters ('1T'..'4T'), for an annual period (the 130: those up to its own). */
  quarters?: Record<string, PeriodLines>;
  itemsRead: number;
}

const linesOf = (a: Omit<PeriodAggregates, 'itemsRead'>): PeriodLines => ({
  byKey: a.byKey,
  byCounterparty: a.byCounterparty,
  byInvoiceType: a.byInvoiceType,
});

/**
 * The aggregates of an aggregate period: a month ('2026-03') or a quarter ('2026-Q1') in one Query;
 * a year ('2026') with its quarters, from the same single Query.
 */
export async function readAggregates(
  deps: Deps,
  companyId: string,
  aggregatePeriod: string,
  /** Only the by-tax-key lines (the 303: its boxes come from nothing else). */
  taxKeysOnly = false,
): Promise<PeriodRead> {
  if (taxKeysOnly && !/^\d{4}$/.test(aggregatePeriod)) {
    const read = await readPeriodTaxKeys(deps, companyId, aggregatePeriod);
    return { aggregates: linesOf(read), itemsRead: read.itemsRead };
  }
  if (/^\d{4}$/.test(aggregatePeriod)) {
    const { year, quarters } = await readQuarterlyAggregates(deps, companyId, aggregatePeriod);
    const byCode: Record<string, PeriodLines> = {};
    for (const [q, lines] of Object.entries(quarters)) byCode[`${q.slice(-1)}T`] = linesOf(lines);
    return { aggregates: linesOf(year), quarters: byCode, itemsRead: year.itemsRead };
  }
  const read = await readPeriodAggregates(deps, companyId, aggregatePeriod);
  return { aggregates: linesOf(read), itemsRead: read.itemsRead };
}

/**
 * What a withholding return (111, 115, 123, 216) reads of a month or quarter: the RECEIVED book's
 * tax keys (its `IRPF|<kind>|<key>` lines) and counterparties (the `W|…` recipients), never the ISSUED
 * book's customers. `aggregatePeriod` is '2026-03' or '2026-Q1'.
 */
export async function readReceivedBook(
  deps: Deps,
  companyId: string,
  aggregatePeriod: string,
): Promise<PeriodRead> {
  const read = await readPeriodBookSections(deps, companyId, aggregatePeriod, 'RECEIVED', ['K', 'C']);
  return { aggregates: linesOf(read), itemsRead: read.itemsRead };
}

/**
 * The by-tax-key lines of the quarters of `year` from the first to `through` (1-4), each quarter's two
 * `K` sections (both books) in parallel: what the 130 reads, cumulative from January (art. 110.1.a
 * RIRPF). The counterparty and invoice-type items are left unread, so the items read follow the tax
 * keys in use, never the number of customers or suppliers. `aggregates` is the last quarter's.
 */
export async function readQuarterTaxKeys(
  deps: Deps,
  companyId: string,
  year: number,
  through: number,
): Promise<PeriodRead & { quarters: Record<string, PeriodLines> }> {
  const numbers = Array.from({ length: Math.min(Math.max(through, 1), 4) }, (_, i) => i + 1);
  const reads = await Promise.all(numbers.map((q) => readPeriodTaxKeys(deps, companyId, `${year}-Q${q}`)));
  const quarters: Record<string, PeriodLines> = {};
  reads.forEach((read, i) => {
    quarters[`${i + 1}T`] = linesOf(read);
  });
  return {
    aggregates: quarters[`${numbers.length}T`] as PeriodLines,
    quarters,
    itemsRead: reads.reduce((n, r) => n + r.itemsRead, 0),
  };
}

/** The by-tax-key lines of several periods summed per book and key (counts and amounts). */
export function sumTaxKeyLines(periods: readonly PeriodLines[]): PeriodLines {
  const byKey: Record<TaxBook, AggregateLine[]> = { ISSUED: [], RECEIVED: [] };
  for (const book of ['ISSUED', 'RECEIVED'] as const) {
    const acc = new Map<string, AggregateLine>();
    for (const p of periods) {
      for (const l of p.byKey[book]) {
        const cur = acc.get(l.taxKey);
        if (!cur) {
          acc.set(l.taxKey, { ...l });
          continue;
        }
        cur.baseCents += l.baseCents;
        cur.vatCents += l.vatCents;
        cur.recargoCents += l.recargoCents;
        cur.irpfCents += l.irpfCents;
        cur.deductibleVatCents += l.deductibleVatCents;
        cur.deductibleBaseCents += l.deductibleBaseCents;
        cur.totalCents += l.totalCents;
        cur.count += l.count;
      }
    }
    byKey[book] = [...acc.values()].sort((a, b) => (a.taxKey < b.taxKey ? -1 : 1));
  }
  return {
    byKey,
    byCounterparty: { ISSUED: [], RECEIVED: [] },
    byInvoiceType: { ISSUED: [], RECEIVED: [] },
  };
}

/**
 * The by-tax-key lines of `year` from January to `lastMonth` (1-12), summed: the whole quarters first,
 * then the months of the last one (the 202's 3P looks at January-November, art. 40.3 LIS: Q1-Q3, October,
 * November), two Queries each, in parallel. What the 202 reads for the withholdings borne ([28]).
 */
export async function readTaxKeysThrough(
  deps: Deps,
  companyId: string,
  year: number,
  lastMonth: number,
): Promise<PeriodRead> {
  const quarters = Math.floor(lastMonth / 3);
  const periods = [
    ...Array.from({ length: quarters }, (_, i) => `${year}-Q${i + 1}`),
    ...Array.from(
      { length: lastMonth - quarters * 3 },
      (_, i) => `${year}-${String(quarters * 3 + i + 1).padStart(2, '0')}`,
    ),
  ];
  const reads = await Promise.all(periods.map((p) => readPeriodTaxKeys(deps, companyId, p)));
  return {
    aggregates: sumTaxKeyLines(reads.map(linesOf)),
    itemsRead: reads.reduce((n, r) => n + r.itemsRead, 0),
  };
}
