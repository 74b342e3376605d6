/** The reports' pure model: statements, trial balance, year-end entries, report dates, the recompute. */

export { RESULT_ACCOUNT, type YearClosingLines, yearClosingLines } from './closing';
export * from './dates';
export { type AccountAmount, evaluateLayout, parseExpression } from './expressions';
export { balanceLayout, KPI, type LayoutLine, pygLayout } from './layouts';
export {
  entryMovements,
  type RecomputeEntry,
  type RecomputeOptions,
  recomputeFromEntries,
} from './recompute';
export {
  balanceSheet,
  balancesAtDate,
  type DateBalances,
  euros,
  incomeStatement,
  isPnlCode,
  type Movement,
  periodBalances,
} from './statements';
export { groupCode, type TrialMovement, trialBalance } from './trial-balance';
