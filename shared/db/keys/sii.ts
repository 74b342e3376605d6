/**
 * Key builders of the SII (issue 16), spread into `keys` by `shared/db/keys.ts`. Every item lives in
 * the company's partition `COMPANY#<companyId>`.
 */

import type { SiiBook } from '../../schemas/sii';
import type { Key } from '../keys';
import { enc } from './encoding';

const pk = (companyId: string) => `COMPANY#${enc(companyId)}`;

export const siiKeys = {
  /** The company's SII configuration. */
  siiConfig: (companyId: string): Key => ({ pk: pk(companyId), sk: 'SII#CONFIG' }),
  /**
   * One record of one book (`SiiEntry`). `documentId` is the source invoice's id (issued or
   * received), followed for RECC payments and BI goods by `~` and the payment id or line number
   * (`siiDocumentId`); the sort key keeps one invoice's entries of a book together.
   */
  siiEntry: (companyId: string, book: SiiBook, documentId: string): Key => ({
    pk: pk(companyId),
    sk: `SII#ENTRY#${book}#${documentId.split('~').map(enc).join('#')}`,
  }),
  siiEntryPrefix: (companyId: string, book?: SiiBook) => ({
    pk: pk(companyId),
    skPrefix: book ? `SII#ENTRY#${book}#` : 'SII#ENTRY#',
  }),
  /** One invoice's entries of one book (its FE/FR record, or its RECC payments, BI goods). */
  siiEntriesOfInvoice: (companyId: string, book: SiiBook, invoiceId: string) => ({
    pk: pk(companyId),
    skPrefix: `SII#ENTRY#${book}#${enc(invoiceId)}`,
  }),
  /**
   * gsi1 on an entry (sparse, only while it has something to send or to resolve: QUEUED or SENT):
   * the company's pending records of one book, oldest first (`createdAt#documentId`).
   */
  siiPending: (companyId: string, book: SiiBook, createdAt: string, documentId: string) => ({
    gsi1pk: `${pk(companyId)}#SIIPENDING#${book}`,
    gsi1sk: `${createdAt}#${enc(documentId)}`,
  }),
  siiPendingPartition: (companyId: string, book: SiiBook) => ({
    gsi1pk: `${pk(companyId)}#SIIPENDING#${book}`,
  }),
  /**
   * gsi2 on an entry (sparse, while not final: NOT_SENT, QUEUED, SENT, REJECTED, PENDING_CORRECTION,
   * ERROR): every company's open records by deadline, for the sweep and the deadline alerts.
   */
  siiOpenGlobal: (deadline: string, companyId: string, book: SiiBook, documentId: string) => ({
    gsi2pk: 'SII#OPEN',
    gsi2sk: `${deadline}#${enc(companyId)}#${book}#${enc(documentId)}`,
  }),
  siiOpenGlobalPartition: () => ({ gsi2pk: 'SII#OPEN' }),
  /** One SOAP exchange; ids sort by time (`<ISO time>-<random>`), so the prefix lists newest last. */
  siiSubmission: (companyId: string, submissionId: string): Key => ({
    pk: pk(companyId),
    sk: `SII#SUB#${enc(submissionId)}`,
  }),
  siiSubmissionPrefix: (companyId: string) => ({ pk: pk(companyId), skPrefix: 'SII#SUB#' }),
  /** The sender's lease of one company (one sender at a time per company). */
  siiSender: (companyId: string): Key => ({ pk: pk(companyId), sk: 'SII#SENDER' }),
  /** An applied event (idempotent registration): one item per eventId, kept 30 days (ttl). */
  siiAppliedEvent: (companyId: string, eventId: string): Key => ({
    pk: pk(companyId),
    sk: `SII#EVENT#${enc(eventId)}`,
  }),
  /** A deadline alert sent for one entry at one step (urgent / overdue), once. */
  siiDeadlineAlert: (companyId: string, entryId: string, step: string): Key => ({
    pk: pk(companyId),
    sk: `SII#ALERT#${enc(entryId)}#${step}`,
  }),
};
