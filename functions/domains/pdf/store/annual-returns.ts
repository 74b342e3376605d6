/**
 * What the checklist of an annual return is built from (shared/fiscal/annual-checklist-inputs.ts), read
 * here the same way the taxmodels domain reads it for its routes (domains never import each other): the
 * tax profile (`keys.taxProfile`, the tax domain's item; none: 400 TAX_021), the year's running
 * aggregates (functions/lib/tax-aggregates: ONE Query of the year's quarters) and the company's stored
 * returns of the year (`keys.taxModelYearPrefix`, the taxmodels domain's items: ONE Query). Read only.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { readQuarterlyAggregates } from '@functions/lib/tax-aggregates';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { ChecklistSources, StoredReturnSummary } from '@shared/fiscal/annual-checklist-inputs';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import type { PdfDeps } from './deps';

type Deps = Pick<PdfDeps, 'db' | 'table'>;

async function requireTaxProfile(deps: Deps, companyId: string): Promise<TaxProfile> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.taxProfile(companyId), ConsistentRead: true }),
  );
  if (!res.Item) throw new AppError('TAX_021', 'La empresa no tiene configuración fiscal.');
  return stripKeys(res.Item) as unknown as TaxProfile;
}

/** The company's stored tax models of a year, as the checklists read them. */
async function storedReturnsOfYear(
  deps: Deps,
  companyId: string,
  year: number,
): Promise<StoredReturnSummary[]> {
  const prefix = keys.taxModelYearPrefix(companyId, year);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': prefix.pk,
      ':from': prefix.skPrefix,
      ':to': `${prefix.skPrefix}\u{10FFFF}`,
    },
  });
  return items
    .filter((i) => i.entity === 'TaxModel')
    .map((i) => stripKeys(i) as unknown as StoredReturnSummary);
}

/** The profile, the year's aggregates and stored returns (three reads, in parallel). */
export async function checklistSources(
  deps: Deps,
  companyId: string,
  year: number,
  today: string,
): Promise<ChecklistSources> {
  const [profile, aggregates, stored] = await Promise.all([
    requireTaxProfile(deps, companyId),
    readQuarterlyAggregates(deps, companyId, String(year)),
    storedReturnsOfYear(deps, companyId, year),
  ]);
  const { byKey, byCounterparty, byInvoiceType } = aggregates.year;
  return { year, today, profile, lines: { byKey, byCounterparty, byInvoiceType }, stored };
}
