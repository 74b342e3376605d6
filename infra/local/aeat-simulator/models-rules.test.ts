/**
 * What the simulated AEAT checks in the income-tax returns' files (issue 15): the "<T" envelope and
 * the page lengths of each design (130: 600, 111: 1.000, 115: 500, 123: 600, 216: 400 until 2023 and
 * 600 from 2024), the declaration type each model has, the year and period of page 01 and the periods
 * each model is filed for; and that the files the product writes pass them: the 131 (751) and the 202
 * (700 and 951, year and period at 104 and 108) "<T" files, and the BOE records of the annual summaries
 * 190, 180, 193 and 296, whose declarant record must count the recipients and add up their amounts.
 */

import { modelFile } from '@functions/domains/taxmodels/model/files';
import { computeModel } from '@shared/fiscal/models';
import type { ModelAdjustments, ModelInput, PeriodLines, TaxModelType } from '@shared/fiscal/models/types';
import type { CounterpartyLine } from '@shared/fiscal/tax-aggregates';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { checkHeaders, checkModelFile, FILING_ERRORS, type FilingHeaders } from './models-rules';

const NIF = '44444444A';
const pad = (s: string, n: number) => s.padEnd(n, ' ').slice(0, n);

/** A "<T" file of one page 01000 of `length` positions: type at 13, NIF at 14, year at 103, period at 107. */
function selfAssessment(o: {
  modelo: string;
  year?: string;
  period?: string;
  type?: string;
  length: number;
}) {
  const year = o.year ?? '2025';
  const period = o.period ?? '2T';
  const aux = `<AUX>${' '.repeat(70)}1.00${' '.repeat(4)}B00000034${' '.repeat(213)}</AUX>`;
  const open = `<T${o.modelo}01000>`;
  const close = `</T${o.modelo}01000>`;
  const body = ` ${o.type ?? 'I'}${pad(NIF, 9)}${pad('GARCIA LOPEZ', 60)}${pad('ANA', 20)}${year}${period}`;
  const page = `${open}${pad(body, o.length - open.length - close.length)}${close}`;
  return `<T${o.modelo}0${year}${period}0000>${aux}${page}</T${o.modelo}0${year}${period}0000>`;
}

const headers = (modelo: string, over: Partial<FilingHeaders> = {}): FilingHeaders => ({
  modelo,
  ejercicio: '2025',
  periodo: '2T',
  nifDeclarante: NIF,
  nifColaborador: null,
  ...over,
});

describe('income-tax returns', () => {
  it.each([
    ['130', 600],
    ['111', 1000],
    ['115', 500],
    ['123', 600],
    ['216', 600],
  ])('accepts a %s of its design length and refuses another length', (modelo, length) => {
    expect(checkModelFile(selfAssessment({ modelo, length }), headers(modelo))).toEqual([]);
    const wrong = checkModelFile(selfAssessment({ modelo, length: length + 1 }), headers(modelo));
    expect(wrong).toEqual([
      {
        codigo: FILING_ERRORS.length,
        descripcion: `La página 01000 del modelo ${modelo} mide ${length + 1} caracteres; el diseño de registro exige ${length}.`,
      },
    ]);
  });

  it('takes the 216 of 2023 in its 400-position design', () => {
    const h = headers('216', { ejercicio: '2023' });
    expect(checkModelFile(selfAssessment({ modelo: '216', year: '2023', length: 400 }), h)).toEqual([]);
    expect(checkModelFile(selfAssessment({ modelo: '216', year: '2023', length: 600 }), h)[0]?.codigo).toBe(
      FILING_ERRORS.length,
    );
  });

  it('refuses a declaration type the model does not have (a refund of a 115, B in a 111)', () => {
    expect(checkModelFile(selfAssessment({ modelo: '115', type: 'D', length: 500 }), headers('115'))).toEqual(
      [
        {
          codigo: FILING_ERRORS.declarationType,
          descripcion: "El tipo de declaración 'D' no es válido para el modelo 115: admite I, U, G, N.",
        },
      ],
    );
    expect(
      checkModelFile(selfAssessment({ modelo: '111', type: 'B', length: 1000 }), headers('111')),
    ).toHaveLength(1);
    expect(checkModelFile(selfAssessment({ modelo: '130', type: 'B', length: 600 }), headers('130'))).toEqual(
      [],
    );
  });

  it('refuses a page 01 of another period and a 130 filed for a month', () => {
    // The envelope says 3T, page 01 says 2T.
    const page2T = selfAssessment({ modelo: '130', length: 600 });
    const envelope3T = page2T
      .replace('<T130020252T0000>', '<T130020253T0000>')
      .replace('</T130020252T0000>', '</T130020253T0000>');
    expect(checkModelFile(envelope3T, headers('130', { periodo: '3T' }))).toEqual([
      {
        codigo: FILING_ERRORS.periodMismatch,
        descripcion:
          'El ejercicio y periodo de la página 01000 (2025 2T) no coinciden con los de la presentación (2025 3T).',
      },
    ]);
    expect(checkHeaders(headers('130', { periodo: '05' }))).toEqual([
      { codigo: FILING_ERRORS.invalidPeriod, descripcion: 'El periodo 05 no es válido para el modelo 130.' },
    ]);
    expect(checkHeaders(headers('111', { periodo: '05' }))).toEqual([]);
  });

  it('passes the 130 file the product writes', () => {
    const model = {
      modelId: '2025-130-2T',
      companyId: 'co',
      modelType: '130',
      year: 2025,
      period: '2T',
      design: '130-2015',
      boxes: { '01': 1_700_000, '02': 782_300, '03': 917_700, '07': 19_240, '19': 19_240 },
      result: { type: 'I', amountCents: 19_240 },
      allowedResultTypes: ['I', 'U', 'G'],
      records: [],
      issues: [],
      sources: {},
      itemsRead: 0,
      status: 'MODEL_GENERATED',
      adjustments: {},
      generatedAt: '2025-07-10T09:00:00.000Z',
      generatedBy: 'u',
      updatedAt: '2025-07-10T09:00:00.000Z',
      version: 1,
      approvedAt: null,
      approvedBy: null,
      submittedAt: null,
      reference: null,
      submissionId: null,
      publishedAt: null,
    } satisfies TaxModelView;
    const file = modelFile(model, {
      nif: NIF,
      name: 'Ana García López',
      companyType: 'AUTONOMO',
      softwareNif: 'B00000034',
    });
    expect(checkModelFile(file.body.toString('latin1'), headers('130'))).toEqual([]);
  });
});

// --- 131, 202 and the annual summaries, as the product writes them -------------------------------------

const NO_LINES: PeriodLines = {
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
};

/** A quarter whose received book holds one recipient line `W|<kind>|<key>`. */
const withRecipient = (
  opKey: string,
  counterpartyKey: string,
  baseCents: number,
  irpfCents: number,
): PeriodLines => {
  const line: CounterpartyLine = {
    counterpartyKey,
    opKey,
    name: 'Perceptor de Prueba',
    country: counterpartyKey.includes(':') ? counterpartyKey.slice(0, 2) : 'ES',
    baseCents,
    vatCents: 0,
    totalCents: baseCents,
    count: 1,
    irpfCents,
  };
  return { ...NO_LINES, byCounterparty: { ISSUED: [], RECEIVED: [line] } };
};

/** The product's stored view of a model computed from `input` (pure: the definitions and the file writer). */
function stored(
  modelType: TaxModelType,
  period: string,
  o: {
    adjustments?: ModelAdjustments;
    quarters?: Record<string, PeriodLines>;
    companyType?: 'SL' | 'AUTONOMO';
  } = {},
): TaxModelView {
  const companyType = o.companyType ?? 'SL';
  const input: ModelInput = {
    modelType,
    year: 2025,
    period,
    company: { companyId: 'co', nif: NIF, name: 'Declarante' },
    facts: {
      ...defaultTaxProfileFacts({ companyType, siiEnabled: false }),
      irpfMethod: companyType === 'AUTONOMO' ? 'MODULOS' : null,
    },
    periodicity: period === '0A' ? 'ANNUAL' : /P$/.test(period) ? 'INSTALMENTS' : 'QUARTERLY',
    aggregates: NO_LINES,
    ...(o.quarters ? { quarters: o.quarters } : {}),
    earlier: [],
    adjustments: o.adjustments ?? {},
  };
  const c = computeModel(input);
  return {
    ...c,
    itemsRead: 0,
    modelId: `2025-${modelType}-${period}`,
    companyId: 'co',
    status: 'MODEL_GENERATED',
    adjustments: input.adjustments,
    generatedAt: '2026-01-10T09:00:00.000Z',
    generatedBy: 'u',
    updatedAt: '2026-01-10T09:00:00.000Z',
    version: 1,
    approvedAt: null,
    approvedBy: null,
    submittedAt: null,
    reference: null,
    submissionId: null,
    publishedAt: null,
  };
}

const fileOf = (model: TaxModelView, companyType: 'SL' | 'AUTONOMO' = 'SL') =>
  modelFile(model, {
    nif: NIF,
    name: 'Ana García López',
    companyType,
    softwareNif: 'B00000034',
  }).body.toString('latin1');

describe('131 and 202', () => {
  it('passes the 131 the product writes (two activities) and refuses one of another length', () => {
    const model = stored('131', '2T', {
      companyType: 'AUTONOMO',
      adjustments: {
        modulesData: [
          { activityCode: '6511', moduleUnits: 1, unitValue: 1_000_000, deductions: 0, employees: 0 },
          { activityCode: '6531', moduleUnits: 2, unitValue: 500_000, deductions: 0, employees: 1 },
        ],
      },
    });
    const file = fileOf(model, 'AUTONOMO');
    expect(checkModelFile(file, headers('131'))).toEqual([]);
    expect(checkModelFile(file.replace('6531', '65310'), headers('131'))[0]?.codigo).toBe(
      FILING_ERRORS.length,
    );
    expect(checkHeaders(headers('131', { periodo: '0A' }))[0]?.codigo).toBe(FILING_ERRORS.invalidPeriod);
  });

  it('passes the 202 the product writes by both methods (year and period at 104 and 108)', () => {
    const a = stored('202', '1P', {
      adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 1_000_000 } },
    });
    expect(checkModelFile(fileOf(a), headers('202', { periodo: '1P' }))).toEqual([]);
    const b = stored('202', '3P', {
      adjustments: { instalment202: { method: '40.3', periodBaseCents: 10_000_000 } },
    });
    const file = fileOf(b);
    expect(file).toContain('<T20202000>');
    expect(checkModelFile(file, headers('202', { periodo: '3P' }))).toEqual([]);
    // The envelope of another instalment than page 01's.
    const moved = file
      .replace('<T202020253P0000>', '<T202020252P0000>')
      .replace('</T202020253P0000>', '</T202020252P0000>');
    expect(checkModelFile(moved, headers('202', { periodo: '2P' }))).toEqual([
      {
        codigo: FILING_ERRORS.periodMismatch,
        descripcion:
          'El ejercicio y periodo de la página 01000 (2025 3P) no coinciden con los de la presentación (2025 2P).',
      },
    ]);
    expect(checkHeaders(headers('202', { periodo: '4P' }))[0]?.codigo).toBe(FILING_ERRORS.invalidPeriod);
  });
});

describe('annual summaries (BOE records)', () => {
  const year = (opKey: string, counterpartyKey: string) => ({
    '1T': withRecipient(opKey, counterpartyKey, 100_000, 15_000),
    '2T': withRecipient(opKey, counterpartyKey, 200_000, 30_000),
    '3T': NO_LINES,
    '4T': withRecipient(opKey, counterpartyKey, 50_000, 7_500),
  });
  const annual = (h: string) => headers(h, { periodo: '0A' });

  it.each([
    ['190', 'W|PROFESSIONAL|G01', '22222222J'],
    ['180', 'W|RENT|-', '11111111H'],
    ['193', 'W|CAPITAL|B03', '22222222J'],
    ['296', 'W|NON_RESIDENT|2501', 'FR:VAT:FR12345678901'],
  ] as const)('passes the %s the product writes', (modelType, opKey, recipient) => {
    const model = stored(modelType, '0A', { quarters: year(opKey, recipient) });
    expect(model.records).toHaveLength(1);
    expect(checkModelFile(fileOf(model), annual(modelType))).toEqual([]);
  });

  it('refuses a declarant record whose count or totals do not match its recipient records', () => {
    const model = stored('190', '0A', {
      quarters: year('W|PROFESSIONAL|G01', '22222222J'),
      adjustments: {
        annualRecipients: [
          {
            nif: '12345678Z',
            name: 'Pérez, Lucía',
            key: 'A',
            baseCents: 1_000_000,
            withholdingCents: 150_000,
            province: '46',
          },
        ],
      },
    });
    const lines = fileOf(model).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    // The last recipient record left out (records go by NIF): the count (2) and the totals no longer match.
    const missing = `${lines[0]}\r\n${lines[1]}\r\n`;
    expect(checkModelFile(missing, annual('190')).map((e) => e.descripcion)).toEqual([
      'El número de registros de declarados (1) no coincide con el que indica el registro de declarante (2).',
      'La suma de las bases de los registros de perceptores (10.000,00 €) no coincide con el total del registro de declarante (13.500,00 €).',
      'La suma de las retenciones de los registros de perceptores (1.500,00 €) no coincide con el total del registro de declarante (2.025,00 €).',
    ]);
    // A recipient's NIF that is not one.
    const badNif = lines
      .map((l, i) => (i === 2 ? `${l.slice(0, 17)}12345678A${l.slice(26)}` : l))
      .join('\r\n');
    expect(checkModelFile(`${badNif}\r\n`, annual('190'))).toEqual([
      {
        codigo: FILING_ERRORS.invalidNif,
        descripcion: 'El NIF del perceptor del registro 2 (12345678A) no es válido.',
      },
    ]);
    expect(checkHeaders(annual('190'))).toEqual([]);
    expect(checkHeaders(headers('190', { periodo: '4T' }))[0]?.codigo).toBe(FILING_ERRORS.invalidPeriod);
  });
});
