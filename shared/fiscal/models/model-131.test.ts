import { describe, expect, it } from 'vitest';
import { decodeLatin1, parseFixedWidth, selfAssessmentEnvelope, writeSelfAssessment } from './aeat-file';
import { computeModel, designFor, validPeriodsOf } from './index';
import { page131_01_v2019 } from './layouts/131';
import {
  activityOccurrences,
  allowedResultTypes131,
  design131v2019,
  fileValues131,
  MODULES_INSTALMENT_RULES,
} from './model-131';
import { irpf, issued, modelInput, moduleActivity, periodLines, storedReturn } from './testing';
import type { EarlierReturn, ModelAdjustments, ModelComputation, PeriodLines } from './types';

type Options = {
  lines?: PeriodLines;
  earlier?: EarlierReturn[];
  adjustments?: ModelAdjustments;
  hasEmployees?: boolean;
  year?: number;
};

function compute(period: string, o: Options = {}): ModelComputation {
  return computeModel(
    modelInput('131', o.year ?? 2025, period, {
      lines: o.lines ?? periodLines(),
      earlier: o.earlier ?? [],
      adjustments: o.adjustments ?? {},
      facts: { irpfMethod: 'MODULOS', hasEmployees: o.hasEmployees ?? true },
    }),
  );
}

const issue = (c: ModelComputation, code: string) => c.issues.find((i) => i.code === code);

/**
 * A bar (IAE 673.1) with one employee and a shop (IAE 651.1) run alone. Module values are annual amounts per
 * unit (Orden de módulos); the bar's 1,5 units × 8.000 € = 12.000 €, less 1.000 € of minorations = 11.000 €;
 * the shop's 2,25 units × 3.333,33 € = 7.499,9925 € → 7.499,99 €, less 499,99 € = 7.000 €.
 */
const BAR = moduleActivity('6731', 1.5, 800_000, { deductions: 100_000, employees: 1 });
const SHOP = moduleActivity('6511', 2.25, 333_333, { deductions: 49_999, employees: 0 });
/** The quarter's books: a módulos invoice with 1 % withheld by the customer (50 €). */
const Q_BOOKS = periodLines([issued('S1', 1000, { base: 500_000, vat: 50_000 }), irpf(5_000)]);
/** Previous year's net activity income 9.500 €: art. 110.3.c RIRPF reduces each instalment by 75 €. */
const PREVIOUS_9500 = 950_000;

describe('modelo 131: two activities, withholdings borne and the negative results of earlier quarters', () => {
  // 1T was negative (−30 €, B); 2T deducted 10 € of it ([11]) and came out at 0: 20 € remain for 3T.
  const earlier = [
    storedReturn(
      '131',
      2025,
      '1T',
      { '10': -3_000, '11': 0, '15': -3_000 },
      { type: 'B', amountCents: -3_000 },
    ),
    storedReturn('131', 2025, '2T', { '10': 1_000, '11': 1_000, '15': 0 }, { type: 'N', amountCents: 0 }),
  ];
  const c = compute('3T', {
    lines: Q_BOOKS,
    earlier,
    adjustments: { modulesData: [BAR, SHOP], previousYearNetIncomeCents: PREVIOUS_9500 },
  });

  it('computes each activity: annual net income, the percentage by employees (3 % and 2 %) and its result', () => {
    expect(c.design).toBe('131-2019');
    expect([c.boxes.RN1, c.boxes.PA1, c.boxes.RP1]).toEqual([1_100_000, 300, 33_000]);
    expect([c.boxes.RN2, c.boxes.PA2, c.boxes.RP2]).toEqual([700_000, 200, 14_000]);
    expect([c.boxes.RN3, c.boxes.PA3, c.boxes.RP3]).toEqual([0, 0, 0]);
  });

  it('sums [01] and [02], deducts the withholdings [08] and the art. 110.3.c reduction [09]', () => {
    expect(c.boxes['01']).toBe(1_800_000);
    expect(c.boxes['02']).toBe(47_000);
    expect(c.boxes['07']).toBe(47_000);
    expect(c.boxes['08']).toBe(5_000);
    expect(c.sources['08']).toEqual(['ISSUED:IRPF']);
    expect(c.boxes['09']).toBe(7_500);
    expect(c.boxes['10']).toBe(34_500);
  });

  it('deducts in [11] the negative result of 1T still pending after 2T, and pays the rest', () => {
    expect(c.boxes['11']).toBe(2_000);
    expect(c.boxes['13']).toBe(32_500);
    expect(c.boxes['15']).toBe(32_500);
    expect(c.result).toEqual({ type: 'I', amountCents: 32_500 });
    expect(c.allowedResultTypes).toEqual(['I', 'U', 'G']);
    expect(c.issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
  });

  it('prefers the submitted 131 of a quarter to a generated one, and warns of a quarter without any', () => {
    const generated = storedReturn(
      '131',
      2025,
      '1T',
      { '15': -9_000 },
      { type: 'B', amountCents: -9_000 },
      'MODEL_GENERATED',
    );
    const c2 = compute('3T', {
      lines: Q_BOOKS,
      earlier: [generated, ...earlier],
      adjustments: { modulesData: [BAR, SHOP], previousYearNetIncomeCents: PREVIOUS_9500 },
    });
    expect(c2.boxes['11']).toBe(2_000);
    const c3 = compute('3T', {
      lines: Q_BOOKS,
      earlier: [earlier[0] as EarlierReturn],
      adjustments: { modulesData: [BAR, SHOP], previousYearNetIncomeCents: PREVIOUS_9500 },
    });
    expect(c3.boxes['11']).toBe(3_000);
    expect(issue(c3, 'EARLIER_QUARTER_MISSING')?.message).toContain('2T');
  });

  it('is not cumulative: the instalments of earlier quarters are never deducted', () => {
    const c2 = compute('3T', {
      lines: Q_BOOKS,
      earlier,
      adjustments: {
        modulesData: [BAR, SHOP],
        previousYearNetIncomeCents: PREVIOUS_9500,
        previousPaymentsCents: 40_000,
      },
    });
    expect(c2.boxes['15']).toBe(32_500);
    expect(issue(c2, 'PREVIOUS_PAYMENTS_IGNORED')?.severity).toBe('WARNING');
  });
});

describe('modelo 131: percentages', () => {
  it('are dated data of art. 110.1.b and c RIRPF', () => {
    expect(MODULES_INSTALMENT_RULES.at(-1)).toMatchObject({
      toYear: null,
      generalBp: 400,
      oneEmployeeBp: 300,
      noEmployeesBp: 200,
      agriculturalBp: 200,
    });
  });

  it('4 % with two employees or more; adjustments.irpfRateBp overrides every activity', () => {
    const two = compute('1T', {
      adjustments: {
        modulesData: [moduleActivity('6731', 1.5, 800_000, { deductions: 100_000, employees: 2 })],
      },
    });
    expect([two.boxes.PA1, two.boxes.RP1]).toEqual([400, 44_000]);
    const forced = compute('1T', { adjustments: { modulesData: [BAR, SHOP], irpfRateBp: 400 } });
    expect([forced.boxes.RP1, forced.boxes.RP2, forced.boxes['02']]).toEqual([44_000, 28_000, 72_000]);
  });

  it('without the employees of an activity: 2 % when the profile has none, else 4 % with a warning', () => {
    const alone = moduleActivity('6511', 1, 1_000_000);
    expect(compute('1T', { hasEmployees: false, adjustments: { modulesData: [alone] } }).boxes.PA1).toBe(200);
    const withStaff = compute('1T', { hasEmployees: true, adjustments: { modulesData: [alone] } });
    expect(withStaff.boxes.PA1).toBe(400);
    expect(issue(withStaff, 'EMPLOYEES_UNKNOWN')?.message).toContain('3 %');
  });

  it('2 % of the quarter’s sales without data-base ([03] → [04]) and of agricultural income ([05] → [06])', () => {
    const c = compute('2T', { adjustments: { boxes: { '03': 1_000_050, '05': 500_000 } } });
    expect([c.boxes['04'], c.boxes['06'], c.boxes['07']]).toEqual([20_001, 10_000, 30_001]);
    expect(c.result.amountCents).toBe(30_001);
  });

  it('the reduction [09] never exceeds the positive [07] − [08]', () => {
    const c = compute('1T', {
      lines: periodLines([irpf(10_000)]),
      adjustments: {
        modulesData: [moduleActivity('6511', 1, 500_000, { employees: 0 })],
        previousYearNetIncomeCents: 0,
      },
    });
    // [07] 100 €, [08] 100 €: nothing left to reduce.
    expect([c.boxes['07'], c.boxes['08'], c.boxes['09'], c.boxes['15']]).toEqual([10_000, 10_000, 0, 0]);
    expect(c.result.type).toBe('N');
  });
});

describe('modelo 131: negative results', () => {
  const heavyWithholdings = periodLines([irpf(60_000)]);

  it('a negative result in 1T–3T is B (a deducir) and has no reduction [09]', () => {
    const c = compute('2T', {
      lines: heavyWithholdings,
      adjustments: { modulesData: [BAR, SHOP], previousYearNetIncomeCents: PREVIOUS_9500 },
    });
    expect([c.boxes['09'], c.boxes['10'], c.boxes['11'], c.boxes['15']]).toEqual([0, -13_000, 0, -13_000]);
    expect(c.result).toEqual({ type: 'B', amountCents: -13_000 });
    expect(allowedResultTypes131(-1, '3T')).toEqual(['B']);
  });

  it('in 4T a negative result is N (the annual return settles it)', () => {
    const c = compute('4T', { lines: heavyWithholdings, adjustments: { modulesData: [BAR, SHOP] } });
    expect(c.result).toEqual({ type: 'N', amountCents: -13_000 });
    expect(c.allowedResultTypes).toEqual(['N']);
  });

  it('[11] is limited to a positive [10]', () => {
    const earlier = [storedReturn('131', 2025, '1T', { '15': -50_000 }, { type: 'B', amountCents: -50_000 })];
    const c = compute('2T', { earlier, adjustments: { modulesData: [BAR, SHOP] } });
    expect([c.boxes['10'], c.boxes['11'], c.boxes['15']]).toEqual([47_000, 47_000, 0]);
  });
});

describe('modelo 131: validation', () => {
  it("'{field} no puede ser negativo' for the units, the value per unit and the deductions", () => {
    const c = compute('1T', {
      adjustments: {
        modulesData: [moduleActivity('6511', -1, -5, { deductions: -2 })],
      },
    });
    const messages = c.issues.filter((i) => i.code === 'NEGATIVE_AMOUNT').map((i) => i.message);
    expect(messages).toEqual([
      'Unidades del módulo (actividad 1) no puede ser negativo',
      'Rendimiento anual por unidad (actividad 1) no puede ser negativo',
      'Minoraciones y reducciones (actividad 1) no puede ser negativo',
    ]);
    expect(c.issues.find((i) => i.code === 'NEGATIVE_AMOUNT')?.field).toBe('modulesData.0.moduleUnits');
  });

  it('the IAE epigraph has 1 to 4 characters', () => {
    const c = compute('1T', {
      adjustments: {
        modulesData: [
          moduleActivity('', 1, 100),
          moduleActivity('65111', 1, 100),
          moduleActivity('6511', 1, 100),
        ],
      },
    });
    expect(c.issues.filter((i) => i.code === 'ACTIVITY_CODE').map((i) => i.field)).toEqual([
      'modulesData.0.activityCode',
      'modulesData.1.activityCode',
    ]);
  });

  it('at most the design’s five activities', () => {
    expect(activityOccurrences(design131v2019)).toBe(5);
    const six = Array.from({ length: 6 }, (_, i) => moduleActivity(`65${i}1`, 1, 100_000, { employees: 0 }));
    const c = compute('1T', { adjustments: { modulesData: six } });
    expect(issue(c, 'TOO_MANY_ACTIVITIES')?.severity).toBe('ERROR');
    expect(c.boxes['01']).toBe(500_000);
  });

  it('deductions above the modules, a negative manual box and [12] above [10] − [11] are errors', () => {
    const c = compute('1T', {
      adjustments: {
        modulesData: [moduleActivity('6511', 1, 100_000, { deductions: 200_000, employees: 0 })],
        boxes: { '03': -100 },
      },
    });
    expect(issue(c, 'NEGATIVE_NET_INCOME')?.severity).toBe('ERROR');
    expect(c.issues.find((i) => i.code === 'NEGATIVE_BOX')?.message).toBe('[03] no puede ser negativo');
    const loan = compute('1T', { adjustments: { modulesData: [BAR], boxes: { '12': 40_000 } } });
    expect(issue(loan, 'HOUSING_LOAN_LIMIT')?.message).toContain('330,00');
  });

  it('warns when the previous year’s income is unknown, the complementary data are missing or the method is not módulos', () => {
    const c = computeModel(
      modelInput('131', 2025, '1T', {
        adjustments: { modulesData: [BAR], boxes: { '14': 100 } },
        facts: { irpfMethod: 'DIRECTA_SIMPLIFICADA' },
      }),
    );
    expect(issue(c, 'PREVIOUS_YEAR_INCOME')?.severity).toBe('WARNING');
    expect(issue(c, 'COMPLEMENTARY')?.severity).toBe('WARNING');
    expect(issue(c, 'IRPF_METHOD')?.severity).toBe('WARNING');
  });
});

describe('modelo 131: registry and file', () => {
  it('is quarterly with the 2019 design', () => {
    expect(validPeriodsOf('131')).toEqual(['1T', '2T', '3T', '4T']);
    expect(designFor('131', 2025, '4T')?.id).toBe('131-2019');
    expect(designFor('131', 2018, '4T')).toBeUndefined();
  });

  it('writes the "<T131" file and reads every box back from the design’s positions', () => {
    const earlier = [storedReturn('131', 2025, '1T', { '15': -3_000 }, { type: 'B', amountCents: -3_000 })];
    const adjustments: ModelAdjustments = {
      modulesData: [BAR, SHOP],
      previousYearNetIncomeCents: PREVIOUS_9500,
    };
    const c = compute('2T', { lines: Q_BOOKS, earlier, adjustments });
    const identity = {
      nif: '12345678Z',
      name: 'Sánchez Gil',
      firstName: 'Marta',
      softwareNif: 'B12345674',
      softwareVersion: '1.00',
      ...fileValues131(adjustments),
    };
    const file = writeSelfAssessment(design131v2019, c, identity);
    const text = decodeLatin1(file);
    const envelope = selfAssessmentEnvelope('131');
    expect(text.slice(0, 17)).toBe('<T13102025' + '2T0000>');
    expect(text.length).toBe(envelope.length + 751 + 18);
    expect(text.endsWith('</T131020252T0000>')).toBe(true);

    const fields = parseFixedWidth(file, page131_01_v2019, envelope.length);
    const at = (position: number) => fields.find((f) => f.position === position);
    expect(at(1)?.raw + (at(3)?.raw ?? '') + (at(6)?.raw ?? '') + (at(11)?.raw ?? '')).toBe('<T13101000>');
    expect(at(13)?.value).toBe('I');
    expect(at(14)?.value).toBe('12345678Z');
    expect(at(23)?.value).toBe('SANCHEZ GIL');
    expect(at(107)?.value).toBe('2T');
    // Activities: epigraph, net income, percentage (3 + 2 digits), result.
    expect([at(109)?.value, at(113)?.value, at(130)?.raw, at(135)?.value]).toEqual([
      '6731',
      1_100_000,
      '00300',
      33_000,
    ]);
    expect([at(152)?.value, at(156)?.value, at(173)?.value, at(178)?.value]).toEqual([
      '6511',
      700_000,
      200,
      14_000,
    ]);
    expect([at(195)?.value, at(199)?.value]).toEqual(['', 0]);
    // Boxes [01] to [15], 17 positions each from 324.
    for (let n = 1; n <= 15; n++) {
      const b = String(n).padStart(2, '0');
      const field = at(324 + 17 * (n - 1));
      expect(field?.source, b).toBe(`box:${b}`);
      expect(field?.value, b).toBe(c.boxes[b]);
    }
    expect(c.boxes['11']).toBe(3_000);
    expect(at(562)?.value).toBe(31_500);
    expect(at(740)?.raw).toBe('</T13101000>');
  });

  it('writes a negative result with the N sign', () => {
    const c = compute('2T', {
      lines: periodLines([irpf(60_000)]),
      adjustments: { modulesData: [BAR, SHOP] },
    });
    const file = writeSelfAssessment(design131v2019, c, {
      nif: '12345678Z',
      name: 'Sánchez Gil',
      softwareNif: 'B12345674',
      softwareVersion: '1.00',
    });
    const fields = parseFixedWidth(file, page131_01_v2019, selfAssessmentEnvelope('131').length);
    const result = fields.find((f) => f.position === 562);
    expect(result?.raw).toBe('N0000000000013000');
    expect(result?.value).toBe(-13_000);
    expect(fields.find((f) => f.position === 13)?.value).toBe('B');
  });
});
