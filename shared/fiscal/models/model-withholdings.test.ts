import { describe, expect, it } from 'vitest';
import { applyBp } from '../money';
import { kindsOfModel, WITHHOLDING_KIND_INFO, WITHHOLDING_KINDS } from '../withholdings';
import { decodeLatin1, type FileIdentity, parseFixedWidth, writeSelfAssessment } from './aeat-file';
import { computeModel, designFor, ModelDefinitionError } from './index';
import {
  DESIGNS_WITHHOLDINGS,
  design111v2016,
  design115v2016,
  design123v2024,
  design216v2016,
  design216v2024,
  MANUAL_SOURCE,
  model111,
  model115,
  model123,
  model216,
  validateWithholdingInputs,
} from './model-withholdings';
import { irpf, issued, modelInput, received, withholdingPeriod } from './testing';
import type {
  ModelAdjustments,
  ModelComputation,
  ModelDesign,
  PageLayout,
  PeriodLines,
  TaxModelType,
} from './types';

const codes = (c: { issues: { code: string }[] }) => c.issues.map((i) => i.code);
const messages = (c: ModelComputation) => c.issues.map((i) => i.message);
const errors = (c: ModelComputation) => c.issues.filter((i) => i.severity === 'ERROR');
const errorCodes = (c: ModelComputation) => errors(c).map((i) => i.code);

const compute = (
  modelType: TaxModelType,
  year: number,
  period: string,
  o: { lines?: PeriodLines; adjustments?: ModelAdjustments; largeCompany?: boolean } = {},
) =>
  computeModel(
    modelInput(modelType, year, period, {
      ...(o.lines ? { lines: o.lines } : {}),
      ...(o.adjustments ? { adjustments: o.adjustments } : {}),
      ...(o.largeCompany ? { facts: { largeCompany: true } } : {}),
    }),
  );

/** Every box of a design at zero, then the expected non-zero ones. */
function expectedBoxes(design: ModelDesign, nonZero: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of design.boxes) out[b.box] = 0;
  return { ...out, ...nonZero };
}

const LANDLORD = '50000001L';
const DESIGNER = '33333333P';

// ---------------------------------------------------------------------------------------------------------
// The designs as data

describe('the withholding designs as data', () => {
  it('has one design for 111, 115 and 123 and two for the 216, picked by the period', () => {
    expect(
      [model111, model115, model123, model216].map((m) =>
        m.designs.map((d) => [d.id, d.validFrom, d.validTo, d.fileFormat]),
      ),
    ).toEqual([
      [['111-2016', '2016-01-01', null, 'T']],
      [['115-2016', '2016-01-01', null, 'T']],
      [['123-2024', '2024-01-01', null, 'T']],
      [
        ['216-2016', '2016-01-01', '2023-12-31', 'T'],
        ['216-2024', '2024-01-01', null, 'T'],
      ],
    ]);
    expect(designFor('111', 2025, '2T')?.id).toBe('111-2016');
    expect(designFor('115', 2026, '07')?.id).toBe('115-2016');
    expect(designFor('123', 2025, '4T')?.id).toBe('123-2024');
    expect(designFor('123', 2023, '4T')).toBeUndefined();
    expect(designFor('216', 2023, '4T')?.id).toBe('216-2016');
    expect(designFor('216', 2024, '1T')?.id).toBe('216-2024');
    expect(design111v2016.source).toContain('dr111e16v17');
    expect(design115v2016.source).toContain('DR115e15v11');
  });

  it.each(DESIGNS_WITHHOLDINGS.map((d) => [d.id, d] as const))(
    '%s lists each box once, with a label, and every box its layout writes',
    (_id, design) => {
      const boxes = design.boxes.map((b) => b.box);
      expect(new Set(boxes).size).toBe(boxes.length);
      for (const b of design.boxes) expect(b.label.length).toBeGreaterThan(5);
      const written = design.pages.flatMap((p) =>
        p.fields.filter((f) => f.source.startsWith('box:')).map((f) => f.source.slice(4)),
      );
      expect([...written].sort()).toEqual([...boxes].sort());
      // a count is written without decimals, an amount with two
      for (const p of design.pages) {
        for (const f of p.fields.filter((x) => x.source.startsWith('box:'))) {
          const def = design.boxes.find((b) => b.box === f.source.slice(4));
          expect(f.decimals, f.source).toBe(def?.unit === 'CENTS' ? 2 : undefined);
        }
      }
    },
  );

  it('marks signed the amounts the design writes as N, and never a count', () => {
    for (const design of DESIGNS_WITHHOLDINGS) {
      for (const p of design.pages) {
        for (const f of p.fields.filter((x) => x.source.startsWith('box:'))) {
          const def = design.boxes.find((b) => b.box === f.source.slice(4));
          expect(def?.signed, `${design.id} ${f.source}`).toBe(f.type === 'N' && def?.unit === 'CENTS');
        }
      }
    }
  });

  it('puts each kind of a model in exactly one block, the 111 by the block of ../withholdings.ts', () => {
    for (const design of DESIGNS_WITHHOLDINGS) {
      const model = design.modelType as '111' | '115' | '123' | '216';
      for (const kind of kindsOfModel(model)) {
        for (const { key } of WITHHOLDING_KIND_INFO[kind].keys) {
          const blocks = design.rules.blocks.filter(
            (b) =>
              b.kinds.includes(kind) && (!b.keys || b.keys.includes(key)) && !b.exceptKeys?.includes(key),
          );
          expect(blocks, `${design.id} ${kind} ${key}`).toHaveLength(1);
        }
      }
    }
    const block111 = { WORK: '01', ACTIVITY: '07', PRIZES: '13' } as const;
    for (const kind of WITHHOLDING_KINDS.filter((k) => WITHHOLDING_KIND_INFO[k].model === '111')) {
      const block = design111v2016.rules.blocks.find((b) => b.kinds.includes(kind));
      const expected = WITHHOLDING_KIND_INFO[kind].block111;
      expect(expected && block?.boxes[0], kind).toBe(expected && block111[expected]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Reference notes §5: the worked example of 2T 2025

describe('the worked example (reference notes §5, 2T 2025)', () => {
  // The quarter's books: the office rent of April, May and June (19 % = 114,00 each) and the designer's
  // invoice DIS-7 (15 % = 150,00); the VAT lines and the withholdings our clients applied do not count.
  const lines = withholdingPeriod(
    [
      { kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 },
      { kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 },
      { kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 },
      { kind: 'PROFESSIONAL', key: 'G01', recipient: DESIGNER, base: 100_000, irpf: 15_000 },
    ],
    [received('DOMESTIC', 2100, { base: 180_000, vat: 37_800, count: 3 })],
  );
  lines.byKey.ISSUED.push(issued('S1', 2100, { base: 500_000, vat: 105_000 }), irpf(75_000));

  it('111: [07] 1 recipient, [08] 1.000,00, [09] 150,00, [28] and [30] 150,00, type I', () => {
    const c = compute('111', 2025, '2T', { lines });
    expect(c.design).toBe('111-2016');
    expect(c.boxes).toEqual(
      expectedBoxes(design111v2016, { '07': 1, '08': 100_000, '09': 15_000, '28': 15_000, '30': 15_000 }),
    );
    expect(c.result).toEqual({ type: 'I', amountCents: 15_000 });
    expect(c.allowedResultTypes).toEqual(['I', 'U', 'G']);
    expect(c.issues).toEqual([]);
    expect(c.sources).toEqual({
      '07': ['RECEIVED:W|PROFESSIONAL|G01'],
      '08': ['RECEIVED:IRPF|PROFESSIONAL|G01'],
      '09': ['RECEIVED:IRPF|PROFESSIONAL|G01'],
    });
  });

  it('115: [01] 1, [02] 1.800,00, [03] 342,00, [05] 342,00, type I', () => {
    const c = compute('115', 2025, '2T', { lines });
    expect(c.boxes).toEqual({ '01': 1, '02': 180_000, '03': 34_200, '04': 0, '05': 34_200 });
    expect(c.result).toEqual({ type: 'I', amountCents: 34_200 });
    expect(c.issues).toEqual([]);
    expect(c.sources).toEqual({
      '01': ['RECEIVED:W|RENT|-'],
      '02': ['RECEIVED:IRPF|RENT|-'],
      '03': ['RECEIVED:IRPF|RENT|-'],
    });
  });

  it('123 and 216 have nothing to declare: 0, declaración negativa (N)', () => {
    for (const model of ['123', '216'] as const) {
      const c = compute(model, 2025, '2T', { lines });
      expect(Object.values(c.boxes).every((v) => v === 0)).toBe(true);
      expect(c.result).toEqual({ type: 'N', amountCents: 0 });
      expect(c.allowedResultTypes).toEqual(['N']);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Recipients

describe('recipients are counted once per block', () => {
  it('the same landlord in every month of the quarter, and on month items read apart, is one', () => {
    const april = withholdingPeriod([{ kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 }]);
    const may = withholdingPeriod([{ kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 }]);
    const quarter: PeriodLines = {
      byKey: { ISSUED: [], RECEIVED: [...april.byKey.RECEIVED, ...may.byKey.RECEIVED] },
      byCounterparty: {
        ISSUED: [],
        RECEIVED: [...april.byCounterparty.RECEIVED, ...may.byCounterparty.RECEIVED],
      },
      byInvoiceType: { ISSUED: [], RECEIVED: [] },
    };
    const c = compute('115', 2025, '2T', { lines: quarter });
    expect([c.boxes['01'], c.boxes['02'], c.boxes['03']]).toEqual([1, 120_000, 22_800]);
  });

  it('a professional under two keys is one; two landlords are two; [07] joins every activity kind', () => {
    const lines = withholdingPeriod([
      { kind: 'PROFESSIONAL', key: 'G01', recipient: DESIGNER, base: 100_000, irpf: 15_000 },
      { kind: 'PROFESSIONAL', key: 'G03', recipient: DESIGNER, base: 20_000, irpf: 1_400 },
      { kind: 'MODULES', recipient: '44444444A', base: 50_000, irpf: 500 },
      { kind: 'AGRICULTURAL', key: 'H01', recipient: DESIGNER, base: 10_000, irpf: 200 },
      { kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 },
      { kind: 'RENT', recipient: '50000002K', base: 40_000, irpf: 7_600 },
    ]);
    const c111 = compute('111', 2025, '3T', { lines });
    expect([c111.boxes['07'], c111.boxes['08'], c111.boxes['09']]).toEqual([2, 180_000, 17_100]);
    expect(c111.sources['08']).toEqual([
      'RECEIVED:IRPF|AGRICULTURAL|H01',
      'RECEIVED:IRPF|MODULES|H04',
      'RECEIVED:IRPF|PROFESSIONAL|G01',
      'RECEIVED:IRPF|PROFESSIONAL|G03',
    ]);
    const c115 = compute('115', 2025, '3T', { lines });
    expect([c115.boxes['01'], c115.boxes['02'], c115.boxes['03']]).toEqual([2, 100_000, 19_000]);
  });

  it('a recipient whose invoices net to zero (fully rectified) is not counted', () => {
    const lines = withholdingPeriod([
      { kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 },
      { kind: 'PROFESSIONAL', recipient: DESIGNER, base: -100_000, irpf: -15_000 },
      { kind: 'PROFESSIONAL', recipient: '44444444A', base: 30_000, irpf: 4_500 },
    ]);
    const c = compute('111', 2025, '1T', { lines });
    expect([c.boxes['07'], c.boxes['08'], c.boxes['09'], c.boxes['30']]).toEqual([1, 30_000, 4_500, 4_500]);
  });

  it('warns when the books have withholdings but no recipient lines, or a recipient without NIF', () => {
    const lines = withholdingPeriod([
      { kind: 'PROFESSIONAL', recipient: 'SIN_IDENTIFICAR', base: 10_000, irpf: 1_500 },
    ]);
    expect(codes(compute('111', 2025, '1T', { lines }))).toEqual(['UNIDENTIFIED_RECIPIENT']);
    const noRecipients: PeriodLines = { ...lines, byCounterparty: { ISSUED: [], RECEIVED: [] } };
    const c = compute('111', 2025, '1T', { lines: noRecipients });
    expect(c.boxes['07']).toBe(0);
    expect(codes(c)).toEqual(['RECIPIENTS_MISSING']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 111

describe('111', () => {
  const workIncome = {
    recipients: 3,
    baseCents: 900_000,
    withholdingCents: 135_000,
    inKindRecipients: 1,
    inKindValueCents: 20_000,
    inKindWithholdingCents: 3_800,
  };

  it('[01]-[06]: the payroll the person enters plus the courses (COURSES) of the books; [13]-[15] prizes', () => {
    const lines = withholdingPeriod([
      { kind: 'COURSES', key: 'F02', recipient: '22222222J', base: 50_000, irpf: 7_500 },
      { kind: 'PRIZES', key: 'K03', recipient: '11111111H', base: 40_000, irpf: 7_600 },
    ]);
    const c = compute('111', 2025, '4T', { lines, adjustments: { workIncome } });
    expect(c.boxes).toEqual(
      expectedBoxes(design111v2016, {
        '01': 4,
        '02': 950_000,
        '03': 142_500,
        '04': 1,
        '05': 20_000,
        '06': 3_800,
        '13': 1,
        '14': 40_000,
        '15': 7_600,
        '28': 142_500 + 3_800 + 7_600,
        '30': 153_900,
      }),
    );
    expect(c.sources['01']).toEqual([MANUAL_SOURCE, 'RECEIVED:W|COURSES|F02']);
    expect(c.sources['05']).toEqual([MANUAL_SOURCE]);
    expect(c.sources['15']).toEqual(['RECEIVED:IRPF|PRIZES|K03']);
  });

  it('[28] sums every withheld box, manual ones included; [30] = [28] − [29] of a complementary return', () => {
    const boxes = {
      '12': 100,
      '18': 200,
      '21': 300,
      '24': 400,
      '27': 500,
      '26': 2_000,
      '25': 1,
      '29': 1_000,
    };
    const c = compute('111', 2025, '2T', {
      lines: withholdingPeriod([{ kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 }]),
      adjustments: { boxes, previousReceipt: '1111234567890' },
    });
    expect(c.boxes['28']).toBe(15_000 + 1_500);
    expect(c.boxes['30']).toBe(15_500);
    expect(c.boxes['25']).toBe(1);
    expect(c.sources['29']).toEqual([MANUAL_SOURCE]);
    expect(c.issues).toEqual([]);
  });

  it('[29] without the previous receipt is a warning; a computed box set by hand is ignored', () => {
    const c = compute('111', 2025, '2T', {
      lines: withholdingPeriod([{ kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 }]),
      adjustments: { boxes: { '29': 1_000, '08': 5 } },
    });
    expect(codes(c)).toEqual(['NOT_MANUAL', 'COMPLEMENTARY']);
    expect([c.boxes['08'], c.boxes['30']]).toEqual([100_000, 14_000]);
  });

  it('a negative result is an error (no refund in the 111); zero is a declaración negativa', () => {
    const c = compute('111', 2025, '2T', {
      adjustments: { boxes: { '29': 1_000 }, previousReceipt: '1111234567890' },
    });
    expect(c.result).toEqual({ type: 'N', amountCents: -1_000 });
    expect(errorCodes(c)).toEqual(['NEGATIVE_RESULT']);
    expect(compute('111', 2025, '2T').result).toEqual({ type: 'N', amountCents: 0 });
  });

  it('the person chooses U (with an IBAN) or G; an I for a zero result is refused', () => {
    const lines = withholdingPeriod([
      { kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 },
    ]);
    const u = compute('111', 2025, '2T', { lines, adjustments: { domiciliation: true } });
    expect(u.result.type).toBe('U');
    expect(codes(u)).toEqual(['IBAN_REQUIRED']);
    const g = compute('111', 2025, '2T', { lines, adjustments: { resultType: 'G' } });
    expect([g.result.type, g.issues]).toEqual(['G', []]);
    expect(codes(compute('111', 2025, '2T', { adjustments: { resultType: 'I' } }))).toEqual(['RESULT_TYPE']);
  });

  it("ignores the ISSUED book, other models' kinds, and warns about untyped and unknown withholding keys", () => {
    const lines = withholdingPeriod(
      [
        { kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 },
        { kind: 'CAPITAL', key: 'INT', recipient: '11111111H', base: 10_000, irpf: 1_900 },
      ],
      [irpf(3_000), { ...irpf(0), taxKey: 'IRPF|LOTTERY|X1', irpfCents: 100 }],
    );
    lines.byKey.ISSUED.push(irpf(45_000));
    const c = compute('111', 2025, '2T', { lines });
    expect(c.boxes['28']).toBe(0);
    expect(codes(c)).toEqual(['UNKNOWN_KEY', 'UNTYPED_WITHHOLDING']);
  });

  it("is monthly for a large company: the month's books, period 05", () => {
    const lines = withholdingPeriod([
      { kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 },
    ]);
    const c = compute('111', 2025, '05', { lines, largeCompany: true });
    expect([c.period, c.boxes['07'], c.boxes['30']]).toEqual(['05', 1, 15_000]);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof ModelDefinitionError ? e.code : String(e);
      }
      return 'no error';
    };
    expect(code(() => compute('111', 2025, '2T', { largeCompany: true }))).toBe('TAX_027');
    expect(code(() => compute('115', 2025, '05'))).toBe('TAX_027');
    for (const model of ['115', '123', '216'] as const) {
      expect(compute(model, 2025, '12', { largeCompany: true }).period).toBe('12');
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// 115: rents without an invoice

describe('115 with the rents the person enters', () => {
  const books = withholdingPeriod([{ kind: 'RENT', recipient: LANDLORD, base: 60_000, irpf: 11_400 }]);

  it('adds each landlord, the rent to [02] and 19 % of it (rounded half up) to [03] unless the amount is given', () => {
    const c = compute('115', 2025, '3T', {
      lines: books,
      adjustments: {
        rentalProperties: [
          { nif: '12345678Z', rentAmount: 12_350 },
          { nif: 'x1234567l', rentAmount: 100_000, withholdingCents: 19_000 },
        ],
      },
    });
    expect(applyBp(12_350, 1900)).toBe(2_347); // 23,465 € → 23,47 €
    expect(c.boxes).toEqual({
      '01': 3,
      '02': 60_000 + 12_350 + 100_000,
      '03': 11_400 + 2_347 + 19_000,
      '04': 0,
      '05': 32_747,
    });
    expect(c.sources['01']).toEqual([MANUAL_SOURCE, 'RECEIVED:W|RENT|-']);
    expect(c.sources['03']).toEqual([MANUAL_SOURCE, 'RECEIVED:IRPF|RENT|-']);
    expect(c.issues).toEqual([]);
  });

  it('a landlord already in the books of the period is a duplicate (it would be declared twice)', () => {
    const c = compute('115', 2025, '3T', {
      lines: books,
      adjustments: { rentalProperties: [{ nif: LANDLORD, rentAmount: 60_000 }] },
    });
    expect(c.boxes['01']).toBe(1);
    expect(errors(c)).toEqual([
      {
        code: 'DUPLICATE_NIF',
        field: 'rentalProperties[0].nif',
        message: `NIF duplicado: ${LANDLORD} (ya figura como perceptor en las facturas recibidas del periodo)`,
        severity: 'ERROR',
      },
    ]);
  });

  it('[04] (earlier returns) reduces [05]', () => {
    const c = compute('115', 2025, '3T', {
      lines: books,
      adjustments: { boxes: { '04': 11_000 }, previousReceipt: '1151234567890' },
    });
    expect([c.boxes['04'], c.boxes['05'], c.result.type]).toEqual([11_000, 400, 'I']);
  });

  it('a rectified rent of an earlier quarter that leaves a negative base is an error ([02] is unsigned)', () => {
    const c = compute('115', 2025, '3T', {
      lines: withholdingPeriod([{ kind: 'RENT', recipient: LANDLORD, base: -60_000, irpf: -11_400 }]),
    });
    expect(errorCodes(c)).toEqual(['NEGATIVE_RESULT', 'NEGATIVE_BOX', 'NEGATIVE_BOX', 'NEGATIVE_BOX']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 123 and 216

describe('123 (2024 design)', () => {
  it("dividends (DIV) apart from the rest (INT, OTH and the person's operations), with totals", () => {
    const lines = withholdingPeriod([
      { kind: 'CAPITAL', key: 'DIV', recipient: '11111111H', base: 500_000, irpf: 95_000 },
      { kind: 'CAPITAL', key: 'DIV', recipient: '22222222J', base: 500_000, irpf: 95_000 },
      { kind: 'CAPITAL', key: 'INT', recipient: '11111111H', base: 30_000, irpf: 5_700 },
      { kind: 'CAPITAL', key: 'OTH', recipient: '11111111H', base: 10_000, irpf: 1_900 },
    ]);
    const c = compute('123', 2025, '2T', {
      lines,
      adjustments: {
        capitalIncomeOperations: [{ recipientNif: '33333333P', incomeAmount: 20_000 }],
        boxes: { '10': 5_000, '11': -1_000 },
      },
    });
    expect(c.boxes).toEqual({
      '01': 2,
      '02': 2,
      '03': 4,
      '04': 1_000_000,
      '05': 60_000,
      '06': 1_060_000,
      '07': 190_000,
      '08': 11_400,
      '09': 201_400,
      '10': 5_000,
      '11': -1_000,
      '12': 200_400,
      '13': 0,
      '14': 200_400,
    });
    expect(c.sources['02']).toEqual([MANUAL_SOURCE, 'RECEIVED:W|CAPITAL|INT', 'RECEIVED:W|CAPITAL|OTH']);
    expect(c.issues).toEqual([]);
  });

  it('validates the operations like the 115 rents', () => {
    const c = compute('123', 2025, '2T', {
      adjustments: {
        capitalIncomeOperations: [
          { recipientNif: '33333333P', incomeAmount: 0 },
          { recipientNif: '33333333p', incomeAmount: 100 },
        ],
      },
    });
    expect(messages(c)).toEqual(['El importe debe ser mayor que 0', 'NIF duplicado: 33333333p']);
  });

  it('routes by the 193 perception key: every naturaleza of A to the dividends, B, C and D to the rest', () => {
    // Arrange: the 193's real keys, and a dividend stored with the former internal key 'DIV'.
    const lines = withholdingPeriod([
      { kind: 'CAPITAL', key: 'A02', recipient: '11111111H', base: 500_000, irpf: 95_000 },
      { kind: 'CAPITAL', key: 'DIV', recipient: '22222222J', base: 500_000, irpf: 95_000 },
      { kind: 'CAPITAL', key: 'A01', recipient: '33333333P', base: 10_000, irpf: 1_900 },
      { kind: 'CAPITAL', key: 'B03', recipient: '11111111H', base: 30_000, irpf: 5_700 },
      { kind: 'CAPITAL', key: 'C12', recipient: '11111111H', base: 10_000, irpf: 1_900 },
      { kind: 'CAPITAL', key: 'D03', recipient: '44444444A', base: 20_000, irpf: 3_800 },
    ]);

    // Act
    const c = compute('123', 2025, '2T', { lines });

    // Assert
    expect(c.boxes).toMatchObject({
      '01': 3,
      '04': 1_010_000,
      '07': 191_900,
      '02': 2,
      '05': 60_000,
      '08': 11_400,
      '14': 203_300,
    });
    expect(c.sources['04']).toEqual([
      'RECEIVED:IRPF|CAPITAL|A01',
      'RECEIVED:IRPF|CAPITAL|A02',
      'RECEIVED:IRPF|CAPITAL|DIV',
    ]);
    expect(c.sources['01']).toEqual([
      'RECEIVED:W|CAPITAL|A01',
      'RECEIVED:W|CAPITAL|A02',
      'RECEIVED:W|CAPITAL|DIV',
    ]);
    expect(c.issues).toEqual([]);
  });

  it("routes the person's operations by their key: A to the dividends, B/C/D or none to the rest", () => {
    // Act
    const c = compute('123', 2025, '2T', {
      adjustments: {
        capitalIncomeOperations: [
          { recipientNif: '55555555K', incomeAmount: 100_000, key: 'A02' },
          { recipientNif: '66666666Q', incomeAmount: 40_000, withholdingCents: 7_600, key: ' b03 ' },
          { recipientNif: '77777777B', incomeAmount: 10_000 },
        ],
      },
    });

    // Assert
    expect(c.boxes).toMatchObject({
      '01': 1,
      '04': 100_000,
      '07': 19_000,
      '02': 2,
      '05': 50_000,
      '08': 9_500,
    });
    expect(c.issues).toEqual([]);
  });

  it("refuses an operation's key that is not a 193 key, the former internal ones included", () => {
    const c = compute('123', 2025, '2T', {
      adjustments: {
        capitalIncomeOperations: [
          { recipientNif: '55555555K', incomeAmount: 100_000, key: 'DIV' },
          { recipientNif: '66666666Q', incomeAmount: 100_000, key: 'A09' },
        ],
      },
    });
    expect(errors(c).map((i) => [i.code, i.field])).toEqual([
      ['INVALID_KEY', 'capitalIncomeOperations[0].key'],
      ['INVALID_KEY', 'capitalIncomeOperations[1].key'],
    ]);
    expect(errors(c)[0]?.message).toBe(
      'La clave DIV del NIF 55555555K no es una clave de percepción del modelo 193 con su naturaleza ' +
        '(p. ej. A02 dividendos, B03 intereses de préstamos)',
    );
  });
});

describe('216', () => {
  const lines = withholdingPeriod([
    { kind: 'NON_RESIDENT', recipient: 'FR:02:FR12345678901', base: 100_000, irpf: 24_000 },
    { kind: 'NON_RESIDENT', recipient: 'DE:02:DE123456789', base: 50_000, irpf: 9_500 },
  ]);

  it("2024 design: the books go to the rest of income [06]/[09]/[12]; dividends and exempt income are the person's", () => {
    const c = compute('216', 2025, '1T', {
      lines,
      adjustments: { boxes: { '05': 1, '08': 10_000, '11': 1_900, '15': 1, '18': 30_000 } },
    });
    expect(c.design).toBe('216-2024');
    expect(c.boxes).toEqual(
      expectedBoxes(design216v2024, {
        '05': 1,
        '06': 2,
        '07': 3,
        '08': 10_000,
        '09': 150_000,
        '10': 160_000,
        '11': 1_900,
        '12': 33_500,
        '13': 35_400,
        '15': 1,
        '16': 1,
        '18': 30_000,
        '19': 30_000,
        '21': 35_400,
      }),
    );
    expect(c.result).toEqual({ type: 'I', amountCents: 35_400 });
  });

  it('2016 design (periods up to 2023): [01]-[03] and [07] = [03] − [06]', () => {
    const c = compute('216', 2023, '4T', {
      lines,
      adjustments: { boxes: { '06': 3_500 }, previousReceipt: '2161234567890' },
    });
    expect(c.design).toBe('216-2016');
    expect(c.boxes).toEqual(
      expectedBoxes(design216v2016, { '01': 2, '02': 150_000, '03': 33_500, '06': 3_500, '07': 30_000 }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Validation of the person's entries (spec part 2 §5)

describe('validateWithholdingInputs', () => {
  const only = (modelType: TaxModelType, adjustments: ModelAdjustments, books?: Set<string>) =>
    validateWithholdingInputs(modelType, adjustments, books).map((i) => [i.field, i.message, i.severity]);

  it('115: a given list is not empty', () => {
    expect(only('115', { rentalProperties: [] })).toEqual([
      ['rentalProperties', 'Debe indicar al menos un inmueble arrendado', 'ERROR'],
    ]);
    expect(only('115', {})).toEqual([]);
  });

  it('115: NIF format (DNI or NIE), duplicates, rent greater than 0, amounts withheld not negative', () => {
    expect(
      only('115', {
        rentalProperties: [
          { nif: '1234', rentAmount: 1_000 },
          { nif: 'B12345678', rentAmount: 1_000 },
          { nif: '12345678Z', rentAmount: 0 },
          { nif: '12345678-z', rentAmount: 1_000 },
          { nif: 'Y1234567X', rentAmount: -5 },
          { nif: 'Z7654321A', rentAmount: 1_000, withholdingCents: -1 },
          { nif: '87654321X', rentAmount: 10.5 },
        ],
      }),
    ).toEqual([
      ['rentalProperties[0].nif', 'El NIF 1234 no tiene un formato válido', 'ERROR'],
      ['rentalProperties[1].nif', 'El NIF B12345678 no tiene un formato válido', 'ERROR'],
      ['rentalProperties[2].rentAmount', 'El importe del alquiler debe ser mayor que 0', 'ERROR'],
      ['rentalProperties[3].nif', 'NIF duplicado: 12345678-z', 'ERROR'],
      ['rentalProperties[4].rentAmount', 'El importe del alquiler debe ser mayor que 0', 'ERROR'],
      [
        'rentalProperties[5].withholdingCents',
        'El importe retenido al NIF Z7654321A no puede ser negativo',
        'ERROR',
      ],
      [
        'rentalProperties[6].rentAmount',
        'El importe del NIF 87654321X debe ser un número entero (los importes, en céntimos)',
        'ERROR',
      ],
    ]);
  });

  it("a NIF that is a recipient in the period's books is a duplicate", () => {
    expect(
      only('115', { rentalProperties: [{ nif: LANDLORD, rentAmount: 1_000 }] }, new Set([LANDLORD])),
    ).toEqual([
      [
        'rentalProperties[0].nif',
        `NIF duplicado: ${LANDLORD} (ya figura como perceptor en las facturas recibidas del periodo)`,
        'ERROR',
      ],
    ]);
  });

  it('123: the same rules with recipientNif and incomeAmount', () => {
    expect(only('123', { capitalIncomeOperations: [] })).toEqual([
      ['capitalIncomeOperations', 'Debe indicar al menos una operación', 'ERROR'],
    ]);
    expect(
      only('123', {
        capitalIncomeOperations: [
          { recipientNif: 'ABC', incomeAmount: 1 },
          { recipientNif: '12345678Z', incomeAmount: -1 },
          { recipientNif: '12345678Z', incomeAmount: 1 },
        ],
      }),
    ).toEqual([
      ['capitalIncomeOperations[0].recipientNif', 'El NIF ABC no tiene un formato válido', 'ERROR'],
      ['capitalIncomeOperations[1].incomeAmount', 'El importe debe ser mayor que 0', 'ERROR'],
      ['capitalIncomeOperations[2].recipientNif', 'NIF duplicado: 12345678Z', 'ERROR'],
    ]);
  });

  it('111: the payroll figures are never negative', () => {
    expect(
      only('111', {
        workIncome: {
          recipients: -1,
          baseCents: -100,
          withholdingCents: -1,
          inKindRecipients: -1,
          inKindValueCents: -1,
          inKindWithholdingCents: 0,
        },
      }),
    ).toEqual([
      [
        'workIncome.recipients',
        'El número de perceptores de rendimientos del trabajo dinerarios no puede ser negativo',
        'ERROR',
      ],
      [
        'workIncome.baseCents',
        'El importe de las percepciones dinerarias del trabajo no puede ser negativo',
        'ERROR',
      ],
      [
        'workIncome.withholdingCents',
        'El importe de las retenciones del trabajo no puede ser negativo',
        'ERROR',
      ],
      [
        'workIncome.inKindRecipients',
        'El número de perceptores de rendimientos del trabajo en especie no puede ser negativo',
        'ERROR',
      ],
      [
        'workIncome.inKindValueCents',
        'El valor de las percepciones del trabajo en especie no puede ser negativo',
        'ERROR',
      ],
    ]);
  });

  it('a list given to a model that does not declare it is ignored with a warning', () => {
    expect(
      only('111', { rentalProperties: [{ nif: '12345678Z', rentAmount: 1 }], capitalIncomeOperations: [] }),
    ).toEqual([
      [
        'rentalProperties',
        'Los alquileres sin factura solo se declaran en el modelo 115; se ignoran en el modelo 111.',
        'WARNING',
      ],
      [
        'capitalIncomeOperations',
        'Las rentas del capital mobiliario solo se declaran en el modelo 123; se ignoran en el modelo 111.',
        'WARNING',
      ],
    ]);
    const c = compute('216', 2025, '1T', {
      adjustments: {
        workIncome: {
          recipients: 1,
          baseCents: 1,
          withholdingCents: 1,
          inKindRecipients: 0,
          inKindValueCents: 0,
          inKindWithholdingCents: 0,
        },
      },
    });
    expect([codes(c), c.result.amountCents]).toEqual([['NOT_APPLICABLE'], 0]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The AEAT files, read back field by field

const identity: FileIdentity = {
  nif: 'B12345678',
  name: 'Estudio Ñandú, S.L.',
  softwareNif: 'A87654321',
  softwareVersion: '1.00',
};

/** The file's envelope, its one page read back by position, and its closing tag. */
function readBack(bytes: Uint8Array, page: PageLayout, model: string, year: number, period: string) {
  const text = decodeLatin1(bytes);
  expect(text.length).toBe(328 + page.length + 18);
  expect(text.slice(0, 12)).toBe(`<T${model}0${year}${period}`);
  expect(text.slice(328 + page.length)).toBe(`</T${model}0${year}${period}0000>`);
  const fields = parseFixedWidth(bytes, page, 328);
  const at = (position: number) => {
    const f = fields.find((x) => x.position === position);
    if (!f) throw new Error(`no field at ${position}`);
    return f;
  };
  return { text, at };
}

describe('the AEAT files (writeSelfAssessment)', () => {
  it('111: [01] at 109 (8), [03] at 134, [07] at 193, [28] at 487, [30] at 521 (reference notes §3.2)', () => {
    const c = compute('111', 2025, '2T', {
      lines: withholdingPeriod([{ kind: 'PROFESSIONAL', recipient: DESIGNER, base: 100_000, irpf: 15_000 }]),
      adjustments: {
        workIncome: {
          recipients: 2,
          baseCents: 400_000,
          withholdingCents: 60_000,
          inKindRecipients: 0,
          inKindValueCents: 0,
          inKindWithholdingCents: 0,
        },
      },
    });
    const bytes = writeSelfAssessment(design111v2016, c, { ...identity, iban: 'ES9121000418450200051332' });
    const { at } = readBack(bytes, design111v2016.pages[0] as PageLayout, '111', 2025, '2T');
    expect(at(1).raw + at(3).raw + at(6).raw + at(8).raw).toBe('<T11101000>');
    expect([at(13).value, at(14).value, at(23).value, at(103).value, at(107).value]).toEqual([
      'I',
      'B12345678',
      'ESTUDIO ÑANDU, S.L.',
      2025,
      '2T',
    ]);
    expect([at(109).raw, at(109).value]).toEqual(['00000002', 2]);
    expect(at(117).value).toBe(400_000);
    expect([at(134).raw, at(134).value]).toEqual(['00000000000060000', 60_000]);
    expect([at(193).value, at(201).value, at(218).value]).toEqual([1, 100_000, 15_000]);
    expect([at(487).value, at(504).value, at(521).value]).toEqual([75_000, 0, 75_000]);
    expect(at(538).raw).toBe(' ');
    expect(at(553).value).toBe('ES9121000418450200051332');
    expect(at(989).raw).toBe('</T11101000>');
  });

  it('115: [01] at 109 (15), [02] at 124, [03] at 141, [04] at 158, [05] at 175; a complementary return marked', () => {
    const c = compute('115', 2025, '2T', {
      lines: withholdingPeriod([{ kind: 'RENT', recipient: LANDLORD, base: 180_000, irpf: 34_200 }]),
      adjustments: { boxes: { '04': 4_200 }, previousReceipt: '1151234567890' },
    });
    const bytes = writeSelfAssessment(design115v2016, c, {
      ...identity,
      complementary: true,
      previousReceipt: '1151234567890',
    });
    const { at } = readBack(bytes, design115v2016.pages[0] as PageLayout, '115', 2025, '2T');
    expect(at(1).raw + at(3).raw + at(6).raw + at(8).raw).toBe('<T11501000>');
    expect([at(109).raw, at(109).value]).toEqual(['000000000000001', 1]);
    expect([at(124).value, at(141).value, at(158).value, at(175).value]).toEqual([
      180_000, 34_200, 4_200, 30_000,
    ]);
    expect([at(192).raw, at(193).value]).toEqual(['X', '1151234567890']);
    expect(at(489).raw).toBe('</T11501000>');
  });

  it('123: counts of 15, amounts of 17 from 154, [14] at 324', () => {
    const c = compute('123', 2025, '4T', {
      lines: withholdingPeriod([
        { kind: 'CAPITAL', key: 'DIV', recipient: '11111111H', base: 100_000, irpf: 19_000 },
      ]),
      adjustments: { capitalIncomeOperations: [{ recipientNif: '22222222J', incomeAmount: 50_000 }] },
    });
    const bytes = writeSelfAssessment(design123v2024, c, identity);
    const { at } = readBack(bytes, design123v2024.pages[0] as PageLayout, '123', 2025, '4T');
    expect([at(109).value, at(124).value, at(139).value]).toEqual([1, 1, 2]);
    expect([at(154).value, at(171).value, at(188).value]).toEqual([100_000, 50_000, 150_000]);
    expect([at(205).value, at(222).value, at(239).value, at(290).value, at(324).value]).toEqual([
      19_000, 9_500, 28_500, 28_500, 28_500,
    ]);
    expect(at(589).raw).toBe('</T12301000>');
  });

  it('216: the 2024 page (600 positions, [21] at 381) and the 2016 one (400, [07] at 211)', () => {
    const lines = withholdingPeriod([
      { kind: 'NON_RESIDENT', recipient: 'FR:02:FR12345678901', base: 100_000, irpf: 24_000 },
    ]);
    const c2025 = compute('216', 2025, '3T', { lines });
    const r2025 = readBack(
      writeSelfAssessment(design216v2024, c2025, identity),
      design216v2024.pages[0] as PageLayout,
      '216',
      2025,
      '3T',
    );
    expect([r2025.at(126).value, r2025.at(177).value, r2025.at(228).value, r2025.at(381).value]).toEqual([
      1, 100_000, 24_000, 24_000,
    ]);
    expect(r2025.at(1).raw + r2025.at(3).raw + r2025.at(6).raw + r2025.at(11).raw).toBe('<T21601000>');
    const c2023 = compute('216', 2023, '3T', { lines });
    const r2023 = readBack(
      writeSelfAssessment(design216v2016, c2023, identity),
      design216v2016.pages[0] as PageLayout,
      '216',
      2023,
      '3T',
    );
    expect([r2023.at(109).value, r2023.at(126).value, r2023.at(143).value, r2023.at(211).value]).toEqual([
      1, 100_000, 24_000, 24_000,
    ]);
    expect(r2023.at(389).raw).toBe('</T21601000>');
  });
});
