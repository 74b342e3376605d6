/**
 * The PDF summary of the income-tax returns (issue 15): their title, the sections of their design with
 * the boxes that carry an amount, the result (B "a deducir" included) and the warnings.
 */

import { designFor } from '@shared/fiscal/models';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { describe, expect, it } from 'vitest';
import { renderTaxModelPdf } from './render-tax-model-pdf';
import { pdfPages } from './test-fixtures';

const model = (over: Partial<TaxModelView>): TaxModelView => ({
  modelId: '2025-130-2T',
  companyId: 'co',
  modelType: '130',
  year: 2025,
  period: '2T',
  design: '130-2015',
  boxes: {},
  result: { type: 'I', amountCents: 0 },
  allowedResultTypes: ['I'],
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
  ...over,
});

const render = async (m: TaxModelView) => {
  const design = designFor(m.modelType, m.year, m.period)!;
  const bytes = await renderTaxModelPdf({
    model: m,
    company: { name: 'Ana García López', nif: '44444444A' },
    boxes: design.boxes,
    designSource: design.source,
    printedAt: '2025-07-10T09:00:00.000Z',
  });
  return (await pdfPages(bytes)).join('\n');
};

describe('renderTaxModelPdf: income-tax returns', () => {
  it('prints the 130 by the sections of its design, with its result', async () => {
    const text = await render(
      model({
        boxes: { '01': 1_700_000, '02': 782_300, '03': 917_700, '07': 19_240, '19': 19_240 },
        result: { type: 'I', amountCents: 19_240 },
        issues: [
          { code: 'PREVIOUS_YEAR_INCOME', message: 'Indique el rendimiento neto.', severity: 'WARNING' },
        ],
      }),
    );
    // The long title wraps: its words all there, in order.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Modelo 130 - IRPF. Pago fraccionado. Actividades económicas en estimación directa',
    );
    for (const expected of [
      '2.º trimestre 2025 (2T)',
      'Actividades económicas en estimación directa',
      '[01] Ingresos computables (desde el 1 de enero)',
      '17.000,00 €',
      'Total liquidación',
      '192,40 €',
      'A ingresar',
      'Aviso: Indique el rendimiento neto.',
    ])
      expect(text).toContain(expected);
  });

  it('says what a negative 130 of 1T-3T is: to deduct in the next quarters', async () => {
    const text = await render(
      model({ period: '1T', boxes: { '19': -5_000 }, result: { type: 'B', amountCents: -5_000 } }),
    );
    expect(text).toContain('A deducir en los siguientes trimestres');
  });

  it('prints the 115 with its title', async () => {
    const text = await render(
      model({
        modelId: '2025-115-2T',
        modelType: '115',
        design: '115-2016',
        boxes: { '01': 1, '02': 180_000, '03': 34_200, '05': 34_200 },
        result: { type: 'I', amountCents: 34_200 },
      }),
    );
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Modelo 115 - Retenciones e ingresos a cuenta. Arrendamiento de inmuebles urbanos',
    );
    expect(text).toContain('1.800,00 €');
    expect(text).toContain('342,00 €');
  });
});
