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
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
