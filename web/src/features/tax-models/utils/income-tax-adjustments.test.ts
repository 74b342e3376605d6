import { ApiError } from '@web/lib/api-error';
import { describe, expect, it } from 'vitest';
import {
  draftFieldOfApiField,
  emptyPayee,
  type IncomeTaxDraft,
  incomeTaxDraftToAdjustments,
  initialIncomeTaxDraft,
  type PayeeDraft,
  refusalOf,
} from './income-tax-adjustments';

const payee = (nif: string, amount: string, extra: Partial<PayeeDraft> = {}): PayeeDraft => ({
  ...emptyPayee(),
  nif,
  amount,
  ...extra,
});
const draftWith = (change: Partial<IncomeTaxDraft>): IncomeTaxDraft => ({
  ...initialIncomeTaxDraft(undefined),
  ...change,
});

describe('130: the provision, the previous year and other income and expenses', () => {
  it('an untouched draft sends nothing (the profile and the stored 4T decide)', () => {
    expect(incomeTaxDraftToAdjustments('130', initialIncomeTaxDraft(undefined))).toEqual({
      adjustments: {},
      errors: {},
    });
  });

  it('turns es-ES euros into céntimos; only the previous year may be negative', () => {
    const draft = draftWith({
      applyDifficultJustification: false,
      previousYearNetIncome: '-1.500,5',
      otherIncome: '2.000',
      otherExpenses: '1.234,56',
    });
    expect(incomeTaxDraftToAdjustments('130', draft)).toEqual({
      adjustments: {
        applyDifficultJustification: false,
        previousYearNetIncomeCents: -150_050,
        otherIncomeCents: 200_000,
        otherExpensesCents: 123_456,
      },
      errors: {},
    });
    const { errors } = incomeTaxDraftToAdjustments('130', {
      ...draft,
      otherExpenses: '-5',
      otherIncome: 'abc',
    });
    expect(errors).toEqual({
      otherExpenses: 'Otros gastos deducibles no puede ser negativo',
      otherIncome: 'Indica un importe en euros, por ejemplo 1.234,56',
    });
  });

  it('the fields of another model are not sent', () => {
    const draft = draftWith({ otherIncome: '10', rentals: [payee('12345678Z', '100')] });
    expect(incomeTaxDraftToAdjustments('303', draft).adjustments).toEqual({});
    expect(incomeTaxDraftToAdjustments('111', draft).adjustments).toEqual({});
  });
});

describe('111: the employment income block', () => {
  it('sends the six fields, empty ones as 0, counts as integers', () => {
    const draft = draftWith({
      work: {
        recipients: '3',
        baseCents: '12.000,00',
        withholdingCents: '1.800',
        inKindRecipients: '',
        inKindValueCents: '',
        inKindWithholdingCents: '',
      },
    });
    expect(incomeTaxDraftToAdjustments('111', draft)).toEqual({
      adjustments: {
        workIncome: {
          recipients: 3,
          baseCents: 1_200_000,
          withholdingCents: 180_000,
          inKindRecipients: 0,
          inKindValueCents: 0,
          inKindWithholdingCents: 0,
        },
      },
      errors: {},
    });
  });

  it("refuses a negative or a broken count ('… no puede ser negativo')", () => {
    const base = initialIncomeTaxDraft(undefined).work;
    const { errors } = incomeTaxDraftToAdjustments(
      '111',
      draftWith({ work: { ...base, recipients: '-1', inKindRecipients: '1,5', baseCents: '-3' } }),
    );
    expect(errors).toEqual({
      'work.recipients': 'Número de perceptores no puede ser negativo',
      'work.inKindRecipients': 'Indica un número entero',
      'work.baseCents': 'Importe de las percepciones no puede ser negativo',
    });
  });

  it('an emptied block that was stored is sent as zeros; one never typed is not sent', () => {
    const stored = initialIncomeTaxDraft({
      workIncome: {
        recipients: 2,
        baseCents: 500_000,
        withholdingCents: 75_000,
        inKindRecipients: 0,
        inKindValueCents: 0,
        inKindWithholdingCents: 0,
      },
    });
    expect(stored.work.baseCents).toBe('5.000,00');
    expect(stored.work.recipients).toBe('2');
    const emptied = {
      ...stored,
      work: { ...stored.work, recipients: '', baseCents: '', withholdingCents: '' },
    };
    expect(incomeTaxDraftToAdjustments('111', emptied).adjustments.workIncome).toEqual({
      recipients: 0,
      baseCents: 0,
      withholdingCents: 0,
      inKindRecipients: 0,
      inKindValueCents: 0,
      inKindWithholdingCents: 0,
    });
  });
});

describe('115 and 123: the lists, checked as the server checks them', () => {
  it('sends each landlord with the rent in céntimos, the NIF normalised, empty rows left out', () => {
    const draft = draftWith({
      rentals: [
        payee(' 12345678-z ', '850,5', { name: ' Locales Turia SL ' }),
        emptyPayee(),
        payee('X1234567L', '1.000', { withholding: '190' }),
      ],
    });
    expect(incomeTaxDraftToAdjustments('115', draft)).toEqual({
      adjustments: {
        rentalProperties: [
          { nif: '12345678Z', name: 'Locales Turia SL', rentAmount: 85_050 },
          { nif: 'X1234567L', rentAmount: 100_000, withholdingCents: 19_000 },
        ],
      },
      errors: {},
    });
  });

  it('refuses a NIF of another shape, a duplicate and an amount that is not above 0', () => {
    const draft = draftWith({
      capital: [
        payee('B12345674', '100'),
        payee('12345678Z', '0'),
        payee('12345678z', '-5'),
        payee('', '10', { withholding: '-1' }),
      ],
    });
    const { errors } = incomeTaxDraftToAdjustments('123', draft);
    expect(errors).toEqual({
      'capital.0.nif': 'El NIF B12345674 no tiene un formato válido',
      'capital.1.amount': 'El importe debe ser mayor que 0',
      'capital.2.nif': 'NIF duplicado: 12345678z',
      'capital.2.amount': 'El importe debe ser mayor que 0',
      'capital.3.nif': 'Indica el NIF del perceptor',
      'capital.3.withholding': 'La retención no puede ser negativa',
    });
  });

  it('sends the 123 rows as capital income operations', () => {
    const draft = draftWith({ capital: [payee('Y7654321G', '2.500,00', { name: 'Socio 1' })] });
    expect(incomeTaxDraftToAdjustments('123', draft).adjustments).toEqual({
      capitalIncomeOperations: [{ recipientNif: 'Y7654321G', name: 'Socio 1', incomeAmount: 250_000 }],
    });
  });

  it('a list once stored may not be emptied (the server refuses an empty one); one never given is not sent', () => {
    const stored = initialIncomeTaxDraft({ rentalProperties: [{ nif: '12345678Z', rentAmount: 50_000 }] });
    expect(stored.rentals[0]).toMatchObject({ nif: '12345678Z', amount: '500,00', withholding: '' });
    expect(incomeTaxDraftToAdjustments('115', { ...stored, rentals: [emptyPayee()] })).toEqual({
      adjustments: {},
      errors: { rentals: 'Debe indicar al menos un inmueble arrendado' },
    });
    expect(incomeTaxDraftToAdjustments('115', initialIncomeTaxDraft(undefined))).toEqual({
      adjustments: {},
      errors: {},
    });
  });

  it("normalises the NIF as the server does (spaces, dots, hyphens, an 'ES' prefix)", () => {
    const draft = draftWith({ rentals: [payee('es 12.345.678-z', '100')] });
    expect(incomeTaxDraftToAdjustments('115', draft).adjustments.rentalProperties?.[0]?.nif).toBe(
      '12345678Z',
    );
  });
});

describe("the server's refusal", () => {
  const draft = draftWith({
    rentals: [emptyPayee(), payee('12345678Z', '100'), payee('87654321X', '200')],
  });

  it('places a field the server names on the row as typed (empty rows were not sent)', () => {
    expect(draftFieldOfApiField('rentalProperties.1.rentAmount', draft)).toBe('rentals.2.amount');
    // The model's own checks write the index in brackets.
    expect(draftFieldOfApiField('rentalProperties[0].nif', draft)).toBe('rentals.1.nif');
    expect(
      draftFieldOfApiField('capitalIncomeOperations[0].withholdingCents', {
        ...draft,
        capital: [payee('12345678Z', '1')],
      }),
    ).toBe('capital.0.withholding');
    expect(draftFieldOfApiField('adjustments.rentalProperties.0.nif', draft)).toBe('rentals.1.nif');
    expect(draftFieldOfApiField('rentalProperties', draft)).toBe('rentals');
    expect(draftFieldOfApiField('workIncome.baseCents', draft)).toBe('work.baseCents');
    expect(draftFieldOfApiField('otherExpensesCents', draft)).toBe('otherExpenses');
    expect(draftFieldOfApiField('iban', draft)).toBeNull();
  });

  it('keeps the message no field shows', () => {
    const issues = new ApiError({
      code: 'CORE_004',
      message: 'Datos no válidos',
      status: 400,
      details: { issues: [{ field: 'rentalProperties[1].nif', message: 'NIF duplicado: 87654321X' }] },
    });
    expect(refusalOf(issues, draft)).toEqual({
      fields: { 'rentals.2.nif': 'NIF duplicado: 87654321X' },
      message: null,
    });
    const plain = new ApiError({ code: 'CORE_004', message: 'Indica al menos un alquiler', status: 400 });
    expect(refusalOf(plain, draft)).toEqual({ fields: {}, message: 'Indica al menos un alquiler' });
  });
});
