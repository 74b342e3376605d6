import { useEnv } from '@functions/platform/testing/env';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfInvocation } from './render-statement-pdf';

useEnv({ LOG_LEVEL: 'silent' });

const statement = (rows: number) => ({
  title: 'Libro diario',
  subtitle: 'Del 01/01/2026 al 31/12/2026',
  columns: [
    { header: 'Nº', align: 'right' as const, width: 0.6 },
    { header: 'Fecha', width: 1 },
    { header: 'Descripción', width: 3 },
    { header: 'Cuenta', width: 1 },
    { header: 'Debe', align: 'right' as const, width: 1.2 },
    { header: 'Haber', align: 'right' as const, width: 1.2 },
  ],
  rows: Array.from({ length: rows }, (_, i) => [
    String(i + 1),
    '15/03/2026',
    `Factura F-${i} de un cliente con un nombre bastante largo que no cabe en su columna – €`,
    '430.00.001',
    '1.210,00',
    '',
  ]),
  totals: ['', '', 'Totales', '', `${rows * 1210},00`, '0,00'],
});

describe('statement-pdf invocation', () => {
  it('renders a statement as an A4 landscape table over as many pages as it needs', async () => {
    const answer = await pdfInvocation(statement(120));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const bytes = Buffer.from((answer.value as { pdfBase64: string }).pdfBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(2);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
  });

  it('is deterministic and refuses a payload outside its contract', async () => {
    const a = await pdfInvocation(statement(3));
    const b = await pdfInvocation(statement(3));
    expect(a).toEqual(b);
    await expect(pdfInvocation({ title: '', columns: [] })).rejects.toThrow();
  });

  it('leaves pdf-render requests to the invoice renderer', async () => {
    // A pdf-render request names an action, never columns: its own contract refuses this one.
    await expect(pdfInvocation({ action: 'nothing' })).rejects.toThrow();
  });
});
