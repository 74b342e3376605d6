import { describe, expect, it } from 'vitest';
import { decodeLatin1, parseFixedWidth, selfAssessmentEnvelope, writeSelfAssessment } from './aeat-file';
import { computeModel, designFor, ModelDefinitionError, validPeriodsOf } from './index';
import { page202_01_v2025, page202_02_v2025 } from './layouts/202';
import {
  design202v2025,
  fileValues202,
  fractionOfRate,
  INSTALMENT_202_RULES,
  instalment202Percentage,
  taxPeriodStart,
} from './model-202';
import { irpf, issued, modelInput, periodLines, storedReturn } from './testing';
import type { EarlierReturn, ModelAdjustments, ModelComputation, PeriodLines } from './types';

type Options = {
  lines?: PeriodLines;
  earlier?: EarlierReturn[];
  adjustments?: ModelAdjustments;
  year?: number;
};

const input = (period: string, o: Options = {}) =>
  modelInput('202', o.year ?? 2025, period, {
    lines: o.lines ?? periodLines(),
    earlier: o.earlier ?? [],
    adjustments: o.adjustments ?? {},
    facts: { irpfMethod: null },
  });

const compute = (period: string, o: Options = {}): ModelComputation => computeModel(input(period, o));
const issue = (c: ModelComputation, code: string) => c.issues.find((i) => i.code === code);
const errors = (c: ModelComputation) => c.issues.filter((i) => i.severity === 'ERROR');

describe('modelo 202, art. 40.2 LIS: 18 % of the last return', () => {
  const adjustments: ModelAdjustments = { instalment202: { method: '40.2', lastReturnBaseCents: 1_234_567 } };

  it('[01] the base, [03] 18 % of it rounded half up to the cent', () => {
    const c = compute('1P', { adjustments });
    expect(c.design).toBe('202-2025');
    expect([c.boxes['01'], c.boxes['02'], c.boxes['03']]).toEqual([1_234_567, 0, 222_222]);
    expect(c.result).toEqual({ type: 'I', amountCents: 222_222 });
    expect(c.allowedResultTypes).toEqual(['I', 'U', 'G']);
    expect(errors(c)).toEqual([]);
    // the 40.3 boxes stay at zero
    expect([c.boxes['17'], c.boxes['32'], c.boxes['34']]).toEqual([0, 0, 0]);
  });

  it('each instalment is 18 % of the same base: earlier 202s are not deducted', () => {
    const earlier = [
      storedReturn('202', 2025, '1P', { '03': 222_222 }, { type: 'I', amountCents: 222_222 }),
      storedReturn('202', 2025, '2P', { '03': 222_222 }, { type: 'I', amountCents: 222_222 }),
    ];
    expect(compute('3P', { adjustments, earlier }).result.amountCents).toBe(222_222);
  });

  it('a complementary return deducts [02]; a base of zero is N', () => {
    const c = compute('2P', {
      adjustments: { ...adjustments, boxes: { '02': 22_222 }, previousReceipt: '2020000000001' },
    });
    expect(c.boxes['03']).toBe(200_000);
    const zero = compute('2P', {
      adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 0 } },
    });
    expect(zero.result).toEqual({ type: 'N', amountCents: 0 });
    expect(zero.allowedResultTypes).toEqual(['N']);
  });

  it('is the default method, and asks for the base when it is missing', () => {
    const c = compute('1P');
    expect(c.boxes['03']).toBe(0);
    expect(issue(c, 'LAST_RETURN_BASE')?.severity).toBe('WARNING');
  });

  it('is not allowed above 6 M€ of turnover (art. 40.3 LIS makes the base method compulsory)', () => {
    const c = compute('1P', {
      adjustments: {
        instalment202: {
          method: '40.2',
          lastReturnBaseCents: 100_000,
          previousYearTurnoverCents: 700_000_000,
        },
      },
    });
    expect(issue(c, 'METHOD_40_3_REQUIRED')?.severity).toBe('ERROR');
  });
});

describe('modelo 202, art. 40.3 LIS: the period’s base', () => {
  it('5/7 of the tax rate rounded down to a whole percent: 17 % for 25 %, 16 % for 23 %, 15 % for 21 %', () => {
    const down = INSTALMENT_202_RULES.at(-1)?.baseFraction;
    expect(down).toEqual({ numerator: 5, denominator: 7, rounding: 'DOWN' });
    if (!down) return;
    expect([2500, 2300, 2100, 2000, 1500].map((r) => fractionOfRate(r, down))).toEqual([
      1700, 1600, 1500, 1400, 1000,
    ]);
    expect(instalment202Percentage(2025, 2500)).toBe(1700);
    // DA 14ª LIS: from 10 M€ of turnover, 19/20 rounded up: 24 % for 25 %
    expect(instalment202Percentage(2025, 2500, 1_000_000_000)).toBe(2400);
    expect(instalment202Percentage(2025, 2000, 1_500_000_000)).toBe(1900);
    expect(instalment202Percentage(2015, 2500, 1_500_000_000)).toBe(1700);
  });

  it('3P: base × 17 % minus the withholdings and the 1P and 2P instalments stored', () => {
    const earlier = [
      storedReturn('202', 2025, '1P', { '34': 300_000 }, { type: 'I', amountCents: 300_000 }),
      storedReturn('202', 2025, '2P', { '34': 500_000 }, { type: 'I', amountCents: 500_000 }),
      storedReturn('202', 2024, '2P', { '34': 999_999 }, { type: 'I', amountCents: 999_999 }),
    ];
    const c = compute('3P', {
      earlier,
      adjustments: {
        instalment202: { method: '40.3', periodBaseCents: 10_000_000, withholdingsCents: 50_000 },
      },
    });
    expect([c.boxes['13'], c.boxes['17'], c.boxes['17P'], c.boxes['20']]).toEqual([
      10_000_000, 10_000_000, 1700, 1_700_000,
    ]);
    expect([c.boxes['28'], c.boxes['29'], c.boxes['30']]).toEqual([50_000, 10_000, 800_000]);
    expect([c.boxes['32'], c.boxes['34']]).toEqual([850_000, 850_000]);
    expect(c.result).toEqual({ type: 'I', amountCents: 850_000 });
    expect(errors(c)).toEqual([]);
    expect(c.boxes['03']).toBe(0);
  });

  it('the earlier instalments given replace the stored ones; a missing earlier 202 is warned of', () => {
    const c = compute('2P', {
      adjustments: {
        instalment202: {
          method: '40.3',
          periodBaseCents: 10_000_000,
          withholdingsCents: 0,
          previousInstalmentsCents: 100_000,
        },
      },
    });
    expect(c.boxes['30']).toBe(100_000);
    expect(issue(c, 'EARLIER_INSTALMENT_MISSING')).toBeUndefined();
    const missing = compute('2P', {
      adjustments: { instalment202: { method: '40.3', periodBaseCents: 10_000_000 } },
    });
    expect(missing.boxes['30']).toBe(0);
    expect(issue(missing, 'EARLIER_INSTALMENT_MISSING')?.message).toContain('1P');
  });

  it('without withholdings given, [28] is what the customers withheld in the books', () => {
    const lines = periodLines([issued('S1', 2100, { base: 1_000_000, vat: 210_000 }), irpf(12_345)]);
    const c = compute('1P', {
      lines,
      adjustments: { instalment202: { method: '40.3', periodBaseCents: 1_000_000 } },
    });
    expect(c.boxes['28']).toBe(12_345);
    expect(c.sources['28']).toEqual(['ISSUED:IRPF']);
    expect(c.boxes['32']).toBe(170_000 - 12_345);
  });

  it('the share in territorio común [29] and a company rate of 23 %', () => {
    const c = compute('1P', {
      adjustments: {
        instalment202: { method: '40.3', periodBaseCents: 1_000_001, taxRateBp: 2300, withholdingsCents: 0 },
        boxes: { '29': 6000 },
      },
    });
    expect(c.boxes['17P']).toBe(1600);
    // 16 % of 10.000,01 € = 1.600,0016 € → 1.600,00 €; × 60 % = 960,00 €
    expect([c.boxes['20'], c.boxes['32']]).toEqual([160_000, 96_000]);
  });

  it('a negative base or earlier instalments above the amount leave a negativa (N, 0)', () => {
    const loss = compute('1P', {
      adjustments: { instalment202: { method: '40.3', periodBaseCents: -500_000 } },
    });
    expect([loss.boxes['13'], loss.boxes['17'], loss.boxes['34']]).toEqual([-500_000, 0, 0]);
    expect(loss.result).toEqual({ type: 'N', amountCents: 0 });
    const paid = compute('3P', {
      adjustments: {
        instalment202: {
          method: '40.3',
          periodBaseCents: 1_000_000,
          withholdingsCents: 0,
          previousInstalmentsCents: 500_000,
        },
      },
    });
    expect(paid.boxes['32']).toBe(0);
    expect(paid.result.type).toBe('N');
  });

  it('from 10 M€ of turnover: 24 %, and the minimum payment [33] is the person’s (a warning until given)', () => {
    const params = {
      method: '40.3' as const,
      periodBaseCents: 10_000_000,
      withholdingsCents: 0,
      previousYearTurnoverCents: 1_200_000_000,
    };
    const c = compute('1P', { adjustments: { instalment202: params } });
    expect([c.boxes['17P'], c.boxes['32'], c.boxes['34']]).toEqual([2400, 2_400_000, 2_400_000]);
    expect(issue(c, 'MINIMUM_PAYMENT')?.severity).toBe('WARNING');
    const withMinimum = compute('1P', { adjustments: { instalment202: params, boxes: { '33': 3_000_000 } } });
    expect(withMinimum.boxes['34']).toBe(3_000_000);
    expect(issue(withMinimum, 'MINIMUM_PAYMENT')).toBeUndefined();
    // below 10 M€ a minimum entered is ignored
    const small = compute('1P', {
      adjustments: {
        instalment202: { method: '40.3', periodBaseCents: 10_000_000, withholdingsCents: 0 },
        boxes: { '33': 3_000_000 },
      },
    });
    expect(small.boxes['34']).toBe(1_700_000);
    expect(issue(small, 'MINIMUM_NOT_APPLICABLE')?.severity).toBe('WARNING');
  });

  it('the base from the accounting result and its corrections, checked against the base given', () => {
    const fromResult = compute('1P', {
      adjustments: {
        instalment202: { method: '40.3', withholdingsCents: 0 },
        boxes: { '04': 900_000, '05': 150_000, '09': 50_000 },
      },
    });
    expect([
      fromResult.boxes['38'],
      fromResult.boxes['39'],
      fromResult.boxes['13'],
      fromResult.boxes['17'],
    ]).toEqual([150_000, 50_000, 1_000_000, 1_000_000]);
    const mismatch = compute('1P', {
      adjustments: {
        instalment202: { method: '40.3', periodBaseCents: 2_000_000 },
        boxes: { '04': 900_000 },
      },
    });
    expect(issue(mismatch, 'BOX_IDENTITY')?.field).toBe('13');
    const nothing = compute('1P', { adjustments: { instalment202: { method: '40.3' } } });
    expect(issue(nothing, 'PERIOD_BASE')?.severity).toBe('WARNING');
  });
});

describe('modelo 202: validation', () => {
  it("'{field} no puede ser negativo'", () => {
    const a = compute('1P', { adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: -1 } } });
    expect(a.issues.find((i) => i.code === 'NEGATIVE_BOX')?.message).toBe('[01] no puede ser negativo');
    const b = compute('1P', {
      adjustments: {
        instalment202: {
          method: '40.3',
          periodBaseCents: 100,
          withholdingsCents: -5,
          previousYearTurnoverCents: -1,
          taxRateBp: 12_000,
        },
      },
    });
    expect(b.issues.filter((i) => i.severity === 'ERROR').map((i) => i.message)).toEqual([
      'Cifra de negocios del año anterior no puede ser negativo',
      'El tipo de gravamen debe estar entre el 0 % y el 100 %.',
      '[28] no puede ser negativo',
    ]);
  });

  it('warns when the profile is an autónomo’s', () => {
    const c = computeModel(modelInput('202', 2025, '1P', { facts: { irpfMethod: 'DIRECTA_SIMPLIFICADA' } }));
    expect(issue(c, 'NOT_A_COMPANY')?.severity).toBe('WARNING');
  });
});

describe('modelo 202: registry and file', () => {
  it('has the periods 1P, 2P, 3P and a design from 2025 only', () => {
    expect(validPeriodsOf('202')).toEqual(['1P', '2P', '3P']);
    expect(designFor('202', 2025, '3P')?.id).toBe('202-2025');
    expect(designFor('202', 2024, '1P')).toBeUndefined();
    expect(() => computeModel(input('1P', { year: 2024 }))).toThrow(ModelDefinitionError);
    expect(() => computeModel(input('2T'))).toThrow(ModelDefinitionError);
  });

  it('the tax period’s first day for a calendar year and for one ending on 30 June', () => {
    expect(taxPeriodStart(2025, '1P', '12-31')).toBe('01012025');
    expect(taxPeriodStart(2025, '1P', '06-30')).toBe('01072024');
    expect(taxPeriodStart(2025, '3P', '06-30')).toBe('01072025');
  });

  const identity = (adjustments: ModelAdjustments, period: string) => ({
    nif: 'B12345674',
    name: 'Cuadra Servicios SL',
    softwareNif: 'B12345674',
    softwareVersion: '1.00',
    ...fileValues202({ ...input(period, { adjustments }) }),
  });

  it('40.3: writes pages 01 and 02 and reads the boxes back from the design’s positions', () => {
    const adjustments: ModelAdjustments = {
      instalment202: {
        method: '40.3',
        periodBaseCents: 10_000_000,
        withholdingsCents: 50_000,
        previousInstalmentsCents: 800_000,
        previousYearTurnoverCents: 700_000_000,
      },
    };
    const c = compute('3P', { adjustments });
    const file = writeSelfAssessment(design202v2025, c, identity(adjustments, '3P'));
    const text = decodeLatin1(file);
    const envelope = selfAssessmentEnvelope('202');
    expect(text.slice(0, 17)).toBe('<T20202025' + '3P0000>');
    expect(text.length).toBe(envelope.length + 700 + 951 + 18);
    expect(text.endsWith('</T202020253P0000>')).toBe(true);

    const p1 = parseFixedWidth(file, page202_01_v2025, envelope.length);
    const at1 = (position: number) => p1.find((f) => f.position === position);
    expect(at1(1)?.raw + (at1(3)?.raw ?? '') + (at1(6)?.raw ?? '') + (at1(8)?.raw ?? '')).toBe('<T20201000>');
    expect([at1(13)?.value, at1(14)?.value, at1(23)?.value]).toEqual([
      'I',
      'B12345674',
      'CUADRA SERVICIOS SL',
    ]);
    expect([at1(104)?.value, at1(108)?.value, at1(110)?.value]).toEqual(['2025', '3P', '01012025']);
    expect([at1(127)?.raw, at1(130)?.raw, at1(132)?.value, at1(147)?.value, at1(148)?.value]).toEqual([
      'X',
      ' ',
      '25',
      '0',
      'B',
    ]);
    expect([at1(149)?.value, at1(183)?.value, at1(353)?.value]).toEqual([0, 0, 10_000_000]);

    const p2 = parseFixedWidth(file, page202_02_v2025, envelope.length + 700);
    const at2 = (position: number) => p2.find((f) => f.position === position);
    expect(at2(1)?.raw + (at2(3)?.raw ?? '') + (at2(6)?.raw ?? '') + (at2(8)?.raw ?? '')).toBe('<T20202000>');
    expect([at2(13)?.value, at2(30)?.raw, at2(103)?.value]).toEqual([10_000_000, '01700', 1_700_000]);
    expect([at2(446)?.value, at2(463)?.raw, at2(468)?.value]).toEqual([50_000, '10000', 800_000]);
    expect([at2(502)?.value, at2(519)?.value, at2(536)?.value]).toEqual([850_000, 0, 850_000]);
    expect(at2(940)?.raw).toBe('</T20202000>');
    // every box of the design is where the layout says, with the computed value
    for (const page of [p1, p2]) {
      for (const f of page.filter((x) => x.source.startsWith('box:'))) {
        expect(f.value, f.source).toBe(c.boxes[f.source.slice(4)] ?? 0);
      }
    }
  });

  it('40.2: modality A with [01] and [03] on page 01', () => {
    const adjustments: ModelAdjustments = {
      instalment202: { method: '40.2', lastReturnBaseCents: 1_234_567 },
    };
    const c = compute('1P', { adjustments });
    const file = writeSelfAssessment(design202v2025, c, identity(adjustments, '1P'));
    const p1 = parseFixedWidth(file, page202_01_v2025, selfAssessmentEnvelope('202').length);
    const at1 = (position: number) => p1.find((f) => f.position === position);
    expect([at1(148)?.value, at1(149)?.value, at1(166)?.value, at1(183)?.value]).toEqual([
      'A',
      1_234_567,
      0,
      222_222,
    ]);
    expect(at1(132)?.value).toBe('');
  });
});
