/**
 * The face of the tax-aggregates library: the only module other code imports (infra/architecture.test.ts).
 * A store library (aggregate ADD items and period reads): only store/ and workers/ import it.
 */

export {
  type AggregateDelta,
  aggregateDeltas,
  aggregateRepairDeltas,
  aggregateUpdateItems,
  assertTransactionFits,
  deltaUpdateItem,
  type PeriodAggregates,
  readAggregateState,
  readAllAggregateItems,
  readPeriodAggregates,
  readPeriodBookSections,
  readPeriodTaxKeys,
  readQuarterlyAggregates,
  type StoredAggregateState,
} from './tax-aggregates';
