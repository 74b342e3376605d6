/**
 * - GET threshold-347-status (`?year=`, default this year): the counterparties of the year above the
 *   347 threshold (3.005,06 €) and those close to it, from the year's aggregates (one Query); an SII
 *   filer does not file the 347 (art. 32.3 RGAT): NOT_REQUIRED.
 * - GET compliance-status (`?year=`): the year's obligations against the models generated and filed,
 *   and the share filed of those already due (spec part 2 §9: green from 90 %, yellow from 70 %).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { effectiveStatus } from '@shared/fiscal/fiscal-alerts';
import { type ComplianceView, type Threshold347View, YearQuery } from '@shared/schemas/tax-models';
import { factsAt } from '../model/compute';
import { madridToday } from '../model/dates';
import { MODELO_347_THRESHOLD_CENTS, near347, over347, parties347 } from '../model/threshold347';
import { readAggregates, requireTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels } from '../store/models';
import { listYearObligations } from '../store/obligations';

const yearOr = (deps: TaxModelsDeps, year: number | undefined) =>
  year ?? Number(madridToday(deps.now()).slice(0, 4));

export async function threshold347(
  input: { companyId: string; year?: number | undefined },
  deps: TaxModelsDeps,
): Promise<Threshold347View> {
  const year = yearOr(deps, input.year);
  const profile = await requireTaxProfile(deps, input.companyId);
  const facts = factsAt(profile, `${year}-12-31`);
  const books = await readAggregates(deps, input.companyId, String(year));
  const parties = parties347(books.aggregates, books.quarters);
  const over = parties.filter(over347);
  return {
    year,
    thresholdCents: MODELO_347_THRESHOLD_CENTS,
    status: facts.siiEnabled ? 'NOT_REQUIRED' : over.length > 0 ? 'REQUIRED' : 'BELOW_THRESHOLD',
    counterparties: over.map((p) => ({
      counterpartyKey: p.counterpartyKey,
      name: p.name,
      key: p.key,
      amountCents: p.amountCents,
      quarterAmountsCents: p.quarterAmountsCents,
    })),
    nearThreshold: parties.filter(near347).map((p) => ({
      counterpartyKey: p.counterpartyKey,
      name: p.name,
      key: p.key,
      amountCents: p.amountCents,
    })),
  };
}

export const threshold347Route = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    threshold347({ companyId: scope.companyId, year: query.year }, deps),
});

/** Spec part 2 §9: compliance green at 90 % or more, yellow at 70 % or more. */
export const complianceLevel = (percentage: number): ComplianceView['status'] =>
  percentage >= 90 ? 'GOOD' : percentage >= 70 ? 'WARNING' : 'CRITICAL';

export async function complianceStatus(
  input: { companyId: string; year?: number | undefined },
  deps: TaxModelsDeps,
): Promise<ComplianceView> {
  const year = yearOr(deps, input.year);
  const today = madridToday(deps.now());
  await requireTaxProfile(deps, input.companyId);
  const [obligations, models] = await Promise.all([
    listYearObligations(deps, input.companyId, year),
    listModels(deps, input.companyId, { year }),
  ]);
  const modelById = new Map(models.map((m) => [m.modelId, m]));
  const items = obligations
    .map((o) => ({
      obligationId: o.obligationId,
      modelType: o.modelType,
      period: o.period,
      dueDate: o.dueDate,
      obligationStatus: effectiveStatus(o, today),
      modelStatus: modelById.get(o.obligationId)?.status ?? null,
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.obligationId.localeCompare(b.obligationId));
  const submitted = items.filter((i) => i.obligationStatus === 'SUBMITTED').length;
  const generated = items.filter(
    (i) => i.obligationStatus === 'MODEL_GENERATED' || i.obligationStatus === 'OBLIGATION_GENERATED',
  ).length;
  const overdue = items.filter((i) => i.obligationStatus === 'OVERDUE').length;
  const pending = items.filter((i) => i.obligationStatus === 'PENDING').length;
  const due = items.filter((i) => i.dueDate < today);
  const filedDue = due.filter((i) => i.obligationStatus === 'SUBMITTED').length;
  const percentage = due.length === 0 ? 100 : Math.floor((filedDue * 100) / due.length);
  return {
    year,
    obligations: items.length,
    generated,
    submitted,
    pending,
    overdue,
    percentage,
    status: complianceLevel(percentage),
    items,
  };
}

export const complianceStatusRoute = defineCompanyAction({
  query: YearQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    complianceStatus({ companyId: scope.companyId, year: query.year }, deps),
});
