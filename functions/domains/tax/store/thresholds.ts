/**
 * The year's threshold figures of a company, from the running tax aggregates the invoices write
 * (lib/tax-aggregates: one Query on the aggregates partition, never the invoices). Actions reach
 * the library only through this store (infra/architecture.test.ts).
 */

import { readQuarterlyAggregates } from '@functions/lib/tax-aggregates';
import { thresholdStatistics } from '@shared/fiscal/thresholds';
import type { ThresholdStatisticsView } from '@shared/schemas/tax-aggregates';
import type { TaxDeps } from './deps';

export async function readThresholdStatistics(
  deps: Pick<TaxDeps, 'db' | 'table'>,
  companyId: string,
  year: number,
): Promise<ThresholdStatisticsView> {
  const y = String(year);
  return thresholdStatistics(y, await readQuarterlyAggregates(deps, companyId, y));
}
