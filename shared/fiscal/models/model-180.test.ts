import { describe, expect, it } from 'vitest';
import type { ReceivedForAggregates } from '../tax-aggregates';
import { decodeLatin1, parseFixedWidth, writeInformativeReturn } from './aeat-file';
import { receivedBooks, recipientLine, yearOf, yearQuarters } from './annual-withholdings.testing';
import { computeModel } from './index';
import { compute180, design180 } from './model-180';
import { asEarlier, modelInput } from './testing';
import type { AnnualRecipientInput, EarlierReturn, PageLayout } from './types';

const LANDLORD = '11111111H';
const RENT = 100_000; // 1.000 € a month
const WITHHELD = 19_000; // 19 % (art. 101.8 LIRPF)

/** Twelve monthly rent invoices: three a quarter, summed in the quarter's line as the books keep it. */
const quarters = yearQuarters({
  '1T': [
    recipientLine(LANDLORD, 'Ruiz Mora, Pedro', 'RENT', '-', {
      base: 3 * RENT,
      irpf: 3 * WITHHELD,
      count: 3,
    }),
  ],
  '2T': [
    recipientLine(LANDLORD, 'Ruiz Mora, Pedro', 'RENT', '-', {
      base: 3 * RENT,
      irpf: 3 * WITHHELD,
      count: 3,
    }),
  ],
  '3T': [
    recipientLine(LANDLORD, 'Ruiz Mora, Pedro', 'RENT', '-', {
      base: 3 * RENT,
      irpf: 3 * WITHHELD,
      count: 3,
    }),
  ],
  '4T': [
    recipientLine(LANDLORD, 'Ruiz Mora, Pedro', 'RENT', '-', {
      base: 3 * RENT,
      irpf: 3 * WITHHELD,
      count: 3,
    }),
  ],
});

/** The year's 115s: one a quarter, [01] recipients, [02] base, [03] withholdings. */
const earlier115 = (adjust = 0): EarlierReturn[] =>
  ['1T', '2T', '3T', '4T'].map((period, i) => ({
    modelType: '115',
    year: 2025,
    period,
    boxes: { '01': 1, '02': 3 * RENT, '03': 3 * WITHHELD + (i === 3 ? adjust : 0) },
    result: { type: 'I', amountCents: 3 * WITHHELD },
    status: 'SUBMITTED',
  }));

const warehouse: AnnualRecipientInput = {
  nif: 'B12345674',
  name: 'Inmuebles Sur SL',
  key: '-',
  baseCents: 600_000,
  withholdingCents: 114_000,
  property: {
    situation: 1,
    cadastralReference: '9872023vh5797s0001wx',
    streetType: 'CL',
    streetName: 'Calle Mayor',
    number: 12,
    floor: '1',
    door: 'B',
    municipality: 'Sevilla',
    locality: 'Sevilla',
    postalCode: '41001',
  },
};

const input180 = (o: { earlier?: EarlierReturn[]; annualRecipients?: AnnualRecipientInput[] } = {}) =>
  modelInput('180', 2025, '0A', {
    lines: yearOf(quarters),
    quarters,
    earlier: o.earlier ?? [],
    adjustments: o.annualRecipients ? { annualRecipients: o.annualRecipients } : {},
  });

describe('modelo 180', () => {
  it('declares a landlord paid every month of the year once, with the rate applied', () => {
    // Act
    const c = compute180(input180({ earlier: earlier115() }), design180);

    // Assert
    expect(c.records).toHaveLength(1);
    expect(c.records[0]).toMatchObject({
      taxId: LANDLORD,
      name: 'Ruiz Mora, Pedro',
      key: '-',
      amountCents: 12 * RENT,
      withholdingCents: 12 * WITHHELD,
      withholdingRateBp: 1900,
      origin: 'BOOKS',
    });
    expect(c.boxes).toEqual({ '01': 1, '02': 1_200_000, '03': 228_000 });
    expect(c.sources['02']).toEqual(['RECEIVED:W|RENT|-']);
    expect(c.issues.map((i) => i.code)).not.toContain('SUM_115');
  });

  it('warns that the books do not say which property, and when the 115s differ', () => {
    // Act
    const c = compute180(input180({ earlier: earlier115(-100) }), design180);

    // Assert
    const data = c.issues.find((i) => i.code === 'RECIPIENT_DATA');
    expect(data?.severity).toBe('WARNING');
    expect(data?.message).toBe(
      'Faltan datos de Ruiz Mora, Pedro para el modelo 180: la provincia del domicilio, los datos del inmueble ' +
        'arrendado (situación, referencia catastral y dirección).',
    );
    const sum = c.issues.filter((i) => i.code === 'SUM_115');
    expect(sum.map((i) => i.field)).toEqual(['03']);
    expect(sum[0]?.message).toBe(
      'Las retenciones del 180 (2.280,00 €) no coinciden con la suma de [03] de los 115 del año (1T, 2T, 3T, 4T: 2.279,00 €).',
    );
  });

  it('adds an entered landlord with the leased property, and refuses a second entry of a book landlord', () => {
    // Arrange
    const duplicate: AnnualRecipientInput = { ...warehouse, nif: LANDLORD, name: 'Ruiz Mora, Pedro' };

    // Act
    const c = compute180(input180({ annualRecipients: [warehouse, duplicate] }), design180);

    // Assert
    expect(c.records.map((r) => r.taxId)).toEqual([LANDLORD, 'B12345674']);
    expect(c.records[1]).toMatchObject({
      origin: 'ENTERED',
      province: '41',
      propertySituation: 1,
      cadastralReference: '9872023VH5797S0001WX',
      streetName: 'Calle Mayor',
      streetNumber: 12,
      municipality: 'Sevilla',
      municipalityCode: '00000',
      provinceCode: '41',
      postalCode: '41001',
      withholdingRateBp: 1900,
    });
    expect(c.issues.filter((i) => i.code === 'DUPLICATE_RECIPIENT').map((i) => i.field)).toEqual([
      'annualRecipients[1]',
    ]);
    expect(c.issues.filter((i) => i.code === 'RECIPIENT_DATA').map((i) => i.field)).toEqual([LANDLORD]);
    expect(c.boxes).toEqual({ '01': 2, '02': 1_800_000, '03': 342_000 });
  });

  it('refuses a property that cannot be written', () => {
    const c = compute180(
      input180({
        annualRecipients: [
          { ...warehouse, property: { ...warehouse.property!, cadastralReference: '9872023' } },
          { ...warehouse, nif: '22222222J', property: { ...warehouse.property!, postalCode: '99999' } },
          { ...warehouse, nif: '33333333P', property: { ...warehouse.property!, door: 'IZQUIERDA' } },
        ],
      }),
      design180,
    );
    expect(c.records.map((r) => r.origin)).toEqual(['BOOKS']);
    expect(
      c.issues.filter((i) => i.code === 'ANNUAL_RECIPIENT').map((i) => i.message.split(': ')[1]),
    ).toEqual([
      'la referencia catastral del inmueble tiene 20 letras y cifras.',
      'el código postal del inmueble (99999) no es un código postal español.',
      'un dato de la dirección del inmueble (IZQUIERDA) pasa de 3 caracteres.',
    ]);
  });

  it('refuses a key and payments in kind, which the 180 does not have', () => {
    const c = compute180(
      input180({
        annualRecipients: [
          { ...warehouse, key: 'A' },
          { ...warehouse, nif: '22222222J', inKindValueCents: 100 },
        ],
      }),
      design180,
    );
    expect(c.records).toHaveLength(1);
    expect(c.issues.filter((i) => i.code === 'ANNUAL_RECIPIENT').map((i) => i.message)).toEqual([
      'No se ha añadido el perceptor Inmuebles Sur SL (clave A): el modelo 180 no tiene claves de percepción (indique "-", no A).',
      'No se ha añadido el perceptor Inmuebles Sur SL (clave -): el modelo 180 no declara aquí rentas en especie.',
    ]);
  });

  it('writes a file whose records read back field by field', () => {
    // Arrange
    const c = compute180(input180({ annualRecipients: [warehouse] }), design180);
    const page = (code: string) => design180.pages.find((p) => p.page === code) as PageLayout;
    const fields = (line: string, code: string) =>
      Object.fromEntries(parseFixedWidth(line, page(code)).map((f) => [f.position, f.value]));

    // Act
    const lines = decodeLatin1(
      writeInformativeReturn(design180, c, { nif: 'B87654323', name: 'Cuadra Demo SL' }),
    ).split('\r\n');

    // Assert
    expect(lines.map((l) => l.length)).toEqual([500, 500, 500, 0]);
    expect(fields(lines[0] as string, '1')).toMatchObject({
      1: 1,
      2: 180,
      5: 2025,
      9: 'B87654323',
      18: 'CUADRA DEMO SL',
      136: 2,
      145: 1_800_000,
      161: 342_000,
    });
    expect(fields(lines[1] as string, '2')).toMatchObject({
      1: 2,
      2: 180,
      9: 'B87654323',
      18: LANDLORD,
      36: 'RUIZ MORA, PEDRO',
      76: '',
      78: 1,
      79: 1_200_000,
      93: 1900,
      97: 228_000,
      110: 0,
      114: '',
      115: '',
    });
    expect(fields(lines[2] as string, '2')).toMatchObject({
      18: 'B12345674',
      36: 'INMUEBLES SUR SL',
      76: '41',
      79: 600_000,
      93: 1900,
      97: 114_000,
      114: '1',
      115: '9872023VH5797S0001WX',
      135: 'CL',
      140: 'CALLE MAYOR',
      193: 12,
      210: '1',
      213: 'B',
      256: 'SEVILLA',
      286: 'SEVILLA',
      316: '00000',
      321: '41',
      323: '41001',
    });
  });

  it('equals the sum of the four 115s computed from twelve monthly rent invoices', () => {
    // Arrange
    const rent = (month: number): ReceivedForAggregates => ({
      date: `2025-${String(month).padStart(2, '0')}-01`,
      supplier: { taxIdKey: LANDLORD, name: 'Ruiz Mora, Pedro', country: 'ES' },
      lines: [
        {
          kind: 'DOMESTIC',
          vatRateBp: 2100,
          recargoRateBp: 0,
          baseCents: RENT,
          vatCents: 21_000,
          recargoCents: 0,
          deductibleVatCents: 21_000,
          investmentGoods: false,
        },
      ],
      irpfCents: WITHHELD,
      totalCents: RENT + 21_000 - WITHHELD,
      withholding: { kind: 'RENT', key: '-', baseCents: RENT },
    });
    const books = receivedBooks(Array.from({ length: 12 }, (_, i) => rent(i + 1)));
    const the115s = (['1T', '2T', '3T', '4T'] as const).map((q) =>
      computeModel(modelInput('115', 2025, q, { lines: books[q] })),
    );

    // Act
    const c = compute180(
      modelInput('180', 2025, '0A', {
        quarters: books,
        lines: yearOf(books),
        earlier: the115s.map((r) => asEarlier(r)),
      }),
      design180,
    );

    // Assert
    expect(the115s.map((r) => [r.boxes['01'], r.boxes['02'], r.boxes['03']])).toEqual(
      Array.from({ length: 4 }, () => [1, 3 * RENT, 3 * WITHHELD]),
    );
    expect(c.records).toHaveLength(1);
    expect(c.boxes).toEqual({ '01': 1, '02': 12 * RENT, '03': 12 * WITHHELD });
    expect(c.issues.map((i) => i.code)).not.toContain('SUM_115');
  });
});
