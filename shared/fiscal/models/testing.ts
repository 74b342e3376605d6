/**
 * Test support for the model definitions: aggregate lines written by hand with the key grammar of
 * ../aggregate-keys.ts (the way the books would record them), the inputs of a computation and an
 * earlier return made from a computation. Imported by tests only.
 */

import { defaultTaxProfileFacts, type TaxProfileFacts } from '../../schemas/tax-profile';
import {
  formatCashKey,
  formatIssuedKey,
  formatReceivedKey,
  IRPF_KEY,
  type IssuedRegime,
  type ModMarker,
  type Region,
} from '../aggregate-keys';
import { type AggregateLine, deductibleBaseOf } from '../tax-aggregates';
import { periodicityOfPeriod } from './periods';
import type {
  EarlierReturn,
  ModelAdjustments,
  ModelComputation,
  ModelInput,
  ModelPeriod,
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
 * A received VAT-group line: `<kind>|<vat>|<recargo>|<C|I>|<mod>`; deductible VAT = VAT unless given,
 * deductible base as the books compute it (../tax-aggregates.ts `deductibleBaseOf`) unless given.
 */
export const received = (
  kind: string,
  vatRateBp: number,
  amounts: { base: number; vat?: number; deductibleVat?: number; deductibleBase?: number; count?: number },
  o: { investmentGoods?: boolean; mod?: ModMarker; recargoRateBp?: number } = {},
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
    }),
    { ...amounts, deductibleVat, deductibleBase },
  );
};

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
