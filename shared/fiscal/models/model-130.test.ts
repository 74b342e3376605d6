import { describe, expect, it } from 'vitest';
import type { TaxProfileFacts } from '../../schemas/tax-profile';
import { formatWithholdingKey } from '../aggregate-keys';
import type { AggregateLine } from '../tax-aggregates';
import { decodeLatin1, parseFixedWidth, selfAssessmentEnvelope, writeSelfAssessment } from './aeat-file';
import { computeModel, designFor } from './index';
import { page130_01_v2015 } from './layouts/130';
import { allowedResultTypes130, compute130, design130v2015, previousYearReduction } from './model-130';
import { asEarlier, cash, irpf, issued, modelInput, periodLines, received, receivedCash } from './testing';
import type { EarlierReturn, ModelAdjustments, ModelComputation, PeriodLines } from './types';

/** A withholding we made on a received invoice (`IRPF|<kind>|<key>`): never a 130 amount. */
const withheld = (kind: string, key: string, base: number, irpfCents: number): AggregateLine => ({
  taxKey: formatWithholdingKey({ kind, key }),
  baseCents: base,
  vatCents: 0,
  recargoCents: 0,
  irpfCents,
  deductibleVatCents: 0,
  deductibleBaseCents: 0,
  totalCents: -irpfCents,
  count: 1,
});

/** Previous year's net activity income above 12.000 €: no [13] reduction. */
const ABOVE_12000 = 2_500_000;

type Options = {
  quarters: Record<string, PeriodLines>;
  earlier?: EarlierReturn[];
  adjustments?: ModelAdjustments;
  previousYearNetIncomeCents?: number | null;
  facts?: Partial<TaxProfileFacts>;
  year?: number;
};

function compute(period: string, o: Options): ModelComputation {
  const input = modelInput('130', o.year ?? 2025, period, {
    quarters: o.quarters,
    lines: o.quarters[period] ?? periodLines(),
    earlier: o.earlier ?? [],
    adjustments: o.adjustments ?? {},
    ...(o.facts ? { facts: o.facts } : {}),
  });
  return computeModel({
    ...input,
    ...(o.previousYearNetIncomeCents !== undefined
      ? { previousYearNetIncomeCents: o.previousYearNetIncomeCents }
      : {}),
  });
}

/** Only the income of a quarter (S1 21 %), with no expense and no withholding. */
const incomeOnly = (base: number) =>
  periodLines([issued('S1', 2100, { base, vat: Math.round(base * 0.21) })]);

// ---------------------------------------------------------------------------------------------------------
// Reference worked example (tax-models.md §5): an IT consultant in estimación directa simplificada, 2025

/** Q1: income 8.000, expenses 3.300 (2.400 of invoices + 900 RETA), withholdings borne 750. */
const Q1 = periodLines(
  [issued('S1', 2100, { base: 800_000, vat: 168_000 }), irpf(75_000)],
  [
    received('DOMESTIC', 2100, { base: 180_000, vat: 37_800 }),
    received('DOMESTIC', 2100, { base: 60_000, vat: 12_600 }),
  ],
);

/** Q2: F-011..F-014 (9.000 at 21 %, 750 withheld), rent + telecom + designer (3.040 at 21 %), a book (100 at 4 %). */
const Q2 = periodLines(
  [issued('S1', 2100, { base: 900_000, vat: 189_000 }), irpf(75_000)],
  [
    received('DOMESTIC', 2100, { base: 304_000, vat: 63_840 }),
    received('DOMESTIC', 400, { base: 10_000, vat: 400 }),
    // What the consultant withheld from the designer (111) and the landlord (115): not a 130 amount.
    withheld('PROFESSIONAL', 'G01', 100_000, 15_000),
    withheld('RENT', '-', 180_000, 34_200),
  ],
);

const EXAMPLE = { '1T': Q1, '2T': Q2 };

describe('modelo 130: the reference worked example (Q1 and Q2 2025)', () => {
  const q1 = compute('1T', {
    quarters: EXAMPLE,
    adjustments: { otherExpensesCents: 90_000 },
    previousYearNetIncomeCents: ABOVE_12000,
  });

  it('Q1: [02] 3.300 + 5 % × 4.700 = 3.535,00; [03] 4.465,00; [04] 893,00; [06] 750,00; [07] 143,00', () => {
    expect(q1.design).toBe('130-2015');
    expect(q1.boxes).toMatchObject({
      '01': 800_000,
      '02': 353_500,
      '03': 446_500,
      '04': 89_300,
      '05': 0,
      '06': 75_000,
      '07': 14_300,
      '19': 14_300,
    });
    expect(q1.result).toEqual({ type: 'I', amountCents: 14_300 });
  });

  it('Q2: [01] 17.000,00 … [19] 192,40, result I', () => {
    const q2 = compute('2T', {
      quarters: EXAMPLE,
      earlier: [asEarlier(q1)],
      adjustments: { otherExpensesCents: 180_000 },
      previousYearNetIncomeCents: ABOVE_12000,
    });
    expect(q2.boxes).toEqual({
      '01': 1_700_000,
      '02': 782_300, // 7.340,00 real + 483,00 (5 % of 9.660,00)
      '03': 917_700,
      '04': 183_540,
      '05': 14_300,
      '06': 150_000,
      '07': 19_240,
      '08': 0,
      '09': 0,
      '10': 0,
      '11': 0,
      '12': 19_240,
      '13': 0,
      '14': 19_240,
      '15': 0,
      '16': 0,
      '17': 19_240,
      '18': 0,
      '19': 19_240,
    });
    expect(q2.result).toEqual({ type: 'I', amountCents: 19_240 });
    expect(q2.allowedResultTypes).toEqual(['I', 'U', 'G']);
    expect(q2.issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
  });

  it('lists the keys behind [01], [02] and [06] over the year to date (the withholding keys of the received book are not among them)', () => {
    const q2 = compute('2T', { quarters: EXAMPLE, earlier: [asEarlier(q1)] });
    expect(q2.sources).toEqual({
      '01': ['ISSUED:S1|2100|0|ES|0|G'],
      '02': ['RECEIVED:DOMESTIC|2100|0|C|0', 'RECEIVED:DOMESTIC|400|0|C|0'],
      '06': ['ISSUED:IRPF'],
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// [01] and [02] from the books

describe('modelo 130: income and expenses from the books', () => {
  it('[01] takes every issued operation, rectificativas signed, and skips the criterio de caja settlements', () => {
    const q = periodLines([
      issued('S1', 2100, { base: 100_000, vat: 21_000 }),
      issued('S1', 2100, { base: -20_000, vat: -4_200 }, { mod: 'Q' }),
      issued('E5', 0, { base: 30_000 }, { region: 'EU' }),
      issued('S1', 2100, { base: 50_000, vat: 10_500 }, { regime: 'C' }),
      cash(2100, { base: 50_000, vat: 10_500 }),
    ]);
    const c = compute('1T', {
      quarters: { '1T': q },
      adjustments: { otherIncomeCents: 5_000, applyDifficultJustification: false },
    });
    expect(c.boxes['01']).toBe(100_000 - 20_000 + 30_000 + 50_000 + 5_000);
    expect(c.sources['01']).not.toContain('ISSUED:CAJA|S1|2100|0');
  });

  it("[02]: a supplier's criterio de caja changes nothing (the expense is its invoice; its payments only date the VAT deduction)", () => {
    const general = periodLines(
      [],
      [received('DOMESTIC', 2100, { base: 10_000, vat: 2_100, deductibleVat: 1_050 })],
    );
    const caja = periodLines(
      [],
      [
        received('DOMESTIC', 2100, { base: 10_000, vat: 2_100, deductibleVat: 1_050 }, { regime: 'C' }),
        receivedCash(2100, { base: 5_000, vat: 1_050, deductibleVat: 525, deductibleBase: 2_500 }),
      ],
    );
    const a = compute('1T', { quarters: { '1T': general } });
    const b = compute('1T', { quarters: { '1T': caja } });
    expect(b.boxes['02']).toBe(a.boxes['02']);
    expect(b.boxes['02']).toBe(10_000 + 1_050);
    expect(b.issues.map((i) => i.code)).not.toContain('UNKNOWN_KEY');
  });

  it('[02] adds the VAT and recargo not deducted, skips investment goods, and keeps a fully deducted self-assessed VAT out', () => {
    const q = periodLines(
      [issued('S1', 2100, { base: 1_000_000, vat: 210_000 })],
      [
        // a car expense with half its VAT deductible: the other half is a cost
        received('DOMESTIC', 2100, { base: 10_000, vat: 2_100, deductibleVat: 1_050 }),
        // recargo de equivalencia paid by a retailer is never deducted
        received('DOMESTIC', 2100, { base: 20_000, vat: 4_200, deductibleVat: 0 }, { recargoRateBp: 520 }),
        // inversión del sujeto pasivo and an intra-EU service: charged and deducted
        received('REVERSE_CHARGE', 2100, { base: 30_000, vat: 6_300 }),
        received('INTRA_EU_SERVICES', 2100, { base: 40_000, vat: 8_400 }),
        // a computer (bien de inversión): amortised through otherExpensesCents
        received('DOMESTIC', 2100, { base: 150_000, vat: 31_500 }, { investmentGoods: true }),
        // a rectificativa of an earlier quarter reduces the expenses
        received('DOMESTIC', 2100, { base: -5_000, vat: -1_050 }, { mod: 'Q' }),
      ],
    );
    // the recargo line: add it by hand (the builder has no recargo amount for received lines)
    const lines = q.byKey.RECEIVED.map((l) =>
      l.taxKey === 'DOMESTIC|2100|520|C|0'
        ? { ...l, recargoCents: 1_040, totalCents: l.totalCents + 1_040 }
        : l,
    );
    const c = compute('1T', {
      quarters: { '1T': { ...q, byKey: { ...q.byKey, RECEIVED: lines } } },
      adjustments: { otherExpensesCents: 30_000, applyDifficultJustification: false },
    });
    const bases = 10_000 + 20_000 + 30_000 + 40_000 - 5_000;
    const notDeducted = 1_050 + 4_200 + 1_040;
    expect(c.boxes['02']).toBe(bases + notDeducted + 30_000);
    expect(c.sources['02']).not.toContain('RECEIVED:DOMESTIC|2100|0|I|0');
  });

  it('[02] leaves the share of the VAT the prorrata does not deduct as a cost', () => {
    const q = periodLines([], [received('DOMESTIC', 2100, { base: 100_000, vat: 21_000 })]);
    const c = compute('1T', {
      quarters: { '1T': q },
      facts: { prorrataBp: 6_000 },
      adjustments: { applyDifficultJustification: false },
    });
    expect(c.boxes['02']).toBe(100_000 + 21_000 - 12_600);
  });

  it('warns about a key no box recognises', () => {
    const q = periodLines([{ ...issued('S1', 2100, { base: 1_000 }), taxKey: 'S1|21' }]);
    const c = compute('1T', { quarters: { '1T': q } });
    expect(c.issues).toContainEqual(
      expect.objectContaining({ code: 'UNKNOWN_KEY', field: 'ISSUED:S1|21', severity: 'WARNING' }),
    );
    expect(c.boxes['01']).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The provision for hard-to-justify expenses

describe('modelo 130: provision for hard-to-justify expenses (art. 30.2.4ª LIRPF)', () => {
  it('is capped at 2.000 € a year, reached across quarters', () => {
    const quarters = { '1T': incomeOnly(3_000_000), '2T': incomeOnly(3_000_000) };
    const q1 = compute('1T', { quarters, previousYearNetIncomeCents: ABOVE_12000 });
    expect(q1.boxes['02']).toBe(150_000); // 5 % of 30.000
    const q2 = compute('2T', { quarters, earlier: [asEarlier(q1)], previousYearNetIncomeCents: ABOVE_12000 });
    expect(q2.boxes['02']).toBe(200_000); // 5 % of 60.000 = 3.000, capped
    expect(q2.boxes['03']).toBe(6_000_000 - 200_000);
    expect(q2.boxes['04']).toBe(1_160_000);
    expect(q2.boxes['05']).toBe(q1.boxes['07']);
  });

  it('is 7 % in 2023 only, rounded half up to the cent', () => {
    const quarters = { '1T': incomeOnly(1_000_050) };
    expect(compute('1T', { quarters, year: 2023 }).boxes['02']).toBe(70_004); // 7 % of 10.000,50 = 700,035
    expect(compute('1T', { quarters, year: 2024 }).boxes['02']).toBe(50_003); // 5 % = 500,025
  });

  it('applies only to estimación directa simplificada unless the person says otherwise', () => {
    const quarters = { '1T': incomeOnly(1_000_000) };
    expect(compute('1T', { quarters, adjustments: { applyDifficultJustification: false } }).boxes['02']).toBe(
      0,
    );
    expect(compute('1T', { quarters, facts: { irpfMethod: 'DIRECTA_NORMAL' } }).boxes['02']).toBe(0);
    expect(
      compute('1T', {
        quarters,
        facts: { irpfMethod: 'DIRECTA_NORMAL' },
        adjustments: { applyDifficultJustification: true },
      }).boxes['02'],
    ).toBe(50_000);
  });

  it('is nothing when expenses exceed income: [03] negative, [04] zero', () => {
    const quarters = {
      '1T': periodLines(
        [issued('S1', 2100, { base: 100_000 })],
        [received('DOMESTIC', 2100, { base: 300_000 })],
      ),
    };
    const c = compute('1T', { quarters, previousYearNetIncomeCents: ABOVE_12000 });
    expect(c.boxes).toMatchObject({ '02': 300_000, '03': -200_000, '04': 0, '07': 0, '12': 0, '19': 0 });
    expect(c.result.type).toBe('N');
  });
});

// ---------------------------------------------------------------------------------------------------------
// [04] truncation, [05] and the earlier quarters

describe('modelo 130: instalments of the earlier quarters', () => {
  it('[04] is 20 % of [03] truncated to the cent', () => {
    const c = compute('1T', {
      quarters: { '1T': incomeOnly(1_003) },
      adjustments: { applyDifficultJustification: false },
    });
    expect(c.boxes['04']).toBe(200); // 200,6 céntimos
  });

  it('a 2T computed without a stored 1T equals one computed with it', () => {
    const quarters = { '1T': Q1, '2T': Q2 };
    const q1 = compute('1T', { quarters, previousYearNetIncomeCents: ABOVE_12000 });
    const withStored = compute('2T', {
      quarters,
      earlier: [asEarlier(q1)],
      previousYearNetIncomeCents: ABOVE_12000,
    });
    const withoutStored = compute('2T', { quarters, previousYearNetIncomeCents: ABOVE_12000 });
    expect(withoutStored.boxes).toEqual(withStored.boxes);
    expect(withoutStored.result).toEqual(withStored.result);
    expect(withoutStored.boxes['05']).toBe(q1.boxes['07']);
    expect(withoutStored.issues).toContainEqual(
      expect.objectContaining({ code: 'EARLIER_QUARTER_COMPUTED', field: '05', severity: 'WARNING' }),
    );
    expect(withStored.issues.map((i) => i.code)).not.toContain('EARLIER_QUARTER_COMPUTED');
  });

  it('prefers the stored return of a quarter to the books (what was filed is what was paid)', () => {
    const quarters = { '1T': Q1, '2T': Q2 };
    const q1 = compute('1T', { quarters, previousYearNetIncomeCents: ABOVE_12000 });
    const filed = asEarlier({ ...q1, boxes: { ...q1.boxes, '07': 10_000 } });
    const q2 = compute('2T', { quarters, earlier: [filed], previousYearNetIncomeCents: ABOVE_12000 });
    expect(q2.boxes['05']).toBe(10_000);
  });

  it('[05] sums only positive [07], each less its [16]; a 4T walks 1T–3T', () => {
    const quarters = {
      '1T': incomeOnly(1_000_000),
      '2T': periodLines(),
      '3T': incomeOnly(500_000),
      '4T': periodLines(),
    };
    const base = {
      quarters,
      adjustments: { applyDifficultJustification: false },
      previousYearNetIncomeCents: ABOVE_12000,
    };
    const q1 = compute('1T', { ...base, adjustments: { ...base.adjustments, boxes: { '16': 1_000 } } });
    expect(q1.boxes['07']).toBe(200_000);
    const q4 = compute('4T', { ...base, earlier: [asEarlier(q1)] });
    // 2T (computed): [04] 2.000,00 − [05] 1.990,00 = [07] 10,00; 3T: [04] 3.000,00 − [05] 2.000,00 = [07] 1.000,00
    expect(q4.boxes['05']).toBe(200_000 - 1_000 + 1_000 + 100_000);
    expect(q4.boxes['04']).toBe(300_000);
    expect(q4.boxes['07']).toBe(300_000 - 300_000);
  });
});

// ---------------------------------------------------------------------------------------------------------
// [13] reduction by the previous year's net income (art. 110.3.c RIRPF)

describe('modelo 130: [13] by the previous year net activity income', () => {
  const quarters = { '1T': incomeOnly(1_000_000) }; // [12] = 2.000,00 without the provision
  const adjustments = { applyDifficultJustification: false };

  it.each([
    [900_000, 10_000],
    [-50_000, 10_000],
    [0, 10_000],
    [900_001, 7_500],
    [1_000_000, 7_500],
    [1_100_000, 5_000],
    [1_200_000, 2_500],
    [1_200_001, 0],
  ])('previous year %i céntimos → %i céntimos a quarter', (previous, reduction) => {
    expect(previousYearReduction(2025, previous)).toBe(reduction);
    const c = compute('1T', { quarters, adjustments, previousYearNetIncomeCents: previous });
    expect(c.boxes['13']).toBe(reduction);
    expect(c.boxes['14']).toBe(200_000 - reduction);
  });

  it('is limited to [12]', () => {
    const c = compute('1T', {
      quarters: { '1T': incomeOnly(15_000) },
      adjustments,
      previousYearNetIncomeCents: 800_000,
    });
    expect(c.boxes).toMatchObject({ '12': 3_000, '13': 3_000, '14': 0, '19': 0 });
    expect(c.result.type).toBe('N');
  });

  it('the adjustment wins over the value the domain read', () => {
    const c = compute('1T', {
      quarters,
      adjustments: { ...adjustments, previousYearNetIncomeCents: 1_050_000 },
      previousYearNetIncomeCents: ABOVE_12000,
    });
    expect(c.boxes['13']).toBe(5_000);
  });

  it('unknown: 0 and a warning asking for it', () => {
    for (const previousYearNetIncomeCents of [null, undefined]) {
      const c = compute('1T', { quarters, adjustments, previousYearNetIncomeCents });
      expect(c.boxes['13']).toBe(0);
      expect(c.issues).toContainEqual({
        code: 'PREVIOUS_YEAR_INCOME',
        field: 'previousYearNetIncomeCents',
        message: 'Indique el rendimiento neto del ejercicio anterior para calcular la casilla [13].',
        severity: 'WARNING',
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Negative results, [15], [16], [18] and the result type

describe('modelo 130: negative results and the result type', () => {
  const quarters = {
    '1T': incomeOnly(1_000_000),
    '2T': periodLines([issued('S1', 2100, { base: 500_000 })]),
  };
  const base = { quarters, previousYearNetIncomeCents: ABOVE_12000 };
  const noProvision = { applyDifficultJustification: false };

  it('a negative 1T is B and 2T recovers it through [15], limited to [14]', () => {
    // A complementary 1T whose earlier return paid more than the books now give: [19] = 2.000 − 2.500.
    const q1 = compute('1T', {
      ...base,
      adjustments: { ...noProvision, boxes: { '18': 250_000 }, previousReceipt: '1301234567890' },
    });
    expect(q1.boxes).toMatchObject({ '17': 200_000, '18': 250_000, '19': -50_000 });
    expect(q1.result).toEqual({ type: 'B', amountCents: -50_000 });
    expect(q1.allowedResultTypes).toEqual(['B']);

    const q2 = compute('2T', { ...base, earlier: [asEarlier(q1)], adjustments: noProvision });
    // [04] 20 % of 15.000 = 3.000; [05] 2.000; [07] 1.000 = [12] = [14]; [15] the 500 pending
    expect(q2.boxes).toMatchObject({
      '07': 100_000,
      '14': 100_000,
      '15': 50_000,
      '17': 50_000,
      '19': 50_000,
    });
    expect(q2.result.type).toBe('I');

    // once deducted, a 3T has nothing left to deduct
    const q3 = compute('3T', {
      ...base,
      quarters: { ...quarters, '3T': incomeOnly(500_000) },
      earlier: [asEarlier(q1), asEarlier(q2)],
      adjustments: noProvision,
    });
    expect(q3.boxes['15']).toBe(0);
  });

  it('[15] takes no more than [14]', () => {
    const q1: EarlierReturn = {
      modelType: '130',
      year: 2025,
      period: '1T',
      boxes: { '07': 0, '16': 0, '15': 0, '19': -400_000 },
      result: { type: 'B', amountCents: -400_000 },
      status: 'SUBMITTED',
    };
    const q2 = compute('2T', { ...base, earlier: [q1], adjustments: noProvision });
    expect(q2.boxes).toMatchObject({ '14': 300_000, '15': 300_000, '17': 0, '19': 0 });
    expect(q2.result.type).toBe('N');
  });

  it('a negative 4T is N (nothing is refunded) with the negative amount', () => {
    const q4 = compute('4T', {
      quarters: { '4T': incomeOnly(100_000) },
      previousYearNetIncomeCents: ABOVE_12000,
      adjustments: { ...noProvision, boxes: { '18': 30_000 }, previousReceipt: '1301234567890' },
    });
    expect(q4.boxes['19']).toBe(20_000 - 30_000);
    expect(q4.result).toEqual({ type: 'N', amountCents: -10_000 });
    expect(allowedResultTypes130(-1, '4T')).toEqual(['N']);
    expect(allowedResultTypes130(-1, '3T')).toEqual(['B']);
    expect(allowedResultTypes130(0, '2T')).toEqual(['N']);
  });

  it('[18] outside a complementary return is a warning', () => {
    const c = compute('1T', { ...base, adjustments: { ...noProvision, boxes: { '18': 1_000 } } });
    expect(c.issues).toContainEqual(expect.objectContaining({ code: 'COMPLEMENTARY', field: '18' }));
  });

  it('[16] within 2 % of [03], 660,14 € and [14] − [15]; above any of them an error', () => {
    const q = { '1T': incomeOnly(10_000_000) }; // [03] 100.000 → 2 % = 2.000, capped at 660,14
    const ok = compute('1T', {
      ...base,
      quarters: q,
      adjustments: { ...noProvision, boxes: { '16': 66_014 } },
    });
    expect(ok.boxes['17']).toBe(2_000_000 - 66_014);
    expect(ok.issues.map((i) => i.code)).not.toContain('HOUSING_LOAN_LIMIT');
    const over = compute('1T', {
      ...base,
      quarters: q,
      adjustments: { ...noProvision, boxes: { '16': 66_015 } },
    });
    expect(over.issues).toContainEqual(
      expect.objectContaining({ code: 'HOUSING_LOAN_LIMIT', field: '16', severity: 'ERROR' }),
    );
    const small = compute('1T', {
      ...base,
      quarters: { '1T': incomeOnly(100_000) }, // [03] 1.000 → 2 % = 20,00
      adjustments: { ...noProvision, boxes: { '16': 2_001 } },
    });
    expect(small.issues).toContainEqual(expect.objectContaining({ code: 'HOUSING_LOAN_LIMIT' }));
  });

  it('agricultural boxes: [09] 2 % of the quarter [08], [11] = [09] − [10] signed, added to [12]', () => {
    const c = compute('1T', {
      ...base,
      quarters: { '1T': periodLines() },
      adjustments: { ...noProvision, boxes: { '08': 1_000_000, '10': 30_000 } },
    });
    expect(c.boxes).toMatchObject({ '08': 1_000_000, '09': 20_000, '10': 30_000, '11': -10_000, '12': 0 });
    const d = compute('1T', {
      ...base,
      quarters: { '1T': periodLines() },
      adjustments: { ...noProvision, boxes: { '08': 1_000_000, '10': 5_000 } },
    });
    expect(d.boxes).toMatchObject({ '11': 15_000, '12': 15_000, '19': 15_000 });
  });

  it('negative manual amounts are errors in Spanish; computed boxes are not the person’s', () => {
    const c = compute('1T', {
      ...base,
      adjustments: { otherIncomeCents: -1, otherExpensesCents: -1, boxes: { '10': -5, '16': -1, '01': 5 } },
    });
    const errors = c.issues.filter((i) => i.severity === 'ERROR').map((i) => i.message);
    expect(errors).toEqual(
      expect.arrayContaining([
        '[10] no puede ser negativo',
        '[16] no puede ser negativo',
        'Otros ingresos ([01]) no puede ser negativo',
        'Otros gastos ([02]) no puede ser negativo',
      ]),
    );
    expect(c.issues).toContainEqual(expect.objectContaining({ code: 'NOT_MANUAL', field: '01' }));
  });

  it('domiciliation is U and needs an IBAN', () => {
    const c = compute('1T', { ...base, adjustments: { domiciliation: true } });
    expect(c.result.type).toBe('U');
    expect(c.issues).toContainEqual(expect.objectContaining({ code: 'IBAN_REQUIRED' }));
  });
});

// ---------------------------------------------------------------------------------------------------------
// Registry and periods

describe('modelo 130: registry', () => {
  it('is quarterly only, with design 130-2015 from 2015', () => {
    expect(designFor('130', 2025, '2T')?.id).toBe('130-2015');
    expect(designFor('130', 2014, '4T')).toBeUndefined();
    expect(() => compute('01', { quarters: {} })).toThrow(/no corresponde al modelo 130/);
    expect(() => compute130(modelInput('130', 2025, '01'), design130v2015)).toThrow(RangeError);
  });

  it('without the quarters, a 1T reads the period aggregates and a later quarter is an error', () => {
    const one = computeModel(modelInput('130', 2025, '1T', { lines: incomeOnly(100_000) }));
    expect(one.boxes['01']).toBe(100_000);
    const two = computeModel(modelInput('130', 2025, '2T', { lines: incomeOnly(100_000) }));
    expect(two.issues).toContainEqual(
      expect.objectContaining({ code: 'MISSING_QUARTERS', severity: 'ERROR' }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// The AEAT file

describe('modelo 130: the "<T" file', () => {
  const identity = {
    nif: '12345678Z',
    name: 'Sánchez García',
    firstName: 'Marta',
    softwareNif: 'B12345678',
    softwareVersion: '1.00',
  };

  it('writes the envelope and page 01 with [01], [03] and [19] where the design puts them', () => {
    const q1 = compute('1T', {
      quarters: EXAMPLE,
      adjustments: { otherExpensesCents: 90_000 },
      previousYearNetIncomeCents: ABOVE_12000,
    });
    const q2 = compute('2T', {
      quarters: EXAMPLE,
      earlier: [asEarlier(q1)],
      adjustments: { otherExpensesCents: 180_000, iban: 'ES9121000418450200051332', domiciliation: true },
      previousYearNetIncomeCents: ABOVE_12000,
    });
    const file = writeSelfAssessment(design130v2015, q2, { ...identity, iban: 'ES9121000418450200051332' });
    const envelope = selfAssessmentEnvelope('130');
    expect(file.length).toBe(envelope.length + 600 + 18);
    const text = decodeLatin1(file);
    expect(text.slice(0, 17)).toBe('<T130020252T0000>');
    expect(text.slice(-18)).toBe('</T130020252T0000>');

    const fields = parseFixedWidth(file, page130_01_v2015, envelope.length);
    const at = (position: number) => fields.find((f) => f.position === position);
    expect(text.slice(envelope.length, envelope.length + 11)).toBe('<T13001000>');
    expect(at(13)?.value).toBe('U');
    expect(at(14)?.value).toBe('12345678Z');
    expect(at(23)?.value).toBe('SANCHEZ GARCIA');
    expect(at(83)?.value).toBe('MARTA');
    expect(at(103)?.value).toBe(2025);
    expect(at(107)?.value).toBe('2T');
    expect(at(109)).toMatchObject({ source: 'box:01', raw: '00000000001700000', value: 1_700_000 });
    expect(at(143)).toMatchObject({ source: 'box:03', type: 'N', value: q2.boxes['03'] });
    expect(at(415)).toMatchObject({ source: 'box:19', type: 'N', raw: '00000000000019240', value: 19_240 });
    expect(at(446)?.value).toBe('ES9121000418450200051332');
    expect(at(589)?.raw).toBe('</T13001000>');
    for (const f of fields.filter((x) => x.source.startsWith('box:'))) {
      expect(f.value, f.source).toBe(q2.boxes[f.source.slice(4)]);
    }
  });

  it('marks a complementary return at 432 and names the previous receipt at 433', () => {
    const c = compute('1T', {
      quarters: { '1T': incomeOnly(100_000) },
      previousYearNetIncomeCents: ABOVE_12000,
      adjustments: { boxes: { '18': 10_000 }, previousReceipt: '1301234567890' },
    });
    const file = writeSelfAssessment(design130v2015, c, {
      ...identity,
      complementary: true,
      previousReceipt: '1301234567890',
    });
    const fields = parseFixedWidth(file, page130_01_v2015, selfAssessmentEnvelope('130').length);
    expect(fields.find((f) => f.position === 432)?.raw).toBe('X');
    expect(fields.find((f) => f.position === 433)?.value).toBe('1301234567890');
    expect(fields.find((f) => f.position === 398)?.value).toBe(10_000);
  });

  it('writes a negative [03] with N in its first position', () => {
    const c = compute('1T', {
      quarters: {
        '1T': periodLines(
          [issued('S1', 2100, { base: 100_000 })],
          [received('DOMESTIC', 2100, { base: 350_000 })],
        ),
      },
      previousYearNetIncomeCents: ABOVE_12000,
    });
    const file = writeSelfAssessment(design130v2015, c, identity);
    const fields = parseFixedWidth(file, page130_01_v2015, selfAssessmentEnvelope('130').length);
    expect(fields.find((f) => f.position === 143)).toMatchObject({
      raw: 'N0000000000250000',
      value: -250_000,
    });
    expect(fields.find((f) => f.position === 13)?.value).toBe('N');
  });
});
