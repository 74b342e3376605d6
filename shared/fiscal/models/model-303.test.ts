import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModMarker, Region } from '../aggregate-keys';
import { applyBp } from '../money';
import { layout303v2024_10, layout303v2026 } from './layouts/303';
import { compute303, design303v2024_10, design303v2026, model303, validate303Boxes } from './model-303';
import { asEarlier, cash, irpf, issued, modelInput, periodLines, received, receivedCash } from './testing';
import type { ModelComputation, ModelDesign, ModelInput } from './types';

const run = (input: ModelInput, design: ModelDesign = design303v2024_10) => compute303(input, design);
const codes = (c: ModelComputation) => c.issues.map((i) => i.code);
const errors = (c: ModelComputation) => c.issues.filter((i) => i.severity === 'ERROR');

/** Every box of a design at zero with its rate fields, then the expected non-zero boxes. */
function expectedBoxes(design: ModelDesign, nonZero: Record<string, number>): Record<string, number> {
  const rateFields: Record<string, number> =
    design.id === '303-2026'
      ? {
          '151': 0,
          '166': 0,
          '02': 400,
          '154': 0,
          '05': 1000,
          '08': 2100,
          '157': 175,
          '169': 50,
          '17': 0,
          '20': 140,
          '23': 520,
        }
      : {
          '151': 0,
          '166': 200,
          '02': 400,
          '154': 750,
          '05': 1000,
          '08': 2100,
          '157': 175,
          '169': 50,
          '17': 100,
          '20': 140,
          '23': 520,
        };
  const out: Record<string, number> = {};
  for (const b of design.boxes) out[b.box] = 0;
  return { ...out, ...rateFields, '65': 10_000, ...nonZero };
}

describe('the 303 designs as data', () => {
  it('has the two designs of 4T-2024..2025 and of 2026 with their AEAT layouts', () => {
    expect(model303.designs.map((d) => [d.id, d.validFrom, d.validTo])).toEqual([
      ['303-2024-10', '2024-10-01', '2025-12-31'],
      ['303-2026', '2026-01-01', null],
    ]);
    expect(design303v2024_10.pages).toBe(layout303v2024_10);
    expect(design303v2026.pages).toBe(layout303v2026);
    expect(design303v2024_10.source).toContain('DR303e24v200');
    expect(design303v2026.source).toContain('DR303e26v101');
  });

  it('lists every box of pages 01 and 03 once, each with a Spanish label, and every box the layout writes', () => {
    for (const design of [design303v2024_10, design303v2026]) {
      const boxes = design.boxes.map((b) => b.box);
      expect(new Set(boxes).size).toBe(boxes.length);
      for (const b of design.boxes) expect(b.label.length).toBeGreaterThan(5);
      const pages0103 = design.pages.filter((p) => p.page === '01000' || p.page === '03000');
      const written = pages0103.flatMap((p) =>
        p.fields.filter((f) => f.source.startsWith('box:')).map((f) => f.source.slice(4)),
      );
      for (const b of written) expect(boxes).toContain(b);
    }
    expect(design303v2026.boxes.map((b) => b.box)).toContain('112');
    expect(design303v2024_10.boxes.map((b) => b.box)).not.toContain('112');
  });

  it('marks signed exactly the boxes the AEAT design types N, and rates in basis points', () => {
    const signedInLayout = new Set(
      design303v2024_10.pages
        .filter((p) => p.page === '01000' || p.page === '03000')
        .flatMap((p) => p.fields.filter((f) => f.type === 'N' && f.source.startsWith('box:')))
        .map((f) => f.source.slice(4)),
    );
    for (const b of design303v2024_10.boxes)
      expect([b.box, b.signed]).toEqual([b.box, signedInLayout.has(b.box)]);
    const bp = design303v2024_10.boxes.filter((b) => b.unit === 'BP').map((b) => b.box);
    expect(bp.sort()).toEqual(
      ['02', '05', '08', '151', '154', '157', '166', '169', '17', '20', '23', '65'].sort(),
    );
  });
});

describe('worked example of the reference notes §5 (autónomo, 2T 2025)', () => {
  // Issued: F-2025-011..014 at 21 % (3.000 + 2.000 + 2.500 + 1.500 €), IRPF withheld by the companies.
  // Received: office rent 3 × 600 € + telecom 240 € + designer 1.000 € at 21 %, a book of 100 € at 4 %;
  // the withholdings we apply and the autónomo's social security (no VAT) do not touch the 303.
  const input = modelInput('303', 2025, '2T', {
    lines: periodLines(
      [issued('S1', 2100, { base: 900_000, vat: 189_000, count: 4 }), irpf(75_000)],
      [
        received('DOMESTIC', 2100, { base: 304_000, vat: 63_840, count: 5 }),
        received('DOMESTIC', 400, { base: 10_000, vat: 400 }),
        irpf(60_200),
      ],
    ),
  });
  const c = run(input);

  it('fills every box as the notes do, to the cent', () => {
    expect(c.design).toBe('303-2024-10');
    expect(c.boxes).toEqual(
      expectedBoxes(design303v2024_10, {
        '07': 900_000,
        '09': 189_000,
        '27': 189_000,
        '28': 314_000,
        '29': 64_240,
        '45': 64_240,
        '46': 124_760,
        '64': 124_760,
        '66': 124_760,
        '69': 124_760,
        '71': 124_760,
      }),
    );
  });

  it('is a result to pay (I by default, U or G on request) with no errors', () => {
    expect(c.result).toEqual({ type: 'I', amountCents: 124_760 });
    expect(c.allowedResultTypes).toEqual(['I', 'U', 'G']);
    expect(errors(c)).toEqual([]);
    expect(c.records).toEqual([]);
  });

  it('names the keys behind each box', () => {
    expect(c.sources['07']).toEqual(['ISSUED:S1|2100|0|ES|0|G']);
    expect(c.sources['29']).toEqual(['RECEIVED:DOMESTIC|2100|0|C|0', 'RECEIVED:DOMESTIC|400|0|C|0']);
    expect(c.sources['27']).toBeUndefined();
  });

  it('domiciliation: U with the IBAN, an error without it', () => {
    const withIban = run({
      ...input,
      adjustments: { resultType: 'U', iban: 'ES91 2100 0418 4502 0005 1332' },
    });
    expect(withIban.result.type).toBe('U');
    expect(errors(withIban)).toEqual([]);
    const byFlag = run({ ...input, adjustments: { domiciliation: true } });
    expect(byFlag.result.type).toBe('U');
    expect(codes(byFlag)).toContain('IBAN_REQUIRED');
    expect(codes(run({ ...input, adjustments: { resultType: 'U', iban: 'ES00 1234' } }))).toContain(
      'IBAN_INVALID',
    );
  });
});

/** One synthetic line per tax code with distinct amounts (OCA's test pattern): a mis-mapping shows. */
const everyCodeIssued = [
  issued('S1', 0, { base: 11_000 }),
  issued('S1', 200, { base: 12_000, vat: 240 }),
  issued('S1', 400, { base: 13_000, vat: 520 }),
  issued('S1', 750, { base: 14_000, vat: 1_050 }),
  issued('S1', 1000, { base: 15_000, vat: 1_500 }),
  issued('S1', 2100, { base: 16_000, vat: 3_360 }),
  issued('S1', 2100, { base: 17_000, vat: 3_570, recargo: 298 }, { recargoRateBp: 175 }),
  issued('S1', 400, { base: 18_000, vat: 720, recargo: 90 }, { recargoRateBp: 50 }),
  issued('S1', 750, { base: 19_000, vat: 1_425, recargo: 190 }, { recargoRateBp: 100 }),
  issued('S1', 1000, { base: 20_000, vat: 2_000, recargo: 280 }, { recargoRateBp: 140 }),
  issued('S1', 2100, { base: 21_000, vat: 4_410, recargo: 1_092 }, { recargoRateBp: 520 }),
  issued('S1', 2100, { base: -22_000, vat: -4_620 }, { mod: 'Q' }),
  issued('S1', 2100, { base: -23_000, vat: -4_830, recargo: -1_196 }, { mod: 'Q', recargoRateBp: 520 }),
  issued('S1', 2100, { base: -24_000, vat: -5_040 }, { mod: 'M' }),
  issued('S2', 0, { base: 25_000 }),
  issued('E5', 0, { base: 26_000 }, { region: 'EU' }),
  issued('N2', 0, { base: 27_000 }, { region: 'EU' }),
  issued('N2', 0, { base: 28_000 }, { region: 'XX' }),
  issued('E2', 0, { base: 29_000 }, { region: 'XX' }),
  issued('E3', 0, { base: 30_000 }, { region: 'XX' }),
  issued('E4', 0, { base: 31_000 }, { region: 'XX' }),
  issued('E1', 0, { base: 32_000 }),
  issued('E6', 0, { base: 33_000 }),
  issued('N1', 0, { base: 34_000 }),
  irpf(1_500),
];
const everyCodeReceived = [
  received('DOMESTIC', 2100, { base: 40_000, vat: 8_400 }),
  received('DOMESTIC', 2100, { base: 41_000, vat: 8_610 }, { investmentGoods: true }),
  received('DOMESTIC', 1000, { base: -42_000, vat: -4_200 }, { mod: 'Q' }),
  // Half deductible (art. 95 LIVA): base and VAT in [28]/[29] for the deductible half only.
  received('DOMESTIC', 1000, { base: 43_000, vat: 4_300, deductibleVat: 2_150 }),
  received('DOMESTIC', 400, { base: -1_000, vat: -40 }, { mod: 'M' }),
  received('REVERSE_CHARGE', 2100, { base: 44_000, vat: 9_240 }),
  received('REVERSE_CHARGE', 2100, { base: 45_000, vat: 9_450 }, { investmentGoods: true }),
  received('INTRA_EU_GOODS', 2100, { base: 46_000, vat: 9_660 }),
  received('INTRA_EU_GOODS', 2100, { base: 47_000, vat: 9_870 }, { investmentGoods: true }),
  received('INTRA_EU_SERVICES', 2100, { base: 48_000, vat: 10_080 }),
  received('INTRA_EU_GOODS', 2100, { base: -49_000, vat: -10_290 }, { mod: 'Q' }),
  received('IMPORT', 2100, { base: 50_000, vat: 10_500 }),
  received('IMPORT', 2100, { base: 51_000, vat: 10_710 }, { investmentGoods: true }),
  received('EXEMPT', 0, { base: 52_000 }),
  received('NOT_SUBJECT', 0, { base: 53_000 }),
  irpf(2_500),
];

/** Boxes that do not depend on the periodicity. */
const COMMON = {
  '150': 11_000,
  '165': 12_000,
  '167': 240,
  '01': 31_000,
  '03': 1_240,
  '153': 33_000,
  '155': 2_475,
  '04': 35_000,
  '06': 3_500,
  '10': 141_000,
  '11': 29_610,
  '12': 89_000,
  '13': 18_690,
  '156': 17_000,
  '158': 298,
  '168': 18_000,
  '170': 90,
  '16': 19_000,
  '18': 190,
  '19': 20_000,
  '21': 280,
  '22': 21_000,
  '24': 1_092,
  '25': -23_000,
  '26': -1_196,
  '27': 43_069,
  '30': 86_000,
  '31': 18_060,
  '32': 50_000,
  '33': 10_500,
  '34': 51_000,
  '35': 10_710,
  '36': 94_000,
  '37': 19_740,
  '38': 47_000,
  '39': 9_870,
  '45': 74_140,
  '46': -31_071,
  '59': 53_000,
  '60': 90_000,
  '120': 28_000,
  '122': 25_000,
  '64': -31_071,
  '66': -31_071,
  '69': -31_071,
  '71': -31_071,
};

describe('one line per tax code (design 303-2024-10)', () => {
  it('quarterly: a rectificativa of an earlier month of the same quarter (M) stays in the rate boxes', () => {
    const c = run(modelInput('303', 2025, '2T', { lines: periodLines(everyCodeIssued, everyCodeReceived) }));
    expect(c.boxes).toEqual(
      expectedBoxes(design303v2024_10, {
        ...COMMON,
        '07': 30_000,
        '09': 6_300,
        '14': -94_000,
        '15': -19_740,
        '28': 104_500,
        '29': 19_750,
        '40': -91_000,
        '41': -14_490,
      }),
    );
    expect(c.result).toEqual({ type: 'C', amountCents: -31_071 });
    expect(c.allowedResultTypes).toEqual(['C']);
    expect(errors(c)).toEqual([]);
  });

  it('monthly: M and Q rectificativas both go to the modification boxes', () => {
    const c = run(
      modelInput('303', 2025, '05', {
        facts: { largeCompany: true },
        lines: periodLines(everyCodeIssued, everyCodeReceived),
      }),
    );
    expect(c.boxes).toEqual(
      expectedBoxes(design303v2024_10, {
        ...COMMON,
        '07': 54_000,
        '09': 11_340,
        '14': -118_000,
        '15': -24_780,
        '28': 105_500,
        '29': 19_790,
        '40': -92_000,
        '41': -14_530,
      }),
    );
    expect(c.sources['14']).toContain('ISSUED:S1|2100|0|ES|M|G');
    expect(c.sources['41']).toContain('RECEIVED:DOMESTIC|400|0|C|M');
    expect(c.sources['15']).toContain('RECEIVED:INTRA_EU_GOODS|2100|0|C|Q');
  });

  it('[169] is 0,26 % when the period only has that recargo (4T-2024), with a warning when both rates meet', () => {
    const only026 = run(
      modelInput('303', 2024, '4T', {
        lines: periodLines([
          issued('S1', 200, { base: 10_000, vat: 200, recargo: 26 }, { recargoRateBp: 26 }),
        ]),
      }),
    );
    expect([only026.boxes['168'], only026.boxes['169'], only026.boxes['170']]).toEqual([10_000, 26, 26]);
    const both = run(
      modelInput('303', 2024, '4T', {
        lines: periodLines([
          issued('S1', 200, { base: 10_000, vat: 200, recargo: 26 }, { recargoRateBp: 26 }),
          issued('S1', 400, { base: 10_000, vat: 400, recargo: 50 }, { recargoRateBp: 50 }),
        ]),
      }),
    );
    expect([both.boxes['168'], both.boxes['169'], both.boxes['170']]).toEqual([20_000, 50, 76]);
    expect(codes(both)).toContain('RATE_FIELD');
  });

  it('a rate the design has no box for is an error, not a silent omission', () => {
    const c = run(
      modelInput('303', 2025, '1T', { lines: periodLines([issued('S1', 500, { base: 10_000, vat: 500 })]) }),
    );
    expect(errors(c).map((i) => [i.code, i.message])).toEqual([
      [
        'UNMAPPED_RATE',
        'El tipo de IVA del 5 % no tiene casilla en el diseño 303-2024-10 del modelo 303 (ISSUED:S1|500|0|ES|0|G).',
      ],
    ]);
    expect(c.boxes['153']).toBe(0);
  });

  it('warns about keys it does not understand (grammar v1 keys, unknown kinds)', () => {
    const c = run(
      modelInput('303', 2025, '1T', {
        lines: periodLines(
          [issued('S1', 2100, { base: 100, vat: 21 }), { ...irpf(0), taxKey: 'S1|2100|0' }],
          [{ ...irpf(0), taxKey: 'LEASING|2100|0|C|0', baseCents: 100 }],
        ),
      }),
    );
    expect(c.issues.filter((i) => i.code === 'UNKNOWN_KEY').map((i) => i.field)).toEqual([
      'S1|2100|0',
      'LEASING|2100|0|C|0',
    ]);
  });
});

describe('one line per tax code (design 303-2026)', () => {
  const lines2026 = periodLines(
    [
      issued('S1', 0, { base: 11_000 }),
      issued('S1', 400, { base: 13_000, vat: 520 }),
      issued('S1', 1000, { base: 15_000, vat: 1_500 }),
      issued('S1', 2100, { base: 16_000, vat: 3_360 }),
      issued('S1', 2100, { base: 17_000, vat: 3_570, recargo: 298 }, { recargoRateBp: 175 }),
      issued('S1', 400, { base: 18_000, vat: 720, recargo: 90 }, { recargoRateBp: 50 }),
      issued('S1', 1000, { base: 20_000, vat: 2_000, recargo: 280 }, { recargoRateBp: 140 }),
      issued('S1', 2100, { base: 21_000, vat: 4_410, recargo: 1_092 }, { recargoRateBp: 520 }),
      // A 2025 invoice at 7,5 % rectified in 2026: a modification, so the 2026 design takes it.
      issued('S1', 750, { base: -2_000, vat: -150 }, { mod: 'Q' }),
    ],
    [received('DOMESTIC', 2100, { base: 40_000, vat: 8_400 })],
  );

  it('fills the rate boxes of 2026 and writes 0 in the rate fields of the temporary rates', () => {
    const c = run(modelInput('303', 2026, '1T', { lines: lines2026 }), design303v2026);
    expect(c.design).toBe('303-2026');
    expect(c.boxes).toEqual(
      expectedBoxes(design303v2026, {
        '150': 11_000,
        '01': 31_000,
        '03': 1_240,
        '04': 35_000,
        '06': 3_500,
        '07': 54_000,
        '09': 11_340,
        '14': -2_000,
        '15': -150,
        '156': 17_000,
        '158': 298,
        '168': 18_000,
        '170': 90,
        '19': 20_000,
        '21': 280,
        '22': 21_000,
        '24': 1_092,
        '27': 17_690,
        '28': 40_000,
        '29': 8_400,
        '45': 8_400,
        '46': 9_290,
        '64': 9_290,
        '66': 9_290,
        '69': 9_290,
        '71': 9_290,
      }),
    );
  });

  it('adds [112] to the result and has no box for 7,5 %', () => {
    const c = run(
      modelInput('303', 2026, '1T', { lines: lines2026, adjustments: { boxes: { '112': 1_000 } } }),
      design303v2026,
    );
    expect([c.boxes['69'], c.boxes['112'], c.boxes['71']]).toEqual([9_290, 1_000, 10_290]);
    const old = run(
      modelInput('303', 2026, '1T', { lines: periodLines([issued('S1', 750, { base: 1_000, vat: 75 })]) }),
      design303v2026,
    );
    expect(codes(old)).toContain('UNMAPPED_RATE');
  });
});

describe('criterio de caja', () => {
  it('the rate boxes take the collections of the period; the invoices go to [62]/[63]', () => {
    const c = run(
      modelInput('303', 2025, '3T', {
        facts: { cashAccounting: true },
        lines: periodLines([
          issued('S1', 2100, { base: 100_000, vat: 21_000 }, { regime: 'C' }),
          issued('S1', 1000, { base: 5_000, vat: 500 }, { regime: 'C', mod: 'Q' }),
          cash(2100, { base: 40_000, vat: 8_400 }),
          cash(1000, { base: 3_000, vat: 300 }),
          issued('S1', 2100, { base: 1_000, vat: 210 }),
        ]),
      }),
    );
    expect([c.boxes['07'], c.boxes['09'], c.boxes['04'], c.boxes['06']]).toEqual([41_000, 8_610, 3_000, 300]);
    expect([c.boxes['62'], c.boxes['63'], c.boxes['14']]).toEqual([105_000, 21_500, 0]);
    expect([c.boxes['74'], c.boxes['75']]).toEqual([0, 0]);
    expect(c.boxes['27']).toBe(8_910);
    expect(c.sources['07']).toEqual(['ISSUED:CAJA|S1|2100|0', 'ISSUED:S1|2100|0|ES|0|G']);
    expect(c.sources['62']).toEqual(['ISSUED:S1|1000|0|ES|Q|C', 'ISSUED:S1|2100|0|ES|0|C']);
  });

  it("a supplier's RECC invoice goes to [74]/[75]; the period's payments deduct in [28]-[31], prorated", () => {
    for (const design of [design303v2024_10, design303v2026]) {
      const year = design === design303v2026 ? 2026 : 2025;
      const lines = periodLines(
        [],
        [
          received('DOMESTIC', 2100, { base: 100_000, vat: 21_000 }, { regime: 'C' }),
          received('DOMESTIC', 1000, { base: 20_000, vat: 2_000, deductibleVat: 1_000 }, { regime: 'C' }),
          receivedCash(2100, { base: 50_000, vat: 10_500 }),
          receivedCash(1000, { base: 30_000, vat: 3_000 }, { investmentGoods: true }),
          received('DOMESTIC', 2100, { base: 1_000, vat: 210 }),
        ],
      );
      const c = run(modelInput('303', year, '3T', { lines }), design);
      expect([c.boxes['74'], c.boxes['75']]).toEqual([120_000, 23_000]);
      expect([c.boxes['28'], c.boxes['29'], c.boxes['30'], c.boxes['31']]).toEqual([
        51_000, 10_710, 30_000, 3_000,
      ]);
      expect(c.boxes['45']).toBe(13_710);
      expect(c.sources['74']).toEqual(['RECEIVED:DOMESTIC|1000|0|C|0|C', 'RECEIVED:DOMESTIC|2100|0|C|0|C']);
      expect(c.sources['29']).toEqual(['RECEIVED:CAJA|DOMESTIC|2100|0|C', 'RECEIVED:DOMESTIC|2100|0|C|0']);
      expect(codes(c)).not.toContain('UNKNOWN_KEY');
      // Arts. 102-104 LIVA: the prorrata applies to what the payments make deductible.
      const p = run(modelInput('303', year, '3T', { lines, facts: { prorrataBp: 5_000 } }), design);
      expect([p.boxes['29'], p.boxes['31'], p.boxes['75']]).toEqual([5_355, 1_500, 23_000]);
    }
  });
});

describe('prorrata', () => {
  const lines = periodLines(
    [issued('S1', 2100, { base: 100_000, vat: 21_000 })],
    [
      received('DOMESTIC', 2100, { base: 15_871, vat: 3_333 }),
      received('INTRA_EU_SERVICES', 2100, { base: 5_290, vat: 1_111 }),
      received('IMPORT', 1000, { base: 10_005, vat: 1_005 }),
      received('DOMESTIC', 2100, { base: -1_000, vat: -210 }, { mod: 'Q' }),
    ],
  );

  it('deducts only the prorrata of each deductible quota, rounded half up box by box', () => {
    const c = run(modelInput('303', 2025, '4T', { lines, facts: { prorrataBp: 8_000 } }));
    // 3.333 × 80 % = 2.666,4 → 2.666; 1.111 × 80 % = 888,8 → 889; 1.005 × 80 % = 804; −210 × 80 % = −168.
    expect([c.boxes['29'], c.boxes['37'], c.boxes['33'], c.boxes['41']]).toEqual([2_666, 889, 804, -168]);
    // The bases stay whole; the self-assessed VAT of the intra-EU service is accrued in full.
    expect([c.boxes['28'], c.boxes['36'], c.boxes['11']]).toEqual([15_871, 5_290, 1_111]);
    expect(c.boxes['45']).toBe(2_666 + 889 + 804 - 168);
  });

  it("[44] is the person's final regularisation, in the last period", () => {
    const c = run(
      modelInput('303', 2025, '4T', {
        lines,
        facts: { prorrataBp: 8_000 },
        adjustments: { boxes: { '44': -123 } },
      }),
    );
    expect(c.boxes['44']).toBe(-123);
    expect(c.boxes['45']).toBe(2_666 + 889 + 804 - 168 - 123);
    expect(codes(c)).not.toContain('PRORRATA');
    const early = run(
      modelInput('303', 2025, '2T', {
        lines,
        facts: { prorrataBp: 8_000 },
        adjustments: { boxes: { '44': -123 } },
      }),
    );
    expect(codes(early)).toContain('PRORRATA');
    const without = run(modelInput('303', 2025, '4T', { lines, adjustments: { boxes: { '44': -123 } } }));
    expect(without.boxes['29']).toBe(3_333);
    expect(codes(without)).toContain('PRORRATA');
  });
});

describe('compensation carried from earlier periods ([110], [78], [87])', () => {
  const negative = periodLines([], [received('DOMESTIC', 2100, { base: 238_095, vat: 50_000 })]);
  const q1 = run(modelInput('303', 2025, '1T', { lines: negative }));

  it('a negative 1T is to compensate (C only)', () => {
    expect(q1.result).toEqual({ type: 'C', amountCents: -50_000 });
    expect(q1.allowedResultTypes).toEqual(['C']);
  });

  it('1T C −500 € → 2T [110] 500 €, [78] what 2T owes, [87] the rest', () => {
    const q2 = run(
      modelInput('303', 2025, '2T', {
        lines: periodLines([issued('S1', 2100, { base: 142_857, vat: 30_000 })]),
        earlier: [asEarlier(q1)],
      }),
    );
    expect([
      q2.boxes['66'],
      q2.boxes['110'],
      q2.boxes['78'],
      q2.boxes['87'],
      q2.boxes['69'],
      q2.boxes['71'],
    ]).toEqual([30_000, 50_000, 30_000, 20_000, 0, 0]);
    expect(q2.result).toEqual({ type: 'N', amountCents: 0 });
    // 3T carries what 2T left in [87] (2T was not C: nothing of its own is added).
    const q3 = run(
      modelInput('303', 2025, '3T', {
        lines: periodLines([issued('S1', 2100, { base: 500_000, vat: 105_000 })]),
        earlier: [asEarlier(q1), asEarlier(q2)],
      }),
    );
    expect([q3.boxes['110'], q3.boxes['78'], q3.boxes['87'], q3.boxes['71']]).toEqual([
      20_000, 20_000, 0, 85_000,
    ]);
  });

  it('a C result adds |[71]| to what was still pending, and the person may say otherwise', () => {
    const q2 = run(modelInput('303', 2025, '2T', { lines: negative, earlier: [asEarlier(q1)] }));
    expect([q2.boxes['110'], q2.boxes['78'], q2.boxes['87'], q2.boxes['71']]).toEqual([
      50_000, 0, 50_000, -50_000,
    ]);
    const q3 = run(modelInput('303', 2025, '3T', { earlier: [asEarlier(q1), asEarlier(q2)] }));
    expect(q3.boxes['110']).toBe(100_000);
    const chosen = run(
      modelInput('303', 2025, '3T', {
        earlier: [asEarlier(q1), asEarlier(q2)],
        adjustments: { compensationFromPreviousCents: 7 },
      }),
    );
    expect(chosen.boxes['110']).toBe(7);
  });

  it('crosses the year: 4T 2025 to compensate → 1T 2026 (design 2026)', () => {
    const q4 = run(modelInput('303', 2025, '4T', { lines: negative, adjustments: { resultType: 'C' } }));
    expect(q4.result.type).toBe('C');
    const next = run(
      modelInput('303', 2026, '1T', {
        lines: periodLines([issued('S1', 2100, { base: 100_000, vat: 21_000 })]),
        earlier: [asEarlier(q4)],
      }),
      design303v2026,
    );
    expect([next.boxes['110'], next.boxes['78'], next.boxes['87'], next.boxes['71']]).toEqual([
      50_000, 21_000, 29_000, 0,
    ]);
  });

  it('ignores later periods, other models and returns older than the previous year', () => {
    const other = { ...asEarlier(q1), modelType: '349' as const };
    const later = { ...asEarlier(q1), period: '3T' };
    const old = { ...asEarlier(q1), year: 2023 };
    const q2 = run(modelInput('303', 2025, '2T', { earlier: [other, later, old] }));
    expect(q2.boxes['110']).toBe(0);
  });
});

describe('result type', () => {
  const negative = periodLines([], [received('DOMESTIC', 2100, { base: 10_000, vat: 2_100 })]);

  it('negative in the last period: D by default (IBAN required), C if the person chooses', () => {
    const q4 = run(modelInput('303', 2025, '4T', { lines: negative }));
    expect(q4.allowedResultTypes).toEqual(['D', 'C']);
    expect(q4.result.type).toBe('D');
    expect(codes(q4)).toContain('IBAN_REQUIRED');
    const withIban = run(
      modelInput('303', 2025, '12', {
        facts: { largeCompany: true },
        lines: negative,
        adjustments: { iban: 'ES9121000418450200051332' },
      }),
    );
    expect(withIban.result.type).toBe('D');
    expect(errors(withIban)).toEqual([]);
    expect(
      run(modelInput('303', 2025, '4T', { lines: negative, adjustments: { resultType: 'C' } })).result.type,
    ).toBe('C');
  });

  it('negative before the last period: D is an error unless REDEME', () => {
    const c = run(
      modelInput('303', 2025, '2T', {
        lines: negative,
        adjustments: { resultType: 'D', iban: 'ES9121000418450200051332' },
      }),
    );
    expect(c.result.type).toBe('C');
    expect(errors(c).map((i) => i.code)).toEqual(['RESULT_TYPE']);
    const redeme = run(
      modelInput('303', 2025, '05', {
        facts: { redeme: true },
        lines: negative,
        adjustments: { resultType: 'D', iban: 'ES9121000418450200051332' },
      }),
    );
    expect(redeme.allowedResultTypes).toEqual(['C', 'D']);
    expect(redeme.result.type).toBe('D');
    expect(errors(redeme)).toEqual([]);
  });

  it('no operations: sin actividad, result N', () => {
    const c = run(modelInput('303', 2025, '1T'));
    expect(c.result).toEqual({ type: 'N', amountCents: 0 });
    expect(c.allowedResultTypes).toEqual(['N']);
    expect(c.issues.map((i) => [i.code, i.severity])).toEqual([['NO_ACTIVITY', 'WARNING']]);
    const wrong = run(modelInput('303', 2025, '1T', { lines: negative, adjustments: { noActivity: true } }));
    expect(errors(wrong).map((i) => i.code)).toEqual(['NO_ACTIVITY', 'NO_ACTIVITY']);
  });
});

describe('manual boxes and validation', () => {
  const lines = periodLines([issued('S1', 2100, { base: 100_005, vat: 21_001 })]);

  it('takes the manual boxes into the result and ignores computed ones', () => {
    const c = run(
      modelInput('303', 2025, '1T', {
        lines,
        adjustments: { boxes: { '77': 1_000, '76': 10, '07': 5, '999': 1 } },
      }),
    );
    expect(c.boxes['07']).toBe(100_005);
    expect([c.boxes['64'], c.boxes['66'], c.boxes['77'], c.boxes['69']]).toEqual([
      21_011, 21_011, 1_000, 22_011,
    ]);
    // (JavaScript lists integer-like keys first: 76, 77, 999, then '07'.)
    expect(c.issues.filter((i) => i.severity === 'WARNING').map((i) => [i.code, i.field])).toEqual([
      ['UNKNOWN_BOX', '999'],
      ['NOT_MANUAL', '07'],
    ]);
  });

  it('[66] = [64] × [65] rounded half up; [65] out of range is an error', () => {
    const half = run(modelInput('303', 2025, '1T', { lines, adjustments: { boxes: { '65': 5_000 } } }));
    expect([half.boxes['64'], half.boxes['65'], half.boxes['66']]).toEqual([21_001, 5_000, 10_501]);
    const wrong = run(modelInput('303', 2025, '1T', { lines, adjustments: { boxes: { '65': 12_000 } } }));
    expect(codes(wrong)).toContain('PERCENT_RANGE');
  });

  it("an unsigned box below zero is an error with the spec's message", () => {
    const c = run(
      modelInput('303', 2025, '1T', {
        lines: periodLines([], [received('DOMESTIC', 2100, { base: -1_000, vat: -210 })]),
        adjustments: { boxes: { '77': -5 } },
      }),
    );
    expect(errors(c).map((i) => i.message)).toEqual([
      '[28] no puede ser negativo',
      '[29] no puede ser negativo',
      '[77] no puede ser negativo',
    ]);
  });

  it('validate303Boxes finds broken identities in an edited return', () => {
    const c = run(modelInput('303', 2025, '1T', { lines }));
    expect(validate303Boxes(c.boxes, design303v2024_10)).toEqual([]);
    const edited = { ...c.boxes, '09': 1, '27': 1, '78': 5 };
    expect(validate303Boxes(edited, design303v2024_10).map((i) => i.field)).toEqual(['46', '87', '69', '78']);
    expect(validate303Boxes({ ...c.boxes, '71': 1 }, design303v2026).map((i) => i.field)).toEqual(['71']);
  });
});

describe('properties', () => {
  const RATES = [0, 400, 1000, 2100] as const;
  const arbIssued = fc
    .record({
      operation: fc.constantFrom('S1', 'S1', 'S1', 'S2', 'E1', 'E2', 'E5', 'N1', 'N2'),
      rate: fc.constantFrom(...RATES),
      recargo: fc.constantFrom(0, 0, 140, 520),
      region: fc.constantFrom<Region>('ES', 'EU', 'XX'),
      mod: fc.constantFrom<ModMarker>('0', 'M', 'Q'),
      regime: fc.constantFrom<'G' | 'C'>('G', 'G', 'C'),
      base: fc.integer({ min: -5_000_000, max: 5_000_000 }),
    })
    .map((x) => {
      const s1 = x.operation === 'S1';
      return issued(
        x.operation,
        s1 ? x.rate : 0,
        { base: x.base, vat: s1 ? applyBp(x.base, x.rate) : 0, recargo: s1 ? applyBp(x.base, x.recargo) : 0 },
        { recargoRateBp: s1 ? x.recargo : 0, region: x.region, mod: x.mod, regime: x.regime },
      );
    });
  const arbCash = fc
    .record({ rate: fc.constantFrom(...RATES), base: fc.integer({ min: 0, max: 5_000_000 }) })
    .map((x) => cash(x.rate, { base: x.base, vat: applyBp(x.base, x.rate) }));
  const arbReceived = fc
    .record({
      kind: fc.constantFrom(
        'DOMESTIC',
        'REVERSE_CHARGE',
        'INTRA_EU_GOODS',
        'INTRA_EU_SERVICES',
        'IMPORT',
        'EXEMPT',
      ),
      rate: fc.constantFrom(...RATES),
      investmentGoods: fc.boolean(),
      mod: fc.constantFrom<ModMarker>('0', 'M', 'Q'),
      deductibleBp: fc.constantFrom(10_000, 10_000, 5_000, 0),
      base: fc.integer({ min: -5_000_000, max: 5_000_000 }),
    })
    .map((x) => {
      const vat = x.kind === 'EXEMPT' ? 0 : applyBp(x.base, x.rate);
      return received(
        x.kind,
        x.kind === 'EXEMPT' ? 0 : x.rate,
        { base: x.base, vat, deductibleVat: applyBp(vat, x.deductibleBp) },
        { investmentGoods: x.investmentGoods, mod: x.mod },
      );
    });
  const arbLines = fc.record({
    issued: fc.array(fc.oneof(arbIssued, arbCash), { maxLength: 8 }),
    received: fc.array(arbReceived, { maxLength: 8 }),
  });
  const CONSTANT = new Set(design303v2024_10.boxes.filter((b) => b.unit === 'BP').map((b) => b.box));
  const compute = (
    issuedLines: ModelInput['aggregates']['byKey']['ISSUED'],
    receivedLines: ModelInput['aggregates']['byKey']['RECEIVED'],
    period = '2T',
  ) =>
    run(
      modelInput('303', 2025, period, {
        facts: period === '2T' ? {} : { largeCompany: true },
        lines: periodLines(issuedLines, receivedLines),
      }),
    );

  it('the boxes of the books are the sum of the boxes of their parts, and every identity holds', () => {
    fc.assert(
      fc.property(arbLines, arbLines, fc.constantFrom('2T', '05'), (a, b, period) => {
        const whole = compute([...a.issued, ...b.issued], [...a.received, ...b.received], period);
        const pa = compute(a.issued, a.received, period);
        const pb = compute(b.issued, b.received, period);
        for (const box of design303v2024_10.boxes.map((d) => d.box)) {
          if (CONSTANT.has(box)) continue;
          expect([box, whole.boxes[box]]).toEqual([box, (pa.boxes[box] ?? 0) + (pb.boxes[box] ?? 0)]);
        }
        expect(
          validate303Boxes(whole.boxes, design303v2024_10).filter((i) => i.code === 'BOX_IDENTITY'),
        ).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('rectifying an earlier period moves the amounts to the modification boxes and keeps [27]', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RATES),
        fc.integer({ min: -5_000_000, max: 5_000_000 }),
        (rate, base) => {
          const vat = applyBp(base, rate);
          const ordinary = compute(
            [issued('S1', rate, { base, vat })],
            [received('DOMESTIC', rate, { base, vat })],
          );
          const rectified = compute(
            [issued('S1', rate, { base, vat }, { mod: 'Q' })],
            [received('DOMESTIC', rate, { base, vat }, { mod: 'Q' })],
          );
          expect([
            rectified.boxes['14'],
            rectified.boxes['15'],
            rectified.boxes['40'],
            rectified.boxes['41'],
          ]).toEqual([base, vat, base, vat]);
          expect([rectified.boxes['27'], rectified.boxes['45']]).toEqual([
            ordinary.boxes['27'],
            ordinary.boxes['45'],
          ]);
          expect(rectified.boxes['28']).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('typed withholdings on the received book (grammar v4, issue 15)', () => {
  it('are the 111/115/123/216’s: no box, no unknown key', () => {
    const vat = received('DOMESTIC', 2100, { base: 100_000, vat: 21_000 });
    const plain = run(modelInput('303', 2026, '2T', { lines: periodLines([], [vat]) }));
    const typed = run(
      modelInput('303', 2026, '2T', {
        lines: periodLines(
          [],
          [
            vat,
            { ...irpf(19_000), taxKey: 'IRPF|RENT|-', baseCents: 100_000 },
            { ...irpf(1_500), taxKey: 'IRPF|PROFESSIONAL|G01', baseCents: 10_000 },
          ],
        ),
      }),
    );
    expect(typed.boxes).toEqual(plain.boxes);
    expect(codes(typed)).not.toContain('UNKNOWN_KEY');
  });
});
