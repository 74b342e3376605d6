/**
 * The stored items of banking and treasury (issue 19) that more than one part of the domain reads:
 * bank accounts and movements (written by imports and syncs, read by reconciliation and treasury) and
 * the open items (written by the treasury projection, read by reconciliation, treasury and payment
 * orders). Keys: shared/db/keys/banking.ts. Items only one part uses are declared beside their store.
 * Money in integer céntimos; dates ISO (YYYY-MM-DD); instants ISO with time.
 */

/** Where a movement came from. */
export type MovementSource = 'N43' | 'PSD2';

/** Where a movement stands in reconciliation (set only by reconciliation's store). */
export type MovementReconciliationStatus = 'UNMATCHED' | 'PROPOSED' | 'MATCHED' | 'IGNORED';

export interface BankAccountItem {
  entity: 'BankAccount';
  schemaVersion: 1;
  companyId: string;
  accountId: string;
  /** Electronic format, no spaces, upper case (ES91 2100 0418 4502 0005 1332 -> ES9121000418450200051332). */
  iban: string;
  /** Entity code (positions 5-8 of a Spanish IBAN) and the bank's name from the Banco de España register. */
  bankCode: string | null;
  bankName: string | null;
  bic: string | null;
  alias: string;
  holderName: string | null;
  currency: string;
  /** The accounting account its movements post to (default '572'; a 572 sub-account when the company keeps one per bank). */
  accountingAccountCode: string;
  /** Balance as of `balanceDate`: the last closing balance imported or synced (N43 record 33, PSD2 balances). */
  balanceCents: number;
  balanceDate: string | null;
  /** How the account is fed: by N43 files, by an open-banking connection, or both. */
  feed: { n43: boolean; psd2ConnectionId: string | null };
  active: boolean;
  movementCount: number;
  unreconciledCount: number;
  lastMovementDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BankMovementItem {
  entity: 'BankMovement';
  schemaVersion: 1;
  companyId: string;
  accountId: string;
  /** `m` + bookingDate without dashes + 16 hex: the booking date is read back from the id (the sort key needs it). */
  movementId: string;
  bookingDate: string;
  valueDate: string;
  /** Signed: positive = money in (abono, N43 flag 2), negative = money out (cargo, flag 1). */
  amountCents: number;
  currency: string;
  /** N43 concepto común (2 digits, Annex 2) and concepto propio (3 chars, bank's own); null from PSD2 unless mapped. */
  commonConcept: string | null;
  ownConcept: string | null;
  documentNumber: string | null;
  reference1: string | null;
  reference2: string | null;
  /** The raw 23 records' text, in order (up to 5 lines of concept A + B), or the PSD2 remittance lines. */
  conceptLines: string[];
  /** One human description (what the list shows): the concepts joined, trimmed. */
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyNif: string | null;
  /** SEPA end-to-end id or mandate reference when the references carry one (returns are matched by it). */
  endToEndId: string | null;
  mandateId: string | null;
  source: MovementSource;
  /** The N43 import or the PSD2 connection that brought it. */
  sourceId: string;
  /** What the duplicate claim was made on (`keys.bankMovementClaim`). */
  fingerprint: string;
  reconciliation: {
    status: MovementReconciliationStatus;
    sessionId: string | null;
    matchId: string | null;
  };
  createdAt: string;
}

/** One due date of a document (an instalment). */
export interface OpenItemDueDate {
  dueDate: string;
  amountCents: number;
  /** What the payments (oldest due date first) cover of this instalment. */
  paidCents: number;
}

export interface OpenItemPayment {
  paymentId: string;
  date: string;
  amountCents: number;
  method: string;
}

/**
 * The treasury's view of one issued invoice (RECEIVABLE, kind INV) or received invoice (PAYABLE, kind
 * REC), kept state-based from the invoice events (a newer `version` replaces the item; an older one is
 * ignored). `gsi1` (`keys.openItemByDue`) is present only while `status` is OPEN.
 */
export interface OpenItem {
  entity: 'OpenItem';
  schemaVersion: 1;
  companyId: string;
  kind: 'INV' | 'REC';
  direction: 'RECEIVABLE' | 'PAYABLE';
  documentId: string;
  /** Invoice number (issued: series + number; received: the supplier's number). */
  number: string;
  issueDate: string;
  partyId: string | null;
  partyName: string;
  partyNif: string | null;
  /** The customer's or supplier's IBAN when known (payment orders, reconciliation by IBAN). */
  partyIban: string | null;
  partyEmail: string | null;
  /** What is to be collected or paid (the invoice's total minus withheld IRPF), signed as the invoice. */
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  dueDates: OpenItemDueDate[];
  /** The earliest due date with something unpaid (null when settled). */
  nextDueDate: string | null;
  payments: OpenItemPayment[];
  /** The payment method the document names (TRANSFER, DIRECT_DEBIT, CASH...), if any. */
  paymentMethod: string | null;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  /** The day the last payment settled it (for days-sales-outstanding and per-client delay). */
  settledDate: string | null;
  /** Monotonic per document (from the events): issued invoices' and received invoices' own versions. */
  version: number;
  updatedAt: string;
}
