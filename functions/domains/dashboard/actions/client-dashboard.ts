/**
 * GET /api/v1/client/dashboard?period= (`client.dashboard`, any member of the selected company): the
 * client portal's dashboard. The route's policy lets every member in; what each part shows follows
 * the caller's membership (`allows`): the financial summary and the invoices only with
 * `invoices.read`, the published tax models only with `tax.read`; a CLIENTE sees only its own
 * uploads and meetings.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { allows } from '@shared/api/access';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { ClientDashboardQuery } from '@shared/schemas/dashboard';
import { advisorInfo } from '../model/client-advisor';
import { clientDashboard } from '../model/client-dashboard';
import { periodWindows } from '../model/client-period';
import { readAdvisorFacts } from '../store/client-advisor';
import {
  countOwnDocumentsInReview,
  readCompanyHeader,
  readIssuedTotals,
  readMeetings,
  readOpenReceivables,
  readOwnUploads,
  readPublishedModels,
  readRecentInvoices,
  readUserName,
} from '../store/client-dashboard';
import type { DashboardDeps } from '../store/deps';

export const clientDashboardRoute = defineCompanyAction({
  query: ClientDashboardQuery,
  run: async ({ auth, scope, query }, deps: DashboardDeps) => {
    const now = deps.now();
    const today = madridDate(now);
    const companyId = scope.companyId;
    const who = { isAdmin: auth.isAdmin, membership: scope.membership };
    const isClient = scope.membership?.companyRole === 'CLIENTE';
    const windows = periodWindows(query.period, today);
    const year = Number(today.slice(0, 4));

    const invoicesRead = allows('invoices.read', who)
      ? Promise.all([
          readIssuedTotals(deps, companyId, windows.current),
          readIssuedTotals(deps, companyId, windows.previous),
          readOpenReceivables(deps, companyId),
          readRecentInvoices(deps, companyId),
        ]).then(([current, previous, open, recent]) => ({
          current,
          previous,
          open,
          recent,
          periodFrom: windows.current.from,
          periodTo: windows.current.to,
        }))
      : Promise.resolve(null);

    const [
      company,
      clientName,
      advisorFacts,
      invoices,
      documentsInReview,
      uploads,
      publishedModels,
      meetings,
    ] = await Promise.all([
      readCompanyHeader(deps, companyId),
      readUserName(deps, auth.userId),
      readAdvisorFacts(deps, companyId, auth.userId),
      invoicesRead,
      countOwnDocumentsInReview(deps, companyId, auth.userId),
      readOwnUploads(deps, companyId, auth.userId, now),
      allows('tax.read', who)
        ? readPublishedModels(deps, companyId, [year, year - 1])
        : Promise.resolve(null),
      readMeetings(deps, companyId, isClient ? auth.userId : null),
    ]);

    return clientDashboard(
      {
        clientName,
        company,
        advisor: advisorInfo(advisorFacts, who, now),
        period: query.period,
        isClient,
        invoices,
        documentsInReview,
        uploads,
        publishedModels,
        meetings,
      },
      today,
      now,
    );
  },
});
