/**
 * The running tax aggregates this domain's actions read (lib/tax-aggregates): actions reach a store
 * library only through their own store/ (infra/architecture.test.ts).
 */

export {
  type PeriodAggregates,
  readPeriodAggregates,
  readQuarterlyAggregates,
} from '@functions/lib/tax-aggregates';
