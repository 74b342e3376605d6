/**
 * Key builders of one area, spread into `keys` by `shared/db/keys.ts` (the only entry point
 * the code imports). Company-scoped items live under `COMPANY#<companyId>`.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

export const receivedInvoicesKeys = {
  /** A received invoice (libro registro de facturas recibidas) of a company. */
  receivedInvoice: (companyId: string, receivedInvoiceId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINV#${enc(receivedInvoiceId)}`,
  }),
  /**
   * gsi1: a company's received invoices by book date (accounting date, else issue date). The sort
   * key starts with the ISO date, so a period is one Query with BETWEEN (lists, totals, recompute).
   */
  receivedInvoiceByDate: (companyId: string, bookDate: string, receivedInvoiceId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#RECINVS`,
    gsi1sk: `${bookDate}#${enc(receivedInvoiceId)}`,
  }),
  receivedInvoiceByDatePartition: (companyId: string) => ({ gsi1pk: `COMPANY#${enc(companyId)}#RECINVS` }),
  /**
   * gsi2 (sparse, issue 19): received invoices in the book still PENDING or PARTIAL, by their
   * earliest due date not covered by the payments, for the `received-invoices-overdue` schedule.
   */
  receivedInvoiceDue: (dueDate: string, companyId: string, receivedInvoiceId: string) => ({
    gsi2pk: 'RECINVOICES#DUE',
    gsi2sk: `${dueDate}#${enc(companyId)}#${enc(receivedInvoiceId)}`,
  }),
  receivedInvoiceDuePartition: () => ({ gsi2pk: 'RECINVOICES#DUE' }),
  /**
   * Issue 19: the company's invoices and received invoices all carry due dates (the backfill of the
   * `received-invoices-overdue` schedule went through them); `version` is the backfill's.
   */
  dueDatesBackfill: (companyId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: 'DUEDATES#BACKFILL',
  }),
  /**
   * gsi1, sparse: a company's received-invoice drafts made from documents that are not in the book
   * yet (issue 17 item 3: nothing read is booked before a person approves it). Same sort key as the
   * book's (the draft's book date, else the day it was drafted), in its own partition, so nothing
   * that reads the book (lists, totals, recompute, tax models, SII) sees them; the list adds them
   * on request (`drafts`).
   */
  receivedInvoiceDraftByDate: (companyId: string, date: string, receivedInvoiceId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#RECINVDRAFTS`,
    gsi1sk: `${date}#${enc(receivedInvoiceId)}`,
  }),
  receivedInvoiceDraftByDatePartition: (companyId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#RECINVDRAFTS`,
  }),
  /**
   * A supplier's invoice number is registered once per supplier and year (written with the invoice,
   * moved in the correcting transaction, removed with it). `supplierKey` is the supplier id or, for
   * an inline supplier, its tax id key.
   */
  receivedInvoiceNumberClaim: (
    companyId: string,
    supplierKey: string,
    year: string,
    numberKey: string,
  ): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINVNUM#${enc(supplierKey)}#${year}#${enc(numberKey)}`,
  }),
  /**
   * How many received invoices a category holds (all time), changed in the transactions that
   * register, correct, re-categorise or delete them; `null` counts the uncategorised ones ('~' is
   * outside the id alphabet, so it cannot collide with a category id).
   */
  receivedInvoiceCategoryCount: (companyId: string, categoryId: string | null): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINVCAT#${categoryId === null ? '~NONE' : enc(categoryId)}`,
  }),
  receivedInvoiceCategoryCountPrefix: (companyId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: 'RECINVCAT#',
  }),
  /**
   * A payment of a received invoice (issue 16: the SII's RECC pagos under the criterio de caja); the
   * sort key orders them oldest first. Deleted payments stay (status DELETED) for their audit line.
   */
  receivedInvoicePayment: (
    companyId: string,
    receivedInvoiceId: string,
    createdAt: string,
    paymentId: string,
  ): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINVPAY#${enc(receivedInvoiceId)}#${createdAt}#${enc(paymentId)}`,
  }),
  receivedInvoicePaymentPrefix: (companyId: string, receivedInvoiceId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: `RECINVPAY#${enc(receivedInvoiceId)}#`,
  }),
  /**
   * An event of a received invoice (issue 16 for the SII; issue 18: every company's, for accounting,
   * with `reportsSii`), written in the transaction of the change it reports and published by the `invoice-events` stream consumer. Every such change writes
   * a new `version` of the invoice (or deletes the last one), so kind + version is unique.
   */
  receivedInvoiceEvent: (
    companyId: string,
    receivedInvoiceId: string,
    kind: string,
    version: number,
  ): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINVEVT#${enc(receivedInvoiceId)}#${enc(kind)}#${version}`,
  }),
  /**
   * Issue 17: the received-invoice draft made from a document's reading (written in the draft's own
   * transaction, so reading the same document twice never drafts twice); holds the first result and
   * the reading the draft was built from (a reviewer's corrections are applied to it).
   */
  receivedInvoiceDraftOfDocument: (companyId: string, documentId: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `RECINVDOC#${enc(documentId)}`,
  }),
  /**
   * Issue 17: the expense category last assigned to a supplier's received invoices (by supplier tax
   * id key), what its next invoice is put in.
   */
  supplierLearnedCategory: (companyId: string, taxIdKey: string): Key => ({
    pk: `COMPANY#${enc(companyId)}`,
    sk: `SUPPCAT#${enc(taxIdKey)}`,
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
