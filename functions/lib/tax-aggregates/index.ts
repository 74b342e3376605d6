/**
 * The face of the tax-aggregates library: the only module other code imports (infra/architecture.test.ts).
 * A store library (aggregate ADD items and period reads): only store/ and workers/ import it.
 */

export {
  aggregateDeltas,
  aggregateUpdateItems,
  assertTransactionFits,
  type PeriodAggregates,
  readAllAggregateItems,
  readPeriodAggregates,
  readQuarterlyAggregates,
} from './tax-aggregates';
