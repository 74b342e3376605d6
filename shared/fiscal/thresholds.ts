/**
 * The yearly figures a gestoría watches against their legal thresholds, from the running tax
 * aggregates of the invoices (issue 4 item 8; the tax domain's threshold alerts of issue 13 read the
 * same figures). Pure: the caller reads the aggregates (one Query, never the invoices) and passes them.
 * Counterparty figures follow the operation keys of aggregate grammar v2 (aggregate-keys.ts): the 347
 * from the 347A/347B lines, intra-EU operations from the 349 lines (bases).
 */

import type { CounterpartyThresholdFigure, ThresholdStatisticsView } from '../schemas/tax-aggregates';
import { parseOpKey } from './aggregate-keys';
import {
  type AggregateLine,
  type CounterpartyLine,
  type InvoiceTypeLine,
  invoiceLines,
  type TaxBook,
  UNIDENTIFIED_COUNTERPARTY,
} from './tax-aggregates';

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

/** The lines of one counterparty operation family and key (aggregate grammar v2, aggregate-keys.ts). */
const linesOf = (lines: readonly CounterpartyLine[], family: '347' | '349', opKeys: readonly string[]) =>
  lines.filter((c) => {
    const op = parseOpKey(c.opKey);
    return op?.family === family && opKeys.includes(op.key);
  });

/** Modelo 347 (347A/347B lines): a counterparty's yearly total, VAT included, over all its lines. */
function per347Counterparty(lines: readonly CounterpartyLine[]): CounterpartyLine[] {
  const by = new Map<string, CounterpartyLine>();
  for (const c of lines) {
    if (c.counterpartyKey === UNIDENTIFIED_COUNTERPARTY) continue;
    const cur = by.get(c.counterpartyKey) ?? { ...c, baseCents: 0, vatCents: 0, totalCents: 0, count: 0 };
    cur.baseCents += c.baseCents;
    cur.vatCents += c.vatCents;
    cur.totalCents += c.totalCents;
    cur.count += c.count;
    if (c.name) cur.name = c.name;
    by.set(c.counterpartyKey, cur);
  }
  return [...by.values()];
}

const above347 = (lines: CounterpartyLine[], who: string): CounterpartyThresholdFigure[] =>
  per347Counterparty(lines)
    .filter((c) => c.totalCents > MODELO_347_THRESHOLD_CENTS)
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

/** Σ of the bases of some 349 lines (rectifications of earlier periods included: they are differences). */
const bases349 = (lines: readonly CounterpartyLine[], opKeys: readonly string[]) =>
  linesOf(lines, '349', opKeys).reduce((s, c) => s + c.baseCents, 0);

/** Deliveries (E), triangular operations (T) and services (S) to intra-EU operators, céntimos of base. */
const intraIssued = (lines: CounterpartyLine[]) => bases349(lines, ['E', 'T', 'S']);

/**
 * Turnover against the large-company/SII threshold, modelo 347 counterparties, simplified invoices
 * and intra-EU operations (modelo 349, with the largest quarter against 50.000 €) of `year`.
 */
export function thresholdStatistics(year: string, aggregates: YearAggregates): ThresholdStatisticsView {
  const { year: y, quarters } = aggregates;
  // The cash-basis settlements repeat invoices already counted: not turnover.
  const turnover = invoiceLines(y.byKey.ISSUED).reduce((s, l) => s + l.baseCents, 0);
  const customers = above347(linesOf(y.byCounterparty.ISSUED, '347', ['B']), 'Cliente');
  const suppliers = above347(linesOf(y.byCounterparty.RECEIVED, '347', ['A']), 'Proveedor');
  const simplified = y.byInvoiceType.ISSUED.filter((t) => SIMPLIFIED_TYPES.has(t.invoiceType));
  const intraReceived = bases349(y.byCounterparty.RECEIVED, ['A', 'I']);
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
