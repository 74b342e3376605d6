/**
 * The lines of a modelo 369 (one-stop shop, régimen de la Unión) as a spreadsheet, to type them into the
 * Sede electrónica's form (issue 14 item 3): Cuadra writes no AEAT file for the 369 (its design DR369e21
 * exists but is not generated: shared/fiscal/models/model-369.ts), so the export is the form's content —
 * one row per member state of consumption and rate (section 3, services from Spain), one per correction
 * of an earlier period (section 7) and one per state's total (section 8), then the quarter's total.
 * CSV (es-ES, `;`) or XLSX. Pure.
 */

import {
  type CellValue,
  type ColumnKind,
  CSV_CONTENT_TYPE,
  type CsvCell,
  csvBytes,
  csvMoney,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '@functions/lib/spreadsheets';
import { isOssMemberState, memberStateNames, OSS_MEMBER_STATES } from '@shared/fiscal/eu-vat-rates';
import { OSS_TOTAL_BOX, ossBox } from '@shared/fiscal/models/model-369';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { modelFileName } from './files';

export const OSS_LINE_COLUMNS: { header: string; kind: ColumnKind; width?: number }[] = [
  { header: 'Sección', kind: 'text', width: 34 },
  { header: 'Estado miembro de consumo', kind: 'text', width: 22 },
  { header: 'Código', kind: 'text' },
  { header: 'Tipo de IVA (%)', kind: 'number' },
  { header: 'Tipo (S general / R reducido)', kind: 'text' },
  { header: 'Base imponible', kind: 'money' },
  { header: 'Cuota de IVA', kind: 'money' },
  { header: 'Periodo corregido', kind: 'text' },
];

/** One row of the export: amounts in céntimos, the rate in basis points (null where it does not apply). */
export interface OssLineRow {
  section: string;
  country: string;
  rateBp: number | null;
  rateKey: string;
  baseCents: number | null;
  vatCents: number;
  corrected: string;
}

const SECTION_SUPPLIES = '3. Prestaciones de servicios desde España';
const SECTION_CORRECTIONS = '7. Correcciones de periodos anteriores';
const SECTION_TOTALS = '8. Total por Estado miembro de consumo';
const SECTION_TOTAL = '9. Total a ingresar';

const stateName = (cc: string) => (isOssMemberState(cc) ? memberStateNames[cc] : cc);

/** The rows of a 369 in the form's order. */
export function ossLineRows(model: Pick<TaxModelView, 'records' | 'boxes'>): OssLineRow[] {
  const rows: OssLineRow[] = [];
  for (const r of model.records.filter((x) => x.kind === 'OPERATOR')) {
    rows.push({
      section: SECTION_SUPPLIES,
      country: r.country,
      rateBp: r.vatRateBp ?? null,
      rateKey: r.key,
      baseCents: r.baseCents ?? null,
      vatCents: r.amountCents,
      corrected: '',
    });
  }
  for (const r of model.records.filter((x) => x.kind === 'RECTIFICATION')) {
    rows.push({
      section: SECTION_CORRECTIONS,
      country: r.country,
      rateBp: null,
      rateKey: '',
      baseCents: r.baseCents ?? null,
      vatCents: r.amountCents,
      corrected: r.correctedPeriod && r.correctedYear ? `${r.correctedPeriod} ${r.correctedYear}` : '',
    });
  }
  for (const cc of OSS_MEMBER_STATES) {
    const total = model.boxes[ossBox.total(cc)] ?? 0;
    const declared = model.records.some((r) => r.country === cc);
    if (!declared && total === 0) continue;
    rows.push({
      section: SECTION_TOTALS,
      country: cc,
      rateBp: null,
      rateKey: '',
      baseCents: model.boxes[ossBox.base(cc)] ?? 0,
      vatCents: total,
      corrected: '',
    });
  }
  rows.push({
    section: SECTION_TOTAL,
    country: '',
    rateBp: null,
    rateKey: '',
    baseCents: null,
    vatCents: model.boxes[OSS_TOTAL_BOX] ?? 0,
    corrected: '',
  });
  return rows;
}

export interface OssLinesFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

/** `369_2026_1T_12345678Z.csv` / `.xlsx`: the 369's lines for the form. */
export function ossLinesFile(model: TaxModelView, nif: string, format: 'CSV' | 'XLSX'): OssLinesFile {
  const rows = ossLineRows(model);
  if (format === 'CSV') {
    const cells = rows.map((r): CsvCell[] => [
      r.section,
      r.country ? stateName(r.country) : '',
      r.country,
      r.rateBp === null ? '' : (r.rateBp / 100).toFixed(2).replace('.', ','),
      r.rateKey,
      r.baseCents === null ? '' : csvMoney(r.baseCents),
      csvMoney(r.vatCents),
      r.corrected,
    ]);
    return {
      fileName: modelFileName(model, nif, 'csv'),
      contentType: CSV_CONTENT_TYPE,
      body: csvBytes([OSS_LINE_COLUMNS.map((c) => c.header), ...cells]),
    };
  }
  const cells = rows.map((r): CellValue[] => [
    r.section,
    r.country ? stateName(r.country) : '',
    r.country,
    r.rateBp === null ? null : r.rateBp / 100,
    r.rateKey,
    r.baseCents === null ? null : r.baseCents / 100,
    r.vatCents / 100,
    r.corrected,
  ]);
  return {
    fileName: modelFileName(model, nif, 'xlsx'),
    contentType: XLSX_CONTENT_TYPE,
    body: writeXlsx([
      { name: `Modelo 369 ${model.period} ${model.year}`, columns: OSS_LINE_COLUMNS, rows: cells },
    ]),
  };
}
