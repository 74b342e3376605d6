/**
 * The annual returns Cuadra does not file itself (issue 15 item 4: 100, 200, 036, 369 and 720) as
 * checklists of what Cuadra already knows and what the filer must still gather:
 * - list: `GET …/annual-returns?year=` → the five, each saying whether the company owes it (`applies`)
 *   and how many items are known, pending and to provide;
 * - get: `GET …/annual-returns/{modelType}?year=` → one; a model that is not one of the five is 404
 *   CORE_006 (any other return is a model of …/models).
 * Built by the pure shared/fiscal/annual-checklist-inputs.ts from three reads: the tax profile (its
 * versions give the facts at the year's end and the census changes; none: 400 TAX_021), the year's
 * running aggregates (ONE Query: the year's quarters, never the invoices) and the company's stored
 * returns of the year (ONE Query: the 130, 131 and 202 instalments). `year` defaults to the last closed
 * year, whose returns are filed this year. Same access as the models (tax.read: a CLIENTE needs
 * VIEW_TAX_DOCUMENTS). The PDF of a checklist is the pdf domain's (taxAnnualReturns.pdf).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  annualChecklists,
  type ChecklistSources,
  isChecklistModel,
} from '@shared/fiscal/annual-checklist-inputs';
import type { AnnualChecklist, ChecklistModel } from '@shared/fiscal/annual-checklists';
import { AnnualReturnPath, AnnualReturnQuery, type AnnualReturnsView } from '@shared/schemas/tax-models';
import { madridToday } from '../model/dates';
import { readAggregates, requireTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels } from '../store/models';

/** The year asked for, else the last closed one (its annual returns are the ones filed this year). */
export const checklistYear = (year: number | undefined, today: string): number =>
  year ?? Number(today.slice(0, 4)) - 1;

/** What the checklists of a company and year are built from (three reads, in parallel). */
async function checklistSources(
  deps: TaxModelsDeps,
  companyId: string,
  year: number,
  today: string,
): Promise<ChecklistSources> {
  const [profile, books, stored] = await Promise.all([
    requireTaxProfile(deps, companyId),
    readAggregates(deps, companyId, String(year)),
    listModels(deps, companyId, { year }),
  ]);
  return { year, today, profile, lines: books.aggregates, stored };
}

export const annualReturnNotFound = () =>
  new AppError(
    'CORE_006',
    'La declaración anual no existe: las listas de comprobación son de los modelos 100, 200, 036, 369 y 720.',
  );

export async function listAnnualReturns(
  input: { companyId: string; year?: number | undefined },
  deps: TaxModelsDeps,
): Promise<AnnualReturnsView> {
  const today = madridToday(deps.now());
  const year = checklistYear(input.year, today);
  const sources = await checklistSources(deps, input.companyId, year, today);
  return { year, items: annualChecklists(sources) };
}

export async function getAnnualReturn(
  input: { companyId: string; modelType: string; year?: number | undefined },
  deps: TaxModelsDeps,
): Promise<AnnualChecklist> {
  if (!isChecklistModel(input.modelType)) throw annualReturnNotFound();
  const modelType: ChecklistModel = input.modelType;
  const today = madridToday(deps.now());
  const year = checklistYear(input.year, today);
  const sources = await checklistSources(deps, input.companyId, year, today);
  const [checklist] = annualChecklists(sources, [modelType]);
  if (!checklist) throw annualReturnNotFound();
  return checklist;
}

export const listAnnualReturnsRoute = defineCompanyAction({
  query: AnnualReturnQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    listAnnualReturns({ companyId: scope.companyId, year: query.year }, deps),
});

export const getAnnualReturnRoute = defineCompanyAction({
  params: AnnualReturnPath,
  query: AnnualReturnQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    getAnnualReturn({ companyId: scope.companyId, modelType: params.modelType, year: query.year }, deps),
});
