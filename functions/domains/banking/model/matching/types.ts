/**
 * What the matcher reads (issue 19 item 3): the movements to reconcile, the candidates (the company's
 * open items and their payments, from the treasury projection), the learned rules and what the
 * session has already matched. Pure data: the store builds it, the bench generates it.
 */

import type { MovementDirection, RuleField } from '@shared/schemas/reconciliation';
import type { BankMovementItem, OpenItem } from '../../store/items';

export type MatchingMovement = Pick<
  BankMovementItem,
  | 'movementId'
  | 'bookingDate'
  | 'amountCents'
  | 'commonConcept'
  | 'description'
  | 'conceptLines'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'counterpartyNif'
  | 'reference1'
  | 'reference2'
  | 'endToEndId'
  | 'documentNumber'
>;

export type CandidateItem = Pick<
  OpenItem,
  | 'kind'
  | 'direction'
  | 'documentId'
  | 'number'
  | 'issueDate'
  | 'partyId'
  | 'partyName'
  | 'partyNif'
  | 'partyIban'
  | 'totalCents'
  | 'outstandingCents'
  | 'dueDates'
  | 'nextDueDate'
  | 'payments'
  | 'status'
>;

export interface MatchingRule {
  ruleId: string;
  pattern: string;
  field: RuleField;
  direction: MovementDirection | null;
  accountCode: string;
  label: string;
}

export interface MatchingOptions {
  /** A due date (or a payment's date) this many days from the booking date still scores. */
  dateWindowDays: number;
  /** A recorded payment this many days from the booking date may be the movement (LINK). */
  paymentWindowDays: number;
  /** Amount tolerance: at most this many céntimos... */
  toleranceCents: number;
  /** ...and at most this share of the outstanding (basis points). Both must hold. */
  toleranceBp: number;
  /** Best proposal shown from this score; alternatives from `alternativeMinScore`. */
  proposalMinScore: number;
  alternativeMinScore: number;
  maxAlternatives: number;
}

export const DEFAULT_MATCHING_OPTIONS: MatchingOptions = {
  dateWindowDays: 45,
  paymentWindowDays: 10,
  toleranceCents: 1_500,
  toleranceBp: 200,
  proposalMinScore: 60,
  alternativeMinScore: 30,
  maxAlternatives: 3,
};

/** The document an EndToEndId of ours collected (pain.008 order item -> its document). */
export interface EndToEndTarget {
  kind: 'INV' | 'REC';
  documentId: string;
}

export interface MatchingInput {
  movements: readonly MatchingMovement[];
  items: readonly CandidateItem[];
  rules: readonly MatchingRule[];
  /** Payments an approved session already reconciled (never linked again; a return may still remove them). */
  reconciledPaymentIds?: ReadonlySet<string>;
  /** Documents (`INV#id`, `REC#id`) and payments the session's matches already use: never proposed again. */
  usedDocuments?: ReadonlySet<string>;
  usedPayments?: ReadonlySet<string>;
  /** Our EndToEndIds (upper case) -> the document they collected. */
  endToEnd?: ReadonlyMap<string, EndToEndTarget>;
  options?: Partial<MatchingOptions>;
}
