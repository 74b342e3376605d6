/** Company users: the members of a company, their roles, permissions and status. */

import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { matchesSearch, paginate, sortBy } from '@shared/api/listing';
import type { MembershipRecord } from '@shared/db/records';
import { parseSort } from '@shared/schemas/common';
import {
  CompanyPath,
  CompanyUserListQuery,
  CompanyUserPath,
  ToggleCompanyUserStatusBody,
  UpdateCompanyUserBody,
} from '@shared/schemas/companies';
import type { CompaniesDeps } from '../store/deps';
import {
  getMembership,
  invitationsOfCompany,
  membersOfCompany,
  removeMembership,
  replaceMembership,
} from '../store/memberships';

export interface CompanyUserView {
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  companyRole: MembershipRecord['companyRole'];
  permissions: MembershipRecord['permissions'];
  department: string | null;
  position: string | null;
  isActive: boolean;
  status: 'ACTIVE' | 'INACTIVE' | 'INVITED';
  createdAt: string;
}

const view = (m: MembershipRecord): CompanyUserView => ({
  userId: m.userId,
  email: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  companyRole: m.companyRole,
  permissions: m.permissions,
  department: m.department ?? null,
  position: m.position ?? null,
  isActive: m.isActive,
  status: m.isActive ? 'ACTIVE' : 'INACTIVE',
  createdAt: m.createdAt,
});

async function allUsers(deps: CompaniesDeps, companyId: string, now: Date): Promise<CompanyUserView[]> {
  const [members, invitations] = await Promise.all([
    membersOfCompany(deps, companyId),
    invitationsOfCompany(deps, companyId),
  ]);
  const pending = invitations
    .filter((i) => i.expiresAt > now.toISOString())
    .map(
      (i): CompanyUserView => ({
        userId: null,
        email: i.email,
        firstName: i.firstName,
        lastName: i.lastName,
        companyRole: i.companyRole,
        permissions: i.permissions,
        department: i.department ?? null,
        position: i.position ?? null,
        isActive: false,
        status: 'INVITED',
        createdAt: i.createdAt,
      }),
    );
  return [...members.map(view), ...pending];
}

const SORTABLE = ['createdAt', 'email', 'firstName', 'lastName', 'companyRole'] as const;

export const listCompanyUsersRoute = defineCompanyAction({
  params: CompanyPath,
  query: CompanyUserListQuery,
  run: async ({ scope, query }, deps: CompaniesDeps) => {
    const users = (await allUsers(deps, scope.companyId, deps.now())).filter(
      (u) =>
        matchesSearch(query.search, u.email, u.firstName, u.lastName, u.department ?? undefined) &&
        (!query.companyRole || u.companyRole === query.companyRole) &&
        (!query.isActive || String(u.isActive) === query.isActive) &&
        (!query.department || u.department === query.department),
    );
    const { field, dir } = parseSort(query.sort, SORTABLE, { field: 'createdAt', dir: 'desc' });
    return paginate(
      sortBy(users, (u) => String(u[field] ?? ''), dir),
      query.page,
      query.size,
    );
  },
});

export const companyUserDepartmentsRoute = defineCompanyAction({
  params: CompanyPath,
  run: async ({ scope }, deps: CompaniesDeps) => {
    const members = await membersOfCompany(deps, scope.companyId);
    const departments = [...new Set(members.map((m) => m.department).filter((d): d is string => Boolean(d)))];
    return departments.sort((a, b) => a.localeCompare(b, 'es'));
  },
});

export const companyUserStatsRoute = defineCompanyAction({
  params: CompanyPath,
  run: async ({ scope }, deps: CompaniesDeps) => {
    const users = await allUsers(deps, scope.companyId, deps.now());
    const byRole: Record<string, number> = { OWNER: 0, GESTOR: 0, CLIENTE: 0, MEMBER: 0 };
    for (const u of users)
      if (u.status !== 'INVITED') byRole[u.companyRole] = (byRole[u.companyRole] ?? 0) + 1;
    return {
      total: users.filter((u) => u.status !== 'INVITED').length,
      active: users.filter((u) => u.status === 'ACTIVE').length,
      inactive: users.filter((u) => u.status === 'INACTIVE').length,
      invited: users.filter((u) => u.status === 'INVITED').length,
      byRole,
    };
  },
});

async function requireMember(
  deps: CompaniesDeps,
  companyId: string,
  userId: string,
): Promise<MembershipRecord> {
  const m = await getMembership(deps, companyId, userId);
  if (!m) throw new AppError('CORE_006', 'El usuario no pertenece a esta empresa.');
  return m;
}

export const getCompanyUserRoute = defineCompanyAction({
  params: CompanyUserPath,
  run: async ({ scope, params }, deps: CompaniesDeps) =>
    view(await requireMember(deps, scope.companyId, params.userId)),
});

/** A company always keeps at least one active owner or gestor, or nobody could administer it. */
async function assertKeepsAnAdministrator(
  deps: CompaniesDeps,
  companyId: string,
  changing: MembershipRecord,
) {
  if (changing.companyRole !== 'OWNER' && changing.companyRole !== 'GESTOR') return;
  const others = (await membersOfCompany(deps, companyId)).filter(
    (m) =>
      m.userId !== changing.userId && m.isActive && (m.companyRole === 'OWNER' || m.companyRole === 'GESTOR'),
  );
  if (others.length === 0) {
    throw new AppError('CORE_004', 'La empresa debe conservar al menos un propietario o gestor activo.', {
      field: 'companyRole',
    });
  }
}

export async function updateCompanyUser(
  input: { auth: AuthContext; scope: CompanyScope; userId: string; body: UpdateCompanyUserBody },
  deps: CompaniesDeps,
) {
  const { scope, userId, body } = input;
  const current = await requireMember(deps, scope.companyId, userId);
  const roleChanges = body.companyRole !== undefined && body.companyRole !== current.companyRole;
  if (roleChanges) await assertKeepsAnAdministrator(deps, scope.companyId, current);
  const next: MembershipRecord = {
    ...current,
    ...(body.companyRole ? { companyRole: body.companyRole } : {}),
    ...(body.permissions ? { permissions: body.permissions } : {}),
    department: body.department === null ? undefined : (body.department ?? current.department),
    position: body.position === null ? undefined : (body.position ?? current.position),
    updatedAt: deps.now().toISOString(),
  };
  await replaceMembership(deps, current, next);
  return view(next);
}

export const updateCompanyUserRoute = defineCompanyAction({
  params: CompanyUserPath,
  body: UpdateCompanyUserBody,
  run: ({ auth, scope, params, body }, deps: CompaniesDeps) =>
    updateCompanyUser({ auth, scope, userId: params.userId, body }, deps),
});

export const toggleCompanyUserStatusRoute = defineCompanyAction({
  params: CompanyUserPath,
  body: ToggleCompanyUserStatusBody,
  run: async ({ scope, params, body }, deps: CompaniesDeps) => {
    const current = await requireMember(deps, scope.companyId, params.userId);
    if (!body.isActive && current.isActive) await assertKeepsAnAdministrator(deps, scope.companyId, current);
    const next = { ...current, isActive: body.isActive, updatedAt: deps.now().toISOString() };
    await replaceMembership(deps, current, next);
    return view(next);
  },
});

export const removeCompanyUserRoute = defineCompanyAction({
  params: CompanyUserPath,
  run: async ({ scope, params }, deps: CompaniesDeps) => {
    const current = await requireMember(deps, scope.companyId, params.userId);
    await assertKeepsAnAdministrator(deps, scope.companyId, current);
    await removeMembership(deps, scope.companyId, params.userId);
    return { removed: true, userId: params.userId };
  },
});
