/**
 * The companies a caller may read for tax, across companies (the global obligation calls and the
 * gestor's portfolio, issue 13 items 3 and 6). These are user routes without a company scope, so the
 * pipeline checks no membership: every company read here passes `allows('tax.read', …)` of
 * shared/api/access.ts first, exactly as a company-scoped tax.read route would.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getCompanies, listCompanyMembers, listUserMemberships } from '@functions/lib/directory';
import { allows } from '@shared/api/access';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { ClientPermission, CompanyRole, MembershipRecord } from '@shared/db/records';
import type { PortfolioRow } from '@shared/schemas/tax';
import type { TaxDeps } from './deps';

type Deps = Pick<TaxDeps, 'db' | 'table'>;

/** Companies read at once (each costs a few Queries): bounded so a large portfolio cannot flood the table. */
export const COMPANY_READ_CONCURRENCY = 8;

/** `fn` over `items`, at most `limit` at a time, results in the order of `items`. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Who reads: the caller of a user route. */
export interface TaxReader {
  userId: string;
  isAdmin: boolean;
}

export interface ReadableCompany {
  companyId: string;
  name: string;
  nif: string;
}

const subjectOf = (isAdmin: boolean, m: MembershipRecord | undefined) => ({
  isAdmin,
  membership:
    m && m.isActive !== false
      ? {
          companyRole: m.companyRole as CompanyRole,
          permissions: (m.permissions ?? []) as ClientPermission[],
        }
      : undefined,
});

async function membershipOf(deps: Deps, companyId: string, userId: string) {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, userId) }),
  );
  return res.Item as MembershipRecord | undefined;
}

/**
 * The companies `reader` may read for tax, by name. Without `companyId`: the companies of its active
 * memberships that pass tax.read (a CLIENTE without VIEW_TAX_DOCUMENTS reads none of its company;
 * an ADMIN reads the companies it belongs to: listing every company of the platform is not a
 * per-user view). With `companyId`: that company only, as the pipeline's company scope decides it —
 * a company the caller does not belong to (or that does not exist) is 403 CORE_003, an ADMIN passes
 * when it exists, and a member the policy refuses is 403 CORE_002 (the pipeline's answer to a
 * member without the permission; the security suite expects the same split).
 */
export async function readableCompanies(
  deps: Deps,
  reader: TaxReader,
  companyId?: string,
): Promise<ReadableCompany[]> {
  let ids: string[];
  if (companyId !== undefined) {
    const m = await membershipOf(deps, companyId, reader.userId);
    const member = m !== undefined && m.isActive !== false;
    if (!member && !reader.isAdmin) throw new AppError('CORE_003');
    if (!allows('tax.read', subjectOf(reader.isAdmin, m))) throw new AppError('CORE_002');
    ids = [companyId];
  } else {
    const memberships = await listUserMemberships(deps, reader.userId);
    ids = memberships
      .filter((m) => m.isActive !== false && allows('tax.read', subjectOf(reader.isAdmin, m)))
      .map((m) => m.companyId);
  }
  if (ids.length === 0) return [];
  const companies = await getCompanies(deps, ids);
  if (companyId !== undefined && companies.length === 0) throw new AppError('CORE_003');
  return companies
    .map((c) => ({ companyId: c.companyId, name: c.name, nif: c.nif }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.companyId.localeCompare(b.companyId));
}

/**
 * Who answers for the company's filings: its active GESTOR member (the first by name when there are
 * several), else its OWNER; null when it has neither. Names and e-mail are the membership's
 * snapshots, which the identity domain keeps in step with the profile (one Query, no fan-out).
 */
export async function responsibleOf(deps: Deps, companyId: string): Promise<PortfolioRow['responsible']> {
  const members = (await listCompanyMembers(deps, companyId)).filter((m) => m.isActive !== false);
  const byName = (a: MembershipRecord, b: MembershipRecord) =>
    `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, 'es') ||
    a.userId.localeCompare(b.userId);
  const pick =
    members.filter((m) => m.companyRole === 'GESTOR').sort(byName)[0] ??
    members.filter((m) => m.companyRole === 'OWNER').sort(byName)[0];
  if (!pick) return null;
  return {
    userId: pick.userId,
    name: `${pick.firstName ?? ''} ${pick.lastName ?? ''}`.trim() || pick.email,
    email: pick.email,
  };
}
