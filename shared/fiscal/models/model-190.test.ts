import { describe, expect, it } from 'vitest';
import { parseWithholdingOpKey } from '../aggregate-keys';
import type { ReceivedForAggregates } from '../tax-aggregates';
import { isWithholdingKind, WITHHOLDING_KIND_INFO } from '../withholdings';
import { decodeLatin1, parseFixedWidth, writeInformativeReturn } from './aeat-file';
import {
  type QuarterCode,
  receivedBooks,
  recipientLine,
  yearOf,
  yearQuarters,
} from './annual-withholdings.testing';
import { computeModel, designFor } from './index';
import {
  BLOCK_BOXES_111,
  blockTotals190,
  compute190,
  design190v2017,
  design190v2024,
  design190v2025,
  parseKey190,
} from './model-190';
import { asEarlier, modelInput } from './testing';
import type {
  AnnualRecipientInput,
  EarlierReturn,
  ModelComputation,
  PageLayout,
  PeriodLines,
  WorkIncomeInput,
} from './types';

const DESIGNER = '11111111H';
const STUDIO = 'B12345674';
const SPEAKER = '22222222J';
const WINNER = '33333333P';

/** A year of received invoices with withholdings: the same designer every quarter, others now and then. */
const quarters = yearQuarters({
  '1T': [
    recipientLine(DESIGNER, 'García López, Ana', 'PROFESSIONAL', 'G01', { base: 100_000, irpf: 15_000 }),
  ],
  '2T': [
    recipientLine(DESIGNER, 'García López, Ana', 'PROFESSIONAL', 'G01', { base: 100_000, irpf: 15_000 }),
    recipientLine(STUDIO, 'Estudio Norte SL', 'PROFESSIONAL', 'G01', { base: 250_000, irpf: 37_500 }),
  ],
  '3T': [
    recipientLine(DESIGNER, 'García López, Ana', 'PROFESSIONAL', 'G01', {
      base: 200_000,
      irpf: 30_000,
      count: 2,
    }),
    recipientLine(SPEAKER, 'Pérez Ruiz, Luis', 'COURSES', 'F02', { base: 50_000, irpf: 7_500 }),
  ],
  // An invoice of 1.000 € and a rectificativa of −500 € to the designer: the quarter's line is their sum.
  '4T': [
    recipientLine(DESIGNER, 'García López, Ana', 'PROFESSIONAL', 'G01', {
      base: 50_000,
      irpf: 7_500,
      count: 0,
    }),
    recipientLine(WINNER, 'Sanz Gil, Eva', 'PRIZES', 'K03', { base: 80_000, irpf: 15_200 }),
  ],
});

/**
 * What a 111 of one quarter holds, computed apart from the 190: its quarter's `W|…` lines summed per
 * 111 block of their withholding kind (../withholdings.ts block111), recipients counted once.
 */
function like111(lines: PeriodLines): Record<string, number> {
  const boxes: Record<string, number> = {};
  const blocks = {
    WORK: ['01', '02', '03'],
    ACTIVITY: ['07', '08', '09'],
    PRIZES: ['13', '14', '15'],
  } as const;
  const recipients: Record<string, Set<string>> = { WORK: new Set(), ACTIVITY: new Set(), PRIZES: new Set() };
  for (const l of lines.byCounterparty.RECEIVED) {
    const w = parseWithholdingOpKey(l.opKey);
    if (!w || !isWithholdingKind(w.kind)) continue;
    const block = WITHHOLDING_KIND_INFO[w.kind].block111;
    if (!block) continue;
    const [, base, irpf] = blocks[block];
    boxes[base] = (boxes[base] ?? 0) + l.baseCents;
    boxes[irpf] = (boxes[irpf] ?? 0) + (l.irpfCents ?? 0);
    recipients[block]?.add(l.counterpartyKey);
  }
  for (const [block, [count]] of Object.entries(blocks)) boxes[count] = recipients[block]?.size ?? 0;
  return boxes;
}

const earlier111 = (boxesByQuarter: Record<string, Record<string, number>>): EarlierReturn[] =>
  Object.entries(boxesByQuarter).map(([period, boxes]) => ({
    modelType: '111',
    year: 2025,
    period,
    boxes,
    result: { type: 'I', amountCents: 0 },
    status: 'SUBMITTED',
  }));

const quarter111s = (extra: Record<string, number> = {}) =>
  Object.fromEntries(
    (['1T', '2T', '3T', '4T'] as QuarterCode[]).map((q) => {
      const boxes = like111(quarters[q]);
      for (const [box, value] of Object.entries(extra)) boxes[box] = (boxes[box] ?? 0) + value;
      return [q, boxes];
    }),
  );

const input190 = (
  o: { earlier?: EarlierReturn[]; annualRecipients?: AnnualRecipientInput[]; year?: number } = {},
) =>
  modelInput('190', o.year ?? 2025, '0A', {
    lines: yearOf(quarters),
    quarters,
    earlier: o.earlier ?? [],
    adjustments: o.annualRecipients ? { annualRecipients: o.annualRecipients } : {},
  });

const codes = (c: ModelComputation) => c.issues.map((i) => i.code);

describe('modelo 190 from the year of W lines', () => {
  it('declares one record per recipient and key, the same designer across four quarters once', () => {
    // Act
    const c = compute190(input190(), design190v2025);

    // Assert
    expect(c.records.map((r) => [r.taxId, r.key, r.subkey, r.amountCents, r.withholdingCents])).toEqual([
      [DESIGNER, 'G', '01', 450_000, 67_500],
      [SPEAKER, 'F', '02', 50_000, 7_500],
      [WINNER, 'K', '03', 80_000, 15_200],
      [STUDIO, 'G', '01', 250_000, 37_500],
    ]);
    expect(c.boxes).toEqual({ '01': 4, '02': 830_000, '03': 127_700 });
    expect(c.result).toEqual({ type: 'INFORMATIVE', amountCents: 830_000 });
    expect(c.sources['02']).toEqual([
      'RECEIVED:W|COURSES|F02',
      'RECEIVED:W|PRIZES|K03',
      'RECEIVED:W|PROFESSIONAL|G01',
    ]);
  });

  it('equals the sum of the four 111-like quarter aggregates, per block and in total', () => {
    // Arrange
    const q111 = quarter111s();
    const sum = (boxes: readonly string[]) =>
      Object.values(q111).reduce((t, b) => t + boxes.reduce((s, box) => s + (b[box] ?? 0), 0), 0);

    // Act
    const c = compute190(input190({ earlier: earlier111(q111) }), design190v2025);
    const blocks = blockTotals190(c.records);

    // Assert
    expect(sum(['08'])).toBe(700_000);
    for (const block of ['WORK', 'ACTIVITY', 'PRIZES'] as const) {
      expect(blocks[block].perceptionsCents, block).toBe(sum(BLOCK_BOXES_111[block].perceptions));
      expect(blocks[block].withholdingsCents, block).toBe(sum(BLOCK_BOXES_111[block].withholdings));
    }
    expect(c.boxes['02']).toBe(sum(['02', '05', '08', '11', '14', '17']));
    expect(c.boxes['03']).toBe(sum(['03', '06', '09', '12', '15', '18']));
    expect(codes(c)).not.toContain('SUM_111');
  });

  it("warns when a block differs from the year's 111s", () => {
    // Arrange: the 2T 111 declared 1 € more of activity withholdings than the books hold
    const q111 = quarter111s();
    q111['2T'] = { ...q111['2T'], '09': (q111['2T']?.['09'] ?? 0) + 100 };

    // Act
    const c = compute190(input190({ earlier: earlier111(q111) }), design190v2025);

    // Assert
    const sums = c.issues.filter((i) => i.code === 'SUM_111');
    expect(sums).toHaveLength(1);
    expect(sums[0]).toMatchObject({ field: 'ACTIVITY', severity: 'WARNING' });
    expect(sums[0]?.message).toContain('1.050,00 €');
    expect(sums[0]?.message).toContain('1.051,00 €');
  });
});

describe('modelo 190 against the four 111s computed from the same books', () => {
  /** A received invoice with a withholding, as the expenses domain hands it to the aggregates. */
  const invoice = (
    date: string,
    supplier: [string, string],
    kind: 'PROFESSIONAL' | 'COURSES',
    key: string,
    base: number,
    irpf: number,
    rectifiedDates?: string[],
  ): ReceivedForAggregates => ({
    date,
    supplier: { taxIdKey: supplier[0], name: supplier[1], country: 'ES' },
    lines: [
      {
        kind: 'DOMESTIC',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: base,
        vatCents: (base * 21) / 100,
        recargoCents: 0,
        deductibleVatCents: (base * 21) / 100,
        investmentGoods: false,
      },
    ],
    irpfCents: irpf,
    totalCents: base + (base * 21) / 100 - irpf,
    withholding: { kind, key, baseCents: base },
    ...(rectifiedDates ? { rectifiedDates } : {}),
  });
  const designer: [string, string] = [DESIGNER, 'García López, Ana'];
  const books = receivedBooks([
    invoice('2025-02-10', designer, 'PROFESSIONAL', 'G01', 100_000, 15_000),
    invoice('2025-05-10', designer, 'PROFESSIONAL', 'G01', 100_000, 15_000),
    invoice('2025-08-10', designer, 'PROFESSIONAL', 'G01', 100_000, 15_000),
    invoice('2025-09-15', [SPEAKER, 'Pérez Ruiz, Luis'], 'COURSES', 'F02', 50_000, 7_500),
    invoice('2025-11-10', designer, 'PROFESSIONAL', 'G01', 100_000, 15_000),
    invoice('2025-11-20', designer, 'PROFESSIONAL', 'G01', -50_000, -7_500, ['2025-11-10']),
  ]);
  // Payroll run elsewhere, entered on each 111 as totals (item 3 of issue 15).
  const workIncome: WorkIncomeInput = {
    recipients: 2,
    baseCents: 300_000,
    withholdingCents: 45_000,
    inKindRecipients: 1,
    inKindValueCents: 10_000,
    inKindWithholdingCents: 1_500,
  };
  const the111s = (['1T', '2T', '3T', '4T'] as QuarterCode[]).map((q) =>
    computeModel(modelInput('111', 2025, q, { lines: books[q], adjustments: { workIncome } })),
  );
  const employees: AnnualRecipientInput[] = [
    {
      nif: '44444444A',
      name: 'Martín Sol, Rosa',
      province: '28',
      key: 'A',
      baseCents: 600_000,
      withholdingCents: 90_000,
      inKindValueCents: 40_000,
      inKindWithholdingCents: 6_000,
    },
    {
      nif: '55555555K',
      name: 'Vidal Roca, Juan',
      province: '08',
      key: 'A',
      baseCents: 600_000,
      withholdingCents: 90_000,
    },
  ];
  const sumOf111s = (boxes: readonly string[]) =>
    the111s.reduce((t, c) => t + boxes.reduce((s, b) => s + (c.boxes[b] ?? 0), 0), 0);

  it('totals equal the sum of the 111s, block by block, with the designer once', () => {
    // Act
    const c = compute190(
      modelInput('190', 2025, '0A', {
        quarters: books,
        lines: yearOf(books),
        earlier: the111s.map((r) => asEarlier(r)),
        adjustments: { annualRecipients: employees },
      }),
      design190v2025,
    );

    // Assert
    expect(the111s.map((r) => r.boxes['08'])).toEqual([100_000, 100_000, 100_000, 50_000]);
    expect(c.records.filter((r) => r.taxId === DESIGNER)).toMatchObject([
      { amountCents: 350_000, withholdingCents: 52_500 },
    ]);
    const blocks = blockTotals190(c.records);
    for (const block of ['WORK', 'ACTIVITY'] as const) {
      expect(blocks[block].perceptionsCents, block).toBe(sumOf111s(BLOCK_BOXES_111[block].perceptions));
      expect(blocks[block].withholdingsCents, block).toBe(sumOf111s(BLOCK_BOXES_111[block].withholdings));
    }
    expect(c.boxes['03']).toBe(sumOf111s(['28']));
    expect(c.boxes).toEqual({ '01': 4, '02': 400_000 + 1_240_000, '03': 60_000 + 186_000 });
    expect(
      codes(c).filter((code) => code === 'SUM_111' || code === 'WORK_INCOME_WITHOUT_RECIPIENTS'),
    ).toEqual([]);
  });

  it('without the employees, the payroll of the 111s has no recipients', () => {
    const c = compute190(
      modelInput('190', 2025, '0A', {
        quarters: books,
        lines: yearOf(books),
        earlier: the111s.map((r) => asEarlier(r)),
      }),
      design190v2025,
    );
    expect(c.issues.find((i) => i.code === 'WORK_INCOME_WITHOUT_RECIPIENTS')?.message).toBe(
      'Los rendimientos del trabajo declarados en los 111 del año (12.400,00 €) no tienen perceptores en el 190: añádalos.',
    );
  });
});

describe('modelo 190 and the work income of the 111s', () => {
  // Payroll run elsewhere: the 111s carry 3.000 € of work income a quarter (adjustments.workIncome).
  const withPayroll = quarter111s({ '01': 2, '02': 300_000, '03': 45_000 });

  it('warns when the 111s declared work income that has no recipients here', () => {
    // Act
    const c = compute190(input190({ earlier: earlier111(withPayroll) }), design190v2025);

    // Assert
    const warning = c.issues.find((i) => i.code === 'WORK_INCOME_WITHOUT_RECIPIENTS');
    expect(warning).toMatchObject({ severity: 'WARNING' });
    expect(warning?.message).toBe(
      'Los rendimientos del trabajo declarados en los 111 del año (12.000,00 €) no tienen perceptores en el 190: añádalos.',
    );
    expect(c.issues.filter((i) => i.code === 'SUM_111').map((i) => i.field)).toEqual(['WORK', 'WORK']);
  });

  it('is satisfied once the employees are entered with the same totals', () => {
    // Arrange
    const employees: AnnualRecipientInput[] = [
      {
        nif: '44444444A',
        name: 'Martín Sol, Rosa',
        province: '28',
        key: 'A',
        baseCents: 600_000,
        withholdingCents: 90_000,
      },
      {
        nif: '55555555K',
        name: 'Vidal Roca, Juan',
        province: '08',
        key: 'A',
        baseCents: 600_000,
        withholdingCents: 90_000,
      },
    ];

    // Act
    const c = compute190(
      input190({ earlier: earlier111(withPayroll), annualRecipients: employees }),
      design190v2025,
    );

    // Assert
    expect(codes(c)).not.toContain('WORK_INCOME_WITHOUT_RECIPIENTS');
    expect(codes(c)).not.toContain('SUM_111');
    expect(c.boxes).toEqual({ '01': 6, '02': 2_030_000, '03': 307_700 });
  });

  it('does not warn without 111s of the year', () => {
    expect(codes(compute190(input190(), design190v2025))).not.toContain('WORK_INCOME_WITHOUT_RECIPIENTS');
  });
});

describe('modelo 190 entered recipients (annualRecipients)', () => {
  const entered: AnnualRecipientInput[] = [
    {
      nif: '44444444a',
      name: 'Martín Sol, Rosa',
      province: '28',
      key: 'A',
      baseCents: 2_400_000,
      withholdingCents: 360_000,
      inKindValueCents: 120_000,
      inKindWithholdingCents: 18_000,
    },
    { nif: DESIGNER, name: 'García López, Ana', key: 'G01', baseCents: 10_000, withholdingCents: 1_500 },
    { nif: '12345678A', name: 'NIF mal', key: 'A', baseCents: 10_000, withholdingCents: 0 },
    { nif: '66666666Q', name: 'Base negativa', key: 'A', baseCents: -10_000, withholdingCents: 0 },
    { nif: '66666666Q', name: 'Clave sin subclaves', key: 'A01', baseCents: 10_000, withholdingCents: 0 },
    { nif: '44444444A', name: 'Martín Sol, Rosa', key: 'A00', baseCents: 1, withholdingCents: 0 },
    {
      nif: '55555555K',
      name: 'Vidal Roca, Juan',
      postalCode: '08012',
      key: 'A00',
      baseCents: 500_000,
      withholdingCents: 50_000,
    },
    { nif: '77777777B', name: 'Falta subclave', key: 'G', baseCents: 10_000, withholdingCents: 1_500 },
  ];

  it('adds the valid ones and refuses the others, a duplicate of a book recipient included', () => {
    // Act
    const c = compute190(input190({ annualRecipients: entered }), design190v2025);

    // Assert
    const added = c.records.filter((r) => r.origin === 'ENTERED');
    expect(
      added.map((r) => [r.taxId, r.key, r.subkey, r.province, r.amountCents, r.inKindValueCents]),
    ).toEqual([
      ['44444444A', 'A', '00', '28', 2_400_000, 120_000],
      ['55555555K', 'A', '00', '08', 500_000, 0],
    ]);
    const refused = c.issues.filter((i) => ['ANNUAL_RECIPIENT', 'DUPLICATE_RECIPIENT'].includes(i.code));
    expect(refused.map((i) => [i.field, i.code])).toEqual([
      ['annualRecipients[1]', 'DUPLICATE_RECIPIENT'],
      ['annualRecipients[2]', 'ANNUAL_RECIPIENT'],
      ['annualRecipients[3]', 'ANNUAL_RECIPIENT'],
      ['annualRecipients[4]', 'ANNUAL_RECIPIENT'],
      ['annualRecipients[5]', 'DUPLICATE_RECIPIENT'],
      ['annualRecipients[7]', 'ANNUAL_RECIPIENT'],
    ]);
    expect(refused.every((i) => i.severity === 'ERROR')).toBe(true);
    expect(refused[0]?.message).toBe(
      'No se ha añadido el perceptor García López, Ana (clave G01): ya figura en los libros con el mismo NIF y clave.',
    );
    expect(refused[1]?.message).toContain('el NIF 12345678A no es válido');
    expect(refused[2]?.message).toContain('mayor o igual que cero');
    expect(refused[3]?.message).toContain('la clave A del modelo 190 no tiene subclaves');
    expect(refused[4]?.message).toContain('está repetido');
    expect(refused[5]?.message).toContain('necesita subclave');
    // [02] counts money and kind, [03] withholdings and payments on account
    expect(c.boxes).toEqual({
      '01': 6,
      '02': 830_000 + 2_520_000 + 500_000,
      '03': 127_700 + 378_000 + 50_000,
    });
  });

  it("asks for the province of the books' recipients and the additional data of employees", () => {
    // Act
    const c = compute190(input190({ annualRecipients: entered }), design190v2025);

    // Assert
    const data = c.issues.filter((i) => i.code === 'RECIPIENT_DATA');
    expect(data.every((i) => i.severity === 'WARNING')).toBe(true);
    expect(data.find((i) => i.field === DESIGNER)?.message).toContain('la provincia del domicilio');
    expect(data.find((i) => i.field === '44444444A')?.message).toContain('los datos adicionales de la clave');
  });
});

describe('modelo 190 keys and designs', () => {
  it('parses keys and subkeys as the AEAT lists them', () => {
    expect(parseKey190('G01')).toEqual({ key: 'G', subkey: '01' });
    expect(parseKey190('A')).toEqual({ key: 'A', subkey: '00' });
    expect(parseKey190('L99')).toEqual({ key: 'L', subkey: '99' });
    expect(parseKey190('G09').error).toContain('la subclave 09 no existe');
    expect(parseKey190('M01').error).toContain('no es una clave de percepción');
  });

  it('picks the design of the year through the registry', () => {
    expect(designFor('190', 2020, '0A')?.id).toBe('190-2017');
    expect(designFor('190', 2024, '0A')?.id).toBe('190-2024');
    expect(designFor('190', 2026, '0A')?.id).toBe('190-2025');
    const c = computeModel(input190({ year: 2024 }));
    expect([c.design, c.boxes['01']]).toEqual(['190-2024', 4]);
  });

  it('is annual', () => {
    const c = compute190(modelInput('190', 2025, '1T', { quarters }), design190v2025);
    expect(c.issues.find((i) => i.code === 'PERIOD')?.severity).toBe('ERROR');
  });
});

describe('modelo 190 file', () => {
  const identity = {
    nif: 'B87654323',
    name: 'Cuadra Demo SL',
    phone: '600111222',
    contactName: 'Sánchez Marta',
    declarationId: '1900000000001',
  };
  const page = (layout: PageLayout[], code: string) => layout.find((p) => p.page === code) as PageLayout;
  const fieldsOf = (line: string, layout: PageLayout[], code: string) =>
    Object.fromEntries(
      parseFixedWidth(line, page(layout, code)).map((f) => [`${f.position}:${f.source}`, f.value]),
    );

  it.each([
    ['2025', design190v2025],
    ['2024', design190v2024],
    ['2017', design190v2017],
  ])(
    'writes a type-1 record and one type-2 record per recipient that read back field by field (%s)',
    (_year, design) => {
      // Arrange
      const employee: AnnualRecipientInput = {
        nif: '44444444A',
        name: 'Martín Sol, Rosa',
        province: '28',
        key: 'A',
        baseCents: 2_400_000,
        withholdingCents: 360_000,
        inKindValueCents: 120_000,
        inKindWithholdingCents: 18_000,
      };
      const c = compute190(input190({ annualRecipients: [employee] }), design);

      // Act
      const text = decodeLatin1(writeInformativeReturn(design, c, identity));

      // Assert
      const lines = text.split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(0, -1).map((l) => l.length)).toEqual([500, 500, 500, 500, 500, 500]);
      const head = fieldsOf(lines[0] as string, design.pages, '1');
      expect(head).toMatchObject({
        '1:const:1': 1,
        '2:const:190': 190,
        '5:value:year': 2025,
        '9:value:nif': 'B87654323',
        '18:value:name': 'CUADRA DEMO SL',
        '58:const:T': 'T',
        '59:value:phone': 600111222,
        '108:value:declarationId': 1900000000001,
        '136:box:01': 5,
        '145:box:02': 830_000 + 2_520_000,
        '161:box:03': 127_700 + 378_000,
      });
      const records = lines.slice(1, -1).map((l) => fieldsOf(l, design.pages, '2'));
      expect(records.map((r) => [r['18:record:taxId'], r['78:record:key'], r['79:record:subkey']])).toEqual([
        [DESIGNER, 'G', 1],
        [SPEAKER, 'F', 2],
        [WINNER, 'K', 3],
        ['44444444A', 'A', 0],
        [STUDIO, 'G', 1],
      ]);
      expect(records[0]).toMatchObject({
        '1:const:2': 2,
        '9:value:nif': 'B87654323',
        '36:record:name': 'GARCIA LOPEZ, ANA',
        '76:record:province': '',
        '81:record:amountCents': 450_000,
        '95:record:withholdingCents': 67_500,
        '108:record:inKindValueCents': 0,
        '148:const:0': 0,
      });
      expect(records[3]).toMatchObject({
        '36:record:name': 'MARTIN SOL, ROSA',
        '76:record:province': '28',
        '81:record:amountCents': 2_400_000,
        '95:record:withholdingCents': 360_000,
        '108:record:inKindValueCents': 120_000,
        '122:record:inKindWithholdingCents': 18_000,
      });
      // a positive amount is written with a blank sign (81), then 13 digits
      expect((lines[1] as string).slice(80, 94)).toBe(' 0000000450000');
      // position 388: blank until 2023, '0' from 2024
      expect((lines[1] as string)[387]).toBe(design === design190v2017 ? ' ' : '0');
    },
  );
});
