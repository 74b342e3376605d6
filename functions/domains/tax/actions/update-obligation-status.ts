/**
 * PUT /tax/companies/{companyId}/obligations/{obligationId}/status — a return filed outside Cuadra
 * (SUBMITTED, with when and its reference) or back to PENDING. Obligations whose model Cuadra
 * generated change only through the model (400 CORE_004); an unknown id answers 404 CORE_006.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { ObligationPath, type ObligationView, UpdateObligationStatusBody } from '@shared/schemas/tax';
import { madridToday } from '../model/dates';
import { toObligationView } from '../model/views';
import type { TaxDeps } from '../store/deps';
import { setObligationStatus } from '../store/obligations';
import { requireProfile } from '../store/profile';

export async function updateObligationStatus(
  input: { companyId: string; obligationId: string; userId: string; body: UpdateObligationStatusBody },
  deps: TaxDeps,
): Promise<ObligationView> {
  await requireProfile(deps, input.companyId);
  const updated = await setObligationStatus(deps, input.companyId, input.obligationId, {
    status: input.body.status,
    submittedAt: input.body.submittedAt ?? null,
    reference: input.body.reference ?? null,
    userId: input.userId,
  });
  return toObligationView(updated, madridToday(deps.now()));
}

export const updateObligationStatusRoute = defineCompanyAction({
  params: ObligationPath,
  body: UpdateObligationStatusBody,
  run: ({ auth, scope, params, body }, deps: TaxDeps) =>
    updateObligationStatus(
      { companyId: scope.companyId, obligationId: params.obligationId, userId: auth.userId, body },
      deps,
    ),
});
