import { describe, expect, it } from 'vitest';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '../../schemas/tax-profile';
import type { CounterpartyLine } from '../tax-aggregates';
import { layout347 } from './layouts/347';
import { design347, MODELO_347_CASH_THRESHOLD_CENTS, model347 } from './model-347';
import type { ModelInput, PeriodLines } from './types';

const CUSTOMER = 'B12345674';
const SUPPLIER = 'B76543214';
const OTHER = 'B11111119';
const PERSON = '12345678Z';

const line = (
  counterpartyKey: string,
  opKey: string,
  totalCents: number,
  name = `Tercero ${counterpartyKey}`,
): CounterpartyLine => ({
  counterpartyKey,
  opKey,
  name,
  country: 'ES',
  baseCents: totalCents,
  vatCents: 0,
  totalCents,
  count: totalCents < 0 ? -1 : 1,
});

const lines = (issued: CounterpartyLine[], received: CounterpartyLine[] = []): PeriodLines => ({
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: issued, RECEIVED: received },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
});

/** The year's quarters as given; the year is their sum (as the aggregates reader gives it). */
function year(
  quarters: [CounterpartyLine[], CounterpartyLine[], CounterpartyLine[], CounterpartyLine[]],
  received: [CounterpartyLine[], CounterpartyLine[], CounterpartyLine[], CounterpartyLine[]] = [
    [],
    [],
    [],
    [],
  ],
  extraYear: CounterpartyLine[] = [],
) {
  return {
    aggregates: lines([...quarters.flat(), ...extraYear], received.flat()),
    quarters: Object.fromEntries(
      ['1T', '2T', '3T', '4T'].map((q, i) => [q, lines(quarters[i]!, received[i]!)]),
    ),
  };
}

const facts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});

function input(
  data: Pick<ModelInput, 'aggregates'> & Partial<ModelInput>,
  factsOver: Partial<TaxProfileFacts> = {},
): ModelInput {
  return {
    modelType: '347',
    year: 2026,
    period: '0A',
    company: { companyId: 'c1', nif: 'B22222228', name: 'Cuadra Pruebas SL' },
    facts: facts(factsOver),
    periodicity: 'ANNUAL',
    earlier: [],
    adjustments: {},
    ...data,
  };
}

const run = (i: ModelInput) => model347.compute(i, design347);
const codes = (r: ReturnType<typeof run>) => r.issues.map((i) => `${i.severity}:${i.code}`);

describe('model347 definition', () => {
  it('is annual, informative, with the BOE design', () => {
    expect(model347.modelType).toBe('347');
    expect(model347.periodicities).toEqual(['ANNUAL']);
    expect(model347.designs).toEqual([design347]);
    expect(design347.fileFormat).toBe('BOE');
    expect(design347.pages).toBe(layout347);
    expect(design347.boxes.map((b) => [b.box, b.signed])).toEqual([
      ['01', false],
      ['02', true],
      ['03', false],
      ['04', true],
    ]);
  });
});

describe('model347 boxes and records', () => {
  it('declares sales (B) and purchases (A) above the limit with their quarters', () => {
    const r = run(
      input(
        year(
          [
            [line(CUSTOMER, '347B', 250_000), line(OTHER, '347B', 100_000)],
            [line(CUSTOMER, '347B', 150_000)],
            [],
            [line(CUSTOMER, '347B', -50_000), line(CUSTOMER, '349E', 900_000)],
          ],
          [
            [line(SUPPLIER, '347A', 400_000), line(CUSTOMER, '347A', 301_000)],
            [],
            [line(PERSON, 'X_IRPF', 800_000)],
            [],
          ],
        ),
      ),
    );
    expect(r.issues).toEqual([]);
    expect(r.records).toEqual([
      {
        kind: 'OPERATOR',
        counterpartyKey: CUSTOMER,
        taxId: CUSTOMER,
        name: `Tercero ${CUSTOMER}`,
        country: 'ES',
        key: 'A',
        amountCents: 301_000,
        quarterAmountsCents: [301_000, 0, 0, 0],
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: CUSTOMER,
        taxId: CUSTOMER,
        name: `Tercero ${CUSTOMER}`,
        country: 'ES',
        key: 'B',
        amountCents: 350_000,
        quarterAmountsCents: [250_000, 150_000, 0, -50_000],
      },
      {
        kind: 'OPERATOR',
        counterpartyKey: SUPPLIER,
        taxId: SUPPLIER,
        name: `Tercero ${SUPPLIER}`,
        country: 'ES',
        key: 'A',
        amountCents: 400_000,
        quarterAmountsCents: [400_000, 0, 0, 0],
      },
    ]);
    // OTHER (1.000,00 €) stays under the limit; the 349 line and the withheld fee are not 347 operations.
    expect(r.boxes).toEqual({ '01': 3, '02': 1_051_000, '03': 0, '04': 0 });
    expect(r.result).toEqual({ type: 'INFORMATIVE', amountCents: 1_051_000 });
    expect(r.allowedResultTypes).toEqual(['INFORMATIVE']);
    expect(r.sources['02']).toEqual(['ISSUED:347B', 'RECEIVED:347A']);
  });

  it('declares a total above 3.005,06 € and not one of exactly 3.005,06 €, in either sign', () => {
    const r = run(
      input(
        year([
          [
            line('B11111119', '347B', 300_506),
            line('B22222228', '347B', 300_507),
            line('B33333337', '347B', -300_506),
            line(PERSON, '347B', -300_507),
          ],
          [],
          [],
          [],
        ]),
      ),
    );
    expect(r.issues).toEqual([]);
    expect(r.records.map((x) => [x.taxId, x.amountCents])).toEqual([
      [PERSON, -300_507],
      ['B22222228', 300_507],
    ]);
    expect(r.boxes).toEqual({ '01': 2, '02': 0, '03': 0, '04': 0 });
  });

  it('keeps a negative total (credit notes only) with its sign', () => {
    const r = run(
      input(year([[line(CUSTOMER, '347B', 500_000)], [], [line(CUSTOMER, '347B', -900_000)], []])),
    );
    expect(r.records.map((x) => [x.amountCents, x.quarterAmountsCents])).toEqual([
      [-400_000, [500_000, 0, -900_000, 0]],
    ]);
    expect(r.boxes['02']).toBe(-400_000);
    expect(r.result.amountCents).toBe(-400_000);
  });

  it('never declares excluded lines nor unidentified counterparties', () => {
    const r = run(
      input(
        year(
          [
            [
              line('SIN_IDENTIFICAR', '347B', 900_000),
              line('SIN_IDENTIFICAR', 'X_UNIDENTIFIED', 900_000),
              line('US:OTHER_ID:1', 'X_FOREIGN', 900_000),
            ],
            [],
            [],
            [],
          ],
          [
            [
              line(PERSON, 'X_IRPF', 900_000),
              // The recipient of a withholding (issue 15): declared in the 190/180, never in the 347.
              { ...line(PERSON, 'W|PROFESSIONAL|G01', 900_000), irpfCents: 135_000 },
              line(SUPPLIER, 'X_IMPORT', 900_000),
            ],
            [],
            [],
            [],
          ],
        ),
      ),
    );
    expect(r.records).toEqual([]);
    expect(r.boxes).toEqual({ '01': 0, '02': 0, '03': 0, '04': 0 });
    expect(r.sources).toEqual({ '01': [], '02': [], '03': [], '04': [] });
  });
});

describe('model347 cash', () => {
  it('adds the cash of the year above 6.000 € to the sale record', () => {
    const r = run(
      input(
        year([[line(CUSTOMER, '347B', 800_000)], [], [], []], undefined, [
          line(CUSTOMER, 'CASH@2026', 700_000),
        ]),
      ),
    );
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({
      key: 'B',
      amountCents: 800_000,
      cashAmountCents: 700_000,
      cashYear: 2026,
    });
    expect(r.sources['01']).toEqual(['ISSUED:347B', 'ISSUED:CASH@2026']);
    expect(r.sources['02']).toEqual(['ISSUED:347B']);
  });

  it('leaves out cash of exactly 6.000 €', () => {
    const r = run(
      input(
        year([[line(CUSTOMER, '347B', 800_000)], [], [], []], undefined, [
          line(CUSTOMER, 'CASH@2026', MODELO_347_CASH_THRESHOLD_CENTS),
        ]),
      ),
    );
    expect(r.records[0]?.cashAmountCents).toBeUndefined();
    expect(r.records[0]?.cashYear).toBeUndefined();
  });

  it('declares cash above 6.000 € for operations of an earlier year in a record with a zero amount', () => {
    const r = run(
      input(year([[], [], [], []], undefined, [line(OTHER, 'CASH@2025', 650_000, 'Cliente Antiguo SL')])),
    );
    expect(r.issues).toEqual([]);
    expect(r.records).toEqual([
      {
        kind: 'OPERATOR',
        counterpartyKey: OTHER,
        taxId: OTHER,
        name: 'Cliente Antiguo SL',
        country: 'ES',
        key: 'B',
        amountCents: 0,
        quarterAmountsCents: [0, 0, 0, 0],
        cashAmountCents: 650_000,
        cashYear: 2025,
      },
    ]);
    expect(r.boxes).toEqual({ '01': 1, '02': 0, '03': 0, '04': 0 });
    expect(r.sources['01']).toEqual(['ISSUED:CASH@2025']);
  });

  it('counts the year’s cash of a counterparty together, and declares each operations’ year apart', () => {
    const r = run(
      input(
        year([[line(CUSTOMER, '347B', 400_000)], [], [], []], undefined, [
          line(CUSTOMER, 'CASH@2026', 400_000),
          line(CUSTOMER, 'CASH@2025', 300_000),
        ]),
      ),
    );
    expect(r.records.map((x) => [x.amountCents, x.cashAmountCents, x.cashYear])).toEqual([
      [400_000, 400_000, 2026],
      [0, 300_000, 2025],
    ]);
    expect(r.boxes['01']).toBe(2);
  });

  it('declares cash above 6.000 € even when the year’s sales stay under the 347 limit', () => {
    const r = run(
      input(
        year([[line(CUSTOMER, '347B', 200_000)], [], [], []], undefined, [
          line(CUSTOMER, 'CASH@2026', 650_000),
        ]),
      ),
    );
    expect(r.records.map((x) => [x.amountCents, x.cashAmountCents, x.cashYear])).toEqual([
      [200_000, 650_000, 2026],
    ]);
  });
});

describe('model347 validations', () => {
  it('is not filed by SII companies', () => {
    const r = run(input(year([[line(CUSTOMER, '347B', 800_000)], [], [], []]), { siiEnabled: true }));
    expect(r.issues).toEqual([
      {
        code: 'SII_NOT_FILED',
        message: 'Las empresas acogidas al SII no presentan el modelo 347',
        severity: 'ERROR',
      },
    ]);
  });

  it('needs a valid NIF and a name for every declared party', () => {
    const r = run(
      input(year([[line('B12345670', '347B', 800_000), line(SUPPLIER, '347B', 800_000, '')], [], [], []])),
    );
    expect(codes(r)).toEqual(['ERROR:INVALID_NIF', 'ERROR:NAME_REQUIRED']);
    expect(r.issues.map((i) => i.field)).toEqual(['B12345670', SUPPLIER]);
  });

  it('accepts the EU VAT number of an operator without a Spanish NIF', () => {
    const r = run(input(year([[line('PT:NIF_IVA:PT123456789', '347B', 800_000)], [], [], []])));
    expect(r.issues).toEqual([]);
    expect(r.records[0]?.taxId).toBe('PT123456789');
  });

  it('checks the quarters against the year and asks for them', () => {
    const data = year([[line(CUSTOMER, '347B', 800_000)], [], [], []]);
    const wrong = { ...data, quarters: { ...data.quarters, '2T': lines([line(CUSTOMER, '347B', 1)]) } };
    expect(codes(run(input(wrong)))).toEqual(['ERROR:QUARTER_SUM']);
    const { quarters: _q, ...withoutQuarters } = data;
    const r = run(input(withoutQuarters));
    expect(codes(r)).toEqual(['ERROR:QUARTERS_MISSING']);
    expect(r.records[0]?.quarterAmountsCents).toEqual([0, 0, 0, 0]);
  });

  it('is annual only', () => {
    expect(codes(run(input({ ...year([[], [], [], []]), period: '4T' })))).toEqual(['ERROR:PERIOD']);
  });
});
