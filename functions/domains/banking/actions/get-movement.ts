import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type BankMovement, BankMovementPath, bankingMessages } from '@shared/schemas/banking';
import type { BankingDeps } from '../store/deps';
import { getMovement, movementView } from '../store/movements';

/** GET banking/accounts/{accountId}/movements/{movementId}: one movement; 404 when absent. */
export const getMovementRoute = defineCompanyAction({
  params: BankMovementPath,
  run: async ({ scope, params }, deps: BankingDeps): Promise<BankMovement> => {
    const m = await getMovement(deps, scope.companyId, params.accountId, params.movementId);
    if (!m) throw new AppError('CORE_006', bankingMessages.movementNotFound);
    return movementView(m);
  },
});
