import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chartDefinition } from '../chart';
import { parseExpression } from './expressions';
import { balanceLayout, KPI, pygLayout } from './layouts';
import {
  BALANCE_ABREVIADO,
  BALANCE_PYMES,
  type LayoutLineData,
  PYG_ABREVIADO,
  PYG_PYMES,
} from './layouts-data';

const source = (file: string) => fileURLToPath(new URL(`./sources/${file}`, import.meta.url));

/** RFC 4180 CSV (quoted fields, doubled quotes), header row -> objects. */
function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(source(file), 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  const [header, ...body] = rows.filter((r) => r.some((x) => x !== ''));
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

describe('statement layouts (generated from the OCA mappings)', () => {
  it.each([
    ['balance_abreviado_line_mapping_derived.csv', BALANCE_ABREVIADO],
    ['balance_pymes_line_mapping_derived.csv', BALANCE_PYMES],
    ['pyg_abreviado_line_mapping_derived.csv', PYG_ABREVIADO],
    ['pyg_pymes_line_mapping_derived.csv', PYG_PYMES],
  ] as [string, readonly LayoutLineData[]][])('%s equals the committed data', (file, data) => {
    const csv = readCsv(file).map((r) => ({
      sequence: Number(r.sequence),
      kpi: r.kpi_code,
      label: r.line,
      expression: r.expression_mis_builder,
    }));
    expect(data).toEqual(csv);
  });

  it('parses every expression of every model', () => {
    for (const data of [BALANCE_ABREVIADO, BALANCE_PYMES, PYG_ABREVIADO, PYG_PYMES])
      for (const l of data) expect(() => parseExpression(l.expression)).not.toThrow();
  });

  it('gives the legal codes and sections of the balance sheet', () => {
    const pymes = balanceLayout('PYMES');
    const byKpi = new Map(pymes.map((l) => [l.kpi, l]));
    expect(byKpi.get('es11200')).toMatchObject({ code: 'A.II', level: 1, section: 'NON_CURRENT_ASSETS' });
    expect(byKpi.get('es12380')).toMatchObject({ code: 'B.II.1', level: 2, section: 'CURRENT_ASSETS' });
    expect(byKpi.get('es12381')).toMatchObject({ code: 'B.II.1.a', level: 3 });
    expect(byKpi.get(KPI.yearResult)).toMatchObject({ code: 'A-1.VII', section: 'EQUITY' });
    expect(byKpi.get(KPI.equity)).toMatchObject({ code: 'A', isTotal: true, section: 'EQUITY' });
    expect(byKpi.get('es31220')).toMatchObject({ code: 'B.II.1', section: 'NON_CURRENT_LIABILITIES' });
    expect(byKpi.get(KPI.otherCreditors)).toMatchObject({ code: 'C.IV.2', section: 'CURRENT_LIABILITIES' });
    expect(byKpi.get(KPI.totalAssets)).toMatchObject({ code: 'TOTAL_ACTIVO', isTotal: true, section: null });
    expect(byKpi.get(KPI.totalEquityAndLiabilities)).toMatchObject({ code: 'TOTAL_PN_PASIVO' });
    expect(balanceLayout('ABREVIADO').find((l) => l.kpi === 'es12700')?.code).toBe('B.VII');
  });

  it('gives the P&L its line numbers and totals', () => {
    const pymes = pygLayout('PYMES');
    const codes = pymes.map((l) => l.code);
    for (let n = 1; n <= 19; n++) expect(codes).toContain(String(n));
    expect(codes).toEqual(expect.arrayContaining(['A', 'B', 'C', 'D', '13.a', '18.c']));
    expect(pymes.find((l) => l.kpi === KPI.pygResult)).toMatchObject({ code: 'D', isTotal: true });
    expect(pygLayout('ABREVIADO').find((l) => l.kpi === 'es41900')?.code).toBe('20');
  });

  it('has in both models every line the reports name', () => {
    for (const layout of ['ABREVIADO', 'PYMES'] as const) {
      const kpis = new Set([...balanceLayout(layout), ...pygLayout(layout)].map((l) => l.kpi));
      for (const k of Object.values(KPI)) expect(kpis.has(k)).toBe(true);
    }
  });

  it('takes every account of the PYMES chart (the abbreviated model all but those it does not name)', () => {
    const unmatched = (layout: 'ABREVIADO' | 'PYMES') => {
      const prefixes = [...balanceLayout(layout), ...pygLayout(layout)].flatMap((l) =>
        parseExpression(l.expression).flatMap((t) => (t.kind === 'accounts' ? t.prefixes : [])),
      );
      return chartDefinition('PYMES')
        .filter((d) => d.acceptsEntries && !prefixes.some((p) => d.code.startsWith(p)))
        .map((d) => d.code);
    };
    expect(unmatched('PYMES')).toEqual([]);
    // These go to "Otros deudores" / "Otros acreedores" by the sign of their balance (statements.ts).
    expect(unmatched('ABREVIADO')).toEqual(['195', '197', '199', '296', '550', '554', '5585', '596']);
  });
});
