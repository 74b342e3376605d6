import { describe, expect, it } from 'vitest';
import { computeModel } from './index';
import { layout390v2023, layout390v2024, layout390v2025 } from './layouts/390';
import { compute303, design303v2024_10 } from './model-303';
import { compute390, design390v2023, design390v2024, design390v2025, model390, year303s } from './model-390';
import { asEarlier, cash, irpf, issued, modelInput, periodLines, received, receivedCash } from './testing';
import type { EarlierReturn, ModelComputation, PeriodLines } from './types';

const IBAN = 'ES9121000418450200051332';

/**
 * A year of quarters whose 303 results are −50 € (C), +120 € (N after compensation), +80 € (I after
 * compensation) and −20 € (D), with 100 € pending from 4T-2024. Every kind of line appears once.
 */
const QUARTERS: Record<string, PeriodLines> = {
  '1T': periodLines(
    [
      issued('S1', 2100, { base: 100_000, vat: 21_000 }),
      issued('S1', 1000, { base: 20_000, vat: 2_000, recargo: 280 }, { recargoRateBp: 140 }),
      irpf(15_000),
    ],
    [
      received('INTRA_EU_GOODS', 2100, { base: 50_000, vat: 10_500 }),
      received('DOMESTIC', 2100, { base: 134_667, vat: 28_280 }),
    ],
  ),
  '2T': periodLines(
    [issued('S1', 2100, { base: 100_000, vat: 21_000 }), issued('E5', 0, { base: 30_000 }, { region: 'EU' })],
    [
      received('REVERSE_CHARGE', 2100, { base: 10_000, vat: 2_100 }),
      received('IMPORT', 2100, { base: 20_000, vat: 4_200 }, { investmentGoods: true }),
      received('DOMESTIC', 1000, { base: 48_000, vat: 4_800 }),
    ],
  ),
  '3T': periodLines(
    [
      issued('S1', 400, { base: 50_000, vat: 2_000 }),
      issued('S1', 2100, { base: -10_000, vat: -2_100 }, { mod: 'Q' }),
      issued('S1', 2100, { base: 60_000, vat: 12_600 }, { regime: 'C' }),
      cash(2100, { base: 40_000, vat: 8_400 }),
    ],
    [
      received('INTRA_EU_SERVICES', 2100, { base: 10_000, vat: 2_100 }),
      received('DOMESTIC', 2100, { base: 1_429, vat: 300 }, { investmentGoods: true }),
    ],
  ),
  '4T': periodLines(
    [
      issued('S1', 2100, { base: 10_000, vat: 2_100 }),
      issued('N2', 0, { base: 5_000 }, { region: 'XX' }),
      issued('E2', 0, { base: 7_000 }, { region: 'XX' }),
      issued('S2', 0, { base: 8_000 }),
    ],
    [
      received('DOMESTIC', 2100, { base: -1_000, vat: -210 }, { mod: 'Q' }),
      received('DOMESTIC', 2100, { base: 20_524, vat: 4_310 }),
    ],
  ),
};

const PREVIOUS_4T: EarlierReturn = {
  modelType: '303',
  year: 2024,
  period: '4T',
  boxes: { '87': 0, '71': -10_000 },
  result: { type: 'C', amountCents: -10_000 },
  status: 'SUBMITTED',
};

/** The year's 303s, each with the compensation its predecessor carries. */
function yearOf303s(): ModelComputation[] {
  const out: ModelComputation[] = [];
  for (const q of ['1T', '2T', '3T', '4T']) {
    out.push(
      computeModel(
        modelInput('303', 2025, q, {
          lines: QUARTERS[q],
          earlier: [PREVIOUS_4T, ...out.map((c) => asEarlier(c))],
          adjustments: q === '4T' ? { iban: IBAN } : {},
        }),
      ),
    );
  }
  return out;
}

const merged = (): PeriodLines =>
  periodLines(
    Object.values(QUARTERS).flatMap((q) => q.byKey.ISSUED),
    Object.values(QUARTERS).flatMap((q) => q.byKey.RECEIVED),
  );

describe('the 390 designs as data', () => {
  it('has one design per year with its layout, the latest still current', () => {
    expect(model390.designs.map((d) => [d.id, d.validFrom, d.validTo])).toEqual([
      ['390-2023', '2023-01-01', '2023-12-31'],
      ['390-2024', '2024-01-01', '2024-12-31'],
      ['390-2025', '2025-01-01', null],
    ]);
    expect([design390v2023.pages, design390v2024.pages, design390v2025.pages]).toEqual([
      layout390v2023,
      layout390v2024,
      layout390v2025,
    ]);
  });

  it("every box is written by its layout, with the layout's sign", () => {
    for (const d of model390.designs) {
      const fields = d.pages.flatMap((p) => p.fields).filter((f) => f.source.startsWith('box:'));
      const written = new Map(fields.map((f) => [f.source.slice(4), f.type]));
      for (const b of d.boxes) {
        expect([d.id, b.box, written.has(b.box)]).toEqual([d.id, b.box, true]);
        expect([d.id, b.box, b.signed]).toEqual([d.id, b.box, written.get(b.box) === 'N']);
      }
      expect(new Set(d.boxes.map((b) => b.box)).size).toBe(d.boxes.length);
    }
  });

  it('2023 has no box for the temporary 2 % and 7,5 % rates of 2024', () => {
    const boxes2023 = design390v2023.boxes.map((b) => b.box);
    expect(boxes2023).not.toContain('667');
    expect(boxes2023).not.toContain('669');
    expect(design390v2024.boxes.map((b) => b.box)).toContain('667');
  });
});

describe('a year: the 390 equals the sum of its four 303s', () => {
  const q = yearOf303s();
  const input = modelInput('390', 2025, '0A', {
    lines: merged(),
    earlier: [PREVIOUS_4T, ...q.map((c) => asEarlier(c))],
  });
  const c = compute390(input, design390v2025);
  const s303 = (...bs: string[]) => q.reduce((s, r) => s + bs.reduce((t, b) => t + (r.boxes[b] ?? 0), 0), 0);
  const s390 = (...bs: string[]) => bs.reduce((t, b) => t + (c.boxes[b] ?? 0), 0);

  it('the quarters are what the scenario says', () => {
    expect(
      q.map((r) => [
        r.boxes['46'],
        r.boxes['110'],
        r.boxes['78'],
        r.boxes['87'],
        r.result.type,
        r.result.amountCents,
      ]),
    ).toEqual([
      [-5_000, 10_000, 0, 10_000, 'C', -5_000],
      [12_000, 15_000, 12_000, 3_000, 'N', 0],
      [8_000, 3_000, 3_000, 0, 'I', 5_000],
      [-2_000, 0, 0, 0, 'D', -2_000],
    ]);
  });

  it.each([
    [['27'], ['47']],
    [['45'], ['64']],
    [['46'], ['65']],
    [['01'], ['01', '643']],
    [['03'], ['02', '644']],
    [['04'], ['03', '645']],
    [['06'], ['04', '646']],
    [['07'], ['05', '647']],
    [['09'], ['06', '648']],
    [['10'], ['716', '683', '21', '718', '685', '23', '25', '720', '687', '545', '722', '689', '547', '551']],
    [['11'], ['717', '684', '22', '719', '686', '24', '26', '721', '688', '546', '723', '690', '548', '552']],
    [['12'], ['27']],
    [['13'], ['28']],
    [['14'], ['29']],
    [['15'], ['30']],
    [['19'], ['599']],
    [['21'], ['600']],
    [['25'], ['43']],
    [['26'], ['44']],
    [['28'], ['48']],
    [['29'], ['49']],
    [['30'], ['50']],
    [['31'], ['51']],
    [['32'], ['52']],
    [['33'], ['53']],
    [['34'], ['54']],
    [['35'], ['55']],
    [['36'], ['56', '597']],
    [['37'], ['57', '598']],
    [['38'], ['58']],
    [['39'], ['59']],
    [['40'], ['639']],
    [['41'], ['62']],
    [['59'], ['103']],
    [['60'], ['104']],
    [['120'], ['110']],
    [['122'], ['125']],
    [['62'], ['654']],
    [['63'], ['655']],
  ])('Σ 303 %j = 390 %j', (b303, b390) => {
    expect(s390(...b390)).toBe(s303(...b303));
  });

  it('has the expected figures, not only the sums', () => {
    expect([
      c.boxes['05'],
      c.boxes['06'],
      c.boxes['647'],
      c.boxes['648'],
      c.boxes['01'],
      c.boxes['02'],
    ]).toEqual([210_000, 44_100, 40_000, 8_400, 50_000, 2_000]);
    expect([
      c.boxes['25'],
      c.boxes['26'],
      c.boxes['551'],
      c.boxes['552'],
      c.boxes['27'],
      c.boxes['28'],
    ]).toEqual([50_000, 10_500, 10_000, 2_100, 10_000, 2_100]);
    expect([
      c.boxes['605'],
      c.boxes['606'],
      c.boxes['603'],
      c.boxes['604'],
      c.boxes['613'],
      c.boxes['625'],
    ]).toEqual([10_000 + 134_667 + 20_524, 2_100 + 28_280 + 4_310, 48_000, 4_800, 1_429, 20_000]);
    expect([c.boxes['33'], c.boxes['34'], c.boxes['47'], c.boxes['64'], c.boxes['65']]).toEqual([
      380_000, 69_100, 69_380, 56_380, 13_000,
    ]);
    // Volume: régimen general 2.700 €, criterio de caja 600 €, EU 300 €, exports 70 €, N2 50 €, ISP 80 €.
    expect([
      c.boxes['99'],
      c.boxes['653'],
      c.boxes['103'],
      c.boxes['104'],
      c.boxes['110'],
      c.boxes['125'],
      c.boxes['108'],
    ]).toEqual([270_000, 60_000, 30_000, 7_000, 5_000, 8_000, 380_000]);
  });

  it("page 6: compensation from 2024, payments and the last period's refund", () => {
    expect([c.boxes['84'], c.boxes['85'], c.boxes['86']]).toEqual([13_000, 10_000, 3_000]);
    expect([c.boxes['95'], c.boxes['96'], c.boxes['97'], c.boxes['98'], c.boxes['662']]).toEqual([
      5_000, 0, 0, 2_000, 0,
    ]);
    // What was paid minus what is refunded is the year's result.
    expect(c.boxes['95']! - c.boxes['98']!).toBe(c.boxes['86']);
    expect(c.result).toEqual({ type: 'D', amountCents: 3_000 });
    expect(c.allowedResultTypes).toEqual(['D']);
    expect(c.issues).toEqual([]);
  });

  it("the same from the four quarters when the year's aggregates are not given", () => {
    const fromQuarters = compute390(
      { ...input, aggregates: periodLines(), quarters: QUARTERS },
      design390v2025,
    );
    expect(fromQuarters.boxes).toEqual(c.boxes);
  });

  it('through the registry, with the sources of each box', () => {
    const viaRegistry = computeModel(input);
    expect(viaRegistry.design).toBe('390-2025');
    expect(viaRegistry.boxes).toEqual(c.boxes);
    expect(c.sources['647']).toEqual(['ISSUED:CAJA|S1|2100|0']);
    expect(c.sources['29']).toEqual(['ISSUED:S1|2100|0|ES|Q|G']);
  });

  it('warns when the 390 and the 303s disagree', () => {
    const tampered = q.map((r, i) =>
      i === 1 ? { ...asEarlier(r), boxes: { ...r.boxes, '27': (r.boxes['27'] ?? 0) + 1 } } : asEarlier(r),
    );
    const d = compute390({ ...input, earlier: [PREVIOUS_4T, ...tampered] }, design390v2025);
    expect(d.issues.map((i) => [i.code, i.field])).toEqual([['CROSS_CHECK_303', '47']]);
  });
});

describe("390 results from the year's 303s", () => {
  const ret = (
    period: string,
    boxes: Record<string, number>,
    type: EarlierReturn['result']['type'],
  ): EarlierReturn => ({
    modelType: '303',
    year: 2025,
    period,
    boxes,
    result: { type, amountCents: boxes['71'] ?? 0 },
    status: 'SUBMITTED',
  });

  it('[97] the last result to compensate, [662] what the other periods left pending', () => {
    const earlier = [
      ret('1T', { '46': -5_000, '110': 10_000, '78': 0, '87': 10_000, '71': -5_000 }, 'C'),
      ret('2T', { '46': 12_000, '110': 15_000, '78': 12_000, '87': 3_000, '71': 0 }, 'N'),
      ret('3T', { '46': 1_000, '110': 3_000, '78': 1_000, '87': 2_000, '71': 0 }, 'N'),
      ret('4T', { '46': -2_000, '110': 2_000, '78': 0, '87': 2_000, '71': -2_000 }, 'C'),
    ];
    const c = compute390(modelInput('390', 2025, '0A', { earlier }), design390v2025);
    expect([c.boxes['85'], c.boxes['95'], c.boxes['97'], c.boxes['98'], c.boxes['662']]).toEqual([
      10_000, 0, 2_000, 0, 2_000,
    ]);
    expect(c.result.type).toBe('C');
  });

  it('a submitted 303 wins over a generated one of the same period', () => {
    const generated = { ...ret('1T', { '71': 100 }, 'I'), status: 'MODEL_GENERATED' as const };
    const submitted = ret('1T', { '71': 200 }, 'I');
    expect(year303s([submitted, generated], 2025)).toEqual([submitted]);
    expect(year303s([generated, submitted], 2025)).toEqual([submitted]);
  });

  it("without the year's 303s: warnings, [85] from the pending balance and the type from [86]", () => {
    const c = compute390(
      modelInput('390', 2025, '0A', {
        lines: periodLines([issued('S1', 2100, { base: 100_000, vat: 21_000 })]),
        adjustments: { compensationFromPreviousCents: 5_000 },
      }),
      design390v2025,
    );
    expect([c.boxes['65'], c.boxes['85'], c.boxes['86']]).toEqual([21_000, 5_000, 16_000]);
    expect(c.result).toEqual({ type: 'I', amountCents: 16_000 });
    expect(c.issues.map((i) => i.code)).toEqual(['MISSING_303', 'MISSING_LAST_303']);
  });

  it("takes the 303s' page entries ([42], [43], [44], [76], [77]) unless the person gives them", () => {
    const earlier = [ret('4T', { '42': 10, '43': -20, '44': 30, '76': 40, '77': 50, '71': 0 }, 'N')];
    const c = compute390(modelInput('390', 2025, '0A', { earlier }), design390v2025);
    expect([c.boxes['61'], c.boxes['63'], c.boxes['522'], c.boxes['658'], c.boxes['659']]).toEqual([
      10, -20, 30, 40, 50,
    ]);
    expect([c.boxes['64'], c.boxes['84'], c.boxes['86']]).toEqual([20, 20, 70]);
    const own = compute390(
      modelInput('390', 2025, '0A', { earlier, adjustments: { boxes: { '658': 1 } } }),
      design390v2025,
    );
    expect(own.boxes['658']).toBe(1);
  });
});

describe('390 designs by year', () => {
  it('2023: 5 % in [702]/[703], 2 % has no box', () => {
    const c = compute390(
      modelInput('390', 2023, '0A', {
        lines: periodLines([
          issued('S1', 500, { base: 10_000, vat: 500 }),
          issued('S1', 200, { base: 1_000, vat: 20 }),
        ]),
      }),
      design390v2023,
    );
    expect([c.boxes['702'], c.boxes['703']]).toEqual([10_000, 500]);
    expect(c.issues.filter((i) => i.severity === 'ERROR').map((i) => i.code)).toEqual(['UNMAPPED_RATE']);
  });

  it('2024: the 2 % and 7,5 % boxes and their recargos', () => {
    const c = compute390(
      modelInput('390', 2024, '0A', {
        lines: periodLines(
          [
            issued('S1', 200, { base: 1_000, vat: 20, recargo: 3 }, { recargoRateBp: 26 }),
            issued('S1', 750, { base: 2_000, vat: 150, recargo: 20 }, { recargoRateBp: 100 }),
          ],
          [
            received('DOMESTIC', 750, { base: 3_000, vat: 225 }),
            received('INTRA_EU_GOODS', 200, { base: 4_000, vat: 80 }),
          ],
        ),
      }),
      design390v2024,
    );
    expect(
      ['667', '668', '669', '670', '691', '692', '693', '694', '697', '698', '683', '684', '765', '766'].map(
        (b) => c.boxes[b],
      ),
    ).toEqual([1_000, 20, 2_000, 150, 1_000, 3, 2_000, 20, 3_000, 225, 4_000, 80, 4_000, 80]);
  });

  it('applies the prorrata to each deductible quota box', () => {
    const c = compute390(
      modelInput('390', 2025, '0A', {
        facts: { prorrataBp: 5_000 },
        lines: periodLines(
          [],
          [
            received('DOMESTIC', 2100, { base: 1_000, vat: 211 }),
            received('DOMESTIC', 1000, { base: 1_010, vat: 101 }),
          ],
        ),
      }),
      design390v2025,
    );
    expect([c.boxes['606'], c.boxes['604'], c.boxes['49'], c.boxes['64']]).toEqual([106, 51, 157, 157]);
  });
});

describe('typed withholdings on the received book (grammar v4, issue 15)', () => {
  it('are left out without being reported as unknown keys', () => {
    const withholdings = [
      { ...irpf(19_000), taxKey: 'IRPF|RENT|-', baseCents: 100_000 },
      { ...irpf(4_800), taxKey: 'IRPF|NON_RESIDENT|-', baseCents: 20_000 },
    ];
    const typed: Record<string, PeriodLines> = Object.fromEntries(
      Object.entries(QUARTERS).map(([q, l]) => [
        q,
        { ...l, byKey: { ...l.byKey, RECEIVED: [...l.byKey.RECEIVED, ...withholdings] } },
      ]),
    );
    const input = (quarters: Record<string, PeriodLines>) =>
      modelInput('390', 2025, '0A', { lines: periodLines(), quarters });
    const a = compute390(input(QUARTERS), design390v2025);
    const b = compute390(input(typed), design390v2025);
    expect(b.boxes).toEqual(a.boxes);
    expect(b.issues.map((i) => i.code)).not.toContain('UNKNOWN_KEY');
  });
});

describe("a supplier's criterio de caja on the received book (grammar v5, art. 163 quaterdecies LIVA)", () => {
  it('[656]/[657] take the invoices; the deduction comes by rate from the payments, and the 390 is Σ 303', () => {
    const quarters: Record<string, PeriodLines> = {
      '1T': periodLines(
        [],
        [
          received('DOMESTIC', 2100, { base: 100_000, vat: 21_000, deductibleVat: 10_500 }, { regime: 'C' }),
          receivedCash(2100, { base: 50_000, vat: 10_500, deductibleVat: 5_250, deductibleBase: 25_000 }),
        ],
      ),
      '2T': periodLines(),
      '3T': periodLines(
        [],
        [receivedCash(2100, { base: 50_000, vat: 10_500, deductibleVat: 5_250, deductibleBase: 25_000 })],
      ),
      '4T': periodLines(
        [],
        [
          received('DOMESTIC', 1000, { base: 30_000, vat: 3_000 }, { regime: 'C', investmentGoods: true }),
          receivedCash(1000, { base: 30_000, vat: 3_000 }, { investmentGoods: true }),
        ],
      ),
    };
    const c = compute390(modelInput('390', 2025, '0A', { lines: periodLines(), quarters }), design390v2025);
    expect([c.boxes['656'], c.boxes['657']]).toEqual([130_000, 24_000]);
    expect([c.boxes['605'], c.boxes['606'], c.boxes['611'], c.boxes['612']]).toEqual([
      50_000, 10_500, 30_000, 3_000,
    ]);
    // Half the VAT of the first invoice is not deductible (art. 95 LIVA): its base, once.
    expect(c.boxes['232']).toBe(50_000);
    expect(c.boxes['64']).toBe(13_500);
    expect(c.issues.map((i) => i.code)).not.toContain('UNKNOWN_KEY');
    const sum303 = Object.entries(quarters).reduce(
      (s, [q, lines]) =>
        s + (compute303(modelInput('303', 2025, q as '1T', { lines }), design303v2024_10).boxes['45'] ?? 0),
      0,
    );
    expect(sum303).toBe(c.boxes['64']);
  });
});
