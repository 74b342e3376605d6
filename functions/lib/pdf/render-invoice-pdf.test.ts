import type { Invoice } from '@shared/schemas/invoices';
import { describe, expect, it } from 'vitest';
import { formatCents, formatQuantity, formatRate, toWinAnsi } from './format';
import { renderInvoicePdf } from './render-invoice-pdf';
import { invoice, issuer, line, pdfPages, settings } from './test-fixtures';

describe('es-ES formatting from integers', () => {
  it('formats céntimos, quantities and rates without floats', () => {
    expect(formatCents(123_456)).toBe('1.234,56 €');
    expect(formatCents(5)).toBe('0,05 €');
    expect(formatCents(-39_778)).toBe('-397,78 €');
    expect(formatCents(900_719_925_474_099)).toBe('9.007.199.254.740,99 €');
    expect(formatQuantity(1500)).toBe('1,5');
    expect(formatQuantity(1_234_567)).toBe('1.234,567');
    expect(formatQuantity(2000)).toBe('2');
    expect(formatRate(2100)).toBe('21 %');
    expect(formatRate(550)).toBe('5,5 %');
  });

  it('keeps Spanish text and transliterates what WinAnsi cannot draw', () => {
    expect(toWinAnsi('Núñez, 3º — 1.000 € ¿sí?')).toBe('Núñez, 3º — 1.000 € ¿sí?');
    expect(toWinAnsi('Ștefan Dvořák\tŁódź 漢')).toBe('Stefan Dvorák Lódz ?');
  });
});

describe('renderInvoicePdf', () => {
  it('carries every art. 6 field, with accents and € extracted intact', async () => {
    const bytes = await renderInvoicePdf(invoice(), issuer, settings);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'FACTURA',
      'F-2026-0007',
      'Serie:',
      'Fecha de expedición:',
      '02/03/2026',
      'Fecha de operación:',
      '27/02/2026',
      'Fontanería Romero S.L.',
      'NIF: B12345674',
      'Calle Núñez de Balboa 12',
      '28001 Madrid',
      'Ferretería López',
      'NIF: 12345678Z',
      'Calle Mayor 1',
      '28013 Madrid',
      'Reparación de caldera',
      '1,5',
      '1.234,56 €',
      'IVA 21 %',
      '1.851,84 €',
      '388,89 €',
      'IVA 10 %',
      '100,00 €',
      '10,00 €',
      'Inversión del sujeto pasivo',
      '500,00 €',
      'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992',
      'Exenta (E1)',
      'Retención IRPF (15 %)',
      '-397,78 €',
      'Total factura',
      '2.652,95 €',
      'Forma de pago: Transferencia bancaria',
      'Vencimiento: 01/04/2026',
      'IBAN: ES91 2100 0418 4502 0005 1332',
      'Trabajo realizado en el 3º B.',
      'Registro Mercantil de Madrid',
      'Página 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('BORRADOR');
  });

  it('omits the operation date when it equals the invoice date and titles F2 and R invoices', async () => {
    const f2 = (
      await pdfPages(
        await renderInvoicePdf(invoice({ invoiceType: 'F2', operationDate: '2026-03-02' }), issuer, settings),
      )
    )[0]!;
    expect(f2).toContain('FACTURA SIMPLIFICADA');
    expect(f2).not.toContain('Fecha de operación');
    const r1 = (
      await pdfPages(
        await renderInvoicePdf(invoice({ invoiceType: 'R1' as Invoice['invoiceType'] }), issuer, settings),
      )
    )[0]!;
    expect(r1).toContain('FACTURA RECTIFICATIVA');
  });

  it('prints what art. 15 requires of a rectificativa: rectified numbers and dates, reason, method', async () => {
    const rectified = (n: string, date: string) => ({
      invoiceId: n,
      invoiceNumber: n,
      invoiceDate: date,
      invoiceType: 'F1' as const,
      totals: invoice().totals,
      breakdown: invoice().breakdown,
    });
    const text = (
      await pdfPages(
        await renderInvoicePdf(
          invoice({
            invoiceType: 'R1',
            invoiceNumber: 'R-2026-0001',
            rectification: {
              method: 'DIFFERENCES',
              reason: 'Error en el precio unitario',
              rectified: [rectified('F-2026-0003', '2026-01-15'), rectified('F-2026-0005', '2026-02-10')],
            },
          }),
          issuer,
          settings,
        ),
      )
    ).join(' ');
    for (const expected of [
      'FACTURA RECTIFICATIVA',
      'R-2026-0001',
      'Datos de la rectificación',
      'Rectificación por diferencias',
      'Facturas rectificadas: F-2026-0003 de 15/01/2026; F-2026-0005 de 10/02/2026',
      'Motivo de la rectificación: Error en el precio unitario',
    ]) {
      expect(text).toContain(expected);
    }
    const substitution = (
      await pdfPages(
        await renderInvoicePdf(
          invoice({
            invoiceType: 'R4',
            rectification: {
              method: 'SUBSTITUTION',
              reason: 'Cambio de destinatario',
              rectified: [rectified('F-2026-0003', '2026-01-15')],
            },
          }),
          issuer,
          settings,
        ),
      )
    ).join(' ');
    expect(substitution).toContain('Rectificación por sustitución');
    expect(substitution).toContain('Factura rectificada: F-2026-0003 de 15/01/2026');
    expect(substitution).toContain('Motivo de la rectificación: Cambio de destinatario');
  });

  it('shows recargo de equivalencia in the breakdown and the totals', async () => {
    const text = (
      await pdfPages(
        await renderInvoicePdf(
          invoice({
            invoiceLines: [line({ recargo: true })],
            breakdown: [
              {
                operation: 'S1',
                vatRateBp: 2100,
                recargoRateBp: 520,
                baseCents: 185_184,
                vatCents: 38_889,
                recargoCents: 9_630,
              },
            ],
            totals: {
              baseCents: 185_184,
              vatCents: 38_889,
              recargoCents: 9_630,
              irpfCents: 0,
              totalCents: 233_703,
            },
            irpfRateBp: 0,
            legalMentions: ['Recargo de equivalencia'],
          }),
          issuer,
          settings,
        ),
      )
    )[0]!;
    expect(text).toContain('Recargo eq.');
    expect(text).toContain('5,2 %');
    expect(text).toContain('96,30 €');
    expect(text).toContain('2.337,03 €');
    expect(text).not.toContain('IRPF');
  });

  it('spreads a 60-line invoice over several numbered pages, repeating the header row', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line({
        description: `Partida ${i + 1}: revisión de instalación de fontanería en la vivienda`,
        baseCents: 185_184,
      }),
    );
    const pages = await pdfPages(await renderInvoicePdf(invoice({ invoiceLines: lines }), issuer, settings));
    expect(pages.length).toBeGreaterThan(1);
    const n = pages.length;
    pages.forEach((p, i) => {
      expect(p).toContain(`Página ${i + 1} / ${n}`);
      if (p.includes('Partida')) expect(p).toContain('Descripción');
    });
    expect(pages[1]).toContain('Descripción');
    expect(pages[1]).toContain('Página 2 / ');
    expect(pages.join(' ')).toContain('Partida 60:');
    expect(pages.join(' ')).toContain('Total factura');
    expect(pages[n - 1]).toContain('Registro Mercantil');
  });

  it('marks a draft as BORRADOR without fiscal validity', async () => {
    const text = (
      await pdfPages(
        await renderInvoicePdf(
          invoice({ status: 'DRAFT', invoiceNumber: null, number: null, series: null, confirmedAt: null }),
          issuer,
          settings,
        ),
      )
    )[0]!;
    expect(text).toContain('BORRADOR — sin validez fiscal');
  });

  it('draws text outside WinAnsi instead of failing', async () => {
    const text = (
      await pdfPages(
        await renderInvoicePdf(
          invoice({
            invoiceLines: [line({ description: 'Servicio para Ștefan Dvořák 漢字\nsegunda línea' })],
          }),
          issuer,
          settings,
        ),
      )
    )[0]!;
    expect(text).toContain('Stefan Dvorák ??');
    expect(text).toContain('segunda línea');
  });
});
