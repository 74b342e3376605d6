/**
 * Exports (spec part 2 §7: "POST export entries and balance sheet (format; xlsx for excel; blob)"):
 * the journal, the balance sheet and the P&L as XLSX or PDF, saved as a file.
 */
import type { ExportEntriesBody, ExportStatementBody } from '@shared/schemas/accounting';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

export type AccountingExport =
  | { kind: 'entries'; body: ExportEntriesBody }
  | { kind: 'balanceSheet'; body: ExportStatementBody }
  | { kind: 'incomeStatement'; body: ExportStatementBody };

const ROUTES = {
  entries: 'accounting.exportEntries',
  balanceSheet: 'accounting.exportBalanceSheet',
  incomeStatement: 'accounting.exportIncomeStatement',
} as const;
const NAMES = {
  entries: 'libro-diario',
  balanceSheet: 'balance-situacion',
  incomeStatement: 'cuenta-resultados',
};
const MIME = {
  EXCEL: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
} as const;

/** The file name when the answer names none: `libro-diario.xlsx`. */
export const exportFileName = (e: AccountingExport) =>
  `${NAMES[e.kind]}.${e.body.format === 'PDF' ? 'pdf' : 'xlsx'}`;

export async function exportAccounting(e: AccountingExport, companyId: string | null): Promise<void> {
  const name = exportFileName(e);
  const download = await apiDownload(ROUTES[e.kind], { body: e.body, companyId }, name);
  deliver(download, name, MIME[e.body.format]);
}

export function useExportAccounting(companyId: string | null) {
  return useMutation({ mutationFn: (e: AccountingExport) => exportAccounting(e, companyId) });
}
