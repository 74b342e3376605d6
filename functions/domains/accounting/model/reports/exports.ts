/**
 * The exported tables (spec part 2 §9 "Accounting", exports): the journal (libro diario, one row per
 * line), the balance sheet and the P&L (their legal lines), each as the columns and rows of an Excel
 * sheet (numbers stay numbers: euros and ISO dates) and as the formatted text cells of the PDF table
 * the pdf domain's `statement-pdf` lays out (es-ES amounts and dates). Pure.
 */

import {
  type BalanceSheet,
  displayAccountCode,
  type EntrySource,
  entrySourceLabels,
  type IncomeStatement,
  type StatementLine,
} from '@shared/schemas/accounting';
import type { StatementPdfRequest } from '@shared/schemas/statement-pdf';
import type { EntryItem } from '../../store/items';

export type XlsxCell = string | number | null;
export type XlsxKind = 'text' | 'integer' | 'money' | 'date';

export interface ExportTable {
  name: string;
  columns: { header: string; kind: XlsxKind; width?: number }[];
  rows: XlsxCell[][];
  totals: XlsxCell[] | null;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 123456 -> '1.234,56'; -5 -> '-0,05' (integer arithmetic). */
export function esMoney(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${group(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}

export const esDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The journal: one row per line, entries in date and number order, with the totals. */
export function journalTable(entries: readonly EntryItem[]): ExportTable {
  const rows: XlsxCell[][] = [];
  let debit = 0;
  let credit = 0;
  for (const e of entries)
    for (const l of e.lines) {
      debit += l.debitCents;
      credit += l.creditCents;
      rows.push([
        e.entryNumber,
        e.entryDate,
        e.description,
        displayAccountCode(l.accountCode),
        l.accountName,
        l.description,
        l.debitCents ? l.debitCents / 100 : null,
        l.creditCents ? l.creditCents / 100 : null,
        entrySourceLabels[e.source as EntrySource] ?? e.source,
      ]);
    }
  return {
    name: 'Libro diario',
    columns: [
      { header: 'Nº asiento', kind: 'integer' },
      { header: 'Fecha', kind: 'date' },
      { header: 'Descripción', kind: 'text', width: 36 },
      { header: 'Cuenta', kind: 'text', width: 14 },
      { header: 'Nombre de la cuenta', kind: 'text', width: 32 },
      { header: 'Concepto', kind: 'text', width: 30 },
      { header: 'Debe', kind: 'money' },
      { header: 'Haber', kind: 'money' },
      { header: 'Origen', kind: 'text', width: 16 },
    ],
    rows,
    totals: ['', '', 'Totales', '', '', '', debit / 100, credit / 100, ''],
  };
}

const lineRows = (lines: readonly StatementLine[]): XlsxCell[][] =>
  lines.map((l) => [
    l.code.startsWith('TOTAL') ? '' : l.code,
    `${'  '.repeat(l.level)}${l.label}`,
    l.amountCents / 100,
  ]);

export function balanceSheetTable(bs: BalanceSheet): ExportTable {
  return {
    name: 'Balance de situación',
    columns: [
      { header: 'Código', kind: 'text', width: 12 },
      { header: 'Concepto', kind: 'text', width: 70 },
      { header: `Importe a ${esDate(bs.balanceDate)}`, kind: 'money', width: 20 },
    ],
    rows: lineRows(bs.lines),
    totals: null,
  };
}

export function incomeStatementTable(is: IncomeStatement): ExportTable {
  return {
    name: 'Pérdidas y ganancias',
    columns: [
      { header: 'Código', kind: 'text', width: 12 },
      { header: 'Concepto', kind: 'text', width: 70 },
      { header: `${esDate(is.fromDate)} - ${esDate(is.toDate)}`, kind: 'money', width: 24 },
    ],
    rows: lineRows(is.lines),
    totals: null,
  };
}

const cellText = (v: XlsxCell, kind: XlsxKind): string => {
  if (v === null || v === '') return '';
  if (kind === 'money' && typeof v === 'number') return esMoney(Math.round(v * 100));
  if (kind === 'date' && typeof v === 'string') return esDate(v);
  return String(v);
};

const PDF_WIDTHS: Record<XlsxKind, number> = { text: 2, integer: 0.8, money: 1.4, date: 1.1 };

/** The PDF table of an export (the statement-pdf request). */
export function pdfRequest(table: ExportTable, title: string, subtitle: string): StatementPdfRequest {
  return {
    title,
    subtitle,
    columns: table.columns.map((c) => ({
      header: c.header,
      align: c.kind === 'money' || c.kind === 'integer' ? 'right' : 'left',
      width: c.width && c.kind === 'text' ? Math.min(10, Math.max(0.5, c.width / 12)) : PDF_WIDTHS[c.kind],
    })),
    rows: table.rows.map((r) => r.map((v, i) => cellText(v, table.columns[i]!.kind))),
    ...(table.totals ? { totals: table.totals.map((v, i) => cellText(v, table.columns[i]!.kind)) } : {}),
  };
}
