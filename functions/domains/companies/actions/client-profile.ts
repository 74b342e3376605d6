/**
 * The client portal's 'Mi ficha de cliente' (GET and PUT /api/v1/client/profile, spec part 3 §7) and
 * 'Mis usuarios' (GET /api/v1/client/users): company-scoped, policy `member`; the rules are in
 * ../model/client-profile.ts and the contract in shared/schemas/client-profile.ts.
 */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { type ActionsOf, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { NO_CLIENT_PROFILE, UpdateClientProfileBody } from '@shared/schemas/client-profile';
import { clientProfileView, clientUsers, planClientProfileUpdate } from '../model/client-profile';
import { readClientProfileFacts, writeClientProfilePlan } from '../store/client-profile';
import { getCompany } from '../store/companies';
import type { CompaniesDeps } from '../store/deps';
import { membersOfCompany } from '../store/memberships';

async function readFacts(deps: CompaniesDeps, auth: AuthContext, scope: CompanyScope) {
  const facts = await readClientProfileFacts(deps, scope.companyId, auth.userId);
  // An ADMIN acting on a company it does not belong to has no ficha there.
  if (!facts.membership || !scope.membership) throw new AppError('CORE_006', NO_CLIENT_PROFILE);
  if (!facts.company) throw new AppError('CORE_006', 'La empresa no existe.');
  return { ...facts, membership: facts.membership, company: facts.company };
}

export const getClientProfileRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: CompaniesDeps) => {
    const facts = await readFacts(deps, auth, scope);
    return clientProfileView({ isAdmin: auth.isAdmin, ...facts });
  },
});

export const updateClientProfileRoute = defineCompanyAction({
  body: UpdateClientProfileBody,
  run: async ({ auth, scope, body }, deps: CompaniesDeps) => {
    const facts = await readFacts(deps, auth, scope);
    const plan = planClientProfileUpdate({ isAdmin: auth.isAdmin, ...facts, body, now: deps.now() });
    await writeClientProfilePlan(deps, facts, plan);
    const profile =
      plan.phone === undefined
        ? facts.profile
        : facts.profile && {
            ...facts.profile,
            ...(plan.phone === null ? { phone: undefined } : { phone: plan.phone }),
          };
    return clientProfileView({
      isAdmin: auth.isAdmin,
      membership: plan.membership ?? facts.membership,
      profile,
      company: plan.company ?? facts.company,
    });
  },
});

export const listClientUsersRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: CompaniesDeps) => {
    const [company, members] = await Promise.all([
      getCompany(deps, scope.companyId),
      membersOfCompany(deps, scope.companyId),
    ]);
    if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
    return clientUsers({
      callerId: auth.userId,
      isAdmin: auth.isAdmin,
      callerRole: scope.membership?.companyRole,
      company,
      members,
    });
  },
});

export const clientProfileActions: Pick<
  ActionsOf<'companies', CompaniesDeps>,
  'clientProfile.get' | 'clientProfile.update' | 'clientUsers.list'
> = {
  'clientProfile.get': getClientProfileRoute,
  'clientProfile.update': updateClientProfileRoute,
  'clientUsers.list': listClientUsersRoute,
};
