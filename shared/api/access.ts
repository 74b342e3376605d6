/**
 * Who may call a company-scoped route, as data (spec part 1 §6, ARCHITECTURE §4). Each row of the
 * route table names one of these policies; the pipeline enforces it after the membership check
 * (403 CORE_002), and the web reads the same policies to show only the actions a person may take.
 *
 * A policy lists the company roles (of the caller's membership) that pass; ADMIN always passes.
 * A CLIENTE (the gestoría's client in the portal) passes only when listed and, where the policy
 * names a client permission, only with that permission on its membership.
 */

import type { ClientPermission, CompanyRole } from '../db/records';
import { type RouteId, routes } from './routes';

export interface AccessPolicy {
  /** Company roles that pass (ADMIN always passes, member or not). */
  readonly companyRoles: readonly CompanyRole[];
  /** A CLIENTE member passes only with this permission on its membership. */
  readonly clientPermission?: ClientPermission;
}

const EVERY_MEMBER = ['OWNER', 'GESTOR', 'MEMBER', 'CLIENTE'] as const;
const STAFF = ['OWNER', 'GESTOR', 'MEMBER'] as const;
const MANAGERS = ['OWNER', 'GESTOR'] as const;

export const accessPolicies = {
  /** Any member of the company (its own notifications, its own membership, the company's name). */
  member: { companyRoles: EVERY_MEMBER },
  /** The company's staff: owner, gestor and ordinary members; never a CLIENTE. */
  staff: { companyRoles: STAFF },
  /** Who administers the company: its owner and its gestor. */
  manage: { companyRoles: MANAGERS },
  /** Invoicing data (issued and received invoices, customers, suppliers, PDFs): read. */
  'invoices.read': { companyRoles: EVERY_MEMBER, clientPermission: 'VIEW_INVOICES' },
  /** Invoicing data: write. */
  'invoices.write': { companyRoles: STAFF },
  /** Tax documents (VeriFacTu records, fiscal calendar, tax models): read. */
  'tax.read': { companyRoles: EVERY_MEMBER, clientPermission: 'VIEW_TAX_DOCUMENTS' },
  /** Tax configuration and submissions to the AEAT: owner and gestor. */
  'tax.write': { companyRoles: MANAGERS },
  /** Accounting data: read. */
  'accounting.read': { companyRoles: EVERY_MEMBER, clientPermission: 'VIEW_ACCOUNTING_DATA' },
  /** Accounting: manual entries, lock, sub-accounts and mappings: the company's staff. */
  'accounting.write': { companyRoles: STAFF },
  /** Accounting: closing periods and the fiscal year, unlocking: who administers the company. */
  'accounting.manage': { companyRoles: MANAGERS },
  /** Documents a client sends to its gestoría. */
  'documents.upload': { companyRoles: EVERY_MEMBER, clientPermission: 'UPLOAD_DOCUMENTS' },
  /** The company's documents: staff see all; a client with UPLOAD_DOCUMENTS sees only what it uploaded (the action narrows). */
  'documents.read': { companyRoles: EVERY_MEMBER, clientPermission: 'UPLOAD_DOCUMENTS' },
  /** Reading results, reviews, categories and the smart inbox: the company's staff. */
  'documents.review': { companyRoles: STAFF },
  /** The inbox's configuration and mailbox credentials: who administers the company. */
  'documents.manage': { companyRoles: MANAGERS },
  /** Banking and treasury (issue 19): accounts, movements, reconciliation, forecasts: the company's staff. */
  'banking.read': { companyRoles: STAFF },
  /** Imports, matching, rules, mandates, follow-up notes: the company's staff. */
  'banking.write': { companyRoles: STAFF },
  /** Open-banking consents, approving a reconciliation, payment orders, the creditor settings: owner and gestor. */
  'banking.manage': { companyRoles: MANAGERS },
} as const satisfies Record<string, AccessPolicy>;

export type AccessName = keyof typeof accessPolicies;

/** What the policy check needs to know of the caller: ADMIN or not, and its membership if any. */
export interface AccessSubject {
  isAdmin: boolean;
  membership?: { companyRole: CompanyRole; permissions: readonly ClientPermission[] } | undefined;
}

/** Whether `who` passes the named policy. Pure: the pipeline and the web call the same function. */
export function allows(name: AccessName, who: AccessSubject): boolean {
  if (who.isAdmin) return true;
  const m = who.membership;
  if (!m) return false;
  const policy: AccessPolicy = accessPolicies[name];
  if (!policy.companyRoles.includes(m.companyRole)) return false;
  if (m.companyRole === 'CLIENTE' && policy.clientPermission)
    return m.permissions.includes(policy.clientPermission);
  return true;
}

/**
 * Whether `who` may call a route (the web hides what it may not): a company-scoped route's policy,
 * for the selected company's membership. A route that is not company-scoped has no policy here
 * (its gate is the Cognito group of `roles`, known to the web's role guards): true.
 */
export function canCall(routeId: RouteId, who: AccessSubject): boolean {
  const access = routes[routeId].access;
  return access === undefined || allows(access, who);
}
