/** How stored models are answered: without the internal write revision. Pure. */

import type { PublishedModelView, TaxModelView } from '@shared/schemas/tax-models';
import type { StoredModel } from '../store/models';

export const toModelView = ({ revision: _revision, ...model }: StoredModel): TaxModelView => model;

/** Newest period first: year, then the period's position (0A last of its year, months before quarters). */
export function byPeriodDesc(a: Pick<TaxModelView, 'year' | 'period' | 'modelType'>, b: typeof a): number {
  if (a.year !== b.year) return b.year - a.year;
  const rank = (p: string) => (p === '0A' ? 99 : /T$/.test(p) ? Number(p[0]) * 3 + 0.5 : Number(p));
  return rank(b.period) - rank(a.period) || a.modelType.localeCompare(b.modelType);
}

export function toPublishedView(m: StoredModel): PublishedModelView {
  return {
    modelId: m.modelId,
    modelType: m.modelType,
    year: m.year,
    period: m.period,
    result: m.result,
    status: m.status,
    reference: m.reference,
    submittedAt: m.submittedAt,
    publishedAt: m.publishedAt ?? m.updatedAt,
  };
}
