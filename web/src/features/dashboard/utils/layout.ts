/**
 * Which dashboard /app/dashboard shows (spec part 3 §2 "Dashboard layout selection"):
 * - no user, or an unknown role → the autonomous client's company dashboard ('Mi Empresa');
 * - ADMIN → the system dashboard;
 * - GESTOR → the gestor-type call decides: a GESTORIA is the consolidated advisor view; any other
 *   type (or the call unanswered) is one of three variants by its company set — every company an
 *   AUTONOMO and just one → autonomous, one company → single company, several → consolidated;
 * - CLIENTE → autonomous when isAutonomous; else the with-advisor client dashboard when it was
 *   invited (invitedByUserId); else autonomous.
 */
import type { CompanyEntry } from '@shared/schemas/companies';
import type { GestorType } from '@shared/schemas/identity';

export type DashboardLayout = 'AUTONOMOUS' | 'COMPANY' | 'CONSOLIDATED' | 'ADVISOR' | 'ADMIN' | 'CLIENT';

export interface LayoutUser {
  role: string;
  isAutonomous: boolean;
  invitedByUserId: string | null;
}

export interface LayoutInput {
  /** The signed-in user's profile; null or undefined when unknown. */
  user: LayoutUser | null | undefined;
  /** `users.gestorType`'s type (asked only for a GESTOR); null when not answered. */
  gestorType?: GestorType | null;
  /** The user's companies (their types are what matters). */
  companies: readonly { companyType: CompanyEntry['companyType'] | string }[];
}

export function selectDashboardLayout({ user, gestorType, companies }: LayoutInput): DashboardLayout {
  if (!user) return 'AUTONOMOUS';
  switch (user.role) {
    case 'ADMIN':
      return 'ADMIN';
    case 'GESTOR': {
      if (gestorType === 'GESTORIA') return 'ADVISOR';
      if (companies.length === 1) return companies[0]?.companyType === 'AUTONOMO' ? 'AUTONOMOUS' : 'COMPANY';
      if (companies.length > 1) return 'CONSOLIDATED';
      return 'AUTONOMOUS';
    }
    case 'CLIENTE':
      if (user.isAutonomous) return 'AUTONOMOUS';
      return user.invitedByUserId ? 'CLIENT' : 'AUTONOMOUS';
    default:
      return 'AUTONOMOUS';
  }
}

/** The layouts that need the gestor-type call before deciding. */
export const needsGestorType = (user: LayoutUser | null | undefined): boolean => user?.role === 'GESTOR';
