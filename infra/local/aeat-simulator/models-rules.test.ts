/**
 * What the simulated AEAT checks in the income-tax returns' files (issue 15): the "<T" envelope and
 * the page lengths of each design (130: 600, 111: 1.000, 115: 500, 123: 600, 216: 400 until 2023 and
 * 600 from 2024), the declaration type each model has, the year and period of page 01 and the periods
 * each model is filed for; and that the files the product writes pass them.
 */

import { modelFile } from '@functions/domains/taxmodels/model/files';
import type { TaxModelView } from '@shared/schemas/tax-models';
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
