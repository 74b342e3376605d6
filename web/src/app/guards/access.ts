/**
 * Access rules of a page, as data on its route (spec part 1 §2, §6): the roles that may open it,
 * the client permission a CLIENTE needs, and the plan feature it belongs to. `evaluateAccess`
 * decides, in the order the guards apply them: role, then permission, then plan.
 */
import { hasAccounting, hasPayroll, type PlanGateInput } from '@shared/schemas/billing';
import { type ClientPermission, hasRole, type Role } from '@web/lib/roles';

/** Features sold with the Professional plan (payroll also as an add-on). */
export type PlanFeature = 'accounting' | 'payroll';

export interface RouteAccess {
  /** Who may open the page; ADMIN always may. Absent: every signed-in user. */
  roles?: readonly Role[];
  /** Spec part 1 §6: what a CLIENTE needs in the selected company; ADMIN and GESTOR pass. */
  permission?: ClientPermission;
  /** The plan feature the page belongs to ('Funcionalidad Premium' without it). */
  plan?: PlanFeature;
}

export const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  accounting: 'contabilidad',
  payroll: 'nóminas',
};

export interface AccessContext {
  role: Role;
  /** The caller's permissions in the selected company (only read for a CLIENTE). */
  permissions: readonly ClientPermission[];
  /** The caller's subscription; null when there is none. */
  subscription: PlanGateInput | null;
}

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'role'; roles: readonly Role[] }
  | { allowed: false; reason: 'permission'; permission: ClientPermission }
  | { allowed: false; reason: 'plan'; feature: PlanFeature };

export const needsPermissionCheck = (access: RouteAccess, role: Role): boolean =>
  access.permission !== undefined && role === 'CLIENTE';

/** An administrator is not a subscriber: plan gates let ADMIN through, like role gates. */
export const needsPlanCheck = (access: RouteAccess, role: Role): boolean =>
  access.plan !== undefined && role !== 'ADMIN';

export function evaluateAccess(access: RouteAccess, context: AccessContext): AccessDecision {
  if (access.roles && !hasRole(context.role, access.roles)) {
    return { allowed: false, reason: 'role', roles: access.roles };
  }
  if (access.permission && needsPermissionCheck(access, context.role)) {
    if (!context.permissions.includes(access.permission)) {
      return { allowed: false, reason: 'permission', permission: access.permission };
    }
  }
  if (access.plan && needsPlanCheck(access, context.role)) {
    const unlocked = access.plan === 'accounting' ? hasAccounting : hasPayroll;
    if (!unlocked(context.subscription)) return { allowed: false, reason: 'plan', feature: access.plan };
  }
  return { allowed: true };
}
