/**
 * The yearly figures a gestoría watches against their legal thresholds, from the running tax
 * aggregates of the invoices (issue 4 item 8; the tax domain's threshold alerts of issue 13 read the
 * same figures). Pure: the caller reads the aggregates (one Query, never the invoices) and passes them.
 */

import { isEuCountry } from '../schemas/countries';
import type { CounterpartyThresholdFigure, ThresholdStatisticsView } from '../schemas/tax-aggregates';
import type { AggregateLine, CounterpartyLine, InvoiceTypeLine, TaxBook } from './tax-aggregates';

/**
 * Large company ("gran empresa"): a volume of operations (art. 121 LIVA) above 6.010.121,04 € in the
 * previous year obliges to monthly VAT returns (RIVA, RD 1624/1992, art. 71.3) and, through them,
 * to the SII (RIVA art. 62.6).
 */
export const LARGE_COMPANY_THRESHOLD_CENTS = 601_012_104;
/** RD 1065/2007 (RGAT) art. 33: operations with one counterparty above 3.005,06 € a year go to modelo 347. */
export const MODELO_347_THRESHOLD_CENTS = 300_506;
/**
 * RD 1065/2007 (RGAT) art. 81: intra-EU deliveries and services above 50.000 € in the quarter (or in
 * any of the four before) oblige to a monthly modelo 349.
 */
export const MODELO_349_QUARTER_THRESHOLD_CENTS = 5_000_000;

/** The lines of one period (or of several summed), as the aggregates library reads them. */
export interface PeriodLines {
  byKey: Record<TaxBook, AggregateLine[]>;
  byCounterparty: Record<TaxBook, CounterpartyLine[]>;
  byInvoiceType: Record<TaxBook, InvoiceTypeLine[]>;
}

/** A year's aggregates: the year summed, and each of its quarters ('2026-Q1'…). */
export interface YearAggregates {
  year: PeriodLines & { itemsRead: number };
  quarters: Record<string, PeriodLines>;
}

const SIMPLIFIED_TYPES = new Set(['F2', 'R5']);
const INTRA_EU_RECEIVED = /^INTRA_EU_(GOODS|SERVICES)\|/;

/** A customer identified by an EU VAT number of another member state (an intra-EU operator). */
const isIntraEuOperator = (c: CounterpartyLine) =>
  c.country !== 'ES' && isEuCountry(c.country) && c.counterpartyKey.includes(':NIF_IVA:');

/** Modelo 347 declares Spanish counterparties only (intra-EU operations go to the 349). */
const declarable347 = (c: CounterpartyLine) => c.country === 'ES' && c.counterpartyKey !== 'SIN_IDENTIFICAR';

const above347 = (lines: CounterpartyLine[], who: string): CounterpartyThresholdFigure[] =>
  lines
    .filter((c) => declarable347(c) && c.totalCents > MODELO_347_THRESHOLD_CENTS)
    .sort((a, b) => b.totalCents - a.totalCents)
    .map((c) => ({
      label: `${who} ${c.name || c.counterpartyKey}: más de 3.005,06 € en el año (modelo 347)`,
      counterpartyKey: c.counterpartyKey,
      name: c.name,
      country: c.country,
      count: c.count,
      thresholdCents: MODELO_347_THRESHOLD_CENTS,
      valueCents: c.totalCents,
      exceeded: true,
    }));

/** Deliveries and services to intra-EU operators in a set of counterparty lines, céntimos of base. */
const intraIssued = (lines: CounterpartyLine[]) =>
  lines.filter(isIntraEuOperator).reduce((s, c) => s + c.baseCents, 0);

/**
 * Turnover against the large-company/SII threshold, modelo 347 counterparties, simplified invoices
 * and intra-EU operations (modelo 349, with the largest quarter against 50.000 €) of `year`.
 */
export function thresholdStatistics(year: string, aggregates: YearAggregates): ThresholdStatisticsView {
  const { year: y, quarters } = aggregates;
  const turnover = y.byKey.ISSUED.reduce((s, l) => s + l.baseCents, 0);
  const customers = above347(y.byCounterparty.ISSUED, 'Cliente');
  const suppliers = above347(y.byCounterparty.RECEIVED, 'Proveedor');
  const simplified = y.byInvoiceType.ISSUED.filter((t) => SIMPLIFIED_TYPES.has(t.invoiceType));
  const intraReceived = y.byKey.RECEIVED.filter((l) => INTRA_EU_RECEIVED.test(l.taxKey)).reduce(
    (s, l) => s + l.baseCents,
    0,
  );
  let largest: { quarter: string | null; valueCents: number } = { quarter: null, valueCents: 0 };
  for (const [quarter, q] of Object.entries(quarters)) {
    const v = intraIssued(q.byCounterparty.ISSUED);
    if (v > largest.valueCents) largest = { quarter, valueCents: v };
  }
  return {
    year,
    turnover: {
      label: 'Volumen de operaciones del año (gran empresa y SII obligatorio por encima de 6.010.121,04 €)',
      thresholdCents: LARGE_COMPANY_THRESHOLD_CENTS,
      valueCents: turnover,
      exceeded: turnover > LARGE_COMPANY_THRESHOLD_CENTS,
    },
    modelo347: {
      threshold: {
        label: 'Clientes y proveedores por encima de 3.005,06 € en el año (modelo 347)',
        thresholdCents: MODELO_347_THRESHOLD_CENTS,
        valueCents: Math.max(0, ...[...customers, ...suppliers].map((c) => c.valueCents)),
        exceeded: customers.length + suppliers.length > 0,
        count: customers.length + suppliers.length,
      },
      customers,
      suppliers,
    },
    simplifiedInvoices: {
      label: 'Facturas simplificadas emitidas en el año',
      thresholdCents: null,
      valueCents: simplified.reduce((s, t) => s + t.totalCents, 0),
      exceeded: false,
      count: simplified.reduce((s, t) => s + t.count, 0),
    },
    intraEu: {
      issued: {
        label: 'Entregas y servicios intracomunitarios del año (modelo 349)',
        thresholdCents: null,
        valueCents: intraIssued(y.byCounterparty.ISSUED),
        exceeded: false,
      },
      received: {
        label: 'Adquisiciones intracomunitarias del año (modelo 349)',
        thresholdCents: null,
        valueCents: intraReceived,
        exceeded: false,
      },
      largestQuarter: {
        label:
          'Operaciones intracomunitarias del trimestre mayor (más de 50.000 € obliga al modelo 349 mensual)',
        thresholdCents: MODELO_349_QUARTER_THRESHOLD_CENTS,
        valueCents: largest.valueCents,
        exceeded: largest.valueCents > MODELO_349_QUARTER_THRESHOLD_CENTS,
        quarter: largest.quarter,
      },
    },
    itemsRead: y.itemsRead,
  };
}
