import { defineCompanyAction } from '@functions/platform/http';
import { ExportStatementBody } from '@shared/schemas/accounting';
import { esDate, incomeStatementTable } from '../model/reports/exports';
import type { AccountingDeps } from '../store/deps';
import { readIncomeStatement } from '../store/reports';
import { exportFile, readScope } from './report-scope';

/** POST accounting/export/income-statement {format, fromDate, toDate, layout}: the P&L's legal lines. */
export const exportIncomeStatementRoute = defineCompanyAction({
  body: ExportStatementBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps) => {
    const settings = await readScope(deps, auth, scope.companyId);
    const is = await readIncomeStatement(deps, scope.companyId, settings, {
      fromDate: body.fromDate,
      toDate: body.toDate ?? body.balanceDate,
      layout: body.layout,
    });
    return exportFile(deps, incomeStatementTable(is), {
      format: body.format,
      title: `Cuenta de pérdidas y ganancias (${body.layout === 'PYMES' ? 'modelo PYMES' : 'modelo abreviado'})`,
      subtitle: `Del ${esDate(is.fromDate)} al ${esDate(is.toDate)}`,
      fileBase: `perdidas-y-ganancias-${is.fromDate}-${is.toDate}`,
    });
  },
});
