/**
 * Key builders of accounting (issue 18), spread into `keys` by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `COMPANY#<c>`: the company's accounting settings and its backfill progress;
 *  - `CHART#<c>`: the chart of accounts (one item per account, sorted by code), the party ->
 *    sub-account claims and the sub-account counters;
 *  - `JOURNAL#<c>`: the entries (by id), the entry-number counters per year, and each source
 *    document's posting state (what is posted for it, at which version of the document);
 *  - `LEDGERLINE#<c>#<code>`: one item per line posted to the account, by date (the ledger);
 *  - `LEDGERAGG#<c>#<year>`: per-account month aggregates (debit, credit, count), maintained in the
 *    posting transaction, which the balance sheet, P&L and trial balance read instead of entries.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const company = (companyId: string) => `COMPANY#${enc(companyId)}`;
const chart = (companyId: string) => `CHART#${enc(companyId)}`;
const journal = (companyId: string) => `JOURNAL#${enc(companyId)}`;

/** Aggregates: C = the PGC account (sub-accounts roll up into it), S = the sub-account itself. */
export type AggregateLevel = 'C' | 'S';
/** Aggregates by entry kind: N normal, R regularisation, C closing, O opening. */
export type AggregateKind = 'N' | 'R' | 'C' | 'O';

/**
 * The source key of an automatic posting: the document it follows (issued invoice `INV#`, its payment
 * `PAY#`, received invoice `REC#`, its payment `RPAY#`); `documentPosting` keys its state by it.
 */
export const postingSourceKey = {
  issuedInvoice: (invoiceId: string) => `INV#${enc(invoiceId)}`,
  issuedPayment: (paymentId: string) => `PAY#${enc(paymentId)}`,
  receivedInvoice: (receivedInvoiceId: string) => `REC#${enc(receivedInvoiceId)}`,
  receivedPayment: (paymentId: string) => `RPAY#${enc(paymentId)}`,
  /** A bank movement's reconciliation posting (issue 19: its fee, difference or account assignment). */
  bankMovement: (movementId: string) => `BNK#${enc(movementId)}`,
} as const;

export const accountingKeys = {
  accountingSettings: (companyId: string): Key => ({ pk: company(companyId), sk: 'ACCOUNTING#SETTINGS' }),
  /** Progress of the backfill of a company's stored documents (cursor per source, finishedAt). */
  accountingBackfill: (companyId: string): Key => ({ pk: company(companyId), sk: 'ACCOUNTING#BACKFILL' }),

  account: (companyId: string, code: string): Key => ({ pk: chart(companyId), sk: `ACC#${code}` }),
  accountPrefix: (companyId: string, codePrefix = '') => ({
    pk: chart(companyId),
    skPrefix: `ACC#${codePrefix}`,
  }),
  /** The sub-account of one customer/supplier/creditor: claimed once, so two postings never create two. */
  partyAccount: (companyId: string, kind: string, partyKey: string): Key => ({
    pk: chart(companyId),
    sk: `PARTY#${kind}#${enc(partyKey)}`,
  }),
  /** The last sub-account number given under a PGC account. */
  subAccountCounter: (companyId: string, parentCode: string): Key => ({
    pk: chart(companyId),
    sk: `SEQ#${parentCode}`,
  }),

  journalEntry: (companyId: string, entryId: string): Key => ({
    pk: journal(companyId),
    sk: `ENTRY#${enc(entryId)}`,
  }),
  journalEntryPrefix: (companyId: string) => ({ pk: journal(companyId), skPrefix: 'ENTRY#' }),
  /** gsi1 on an entry: the journal by date, then number. */
  journalByDate: (companyId: string, entryDate: string, entryNumber: number, entryId: string) => ({
    gsi1pk: `${journal(companyId)}#DATE`,
    gsi1sk: `${entryDate}#${String(entryNumber).padStart(9, '0')}#${enc(entryId)}`,
  }),
  journalByDatePartition: (companyId: string) => ({ gsi1pk: `${journal(companyId)}#DATE` }),
  /** The last entry number of a fiscal year (numbers are never reused). */
  entryNumberCounter: (companyId: string, year: number): Key => ({
    pk: journal(companyId),
    sk: `SEQ#${year}`,
  }),
  /** What is posted for one source document (`sourceKey`: e.g. `INV#<invoiceId>`, `RPAY#<paymentId>`). */
  documentPosting: (companyId: string, sourceKey: string): Key => ({
    pk: journal(companyId),
    sk: `DOC#${sourceKey.split('#').map(enc).join('#')}`,
  }),
  documentPostingPrefix: (companyId: string) => ({ pk: journal(companyId), skPrefix: 'DOC#' }),

  ledgerLine: (
    companyId: string,
    accountCode: string,
    entryDate: string,
    entryId: string,
    lineNumber: number,
  ): Key => ({
    pk: `LEDGERLINE#${enc(companyId)}#${accountCode}`,
    sk: `${entryDate}#${enc(entryId)}#${String(lineNumber).padStart(3, '0')}`,
  }),
  ledgerLinePartition: (companyId: string, accountCode: string) => ({
    pk: `LEDGERLINE#${enc(companyId)}#${accountCode}`,
  }),

  /** month: 1-12. */
  ledgerAggregate: (
    companyId: string,
    year: number,
    level: AggregateLevel,
    month: number,
    kind: AggregateKind,
    accountCode: string,
  ): Key => ({
    pk: `LEDGERAGG#${enc(companyId)}#${year}`,
    sk: `${level}#${String(month).padStart(2, '0')}#${kind}#${accountCode}`,
  }),
  ledgerAggregatePartition: (companyId: string, year: number) => ({
    pk: `LEDGERAGG#${enc(companyId)}#${year}`,
  }),
} as const;
