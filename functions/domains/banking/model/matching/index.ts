/** The reconciliation matcher (pure): see propose.ts. */
export {
  accountItem,
  documentKey,
  type MovementProposals,
  POINTS,
  proposeMatches,
  scoreCandidates,
  suggestDifference,
} from './propose';
export { ACCOUNT_NAMES, accountLabel, directionOf, learnedPattern, RULE_POINTS } from './recurring';
export { findSubset } from './subset';
export * from './types';
