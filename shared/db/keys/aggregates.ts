/**
 * Key builders of the running tax aggregates (issue 4, items 8 and 12), spread into `keys` by
 * `shared/db/keys.ts`. Every aggregate of a company lives in ONE partition of its own,
 * `COMPANY#<companyId>#TAXAGG` (kept out of the company partition, which holds its invoices), with
 * sort keys that start with the period, so:
 *  - a month (both books)   = one Query, `begins_with(sk, 'M#2026-03#')`;
 *  - a quarter (both books, tax keys, invoice types and counterparties) = `begins_with(sk, 'Q#2026-Q1#')`;
 *  - a year (its 4 quarters) = `begins_with(sk, 'Q#2026-')`.
 * Item kinds after `<period>#<book>#`: `K#<taxKey>` (by tax key), `T#<invoiceType>` (invoices by type)
 * and `C#<counterpartyKey>|<opKey>` (modelo 347/349 counterparties by operation key, grammar v2 in
 * shared/fiscal/aggregate-keys.ts), each optionally followed by `#<shard>` (issued invoices: their
 * series id), so confirmations in different series never touch the same item; reads sum the shards.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

type AggPeriodKind = 'M' | 'Q';
type AggSection = 'K' | 'T' | 'C';

const aggPk = (companyId: string) => `COMPANY#${enc(companyId)}#TAXAGG`;

/** One running aggregate: a (period, book, tax key | invoice type | counterparty) of a company. */
const taxAggregate = (
  companyId: string,
  periodKind: AggPeriodKind,
  period: string,
  book: string,
  section: AggSection,
  key: string,
  /** Writers that never contend otherwise (an issued invoice's series) get their own items. */
  shard?: string,
): Key => ({
  pk: aggPk(companyId),
  sk: `${periodKind}#${enc(period)}#${enc(book)}#${section}#${enc(key)}${shard ? `#${enc(shard)}` : ''}`,
});

export const aggregatesKeys = {
  taxAggregate,
  /** One counterparty aggregate: a (period, book, counterparty, operation key) of a company. */
  taxAggregateCounterparty: (
    companyId: string,
    periodKind: AggPeriodKind,
    period: string,
    book: string,
    counterpartyKey: string,
    opKey: string,
    shard?: string,
  ): Key => taxAggregate(companyId, periodKind, period, book, 'C', `${counterpartyKey}|${opKey}`, shard),
  /**
   * Every aggregate of a month ('2026-03'), a quarter ('2026-Q1') or a year ('2026' = its four
   * quarters): one Query with begins_with on this prefix.
   */
  taxAggregatePeriodPrefix: (companyId: string, period: string) => {
    const prefix = /^\d{4}$/.test(period)
      ? `Q#${period}-`
      : /-Q\d$/.test(period)
        ? `Q#${enc(period)}#`
        : `M#${enc(period)}#`;
    return { pk: aggPk(companyId), skPrefix: prefix };
  },
  /**
   * One section of a month's or quarter's aggregates of one book: `K` (by tax key), `T` (by invoice
   * type) or `C` (by counterparty). The 303 reads only the two `K` sections.
   */
  taxAggregateSectionPrefix: (companyId: string, period: string, book: string, section: AggSection) => {
    const kind = /-Q\d$/.test(period) ? 'Q' : 'M';
    return { pk: aggPk(companyId), skPrefix: `${kind}#${enc(period)}#${enc(book)}#${section}#` };
  },
  /** The last nightly check of a company's aggregates against its books (one item, overwritten). */
  taxAggregateCheck: (companyId: string): Key => ({ pk: aggPk(companyId), sk: 'CHECK#LATEST' }),
  /**
   * Every payment of a company's issued invoices (the sort keys of `keys.invoicePayment`,
   * `INVPAY#<invoiceId>#…`): the recompute rebuilds the cash-basis and cash aggregates from them
   * with one Query.
   */
  taxAggregatePaymentsPrefix: (companyId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: 'INVPAY#',
  }),
  /**
   * Every payment of a company's received invoices (the sort keys of `keys.receivedInvoicePayment`,
   * `RECINVPAY#<receivedInvoiceId>#…`): the recompute rebuilds the deductions they date under a
   * criterio de caja (the supplier's or the company's own) with one Query.
   */
  taxAggregateReceivedPaymentsPrefix: (companyId: string) => ({
    pk: `COMPANY#${enc(companyId)}`,
    skPrefix: 'RECINVPAY#',
  }),
} satisfies Record<string, (...args: never[]) => Key | Record<string, string>>;
