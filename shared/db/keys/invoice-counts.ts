/**
 * Key builders of the issued-invoice counters (issue 11, item 10), spread into `keys` by
 * `shared/db/keys.ts`. The counters give the invoice list its total without counting invoices:
 * every write that adds an invoice to a company's by-date index (`keys.invoiceByDate`), removes one
 * or moves one to another date ADDs ±1 to three items of the company's counter partition
 * `COMPANY#<companyId>#INVCOUNT`, in the same transaction:
 *  - `ALL`: every invoice of the company (the list without a date range: one GetItem);
 *  - `M#<yyyy-mm>`: the invoices dated in that month;
 *  - `D#<yyyy-mm-dd>`: the invoices dated that day.
 * A date range is the months it covers whole plus the days of its partial edge months: at most
 * three Queries of a few dozen small items, whatever the number of invoices.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const countPk = (companyId: string) => `COMPANY#${enc(companyId)}#INVCOUNT`;

export const invoiceCountsKeys = {
  /** Every issued invoice (drafts included) of a company. */
  invoiceCountAll: (companyId: string): Key => ({ pk: countPk(companyId), sk: 'ALL' }),
  /** The company's invoices dated in a month (`yyyy-mm`). */
  invoiceCountMonth: (companyId: string, month: string): Key => ({
    pk: countPk(companyId),
    sk: `M#${month}`,
  }),
  /** The company's invoices dated on a day (`yyyy-mm-dd`). */
  invoiceCountDay: (companyId: string, day: string): Key => ({ pk: countPk(companyId), sk: `D#${day}` }),
  /** The counter partition, for Queries over month or day sort keys. */
  invoiceCountPartition: (companyId: string) => ({ pk: countPk(companyId) }),
};
