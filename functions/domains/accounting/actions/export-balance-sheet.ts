import { defineCompanyAction } from '@functions/platform/http';
import { ExportStatementBody } from '@shared/schemas/accounting';
import { balanceSheetTable, esDate } from '../model/reports/exports';
import type { AccountingDeps } from '../store/deps';
import { readBalanceSheet } from '../store/reports';
import { exportFile, readScope } from './report-scope';

/** POST accounting/export/balance-sheet {format, balanceDate, layout}: the balance sheet's legal lines. */
export const exportBalanceSheetRoute = defineCompanyAction({
  body: ExportStatementBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps) => {
    const settings = await readScope(deps, auth, scope.companyId);
    const bs = await readBalanceSheet(deps, scope.companyId, settings, {
      balanceDate: body.balanceDate ?? body.toDate,
      periodType: 'MONTHLY',
      layout: body.layout,
    });
    return exportFile(deps, balanceSheetTable(bs), {
      format: body.format,
      title: `Balance de situación (${body.layout === 'PYMES' ? 'modelo PYMES' : 'modelo abreviado'})`,
      subtitle: `A ${esDate(bs.balanceDate)}${bs.isBalanced ? '' : ' · ATENCIÓN: el balance no cuadra'}`,
      fileBase: `balance-${bs.balanceDate}`,
    });
  },
});
