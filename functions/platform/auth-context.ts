/**
 * Who is calling: built from the claims the Cognito authorizer put on the event.
 * API Gateway passes claims as strings (`cognito:groups` as "A,B" or "[A B]"), the local gateway
 * mimics that, and unit tests may pass arrays: all three are accepted.
 */

import { AppError } from '@shared/api/errors';
import { ROLES, type Role } from '@shared/api/routes';

export interface AuthContext {
  userId: string;
  username: string;
  groups: Role[];
  /** The highest role: ADMIN > GESTOR > CLIENTE. */
  role: Role;
  isAdmin: boolean;
}

export function parseGroups(raw: unknown): Role[] {
  let items: string[] = [];
  if (Array.isArray(raw)) items = raw.map(String);
  else if (typeof raw === 'string') items = raw.replace(/^\[|\]$/g, '').split(/[\s,]+/);
  return ROLES.filter((r) => items.includes(r));
}

export function authFromClaims(claims: Record<string, unknown> | undefined | null): AuthContext {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') throw new AppError('CORE_001');
  const groups = parseGroups(claims?.['cognito:groups']);
  const role: Role = groups.includes('ADMIN') ? 'ADMIN' : groups.includes('GESTOR') ? 'GESTOR' : 'CLIENTE';
  const username = typeof claims?.username === 'string' ? claims.username : sub;
  return { userId: sub, username, groups, role, isAdmin: role === 'ADMIN' };
}

/** Role gate of a route: ADMIN always passes (spec part 1 §6). */
export function assertRoles(auth: AuthContext, roles: readonly Role[] | undefined): void {
  if (!roles || auth.isAdmin) return;
  if (!roles.some((r) => auth.groups.includes(r))) throw new AppError('CORE_002');
}
