/**
 * The gestor's view across clients (issue 13 item 6): every obligation of every company the caller
 * may read for tax that falls due in the next `days` days (whatever its status, so what was already
 * filed shows as done), plus the open ones already overdue (`includeOverdue`, default true), each
 * with who answers for it; filterable by model, status (as of today: PENDING past its date reads
 * OVERDUE) and company. The same rows as an Excel workbook at …/export.
 *
 * GESTOR and ADMIN users only (Cognito groups; 403 CORE_002 for anyone else): it is the firm's
 * work list, not a client's view. Each company still passes tax.read (store/portfolio.ts), so a
 * gestor sees only the clients it belongs to.
 *
 * Answers: GET /tax/portfolio/obligations → PortfolioView (shared/schemas/tax.ts); GET
 * /tax/portfolio/obligations/export → `obligaciones-<from>-<to>.xlsx`.
 */

import { type CellValue, type ColumnKind, writeXlsx, XLSX_CONTENT_TYPE } from '@functions/lib/spreadsheets';
import type { AuthContext } from '@functions/platform/auth-context';
import { binaryResponse, defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { effectiveStatus, isOpen, type ObligationStatus } from '@shared/fiscal/fiscal-alerts';
import { addDays } from '@shared/fiscal/tax-calendar';
import { PortfolioQuery, type PortfolioRow, type PortfolioView } from '@shared/schemas/tax';
import { madridToday, yearOf } from '../model/dates';
import { toUpcoming } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { listOpenObligations, listYearObligations, type ObligationRecord } from '../store/obligations';
import {
  COMPANY_READ_CONCURRENCY,
  mapBounded,
  type ReadableCompany,
  readableCompanies,
  responsibleOf,
} from '../store/portfolio';
import { getProfile } from '../store/profile';
import { byDueDate } from './global-obligations';

/** The portfolio's rows plus what only the export shows (the client's NIF). */
export interface PortfolioData extends Omit<PortfolioView, 'totalRows' | 'truncated'> {
  nifs: Record<string, string>;
}

/** Only the firm's people: a GESTOR (or ADMIN, who passes every role gate) may read the portfolio. */
export function assertGestor(auth: Pick<AuthContext, 'isAdmin' | 'groups'>): void {
  if (!auth.isAdmin && !auth.groups.includes('GESTOR')) throw new AppError('CORE_002');
}

const OPEN_STATUSES: readonly ObligationStatus[] = ['PENDING', 'OVERDUE'];

/**
 * The tax years whose obligations can fall due in [from, to]: those of tax year Y fall due from
 * February of Y (January's monthly returns) to the end of July of Y+1 (modelo 200 of a calendar
 * year, 25 July moved to a working day); a window in November never reads last year's list.
 */
export function taxYearsDueIn(from: string, to: string): number[] {
  const years: number[] = [];
  for (let y = yearOf(from) - 1; y <= yearOf(to); y++)
    if (`${y}-01-01` <= to && from <= `${y + 1}-07-31`) years.push(y);
  return years;
}

/** Rows the list answers at most (the Lambda answer stays far below its 6 MB); the export has them all. */
export const PORTFOLIO_MAX_ROWS = 2000;

/**
 * One company's obligations for the portfolio: the open ones (by due date on gsi1: up to `to`, from
 * `today` unless overdue ones are wanted) and, unless only open statuses are asked for, the settled
 * ones due in [today, to], read from the tax years that can hold them (an obligation of tax year Y
 * falls due in Y or Y+1: 4T, annual returns, modelo 200).
 */
async function companyObligations(
  deps: TaxDeps,
  companyId: string,
  q: PortfolioQuery,
  today: string,
  to: string,
): Promise<ObligationRecord[]> {
  const open = await listOpenObligations(
    deps,
    companyId,
    q.includeOverdue === 'true' ? { to } : { from: today, to },
  );
  if (q.status && OPEN_STATUSES.includes(q.status)) return open;
  const years = taxYearsDueIn(today, to);
  const settled = (await Promise.all(years.map((y) => listYearObligations(deps, companyId, y))))
    .flat()
    .filter((o) => !isOpen(o.status) && o.dueDate >= today && o.dueDate <= to);
  return [...open, ...settled];
}

export async function portfolio(deps: TaxDeps, auth: AuthContext, q: PortfolioQuery): Promise<PortfolioData> {
  assertGestor(auth);
  const today = madridToday(deps.now());
  const to = addDays(today, q.days);
  const companies = await readableCompanies(
    deps,
    { userId: auth.userId, isAdmin: auth.isAdmin },
    q.companyId,
  );
  const perCompany = await mapBounded(
    companies,
    COMPANY_READ_CONCURRENCY,
    async (company: ReadableCompany) => {
      // The three reads of a company at once (a company without a profile simply has no obligations).
      const [profile, found, responsible] = await Promise.all([
        getProfile(deps, company.companyId),
        companyObligations(deps, company.companyId, q, today, to),
        responsibleOf(deps, company.companyId),
      ]);
      if (!profile) return { company, hasProfile: false, rows: [] };
      const obligations = found.filter(
        (o) => (!q.model || o.modelType === q.model) && (!q.status || effectiveStatus(o, today) === q.status),
      );
      const rows: PortfolioRow[] = obligations.map((o) => ({
        ...toUpcoming(o, company.name, today),
        responsible,
      }));
      return { company, hasProfile: true, rows };
    },
  );
  return {
    from: today,
    to,
    rows: perCompany.flatMap((c) => c.rows).sort(byDueDate),
    companiesWithoutProfile: perCompany
      .filter((c) => !c.hasProfile)
      .map((c) => ({ companyId: c.company.companyId, name: c.company.name })),
    nifs: Object.fromEntries(companies.map((c) => [c.companyId, c.nif])),
  };
}

// --- the workbook ----------------------------------------------------------------------------------

export const STATUS_LABELS: Record<ObligationStatus, string> = {
  PENDING: 'Pendiente',
  OVERDUE: 'Vencida',
  MODEL_GENERATED: 'Modelo generado',
  SUBMITTED: 'Presentada',
  OBLIGATION_GENERATED: 'Obligación generada',
};

const COLUMNS: {
  header: string;
  kind: ColumnKind;
  width?: number;
  value: (r: PortfolioRow, nif: string) => CellValue;
}[] = [
  { header: 'Cliente', kind: 'text', width: 36, value: (r) => r.companyName },
  { header: 'NIF', kind: 'text', width: 12, value: (_, nif) => nif },
  { header: 'Modelo', kind: 'text', width: 8, value: (r) => r.modelType },
  { header: 'Descripción', kind: 'text', width: 48, value: (r) => r.modelName },
  { header: 'Periodo', kind: 'text', width: 22, value: (r) => r.periodLabel },
  { header: 'Vencimiento', kind: 'date', value: (r) => r.dueDate },
  // The last day to file for the direct debit, only when the model is paid by domiciliación: the
  // date the row's actionDaysRemaining (and the alerts) count down to (its alertDate).
  {
    header: 'Domiciliación',
    kind: 'date',
    value: (r) => (r.paidByDomiciliation ? r.domiciliationDueDate : null),
  },
  // Days left to the due date shown in 'Vencimiento' (daysRemaining; negative once past), whether or
  // not the model is domiciliated: open ones only.
  {
    header: 'Días',
    kind: 'integer',
    value: (r) => (OPEN_STATUSES.includes(r.status) ? r.daysRemaining : null),
  },
  { header: 'Estado', kind: 'text', width: 18, value: (r) => STATUS_LABELS[r.status] },
  { header: 'Responsable', kind: 'text', width: 28, value: (r) => r.responsible?.name ?? null },
  { header: 'Email', kind: 'text', width: 32, value: (r) => r.responsible?.email ?? null },
];

/** The portfolio as an .xlsx (pure; exported for the tests). */
export function portfolioWorkbook(data: PortfolioData): Uint8Array {
  return writeXlsx([
    {
      name: 'Obligaciones',
      columns: COLUMNS.map(({ header, kind, width }) => ({ header, kind, width })),
      rows: data.rows.map((r) => COLUMNS.map((c) => c.value(r, data.nifs[r.companyId] ?? ''))),
    },
  ]);
}

export const listPortfolioRoute = defineUserAction({
  query: PortfolioQuery,
  run: async ({ auth, query }, deps: TaxDeps): Promise<PortfolioView> => {
    const { nifs: _nifs, rows, ...view } = await portfolio(deps, auth, query);
    // The most urgent first (rows are by due date): a bigger portfolio is filtered or exported.
    return {
      ...view,
      rows: rows.slice(0, PORTFOLIO_MAX_ROWS),
      totalRows: rows.length,
      truncated: rows.length > PORTFOLIO_MAX_ROWS,
    };
  },
});

export const exportPortfolioRoute = defineUserAction({
  query: PortfolioQuery,
  run: async ({ auth, query }, deps: TaxDeps) => {
    const data = await portfolio(deps, auth, query);
    return binaryResponse({
      contentType: XLSX_CONTENT_TYPE,
      body: portfolioWorkbook(data),
      filename: `obligaciones-${data.from}-${data.to}.xlsx`,
    });
  },
});
