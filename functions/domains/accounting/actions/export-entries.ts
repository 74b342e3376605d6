import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { ExportEntriesBody } from '@shared/schemas/accounting';
import { esDate, journalTable } from '../model/reports/exports';
import type { AccountingDeps } from '../store/deps';
import { entriesBetween } from '../store/queries';
import { today } from '../store/reports';
import { exportFile, readScope } from './report-scope';

/**
 * POST accounting/export/entries {format, fromDate, toDate}: the journal (libro diario) of the dates
 * (default: the current year to today), one row per line, as Excel or PDF.
 */
export const exportEntriesRoute = defineCompanyAction({
  body: ExportEntriesBody,
  run: async ({ auth, scope, body }, deps: AccountingDeps) => {
    await readScope(deps, auth, scope.companyId);
    const toDate = body.toDate ?? today(deps);
    const fromDate = body.fromDate ?? `${toDate.slice(0, 4)}-01-01`;
    if (fromDate > toDate)
      throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
        field: 'fromDate',
      });
    const entries = await entriesBetween(deps, scope.companyId, { fromDate, toDate });
    return exportFile(deps, journalTable(entries), {
      format: body.format,
      title: 'Libro diario',
      subtitle: `Del ${esDate(fromDate)} al ${esDate(toDate)}`,
      fileBase: `libro-diario-${fromDate}-${toDate}`,
    });
  },
});
