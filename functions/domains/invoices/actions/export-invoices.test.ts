import { invoice } from '@functions/lib/pdf/test-fixtures';
import { readCsv, readXlsx } from '@functions/lib/spreadsheets';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportFile } from './export-invoices';

const HYPERLINK = '=HYPERLINK("http://x","y")';
const base = invoice();
/** A rectificativa to a customer whose name is a formula: text to neutralise, amounts negative. */
const attack = invoice({
  invoiceNumber: 'R-2026-0001',
  invoiceType: 'R1',
  customer: { ...base.customer!, name: HYPERLINK, taxId: '@12345678Z' },
  totals: { baseCents: -1250, vatCents: -263, recargoCents: 0, irpfCents: 0, totalCents: -1513 },
});
const columns = ['number', 'customer', 'nif', 'base', 'vat', 'total'] as const;

describe('invoice export against formula injection', () => {
  it('CSV: the customer name is neutralised, negative amounts stay es-ES amounts', () => {
    const { body } = exportFile([attack], 'csv', columns);

    const text = new TextDecoder().decode(body);
    expect(text).toContain(`;"'=HYPERLINK(""http://x"",""y"")";`);
    expect(readCsv(body).rows[1]).toEqual([
      'R-2026-0001',
      `'${HYPERLINK}`,
      "'@12345678Z",
      '-12,50',
      '-2,63',
      '-15,13',
    ]);
  });

  it('XLSX: the customer name is a neutralised string, negative amounts are numeric cells', () => {
    const { body } = exportFile([attack], 'xlsx', columns);

    expect(readXlsx(body).rows[1]).toEqual([
      'R-2026-0001',
      `'${HYPERLINK}`,
      "'@12345678Z",
      -12.5,
      -2.63,
      -15.13,
    ]);
    const sheet = strFromU8(unzipSync(body)['xl/worksheets/sheet1.xml']!);
    // Money cells: a plain value with the money style, never a shared string.
    expect(sheet).toContain('<c r="D2" s="3"><v>-12.5</v></c>');
    expect(sheet).toContain('<c r="F2" s="3"><v>-15.13</v></c>');
    expect(strFromU8(unzipSync(body)['xl/sharedStrings.xml']!)).not.toMatch(/<t[^>]*>=HYPERLINK/);
  });
});
