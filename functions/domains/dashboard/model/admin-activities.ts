/**
 * The administrator's recent activity (spec part 3 §2 Admin dashboard; §9 "Admin activity default
 * 10"): real platform events — registrations, companies created, subscriptions started — merged
 * newest first, with Spanish texts. Pure.
 */

import { subscriptionStatusLabels } from '@shared/schemas/billing';
import type { AdminActivity } from '@shared/schemas/dashboard';
import type { DirectoryUser, StoredSubscription } from './admin-stats';

export interface DirectoryCompany {
  companyId: string;
  name: string;
  nif: string;
  companyType: string;
  createdBy: string | null;
  createdAt: string;
}

const ROLE_LABELS: Record<string, string> = { ADMIN: 'Administrador', GESTOR: 'Gestor', CLIENTE: 'Cliente' };

export const displayName = (u: Pick<DirectoryUser, 'firstName' | 'lastName' | 'email'>): string =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The `limit` newest events among the three kinds. */
export function adminActivities(
  input: {
    users: DirectoryUser[];
    companies: DirectoryCompany[];
    subscriptions: StoredSubscription[];
  },
  limit: number,
): AdminActivity[] {
  const byId = new Map(input.users.map((u) => [u.userId, u]));
  const who = (userId: string | null) => {
    const u = userId ? byId.get(userId) : undefined;
    return u ? displayName(u) : 'Usuario desconocido';
  };
  const events: AdminActivity[] = [
    ...input.users.map((u) => ({
      id: `user-${u.userId}`,
      action: 'Nuevo usuario registrado',
      user: displayName(u),
      details: `${u.email} · ${ROLE_LABELS[u.role] ?? u.role}`,
      time: u.createdAt,
    })),
    ...input.companies.map((c) => ({
      id: `company-${c.companyId}`,
      action: 'Empresa creada',
      user: who(c.createdBy),
      details: `${c.name} (${c.nif}) · ${c.companyType}`,
      time: c.createdAt,
    })),
    ...input.subscriptions.map((s) => ({
      id: `subscription-${s.subscriptionId}`,
      action: s.status === 'TRIAL' ? 'Periodo de prueba iniciado' : 'Suscripción iniciada',
      user: who(s.userId),
      details: `${s.planName} · ${subscriptionStatusLabels[s.status] ?? s.status}`,
      time: s.startedAt,
    })),
  ];
  return events
    .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : a.id < b.id ? -1 : 1))
    .slice(0, limit);
}
