import { defineCompanyAction } from '@functions/platform/http';
import { AlertActionBody, AlertPath } from '@shared/schemas/tax';
import type * as z from 'zod';
import {
  acknowledgeAlert as storeAcknowledge,
  resolveAlert as storeResolve,
  toAlertView,
} from '../store/alerts';
import type { TaxDeps } from '../store/deps';
import { requireProfile } from '../store/profile';

type AlertAction = {
  companyId: string;
  alertId: string;
  userId: string;
  body: z.infer<typeof AlertActionBody>;
};

/**
 * PUT alerts/{alertId}/acknowledge (spec part 2 §3: acknowledge, then resolve): ACTIVE →
 * ACKNOWLEDGED. An acknowledged or resolved alert answers 400 CORE_004 saying so; an unknown id
 * 404 CORE_006. Answers the alert.
 */
export async function acknowledgeAlert(input: AlertAction, deps: TaxDeps) {
  await requireProfile(deps, input.companyId);
  const alert = await storeAcknowledge(deps, input.companyId, input.alertId, {
    userId: input.userId,
    note: input.body.note,
  });
  return toAlertView(alert);
}

/** PUT alerts/{alertId}/resolve: ACTIVE or ACKNOWLEDGED → RESOLVED; twice → 400 'La alerta ya está resuelta.' */
export async function resolveAlert(input: AlertAction, deps: TaxDeps) {
  await requireProfile(deps, input.companyId);
  const alert = await storeResolve(deps, input.companyId, input.alertId, {
    userId: input.userId,
    note: input.body.note,
  });
  return toAlertView(alert);
}

export const acknowledgeAlertRoute = defineCompanyAction({
  params: AlertPath,
  body: AlertActionBody,
  run: ({ auth, scope, params, body }, deps: TaxDeps) =>
    acknowledgeAlert(
      { companyId: scope.companyId, alertId: params.alertId, userId: auth.userId, body },
      deps,
    ),
});

export const resolveAlertRoute = defineCompanyAction({
  params: AlertPath,
  body: AlertActionBody,
  run: ({ auth, scope, params, body }, deps: TaxDeps) =>
    resolveAlert({ companyId: scope.companyId, alertId: params.alertId, userId: auth.userId, body }, deps),
});
