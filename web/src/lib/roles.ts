/** Platform roles (Cognito groups) and client permissions as the interface names them (spec part 1 §6). */
import type { Role } from '@shared/api/routes';
import type { ClientPermission } from '@shared/db/records';

export type { ClientPermission, Role };

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  GESTOR: 'Gestor',
  CLIENTE: 'Cliente',
};

export const CLIENT_PERMISSION_LABELS: Record<ClientPermission, string> = {
  VIEW_INVOICES: 'Ver facturas',
  VIEW_TAX_DOCUMENTS: 'Ver documentos fiscales',
  VIEW_ACCOUNTING_DATA: 'Ver datos contables',
  UPLOAD_DOCUMENTS: 'Subir documentos',
};

/** One role per user: ADMIN above GESTOR above CLIENTE; no group at all reads as CLIENTE. */
export function primaryRole(groups: readonly string[]): Role {
  if (groups.includes('ADMIN')) return 'ADMIN';
  if (groups.includes('GESTOR')) return 'GESTOR';
  return 'CLIENTE';
}

/** Spec part 1 §6: ADMIN passes every role gate. */
export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return role === 'ADMIN' || allowed.includes(role);
}

/** 'Administrador', 'Administrador o Gestor', 'Administrador, Gestor o Cliente'. */
export function roleNames(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_LABELS[role]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
}
