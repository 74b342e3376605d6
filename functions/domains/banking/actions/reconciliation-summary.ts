import { defineCompanyAction } from '@functions/platform/http';
import type { ReconciliationSummary } from '@shared/schemas/reconciliation';
import { listAccountItems } from '../store/accounts';
import type { BankingDeps } from '../store/deps';
import { listSessionItems } from '../store/reconciliation';
import { listedSessionView } from '../store/reconciliation-view';
import { listRules } from '../store/rules';

/**
 * GET banking/reconciliation/summary: the reconciliation home: per account, what is left to
 * reconcile (the account's unreconciled counter), its open session and how far it is reconciled
 * (the last approved session's end); the totals and the latest sessions.
 */
export const reconciliationSummaryRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<ReconciliationSummary> => {
    const [accounts, sessions, rules] = await Promise.all([
      listAccountItems(deps, scope.companyId),
      listSessionItems(deps, scope.companyId),
      listRules(deps, scope.companyId),
    ]);
    const open = (s: { status: string }) => s.status === 'IN_PROGRESS' || s.status === 'COMPLETED';
    return {
      accounts: accounts.map((a) => {
        const mine = sessions.filter((s) => s.accountId === a.accountId);
        const current = mine.find(open) ?? null;
        const approved = mine
          .filter((s) => s.status === 'APPROVED')
          .map((s) => s.toDate)
          .sort();
        return {
          accountId: a.accountId,
          alias: a.alias,
          iban: a.iban,
          bankName: a.bankName,
          unreconciledCount: a.unreconciledCount,
          lastMovementDate: a.lastMovementDate,
          reconciledThrough: approved.at(-1) ?? null,
          openSession: current
            ? {
                sessionId: current.sessionId,
                status: current.status,
                fromDate: current.fromDate,
                toDate: current.toDate,
              }
            : null,
        };
      }),
      totals: {
        unreconciledCount: accounts.reduce((s, a) => s + a.unreconciledCount, 0),
        inProgressSessions: sessions.filter((s) => s.status === 'IN_PROGRESS').length,
        pendingApproval: sessions.filter((s) => s.status === 'COMPLETED').length,
        approvedSessions: sessions.filter((s) => s.status === 'APPROVED').length,
        rules: rules.length,
      },
      recentSessions: sessions.slice(0, 5).map(listedSessionView),
    };
  },
});
