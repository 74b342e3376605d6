import { describe, expect, it } from 'vitest';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '../../schemas/tax-profile';
import type { CounterpartyLine } from '../tax-aggregates';
import { layout349 } from './layouts/349';
import { design349v2020, model349, monthsOf349Period, operatorOf } from './model-349';
import type { EarlierReturn, ModelInput, PeriodLines } from './types';

const FR = 'FR:NIF_IVA:FR12345678901';
const DE = 'DE:NIF_IVA:DE123456789';
const IT = 'IT:NIF_IVA:IT12345678901';
const PT = 'PT:NIF_IVA:PT123456789';

const line = (
  counterpartyKey: string,
  opKey: string,
  baseCents: number,
  name = 'Cliente UE SARL',
): CounterpartyLine => ({
  counterpartyKey,
  opKey,
  name,
  country: counterpartyKey.slice(0, 2),
  baseCents,
  vatCents: 0,
  totalCents: baseCents,
  count: baseCents < 0 ? -1 : 1,
});

const lines = (issued: CounterpartyLine[], received: CounterpartyLine[] = []): PeriodLines => ({
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: issued, RECEIVED: received },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
});

const facts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  intraEuOperations: true,
  ...over,
});

function input(
  period: string,
  aggregates: PeriodLines,
  over: Partial<Omit<ModelInput, 'facts'>> & { monthly?: boolean } = {},
): ModelInput {
  const { monthly = /^\d\d$/.test(period), ...rest } = over;
  return {
    modelType: '349',
    year: 2026,
    period,
    company: { companyId: 'c1', nif: 'B12345674', name: 'Cuadra Pruebas SL' },
    facts: facts({ intraEuMonthly: monthly }),
    periodicity: monthly ? 'MONTHLY' : 'QUARTERLY',
    aggregates,
    earlier: [],
    adjustments: {},
    ...rest,
  };
}

const run = (i: ModelInput) => model349.compute(i, design349v2020);
const codes = (r: ReturnType<typeof run>) => r.issues.map((i) => `${i.severity}:${i.code}`);

describe('model349 definition', () => {
  it('is monthly or quarterly, informative, with the BOE design of 2020 on', () => {
    expect(model349.modelType).toBe('349');
    expect(model349.periodicities).toEqual(['MONTHLY', 'QUARTERLY']);
    expect(model349.designs).toEqual([design349v2020]);
    expect(design349v2020).toMatchObject({ modelType: '349', validFrom: '2020-01-01', validTo: null });
    expect(design349v2020.fileFormat).toBe('BOE');
    expect(design349v2020.pages).toBe(layout349);
    expect(design349v2020.boxes.map((b) => b.box)).toEqual(['01', '02', '03', '04']);
  });

  it('knows the months of each period and no annual period', () => {
    expect(monthsOf349Period(2026, '02')).toEqual({ first: '2026-02', last: '2026-02' });
    expect(monthsOf349Period(2026, '3T')).toEqual({ first: '2026-07', last: '2026-09' });
    expect(monthsOf349Period(2026, '0A')).toBeUndefined();
  });
});

describe('model349 operators and boxes', () => {
  it('fills the boxes from the issued and received intra-EU lines, one record per VAT number and key', () => {
    const r = run(
      input(
        '1T',
        lines(
          [
            line(FR, '349E', 100_000),
            line(FR, '349E', -20_000), // credit note of the same period
            line(FR, '349T', 50_000),
            line(DE, '349S', 30_000, 'Kunde GmbH'),
            line('B76543214', '347B', 999_999, 'Nacional SL'),
            line('SIN_IDENTIFICAR', 'X_UNIDENTIFIED', 12_000, ''),
          ],
          [line(IT, '349A', 70_000, 'Fornitore SpA'), line(PT, '349I', 12_345, 'Fornecedor Lda')],
        ),
      ),
    );
    expect(r.issues).toEqual([]);
    expect(r.records).toEqual([
      {
        kind: 'OPERATOR',
        counterpartyKey: DE,
        taxId: 'DE123456789',
        name: 'Kunde GmbH',
        country: 'DE',
        key: 'S',
        amountCents: 30_000,
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: FR,
        taxId: 'FR12345678901',
        name: 'Cliente UE SARL',
        country: 'FR',
        key: 'E',
        amountCents: 80_000,
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: FR,
        taxId: 'FR12345678901',
        name: 'Cliente UE SARL',
        country: 'FR',
        key: 'T',
        amountCents: 50_000,
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: IT,
        taxId: 'IT12345678901',
        name: 'Fornitore SpA',
        country: 'IT',
        key: 'A',
        amountCents: 70_000,
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: PT,
        taxId: 'PT123456789',
        name: 'Fornecedor Lda',
        country: 'PT',
        key: 'I',
        amountCents: 12_345,
      },
    ]);
    expect(r.boxes).toEqual({ '01': 5, '02': 242_345, '03': 0, '04': 0 });
    expect(r.result).toEqual({ type: 'INFORMATIVE', amountCents: 242_345 });
    expect(r.allowedResultTypes).toEqual(['INFORMATIVE']);
    expect(r.design).toBe('349-2020');
    expect(r.sources['02']).toEqual([
      'ISSUED:349E',
      'ISSUED:349S',
      'ISSUED:349T',
      'RECEIVED:349A',
      'RECEIVED:349I',
    ]);
    expect(r.sources['04']).toEqual([]);
  });

  it('keeps triangular operations (T) apart from deliveries (E) to the same customer', () => {
    const r = run(
      input('2T', lines([line(FR, '349E', 10_000), line(FR, '349T', 20_000), line(FR, '349T', 5_000)])),
    );
    expect(r.records.map((x) => [x.taxId, x.key, x.amountCents])).toEqual([
      ['FR12345678901', 'E', 10_000],
      ['FR12345678901', 'T', 25_000],
    ]);
    expect(r.boxes['01']).toBe(2);
    expect(r.boxes['02']).toBe(35_000);
  });

  it('adds up the same VAT number written with and without its prefix', () => {
    const r = run(input('1T', lines([line(DE, '349E', 1_000), line('DE:NIF_IVA:123456789', '349E', 2_000)])));
    expect(r.records).toHaveLength(1);
    expect(r.records[0]?.amountCents).toBe(3_000);
  });

  it('rejects a negative base of the period and asks for a rectification instead', () => {
    const r = run(
      input('1T', lines([line(FR, '349S', 10_000), line(FR, '349S', -30_000), line(DE, '349E', 5_000)])),
    );
    expect(codes(r)).toEqual(['ERROR:NEGATIVE_BASE']);
    expect(r.issues[0]?.message).toContain('-200,00 €');
    expect(r.records.map((x) => x.taxId)).toEqual(['DE123456789']);
    expect(r.boxes).toEqual({ '01': 1, '02': 5_000, '03': 0, '04': 0 });
  });

  it('leaves out the recipients of our withholdings (W lines, issue 15) without a word', () => {
    const r = run(
      input(
        '1T',
        lines([], [line(FR, '349I', 10_000), { ...line(FR, 'W|NON_RESIDENT|-', 10_000), irpfCents: 2_400 }]),
      ),
    );
    expect(r.boxes).toEqual({ '01': 1, '02': 10_000, '03': 0, '04': 0 });
    expect(r.issues).toEqual([]);
  });

  it('declares nothing for an operator whose operations cancel out', () => {
    const r = run(input('1T', lines([line(FR, '349E', 10_000), line(FR, '349E', -10_000)])));
    expect(r.records).toEqual([]);
    expect(r.boxes).toEqual({ '01': 0, '02': 0, '03': 0, '04': 0 });
    expect(r.issues).toEqual([]);
  });
});

describe('model349 rectifications', () => {
  const fr = 'FR12345678901';

  it('a quarterly filer corrects the quarter of the rectified month', () => {
    const r = run(
      input('2T', lines([line(FR, '349E@2026-02', -20_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|1T`]: 100_000 },
      }),
    );
    expect(r.issues).toEqual([]);
    expect(r.records).toEqual([
      {
        kind: 'RECTIFICATION',
        counterpartyKey: FR,
        taxId: fr,
        name: 'Cliente UE SARL',
        country: 'FR',
        key: 'E',
        amountCents: 80_000,
        correctedYear: 2026,
        correctedPeriod: '1T',
        previouslyDeclaredCents: 100_000,
      },
    ]);
    expect(r.boxes).toEqual({ '01': 0, '02': 0, '03': 1, '04': 80_000 });
    expect(r.sources['03']).toEqual(['ISSUED:349E@2026-02']);
    expect(r.sources['01']).toEqual([]);
  });

  it('a monthly filer corrects the month itself', () => {
    const r = run(
      input('04', lines([line(FR, '349E@2026-02', -20_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|02`]: 100_000 },
      }),
    );
    expect(r.issues).toEqual([]);
    expect(r.records[0]).toMatchObject({ correctedYear: 2026, correctedPeriod: '02', amountCents: 80_000 });
  });

  it('several months of one corrected quarter make one record', () => {
    const r = run(
      input('3T', lines([line(FR, '349E@2026-04', -1_000), line(FR, '349E@2026-06', -2_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|2T`]: 10_000 },
      }),
    );
    expect(r.records.map((x) => [x.correctedPeriod, x.amountCents])).toEqual([['2T', 7_000]]);
    expect(r.sources['04']).toEqual(['ISSUED:349E@2026-04', 'ISSUED:349E@2026-06']);
  });

  it('a credit note for an earlier month of the same quarter reduces a quarterly filer’s operations', () => {
    const r = run(input('1T', lines([line(FR, '349E', 100_000), line(FR, '349E@2026-01', -20_000)])));
    expect(r.records.map((x) => [x.kind, x.amountCents])).toEqual([['OPERATOR', 80_000]]);
    expect(r.boxes).toEqual({ '01': 1, '02': 80_000, '03': 0, '04': 0 });
    expect(r.sources['02']).toEqual(['ISSUED:349E', 'ISSUED:349E@2026-01']);
  });

  it('…but is a rectification of that month for a monthly filer', () => {
    const r = run(
      input('03', lines([line(FR, '349E', 100_000), line(FR, '349E@2026-01', -20_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|01`]: 50_000 },
      }),
    );
    expect(r.records.map((x) => [x.kind, x.correctedPeriod, x.amountCents])).toEqual([
      ['OPERATOR', undefined, 100_000],
      ['RECTIFICATION', '01', 30_000],
    ]);
    expect(r.boxes).toEqual({ '01': 1, '02': 100_000, '03': 1, '04': 30_000 });
  });

  it('rectifies a period of the year before', () => {
    const r = run(
      input('1T', lines([line(FR, '349S@2025-11', 5_000)]), {
        previouslyDeclared349: { [`${fr}|S|2025|4T`]: 40_000 },
      }),
    );
    expect(r.records[0]).toMatchObject({
      key: 'S',
      correctedYear: 2025,
      correctedPeriod: '4T',
      amountCents: 45_000,
      previouslyDeclaredCents: 40_000,
    });
  });

  it('follows the periodicity of what was filed when the filer has changed periodicity since', () => {
    const filed: EarlierReturn = {
      modelType: '349',
      year: 2025,
      period: '4T',
      boxes: {},
      result: { type: 'INFORMATIVE', amountCents: 0 },
      status: 'SUBMITTED',
    };
    const r = run(
      input('02', lines([line(FR, '349E@2025-11', -1_000)]), {
        earlier: [filed],
        previouslyDeclared349: { [`${fr}|E|2025|4T`]: 9_000 },
      }),
    );
    expect(r.issues).toEqual([]);
    expect(r.records[0]).toMatchObject({ correctedYear: 2025, correctedPeriod: '4T', amountCents: 8_000 });
  });

  it('starts from 0 with a warning when nothing was declared for that period', () => {
    const r = run(input('2T', lines([line(FR, '349E@2026-01', 3_000)])));
    expect(codes(r)).toEqual(['WARNING:PREVIOUS_UNKNOWN']);
    expect(r.records[0]).toMatchObject({
      amountCents: 3_000,
      previouslyDeclaredCents: 0,
      correctedPeriod: '1T',
    });
  });

  it('never declares a negative corrected base', () => {
    const r = run(
      input('2T', lines([line(FR, '349E@2026-01', -30_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|1T`]: 20_000 },
      }),
    );
    expect(codes(r)).toEqual(['ERROR:NEGATIVE_RECTIFIED_BASE']);
    expect(r.records).toEqual([]);
    expect(r.boxes).toEqual({ '01': 0, '02': 0, '03': 0, '04': 0 });
  });

  it('keeps the corrected base at 0 when everything declared is cancelled', () => {
    const r = run(
      input('2T', lines([line(FR, '349E@2026-01', -20_000)]), {
        previouslyDeclared349: { [`${fr}|E|2026|1T`]: 20_000 },
      }),
    );
    expect(r.issues).toEqual([]);
    expect(r.records[0]).toMatchObject({ amountCents: 0, previouslyDeclaredCents: 20_000 });
    expect(r.boxes).toEqual({ '01': 0, '02': 0, '03': 1, '04': 0 });
  });
});

describe('model349 validations', () => {
  it('needs an EU VAT number of another member state', () => {
    const r = run(
      input(
        '1T',
        lines([
          line('FR:NIF_IVA:FR123', '349E', 1_000),
          line('B76543214', '349S', 2_000, 'Nacional SL'),
          line('US:OTHER_ID:998877', '349S', 3_000, 'US Inc'),
        ]),
      ),
    );
    expect(codes(r)).toEqual([
      'ERROR:INVALID_VAT_NUMBER',
      'ERROR:INVALID_VAT_NUMBER',
      'ERROR:INVALID_VAT_NUMBER',
    ]);
    expect(r.issues.map((i) => i.field)).toEqual(['B76543214', 'FR:NIF_IVA:FR123', 'US:OTHER_ID:998877']);
  });

  it('gives Greece its EL prefix and refuses a Spanish VAT number', () => {
    expect(operatorOf('GR:NIF_IVA:123456789', 'GR')).toEqual({
      taxId: 'EL123456789',
      country: 'GR',
      valid: true,
    });
    expect(operatorOf('ES:NIF_IVA:ESB76543214', 'ES').valid).toBe(false);
    expect(operatorOf('SIN_IDENTIFICAR', 'ES').valid).toBe(false);
  });

  it('needs the operator’s name', () => {
    const r = run(input('1T', lines([line(FR, '349E', 1_000, '  ')])));
    expect(codes(r)).toEqual(['ERROR:NAME_REQUIRED']);
  });

  it('warns when the period does not match the periodicity of the profile, and refuses an annual period', () => {
    expect(codes(run(input('05', lines([]), { monthly: false })))).toEqual(['WARNING:PERIODICITY']);
    expect(codes(run(input('2T', lines([]), { monthly: true })))).toEqual(['WARNING:PERIODICITY']);
    expect(codes(run(input('0A', lines([]), { monthly: false })))).toEqual(['ERROR:PERIOD']);
  });

  it('leaves out lines of other models and mismatched books', () => {
    const r = run(
      input('1T', lines([line(FR, 'CASH@2026', 9_000), line(FR, '349A', 9_000)], [line(IT, '349E', 9_000)])),
    );
    expect(r.records).toEqual([]);
  });
});
