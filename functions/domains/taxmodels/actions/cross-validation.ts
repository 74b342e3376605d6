/**
 * POST …/models/cross-validation `{ year }`: the year's models checked against each other and against
 * the books (model/cross-checks.ts). Each model is the stored one of its period, else what the books
 * give now (its preview); a period the company does not file is left out.
 *
 * The checks are the VAT models' (303 ↔ 390, 349 ↔ 303, 347 ↔ books). The income-tax returns (130,
 * 111, 115, 123, 216) have no counterpart among the models this domain files yet: their own identities
 * are checked by their definitions, and the year's 111/115/123/216 against the annual summaries
 * 190/180/193/296 belong here once those summaries are filed through it.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { isAppError } from '@shared/api/errors';
import {
  CrossValidationBody,
  type CrossValidationView,
  type ModelPreview,
  type TaxModelType,
} from '@shared/schemas/tax-models';
import { designOf, factsAt, previewModel, requirementOf, validPeriodsOf } from '../model/compute';
import { checks303vs390, checks347vsBooks, checks349vs303 } from '../model/cross-checks';
import { parties347 } from '../model/threshold347';
import { readAggregates, requireTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels, type StoredModel } from '../store/models';

export async function crossValidation(
  input: { companyId: string; year: number },
  deps: TaxModelsDeps,
): Promise<CrossValidationView> {
  const { companyId, year } = input;
  const profile = await requireTaxProfile(deps, companyId);
  const facts = factsAt(profile, `${year}-01-01`);
  const stored = new Map((await listModels(deps, companyId, { year })).map((m) => [m.modelId, m]));

  const modelOf = async (
    modelType: TaxModelType,
    period: string,
  ): Promise<ModelPreview | StoredModel | undefined> => {
    const s = stored.get(`${year}-${modelType}-${period}`);
    if (s) return s;
    try {
      return await previewModel(deps, { companyId, modelType, year, period });
    } catch (e) {
      // A period the company does not have (its profile changed in the year) or no design for it.
      if (isAppError(e) && (e.code === 'TAX_027' || e.code === 'TAX_023')) return undefined;
      throw e;
    }
  };
  const all = async (modelType: TaxModelType) => {
    const out: (ModelPreview | StoredModel)[] = [];
    for (const period of validPeriodsOf(profile, facts, modelType)) {
      const m = await modelOf(modelType, period);
      if (m) out.push(m);
    }
    return out;
  };

  const m303 = await all('303');
  const owes390 = requirementOf(profile, facts, '390') !== undefined;
  const m390 = owes390 || stored.has(`${year}-390-0A`) ? await modelOf('390', '0A') : undefined;
  const owes349 = requirementOf(profile, facts, '349') !== undefined;
  const m349 = owes349 ? await all('349') : [...stored.values()].filter((m) => m.modelType === '349');
  const owes347 = requirementOf(profile, facts, '347') !== undefined;
  const m347 = owes347 || stored.has(`${year}-347-0A`) ? await modelOf('347', '0A') : undefined;
  const books = await readAggregates(deps, companyId, String(year));

  const checks = [
    ...(m390 || owes390
      ? checks303vs390(
          m303,
          m390,
          m390 ? designOf('390', m390.design) : undefined,
          m303.filter((m) => stored.has(`${year}-303-${m.period}`)),
        )
      : []),
    ...checks349vs303(m349, m303),
    ...(owes347 || m347 ? checks347vsBooks(m347, parties347(books.aggregates, books.quarters)) : []),
  ];
  return {
    year,
    checks,
    summary: {
      ok: checks.filter((c) => c.status === 'OK').length,
      mismatches: checks.filter((c) => c.status === 'MISMATCH').length,
      notAvailable: checks.filter((c) => c.status === 'NOT_AVAILABLE').length,
    },
  };
}

export const crossValidationRoute = defineCompanyAction({
  body: CrossValidationBody,
  run: ({ scope, body }, deps: TaxModelsDeps) =>
    crossValidation({ companyId: scope.companyId, year: body.year }, deps),
});
