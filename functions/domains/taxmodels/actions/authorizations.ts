/**
 * The authorizations a company gives its gestoría to file as colaborador social (issue 14 item 4;
 * spec part 2 §3 "Submissions and authorizations": created, active, renewed with a new validUntil,
 * revoked with an optional reason). Rules in model/authorizations.ts; an expired one reads EXPIRED.
 *
 * - GET …/authorizations (all, newest first), …/authorizations/active (those that let file today);
 * - POST …/authorizations → 201 (validUntil after today; one ACTIVE per collaborator);
 * - PUT …/{authorizationId}/renew (a later validUntil), …/{authorizationId}/revoke (reason optional).
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  AuthorizationPath,
  type AuthorizationView,
  CreateAuthorizationBody,
  RenewAuthorizationBody,
  RevokeAuthorizationBody,
} from '@shared/schemas/tax-models';
import * as z from 'zod';
import {
  type AuthorizationRecord,
  authorizationStatus,
  checkNewAuthorization,
  madridToday,
  renewed,
  revoked,
  toAuthorizationView,
} from '../model/authorizations';
import {
  createAuthorization,
  getAuthorization,
  listAuthorizations,
  saveAuthorization,
} from '../store/authorizations';
import { getCompanyIdentity } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';

async function requireAuthorization(deps: TaxModelsDeps, companyId: string, authorizationId: string) {
  const a = await getAuthorization(deps, companyId, authorizationId);
  if (!a) throw new AppError('CORE_006', 'La autorización no existe.');
  return a;
}

export const listAuthorizationsRoute = defineCompanyAction({
  run: async ({ scope }, deps: TaxModelsDeps): Promise<AuthorizationView[]> => {
    const today = madridToday(deps.now());
    return (await listAuthorizations(deps, scope.companyId)).map((a) => toAuthorizationView(a, today));
  },
});

export const activeAuthorizationsRoute = defineCompanyAction({
  run: async ({ scope }, deps: TaxModelsDeps): Promise<AuthorizationView[]> => {
    const today = madridToday(deps.now());
    return (await listAuthorizations(deps, scope.companyId))
      .filter((a) => authorizationStatus(a, today) === 'ACTIVE')
      .map((a) => toAuthorizationView(a, today));
  },
});

export const createAuthorizationRoute = defineCompanyAction({
  body: CreateAuthorizationBody,
  status: 201,
  run: async ({ auth, scope, body }, deps: TaxModelsDeps): Promise<AuthorizationView> => {
    const now = deps.now();
    const today = madridToday(now);
    const [company, existing] = await Promise.all([
      getCompanyIdentity(deps, scope.companyId),
      listAuthorizations(deps, scope.companyId),
    ]);
    const checked = checkNewAuthorization(body, { companyNif: company.nif, today, existing });
    const at = now.toISOString();
    const record: AuthorizationRecord = {
      authorizationId: deps.newId(),
      companyId: scope.companyId,
      ...checked,
      validFrom: today,
      revokedAt: null,
      revokeReason: null,
      revokedBy: null,
      createdAt: at,
      createdBy: auth.userId,
      updatedAt: at,
      renewals: [],
      revision: 1,
    };
    await createAuthorization(deps, record);
    return toAuthorizationView(record, today);
  },
});

export const renewAuthorizationRoute = defineCompanyAction({
  params: AuthorizationPath,
  body: RenewAuthorizationBody,
  run: async ({ auth, scope, params, body }, deps: TaxModelsDeps): Promise<AuthorizationView> => {
    const now = deps.now();
    const today = madridToday(now);
    const current = await requireAuthorization(deps, scope.companyId, params.authorizationId);
    const next = renewed(current, body.validUntil, { today, at: now.toISOString(), by: auth.userId });
    await saveAuthorization(deps, next, current.revision);
    return toAuthorizationView(next, today);
  },
});

export const revokeAuthorizationRoute = defineCompanyAction({
  params: AuthorizationPath,
  // The reason is optional: an empty body revokes without one.
  body: z.preprocess((v) => (v === undefined ? {} : v), RevokeAuthorizationBody),
  run: async ({ auth, scope, params, body }, deps: TaxModelsDeps): Promise<AuthorizationView> => {
    const now = deps.now();
    const today = madridToday(now);
    const current = await requireAuthorization(deps, scope.companyId, params.authorizationId);
    const next = revoked(current, body.reason, { today, at: now.toISOString(), by: auth.userId });
    await saveAuthorization(deps, next, current.revision);
    return toAuthorizationView(next, today);
  },
});
