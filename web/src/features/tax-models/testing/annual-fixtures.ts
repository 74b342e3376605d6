/**
 * Test data of the annual returns' page and of the 131, 202 and annual summaries' editors (issue 15),
 * shaped as the API answers (shared/fiscal/annual-checklists.ts, shared/schemas/tax-models.ts).
 */
import type { AnnualChecklist } from '@shared/fiscal/annual-checklists';
import type { ModelPreview, TaxModelView } from '@shared/schemas/tax-models';
import type { AnnualReturnsView } from '../api/annual-returns';
import { storedModel } from './fixtures';

/**
 * The 100 of an autónomo for 2025: income and expenses from the books, two 130s filed and two not yet
 * generated, what the person must gather; due on 30/06/2026.
 */
export const checklist100: AnnualChecklist = {
  modelType: '100',
  name: 'Declaración anual del IRPF (Renta)',
  year: 2025,
  applies: true,
  reason: 'Autónomo: declaración anual del IRPF (art. 96 LIRPF)',
  dueDate: '2026-06-30',
  items: [
    {
      id: 'income',
      label: 'Ingresos de la actividad (bases de las facturas emitidas)',
      status: 'KNOWN',
      amountCents: 4_800_000,
      detail: '48 facturas',
    },
    { id: 'net', label: 'Diferencia entre ingresos y gastos', status: 'KNOWN', amountCents: 1_234_567 },
    {
      id: 'instalment-130-4T',
      label: 'Pago fraccionado 130 4T',
      status: 'PENDING',
      detail: 'Aún no generado en Cuadra',
    },
    {
      id: 'reta',
      label: 'Cuotas de autónomo (RETA) pagadas en el año, si no se registraron como gasto',
      status: 'TO_PROVIDE',
    },
  ],
  summary: { known: 2, pending: 1, toProvide: 1 },
};

/** The 200 an autónomo does not file: folded with its reason. */
export const checklist200: AnnualChecklist = {
  modelType: '200',
  name: 'Impuesto sobre Sociedades',
  year: 2025,
  applies: false,
  reason: 'Solo la presentan las sociedades sujetas al Impuesto sobre Sociedades',
  dueDate: '2026-07-25',
  items: [
    {
      id: 'accounting-result',
      label: 'Resultado contable del ejercicio (cuenta de pérdidas y ganancias)',
      status: 'TO_PROVIDE',
    },
  ],
  summary: { known: 0, pending: 0, toProvide: 1 },
};

export const annualReturns2025: AnnualReturnsView = { year: 2025, items: [checklist100, checklist200] };

/** A 131 of 1T 2026 (design 131-2019) with no activities yet: nothing to pay. */
export const preview131 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '131',
  year: 2026,
  period: '1T',
  design: '131-2019',
  boxes: { '01': 0, '02': 0, '07': 0, '08': 0, '09': 0, '10': 0, '13': 0, '15': 0 },
  result: { type: 'N', amountCents: 0 },
  allowedResultTypes: ['N'],
  records: [],
  issues: [],
  sources: {},
  itemsRead: 0,
  ...overrides,
});

/** A 190 of 2025 (design 190-2025): one professional of the books, 5.000,00 € and 750,00 € withheld. */
export const preview190 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '190',
  year: 2025,
  period: '0A',
  design: '190-2025',
  boxes: { '01': 1, '02': 500_000, '03': 75_000 },
  result: { type: 'INFORMATIVE', amountCents: 500_000 },
  allowedResultTypes: ['INFORMATIVE'],
  records: [
    {
      kind: 'OPERATOR',
      counterpartyKey: 'B12345674',
      taxId: 'B12345674',
      name: 'Asesores del Turia SL',
      country: 'ES',
      key: 'G',
      subkey: '01',
      amountCents: 500_000,
      withholdingCents: 75_000,
      origin: 'BOOKS',
    },
  ],
  issues: [],
  sources: { '01': ['RECEIVED:W|PROFESSIONAL|G01'] },
  itemsRead: 3,
  ...overrides,
});

/** A 202 of 1P 2026 (design 202-2025) without a basis yet. */
export const preview202 = (overrides: Partial<ModelPreview> = {}): ModelPreview => ({
  modelType: '202',
  year: 2026,
  period: '1P',
  design: '202-2025',
  boxes: { '01': 0, '02': 0, '03': 0 },
  result: { type: 'N', amountCents: 0 },
  allowedResultTypes: ['N'],
  records: [],
  issues: [],
  sources: {},
  itemsRead: 0,
  ...overrides,
});

/** The stored model of a preview answered again by the PUT with the adjustments it received. */
export const updatedModel = (model: TaxModelView, body: unknown): TaxModelView =>
  storedModel(model, {
    adjustments: body as TaxModelView['adjustments'],
    version: 2,
    updatedAt: '2026-07-02T09:00:00Z',
  });
