import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  MAX_SESSION_MOVEMENTS,
  reconciliationMessages,
  type SessionDetail,
  StartSessionBody,
} from '@shared/schemas/reconciliation';
import { requireAccountItem } from '../store/accounts';
import type { BankingDeps } from '../store/deps';
import { listMovements } from '../store/movements';
import { actorOf, createSessionWrite, type SessionItem } from '../store/reconciliation';
import { loadSessionContext, sessionDetail } from '../store/reconciliation-view';

/**
 * POST banking/reconciliation/sessions {accountId, fromDate, toDate}: a session over the account's
 * movements of those dates that are not reconciled yet (nor ignored). One open session per account
 * (BANK_CONFLICT otherwise). Answers the session as getSession does, with its proposals.
 */
export const startSessionRoute = defineCompanyAction({
  body: StartSessionBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: BankingDeps): Promise<SessionDetail> => {
    const companyId = scope.companyId;
    const account = await requireAccountItem(deps, companyId, body.accountId);
    const { items } = await listMovements(deps, companyId, account.accountId, {
      from: body.fromDate,
      to: body.toDate,
      order: 'asc',
    });
    const pending = items.filter(
      (m) => m.reconciliation.status !== 'MATCHED' && m.reconciliation.status !== 'IGNORED',
    );
    if (pending.length === 0)
      throw new AppError('CORE_004', reconciliationMessages.noMovements, { field: 'fromDate' });
    if (pending.length > MAX_SESSION_MOVEMENTS) {
      throw new AppError(
        'CORE_004',
        `Demasiados movimientos (${pending.length}): acorta el periodo (máximo ${MAX_SESSION_MOVEMENTS}).`,
        {
          field: 'toDate',
        },
      );
    }
    const at = deps.now().toISOString();
    const actor = actorOf(auth);
    const session: SessionItem = {
      entity: 'ReconciliationSession',
      schemaVersion: 1,
      companyId,
      sessionId: deps.newId(),
      accountId: account.accountId,
      accountAlias: account.alias,
      iban: account.iban,
      accountingAccountCode: account.accountingAccountCode,
      fromDate: body.fromDate,
      toDate: body.toDate,
      status: 'IN_PROGRESS',
      movementIds: pending.map((m) => m.movementId),
      leftMovementIds: [],
      revision: 1,
      createdBy: actor,
      createdAt: at,
      updatedAt: at,
      completedAt: null,
      completedBy: null,
      approvedAt: null,
      approvedBy: null,
      cancelledAt: null,
      cancelledBy: null,
      cancelReason: null,
      approvalError: null,
    };
    await createSessionWrite(
      deps,
      session,
      actor,
      `Sesión de ${account.alias} del ${body.fromDate} al ${body.toDate}: ${pending.length} movimientos`,
    );
    return sessionDetail(deps, await loadSessionContext(deps, companyId, session.sessionId));
  },
});
