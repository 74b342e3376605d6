/**
 * Contracts of the running tax aggregates (issue 4, items 8 and 12; issue 14 item 1) and the yearly
 * threshold statistics a gestoría watches (item 4). Figures in céntimos; see
 * shared/fiscal/aggregate-keys.ts for the key grammar (v2).
 */

import * as z from 'zod';
import type {
  AggregateLine,
  CounterpartyLine,
  InvoiceTypeLine,
  TaxKeyTotals,
} from '../fiscal/tax-aggregates';

export const TaxAggregatesQuery = z.object({
  period: z
    .string()
    .trim()
    .regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, {
      message: 'El periodo debe ser un mes (2026-03), un trimestre (2026-Q1) o un año (2026).',
    }),
});
export type TaxAggregatesQuery = z.infer<typeof TaxAggregatesQuery>;

export interface TaxBookAggregates {
  byKey: AggregateLine[];
  byInvoiceType: InvoiceTypeLine[];
  /**
   * Σ of the invoices' lines (the cash-basis settlements `CAJA|…` are not summed: they repeat
   * invoices already counted); `count` = invoices in the book and period (rectificativas included).
   */
  totals: TaxKeyTotals;
}

export interface TaxAggregatesView {
  period: string;
  issued: TaxBookAggregates;
  received: TaxBookAggregates;
  /** By customer (issued) and supplier (received) and operation key (347B, 349E, CASH@2026…). */
  byCounterparty: { issued: CounterpartyLine[]; received: CounterpartyLine[] };
  /** DynamoDB items the single Query read (a handful, whatever the number of invoices). */
  itemsRead: number;
}

export const ThresholdStatisticsQuery = z.object({
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { message: 'El año debe tener cuatro cifras (2026).' }),
});
export type ThresholdStatisticsQuery = z.infer<typeof ThresholdStatisticsQuery>;

/** One figure against its legal threshold; `thresholdCents` null when the figure has none. */
export interface ThresholdFigure {
  label: string;
  thresholdCents: number | null;
  valueCents: number;
  exceeded: boolean;
}

export interface CounterpartyThresholdFigure extends ThresholdFigure {
  counterpartyKey: string;
  name: string;
  country: string;
  count: number;
}

export interface ThresholdStatisticsView {
  year: string;
  /** Issued base of the year against the large company / SII threshold (6.010.121,04 €). */
  turnover: ThresholdFigure;
  /** Modelo 347: Spanish counterparties whose yearly total (VAT included) exceeds 3.005,06 €. */
  modelo347: {
    threshold: ThresholdFigure & { count: number };
    customers: CounterpartyThresholdFigure[];
    suppliers: CounterpartyThresholdFigure[];
  };
  /** Simplified invoices (F2, and R5 rectifying them) issued in the year. */
  simplifiedInvoices: ThresholdFigure & { count: number };
  /** Modelo 349: intra-EU operations, yearly totals and the largest quarter against 50.000 €. */
  intraEu: {
    issued: ThresholdFigure;
    received: ThresholdFigure;
    /** Deliveries and services to EU operators in the largest quarter: above 50.000 € → monthly 349. */
    largestQuarter: ThresholdFigure & { quarter: string | null };
  };
  itemsRead: number;
}
