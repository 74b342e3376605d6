/**
 * Test support for the model definitions: aggregate lines written by hand with the key grammar of
 * ../aggregate-keys.ts (the way the books would record them), the inputs of a computation and an
 * earlier return made from a computation. Imported by tests only.
 */

import { defaultTaxProfileFacts, type TaxProfileFacts } from '../../schemas/tax-profile';
import {
  formatCashKey,
  formatIssuedKey,
  formatReceivedCashKey,
  formatReceivedKey,
  formatWithholdingKey,
  formatWithholdingOpKey,
  IRPF_KEY,
  type IssuedRegime,
  type ModMarker,
  type Region,
} from '../aggregate-keys';
import { type AggregateLine, type CounterpartyLine, deductibleBaseOf } from '../tax-aggregates';
import { WITHHOLDING_KIND_INFO, type WithholdingKind } from '../withholdings';
import type { ModuleActivity131 } from './model-131';
import { periodicityOfPeriod } from './periods';
import type {
  EarlierReturn,
  ModelAdjustments,
  ModelComputation,
  ModelInput,
  ModelPeriod,
  ModelResult,
  PeriodLines,
  TaxModelType,
} from './types';

const line = (
  taxKey: string,
  a: {
    base: number;
    vat?: number;
    recargo?: number;
    deductibleVat?: number;
    deductibleBase?: number;
    count?: number;
  },
): AggregateLine => {
  const vat = a.vat ?? 0;
  const recargo = a.recargo ?? 0;
  return {
    taxKey,
    baseCents: a.base,
    vatCents: vat,
    recargoCents: recargo,
    irpfCents: 0,
    deductibleVatCents: a.deductibleVat ?? 0,
    deductibleBaseCents: a.deductibleBase ?? 0,
    totalCents: a.base + vat + recargo,
    count: a.count ?? (a.base < 0 ? -1 : 1),
  };
};

/** An issued VAT-group line: `<operation>|<vat>|<recargo>|<region>|<mod>|<regime>`. */
export const issued = (
  operation: string,
  vatRateBp: number,
  amounts: { base: number; vat?: number; recargo?: number; count?: number },
  o: { recargoRateBp?: number; region?: Region; mod?: ModMarker; regime?: IssuedRegime } = {},
): AggregateLine =>
  line(
    formatIssuedKey({
      operation,
      vatRateBp,
      recargoRateBp: o.recargoRateBp ?? 0,
      region: o.region ?? 'ES',
      mod: o.mod ?? '0',
      regime: o.regime ?? 'G',
    }),
    amounts,
  );

/**
 * A received VAT-group line: `<kind>|<vat>|<recargo>|<C|I>|<mod>[|C]`; deductible VAT = VAT unless
 * given, deductible base as the books compute it (../tax-aggregates.ts `deductibleBaseOf`) unless given.
 * `regime` 'C': a supplier under the criterio de caja (the deduction comes from `receivedCash` lines).
 */
export const received = (
  kind: string,
  vatRateBp: number,
  amounts: { base: number; vat?: number; deductibleVat?: number; deductibleBase?: number; count?: number },
  o: { investmentGoods?: boolean; mod?: ModMarker; recargoRateBp?: number; regime?: IssuedRegime } = {},
): AggregateLine => {
  const vat = amounts.vat ?? 0;
  const deductibleVat = amounts.deductibleVat ?? vat;
  const deductibleBase =
    amounts.deductibleBase ??
    deductibleBaseOf({
      kind: kind as Parameters<typeof deductibleBaseOf>[0]['kind'],
      baseCents: amounts.base,
      vatCents: vat,
      deductibleVatCents: deductibleVat,
    });
  return line(
    formatReceivedKey({
      kind,
      vatRateBp,
      recargoRateBp: o.recargoRateBp ?? 0,
      investmentGoods: o.investmentGoods ?? false,
      mod: o.mod ?? '0',
      regime: o.regime ?? 'G',
    }),
    { ...amounts, deductibleVat, deductibleBase },
  );
};

/**
 * A received criterio de caja settlement (`CAJA|<kind>|<vat>|<recargo>|<C|I>`): what a payment (or the
 * deadline) makes deductible of a supplier's RECC invoice; deductible VAT = VAT and deductible base =
 * base unless given. Not an invoice: count 0.
 */
export const receivedCash = (
  vatRateBp: number,
  amounts: { base: number; vat: number; deductibleVat?: number; deductibleBase?: number },
  o: { kind?: string; investmentGoods?: boolean; recargoRateBp?: number } = {},
): AggregateLine =>
  line(
    formatReceivedCashKey({
      kind: o.kind ?? 'DOMESTIC',
      vatRateBp,
      recargoRateBp: o.recargoRateBp ?? 0,
      investmentGoods: o.investmentGoods ?? false,
    }),
    {
      ...amounts,
      deductibleVat: amounts.deductibleVat ?? amounts.vat,
      deductibleBase: amounts.deductibleBase ?? amounts.base,
      count: 0,
    },
  );

/** A criterio de caja settlement line (`CAJA|S1|<vat>|<recargo>`): not an invoice, count 0. */
export const cash = (
  vatRateBp: number,
  amounts: { base: number; vat: number; recargo?: number },
  recargoRateBp = 0,
) => line(formatCashKey({ operation: 'S1', vatRateBp, recargoRateBp }), { ...amounts, count: 0 });

/** The withholding line of a book (`IRPF`). */
export const irpf = (irpfCents: number): AggregateLine => ({
  taxKey: IRPF_KEY,
  baseCents: 0,
  vatCents: 0,
  recargoCents: 0,
  irpfCents,
  deductibleVatCents: 0,
  deductibleBaseCents: 0,
  totalCents: -irpfCents,
  count: 1,
});

export const periodLines = (
  issuedLines: AggregateLine[] = [],
  receivedLines: AggregateLine[] = [],
): PeriodLines => ({
  byKey: { ISSUED: issuedLines, RECEIVED: receivedLines },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
});

export const testFacts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  ...over,
});

export function modelInput(
  modelType: TaxModelType,
  year: number,
  period: ModelPeriod,
  o: {
    lines?: PeriodLines;
    quarters?: Record<string, PeriodLines>;
    facts?: Partial<TaxProfileFacts>;
    earlier?: EarlierReturn[];
    adjustments?: ModelAdjustments;
  } = {},
): ModelInput {
  return {
    modelType,
    year,
    period,
    company: { companyId: 'c-1', nif: '12345678Z', name: 'Marta Sánchez' },
    facts: testFacts(o.facts),
    periodicity: periodicityOfPeriod(period),
    aggregates: o.lines ?? periodLines(),
    ...(o.quarters ? { quarters: o.quarters } : {}),
    earlier: o.earlier ?? [],
    adjustments: o.adjustments ?? {},
  };
}

/** A computation as the return of an earlier period (what the store hands the next computation). */
export const asEarlier = (
  c: ModelComputation,
  status: EarlierReturn['status'] = 'SUBMITTED',
): EarlierReturn => ({
  modelType: c.modelType,
  year: c.year,
  period: c.period,
  boxes: c.boxes,
  result: c.result,
  status,
});

// --- withholdings (issue 15: 111, 115, 123, 216) -------------------------------------------------

/** One payment with withholding as the received book records it: kind, perception key, recipient, amounts. */
export interface WithheldPayment {
  kind: WithholdingKind;
  /** Perception key; default the kind's default key ('G01', '-'…). */
  key?: string;
  /** The recipient's counterparty key (a Spanish NIF, or `<country>:<type>:<value>`). */
  recipient: string;
  base: number;
  irpf: number;
  name?: string;
}

/** A typed withholding line of the RECEIVED book (`IRPF|<kind>|<key>`): base, withheld, invoices. */
export const withholdingLine = (
  kind: WithholdingKind,
  key: string,
  a: { base: number; irpf: number; count?: number },
): AggregateLine => ({
  taxKey: formatWithholdingKey({ kind, key }),
  baseCents: a.base,
  vatCents: 0,
  recargoCents: 0,
  irpfCents: a.irpf,
  deductibleVatCents: 0,
  deductibleBaseCents: 0,
  totalCents: -a.irpf,
  count: a.count ?? (a.base < 0 ? -1 : 1),
});

/** The counterparty line of a withholding's recipient (`W|<kind>|<key>`). */
export const withholdingRecipient = (
  kind: WithholdingKind,
  key: string,
  counterpartyKey: string,
  a: { base: number; irpf: number; count?: number; name?: string },
): CounterpartyLine => ({
  counterpartyKey,
  opKey: formatWithholdingOpKey({ kind, key }),
  name: a.name ?? counterpartyKey,
  country: counterpartyKey.includes(':') ? (counterpartyKey.split(':')[0] as string) : 'ES',
  baseCents: a.base,
  vatCents: 0,
  totalCents: a.base,
  count: a.count ?? (a.base < 0 ? -1 : 1),
  irpfCents: a.irpf,
});

/**
 * The period lines of received invoices with withholdings, summed per key and per recipient and key as the
 * running aggregates hold them (`other` VAT-group lines of the RECEIVED book go along unchanged).
 */
export function withholdingPeriod(
  payments: readonly WithheldPayment[],
  other: AggregateLine[] = [],
): PeriodLines {
  const byKey = new Map<string, AggregateLine>();
  const byCounterparty = new Map<string, CounterpartyLine>();
  for (const p of payments) {
    const key = p.key ?? WITHHOLDING_KIND_INFO[p.kind].defaultKey;
    const l = withholdingLine(p.kind, key, p);
    const k = byKey.get(l.taxKey);
    byKey.set(
      l.taxKey,
      k
        ? {
            ...k,
            baseCents: k.baseCents + l.baseCents,
            irpfCents: k.irpfCents + l.irpfCents,
            totalCents: k.totalCents + l.totalCents,
            count: k.count + l.count,
          }
        : l,
    );
    const c = withholdingRecipient(p.kind, key, p.recipient, {
      base: p.base,
      irpf: p.irpf,
      ...(p.name ? { name: p.name } : {}),
    });
    const id = `${c.counterpartyKey}|${c.opKey}`;
    const prev = byCounterparty.get(id);
    byCounterparty.set(
      id,
      prev
        ? {
            ...prev,
            baseCents: prev.baseCents + c.baseCents,
            totalCents: prev.totalCents + c.totalCents,
            count: prev.count + c.count,
            irpfCents: (prev.irpfCents ?? 0) + (c.irpfCents ?? 0),
          }
        : c,
    );
  }
  return {
    byKey: { ISSUED: [], RECEIVED: [...other, ...byKey.values()] },
    byCounterparty: { ISSUED: [], RECEIVED: [...byCounterparty.values()] },
    byInvoiceType: { ISSUED: [], RECEIVED: [] },
  };
}

/** A 131 activity (estimación objetiva): its IAE epigraph, module units × annual value per unit, deductions. */
export const moduleActivity = (
  activityCode: string,
  moduleUnits: number,
  unitValue: number,
  o: { deductions?: number; employees?: number; description?: string } = {},
): ModuleActivity131 => ({
  activityCode,
  moduleUnits,
  unitValue,
  deductions: o.deductions ?? 0,
  ...(o.employees !== undefined ? { employees: o.employees } : {}),
  ...(o.description !== undefined ? { description: o.description } : {}),
});

/** A stored return of an earlier period written by hand: its boxes and result. */
export const storedReturn = (
  modelType: TaxModelType,
  year: number,
  period: ModelPeriod,
  boxes: Record<string, number>,
  result: ModelResult,
  status: EarlierReturn['status'] = 'SUBMITTED',
): EarlierReturn => ({ modelType, year, period, boxes, result, status });
