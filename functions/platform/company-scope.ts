/**
 * Company scope of a request: which company it acts on, and proof that the caller belongs to it.
 * The membership check is one GetItem on the membership key; a company the caller does not belong
 * to and a company that does not exist look the same (403 CORE_003), so ids cannot be probed.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { AuthContext } from './auth-context';
import { ddb } from './aws/dynamodb';
import { tableName } from './aws/env';

export type { ClientPermission, CompanyRole } from '@shared/db/records';

import type { ClientPermission, CompanyRole } from '@shared/db/records';

export interface Membership {
  companyId: string;
  userId: string;
  companyRole: CompanyRole;
  permissions: ClientPermission[];
  isActive: boolean;
}

export interface CompanyScope {
  companyId: string;
  /** Undefined for an ADMIN acting on a company it is not a member of. */
  membership: Membership | undefined;
}

export type MembershipLookup = (companyId: string, userId: string) => Promise<Membership | undefined>;
export type CompanyExists = (companyId: string) => Promise<boolean>;

const COMPANY_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function resolveCompanyId(
  pathCompanyId: string | undefined,
  headerCompanyId: string | undefined,
  /** A route whose client may send the company in the body (`RouteDef.companyInBody`). */
  body?: { companyId: string | undefined; missingMessage: string },
): string {
  const fromHeader = headerCompanyId?.trim() || undefined;
  const companyId = pathCompanyId ?? fromHeader ?? (body?.companyId?.trim() || undefined);
  if (!companyId)
    throw new AppError('CORE_004', body?.missingMessage ?? 'Company ID is required', {
      field: 'x-company-id',
    });
  if (pathCompanyId && fromHeader && pathCompanyId !== fromHeader) {
    throw new AppError('CORE_004', 'La empresa de la cabecera x-company-id no coincide con la de la ruta.', {
      field: 'x-company-id',
    });
  }
  // A malformed id cannot belong to anyone: refuse it like any other foreign company.
  if (!COMPANY_ID.test(companyId)) throw new AppError('CORE_003');
  return companyId;
}

export async function checkCompanyScope(
  auth: AuthContext,
  companyId: string,
  lookup: MembershipLookup,
  exists: CompanyExists,
): Promise<CompanyScope> {
  const membership = await lookup(companyId, auth.userId);
  if (membership?.isActive) return { companyId, membership };
  if (auth.isAdmin && (await exists(companyId))) return { companyId, membership: undefined };
  throw new AppError('CORE_003');
}

export const dynamoMembershipLookup: MembershipLookup = async (companyId, userId) => {
  const res = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.membership(companyId, userId) }),
  );
  const item = res.Item;
  if (!item) return undefined;
  return {
    companyId,
    userId,
    companyRole: item.companyRole as CompanyRole,
    permissions: (item.permissions ?? []) as ClientPermission[],
    isActive: item.isActive !== false,
  };
};

export const dynamoCompanyExists: CompanyExists = async (companyId) => {
  const res = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.company(companyId), ProjectionExpression: 'pk' }),
  );
  return Boolean(res.Item);
};
