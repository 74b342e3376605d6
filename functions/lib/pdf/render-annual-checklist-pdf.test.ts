/**
 * The PDF of an annual return's checklist (issue 15 item 4): one A4 page with the return, the company,
 * whether it applies and why, the deadline, the summary and every item with its status and amount; a
 * list longer than a page continues on the next one.
 */

import { buildAnnualChecklist, type ChecklistInput } from '@shared/fiscal/annual-checklists';
import { defaultTaxProfileFacts } from '@shared/schemas/tax-profile';
import { describe, expect, it } from 'vitest';
import { renderAnnualChecklistPdf } from './render-annual-checklist-pdf';
import { pdfPages } from './test-fixtures';

const input = (over: Partial<ChecklistInput> = {}): ChecklistInput => ({
  modelType: '100',
  year: 2025,
  companyType: 'AUTONOMO',
  facts: defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  figures: {
    incomeCents: 1_700_000,
    expensesCents: 734_000,
    investmentGoodsCents: 0,
    withholdingsBorneCents: 150_000,
    withholdingsAppliedCents: 83_400,
    issuedCount: 6,
    receivedCount: 11,
  },
  instalments: [
    { modelType: '130', period: '1T', status: 'SUBMITTED', resultCents: 14_300 },
    { modelType: '130', period: '2T', status: 'NOT_GENERATED', resultCents: null },
  ],
  censusChanges: [],
  dueDate: '2026-06-30',
  ...over,
});

const company = { name: 'Ana María de la Fuente Ruiz', nif: '44444444A' };

describe('renderAnnualChecklistPdf', () => {
  it('prints the return, the company, whether it applies, the deadline and every item with its status', async () => {
    const checklist = buildAnnualChecklist(input());
    const bytes = await renderAnnualChecklistPdf({
      checklist,
      company,
      printedAt: '2026-02-10T09:00:00.000Z',
    });
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Modelo 100 - Declaración anual del IRPF (Renta)',
      'Ana María de la Fuente Ruiz',
      '44444444A',
      '2025',
      'Sí: Autónomo: declaración anual del IRPF (art. 96 LIRPF)',
      '30/06/2026',
      'Disponible en Cuadra',
      'Pendiente en Cuadra',
      'A aportar',
      'Ingresos de la actividad (bases de las facturas emitidas)',
      '17.000,00 €',
      '6 facturas',
      'Pago fraccionado 130 1T',
      '143,00 €',
      'Cuotas de autónomo (RETA) pagadas en el año',
      `${checklist.summary.known} disponibles en Cuadra`,
      'Emitido el 10/02/2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says when the return does not apply and has no fixed deadline; a long list takes a second page', async () => {
    const changes = Array.from({ length: 40 }, (_, i) => ({
      effectiveFrom: `2025-${String((i % 12) + 1).padStart(2, '0')}-01`,
      changes: [`Cambio ${i + 1}: Régimen de IVA: Régimen general → Régimen simplificado`],
    }));
    const checklist = buildAnnualChecklist(
      input({ modelType: '036', censusChanges: changes, dueDate: null }),
    );
    const pages = await pdfPages(
      await renderAnnualChecklistPdf({ checklist, company, printedAt: '2026-02-10T09:00:00.000Z' }),
    );
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain('Sí: Hubo cambios censales en el año');
    expect(pages[1]).toContain('Modelo 036 2025 (continuación)');
    expect(pages[1]).toContain('Página 2 de 2');
    const none = buildAnnualChecklist(input({ modelType: '720', dueDate: null }));
    const text = (
      await pdfPages(
        await renderAnnualChecklistPdf({ checklist: none, company, printedAt: '2026-02-10T09:00:00.000Z' }),
      )
    )[0]!;
    expect(text).toContain('No: No constan bienes o derechos en el extranjero de más de 50.000 €');
    expect(text).toContain('Sin plazo fijo');
  });
});
