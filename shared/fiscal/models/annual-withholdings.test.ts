import { describe, expect, it } from 'vitest';
import { UNIDENTIFIED_COUNTERPARTY } from '../tax-aggregates';
import { decodeLatin1, parseFixedWidth, writeInformativeReturn } from './aeat-file';
import { personTypeOfNif, provinceOfPostalCode, rateOf, recipientIdOf } from './annual-withholdings';
import { receivedLines, recipientLine, yearOf, yearQuarters } from './annual-withholdings.testing';
import { compute190, design190v2025 } from './model-190';
import { compute193, design193 } from './model-193';
import { compute296, design296 } from './model-296';
import { modelInput } from './testing';
import type { AnnualRecipientInput, ModelComputation, PageLayout } from './types';

const codes = (c: ModelComputation) => c.issues.map((i) => i.code);
const fieldsOf = (line: string, layout: PageLayout[], code: string) =>
  Object.fromEntries(
    parseFixedWidth(line, layout.find((p) => p.page === code) as PageLayout).map((f) => [
      f.position,
      f.value,
    ]),
  );

describe('the shared machinery of the annual summaries', () => {
  it('reads the recipient from the counterparty key as the 347 does', () => {
    expect(recipientIdOf('11111111H')).toEqual({ taxId: '11111111H', valid: true });
    expect(recipientIdOf('11111111X').valid).toBe(false);
    expect(recipientIdOf('FR:NIF_IVA:FR12345678901')).toEqual({
      taxId: '',
      valid: false,
      foreignTaxId: 'FR12345678901',
      country: 'FR',
    });
    expect(recipientIdOf('ES:NIF:b12345674')).toEqual({ taxId: 'B12345674', valid: true });
  });

  it('derives the province, the rate and the person type', () => {
    expect(provinceOfPostalCode('08012')).toBe('08');
    expect(provinceOfPostalCode('53001')).toBeUndefined();
    expect(provinceOfPostalCode('8012')).toBeUndefined();
    expect(rateOf(1_200_000, 228_000)).toBe(1900);
    expect(rateOf(0, 5)).toBe(0);
    expect(personTypeOfNif('B12345674')).toBe('J');
    expect(personTypeOfNif('X1234567L')).toBe('F');
  });

  it('drops a recipient whose year cancels out and refuses withholdings without a NIF', () => {
    // Arrange
    const quarters = yearQuarters({
      '1T': [
        recipientLine('11111111H', 'Ana', 'PROFESSIONAL', 'G01', { base: 100_000, irpf: 15_000 }),
        recipientLine(UNIDENTIFIED_COUNTERPARTY, '', 'PROFESSIONAL', 'G01', { base: 20_000, irpf: 3_000 }),
      ],
      '2T': [recipientLine('11111111H', 'Ana', 'PROFESSIONAL', 'G01', { base: -100_000, irpf: -15_000 })],
    });

    // Act
    const c = compute190(
      modelInput('190', 2025, '0A', { quarters, lines: yearOf(quarters) }),
      design190v2025,
    );

    // Assert
    expect(c.records).toEqual([]);
    expect(c.issues.find((i) => i.code === 'RECIPIENT_WITHOUT_NIF')?.message).toBe(
      'Hay retenciones sin NIF del perceptor (base 200,00 €, retenido 30,00 €): el modelo 190 no puede ' +
        'declararlas; identifica al proveedor en sus facturas.',
    );
  });

  it("falls back to the year's aggregates with an ERROR when a quarter is missing", () => {
    // Arrange
    const year = receivedLines([
      recipientLine('11111111H', 'Ana', 'PROFESSIONAL', 'G01', { base: 400_000, irpf: 60_000, count: 4 }),
    ]);

    // Act
    const c = compute190(modelInput('190', 2025, '0A', { lines: year }), design190v2025);

    // Assert
    expect(c.issues.find((i) => i.code === 'QUARTERS_MISSING')?.severity).toBe('ERROR');
    expect(c.boxes).toEqual({ '01': 1, '02': 400_000, '03': 60_000 });
  });

  it('keeps each summary to its own kinds and refuses non-residents outside the 296', () => {
    // Arrange
    const quarters = yearQuarters({
      '1T': [
        recipientLine('11111111H', 'Ana', 'PROFESSIONAL', 'G01', { base: 100_000, irpf: 15_000 }),
        recipientLine('22222222J', 'Luis', 'RENT', '-', { base: 50_000, irpf: 9_500 }),
        recipientLine('33333333P', 'Eva', 'CAPITAL', 'INT', { base: 10_000, irpf: 1_900 }),
        recipientLine(
          'DE:NIF_IVA:DE123456789',
          'Hans GmbH',
          'PROFESSIONAL',
          'G01',
          { base: 30_000, irpf: 4_500 },
          'DE',
        ),
      ],
    });
    const input = modelInput('190', 2025, '0A', { quarters, lines: yearOf(quarters) });

    // Act
    const c = compute190(input, design190v2025);

    // Assert
    expect(c.records.map((r) => r.counterpartyKey)).toEqual(['11111111H', 'DE:NIF_IVA:DE123456789']);
    expect(c.issues.find((i) => i.code === 'NON_RESIDENT')?.message).toContain(
      'se declaran en el modelo 296',
    );
  });
});

describe('modelo 193', () => {
  // The books: interest of a partner's loan, the 2T invoice stored with the former internal key 'INT'
  // and the 4T one with the real key (193 B, naturaleza 03).
  const quarters = yearQuarters({
    '2T': [recipientLine('33333333P', 'Sanz Gil, Eva', 'CAPITAL', 'INT', { base: 100_000, irpf: 19_000 })],
    '4T': [recipientLine('33333333P', 'Sanz Gil, Eva', 'CAPITAL', 'B03', { base: 100_000, irpf: 19_000 })],
  });
  const partner: AnnualRecipientInput = {
    nif: '44444444A',
    name: 'Martín Sol, Rosa',
    province: '28',
    key: 'B01',
    baseCents: 50_000,
    withholdingCents: 9_500,
  };
  const landlord: AnnualRecipientInput = {
    nif: '66666666Q',
    name: 'Gil Paz, Juan',
    province: '08',
    key: 'C04',
    baseCents: 30_000,
    withholdingCents: 5_700,
  };
  const input = modelInput('193', 2025, '0A', {
    quarters,
    lines: yearOf(quarters),
    adjustments: { annualRecipients: [partner, { ...partner, nif: '55555555K', key: 'INT' }, landlord] },
  });

  it("declares the books' interest under the real key, whatever key each invoice was stored with", () => {
    // Act
    const c = compute193(input, design193);

    // Assert
    expect(
      c.records.map((r) => [r.taxId, r.key, r.subkey, r.amountCents, r.withholdingRateBp, r.paymentKey]),
    ).toEqual([
      ['33333333P', 'B', '03', 200_000, 1900, 1],
      ['44444444A', 'B', '01', 50_000, 1900, 1],
      ['66666666Q', 'C', '04', 30_000, 1900, undefined],
    ]);
    expect(c.records[0]?.origin).toBe('BOOKS');
    expect(codes(c)).not.toContain('KEY');
    // A former internal key is read from the books only: the person enters the real ones.
    expect(c.issues.find((i) => i.code === 'ANNUAL_RECIPIENT')).toMatchObject({
      field: 'annualRecipients[1]',
      message: expect.stringContaining('la clave INT no es una clave de percepción del modelo 193'),
    });
    expect(codes(c)).not.toContain('SAME_RECIPIENT');
    expect(c.boxes).toEqual({ '01': 3, '02': 280_000, '03': 53_200, '04': 53_200, '05': 0 });
  });

  it('refuses an entered recipient the books already declare under the same real key', () => {
    const c = compute193(
      modelInput('193', 2025, '0A', {
        quarters,
        lines: yearOf(quarters),
        adjustments: { annualRecipients: [{ ...partner, nif: '33333333P', key: 'B03' }] },
      }),
      design193,
    );
    expect(c.records).toHaveLength(1);
    expect(c.issues.find((i) => i.code === 'DUPLICATE_RECIPIENT')?.field).toBe('annualRecipients[0]');
  });

  it("declares a book key that is not the 193's with a blank key and an ERROR", () => {
    const books = yearQuarters({
      '1T': [recipientLine('33333333P', 'Sanz Gil, Eva', 'CAPITAL', 'A09', { base: 10_000, irpf: 1_900 })],
    });
    const c = compute193(modelInput('193', 2025, '0A', { quarters: books, lines: yearOf(books) }), design193);
    expect(c.records.map((r) => [r.key, r.subkey])).toEqual([['', '']]);
    expect(c.issues.find((i) => i.code === 'KEY')).toMatchObject({ field: '33333333P', severity: 'ERROR' });
  });

  it('warns when an entered recipient is in the books under another key', () => {
    const c = compute193(
      modelInput('193', 2025, '0A', {
        quarters,
        lines: yearOf(quarters),
        adjustments: { annualRecipients: [{ ...partner, nif: '33333333P' }] },
      }),
      design193,
    );
    expect(c.records).toHaveLength(2);
    expect(c.issues.find((i) => i.code === 'SAME_RECIPIENT')).toMatchObject({
      field: 'annualRecipients[0]',
      severity: 'WARNING',
    });
  });

  it('writes a file whose records read back field by field, the key and naturaleza at 92-94', () => {
    // Act
    const c = compute193(input, design193);
    const lines = decodeLatin1(
      writeInformativeReturn(design193, c, { nif: 'B87654323', name: 'Cuadra Demo SL' }),
    ).split('\r\n');

    // Assert
    expect(lines.map((l) => l.length)).toEqual([500, 500, 500, 500, 0]);
    expect(fieldsOf(lines[0] as string, design193.pages, '1')).toMatchObject({
      1: 1,
      2: 193,
      9: 'B87654323',
      136: 3,
      145: 280_000,
      160: 53_200,
      175: 53_200,
      220: 0,
    });
    // The books' loan interest, stored as 'INT' and 'B03': B, naturaleza 03, paid as issuer, in money.
    expect(fieldsOf(lines[1] as string, design193.pages, '2')).toMatchObject({
      18: '33333333P',
      36: 'SANZ GIL, EVA',
      77: 0,
      92: 'B',
      93: 3,
      95: 1,
      122: 1,
      123: 200_000,
      152: 200_000,
      165: 1900,
      169: 38_000,
    });
    expect((lines[1] as string).slice(91, 95)).toBe('B031');
    expect(fieldsOf(lines[2] as string, design193.pages, '2')).toMatchObject({
      1: 2,
      2: 193,
      18: '44444444A',
      36: 'MARTIN SOL, ROSA',
      77: 28,
      92: 'B',
      93: 1,
      95: 1,
      122: 1,
      123: 50_000,
      152: 50_000,
      165: 1900,
      169: 9_500,
    });
    // Key C has no "PAGO".
    expect(fieldsOf(lines[3] as string, design193.pages, '2')).toMatchObject({
      18: '66666666Q',
      77: 8,
      92: 'C',
      93: 4,
      95: 0,
      122: 1,
    });
  });
});

describe('modelo 296', () => {
  const quarters = yearQuarters({
    '3T': [
      recipientLine(
        'US:PASSPORT:P1234567',
        'Smith, John',
        'NON_RESIDENT',
        '-',
        { base: 200_000, irpf: 48_000 },
        'US',
      ),
    ],
  });
  const lender: AnnualRecipientInput = {
    nif: 'FR99887766',
    country: 'FR',
    name: 'Dupont, Marie',
    key: '0201',
    baseCents: 100_000,
    withholdingCents: 19_000,
    personType: 'F',
    accrualDate: '2025-06-30',
    address: { street: '12 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  };
  const input = (recipients: AnnualRecipientInput[]) =>
    modelInput('296', 2025, '0A', {
      quarters,
      lines: yearOf(quarters),
      adjustments: { annualRecipients: recipients },
    });

  it('declares foreign recipients by the tax id of their country, and asks for what the books lack', () => {
    // Act
    const c = compute296(
      input([lender, { ...lender, key: '2601' }, { ...lender, accrualDate: '2024-12-31', nif: 'FR1' }]),
      design296,
    );

    // Assert
    expect(
      c.records.map((r) => [
        r.foreignTaxId,
        r.residenceCountry,
        r.key,
        r.subkey,
        r.accrualDate,
        r.paymentKey,
        r.personType,
      ]),
    ).toEqual([
      ['FR1', 'FR', '02', '01', undefined, 1, 'F'],
      ['FR99887766', 'FR', '02', '01', '30062025', 1, 'F'],
      // The books' former key '-': the residual clave 25 "Otras rentas" at the general rates.
      ['P1234567', 'US', '25', '01', undefined, undefined, undefined],
    ]);
    expect(c.boxes).toEqual({ '01': 3, '02': 400_000, '03': 86_000, '04': 86_000 });
    expect(codes(c)).not.toContain('KEY');
    expect(c.issues.find((i) => i.field === 'annualRecipients[1]')?.message).toContain('clave 01 a 25');
    const books = c.issues.find((i) => i.code === 'RECIPIENT_DATA' && i.field === 'US:PASSPORT:P1234567');
    expect(books?.message).toBe(
      'Faltan datos de Smith, John para el modelo 296: si es persona física o jurídica (F/J), la fecha de ' +
        'devengo (los libros solo dan el trimestre: 3T), el domicilio en el país de residencia.',
    );
    expect(codes(c)).not.toContain('NON_RESIDENT');
  });

  it('keeps the Spanish NIF of a non-resident who has one, with the country of residence', () => {
    const c = compute296(input([{ ...lender, nif: 'X1234567L', personType: undefined }]), design296);
    expect(c.records[0]).toMatchObject({
      taxId: 'X1234567L',
      residenceCountry: 'FR',
      personType: 'F',
      origin: 'ENTERED',
    });
    expect(c.records[0]?.foreignTaxId).toBeUndefined();
  });

  it('writes a file whose records read back field by field', () => {
    // Act
    const c = compute296(input([lender]), design296);
    const lines = decodeLatin1(
      writeInformativeReturn(design296, c, { nif: 'B87654323', name: 'Cuadra Demo SL' }),
    ).split('\r\n');

    // Assert
    expect(lines.map((l) => l.length)).toEqual([500, 500, 500, 0]);
    expect(fieldsOf(lines[0] as string, design296.pages, '1')).toMatchObject({
      1: 1,
      2: 296,
      5: 2025,
      9: 'B87654323',
      136: 2,
      145: 300_000,
      160: 67_000,
      175: 67_000,
    });
    expect(fieldsOf(lines[1] as string, design296.pages, '2')).toMatchObject({
      1: 2,
      2: 296,
      18: '',
      36: 'F',
      37: 'DUPONT, MARIE',
      91: 30062025,
      99: 'D',
      100: '02',
      102: 1,
      104: 100_000,
      117: 1900,
      121: 19_000,
      148: 1,
      227: '12 RUE DE LA PAIX',
      317: 'PARIS',
      377: '75002',
      387: 'FR',
      433: 'FR99887766',
      498: 'FR',
    });
    expect(fieldsOf(lines[2] as string, design296.pages, '2')).toMatchObject({
      37: 'SMITH, JOHN',
      91: 0,
      100: '25',
      102: 1,
      104: 200_000,
      117: 2400,
      121: 48_000,
      148: 0,
      433: 'P1234567',
      498: 'US',
    });
    expect((lines[2] as string).slice(99, 103)).toBe('2501');
  });

  it("declares the books' real keys, the former '-' and '2501' as one record", () => {
    // Arrange
    const smith = (key: string, base: number) =>
      recipientLine(
        'US:PASSPORT:P1234567',
        'Smith, John',
        'NON_RESIDENT',
        key,
        { base, irpf: base * 0.24 },
        'US',
      );
    const books = yearQuarters({
      '1T': [smith('-', 100_000)],
      '2T': [smith('2501', 50_000), smith('1901', 200_000)],
    });

    // Act
    const c = compute296(modelInput('296', 2025, '0A', { quarters: books, lines: yearOf(books) }), design296);

    // Assert
    expect(c.records.map((r) => [r.key, r.subkey, r.amountCents, r.withholdingCents])).toEqual([
      ['19', '01', 200_000, 48_000],
      ['25', '01', 150_000, 36_000],
    ]);
    expect(codes(c)).not.toContain('KEY');
  });
});
