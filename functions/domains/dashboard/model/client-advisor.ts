/**
 * The client portal's advisor card (spec part 3 §2 Client dashboard, §3 Client dashboard data,
 * §9 "Advisor hours"). Pure.
 *
 * Who the advisor is: the company's active GESTOR member (the oldest membership when there are
 * several), else an active OWNER; never the caller itself; nobody → the client is on its own
 * (`isAutonomous`). The meetings area (portal's `pickAdvisor`) picks the advisor with the same rule,
 * so 'Schedule meeting' is offered exactly when a request would be accepted.
 */

import { allows } from '@shared/api/access';
import type { ClientPermission, CompanyRole, MembershipRecord } from '@shared/db/records';
import type { AdvisorInfo } from '@shared/schemas/dashboard';

export const ADVISOR_HOURS = 'Lunes a viernes, 9:00-18:00';
export const NO_ADVISOR_NAME = 'Sin gestor asignado';

export type AdvisorCandidate = Pick<
  MembershipRecord,
  'userId' | 'companyRole' | 'isActive' | 'createdAt' | 'email' | 'firstName' | 'lastName'
>;

/** The company's advisor for `callerId`, or undefined when it has none. */
export function selectAdvisor(members: AdvisorCandidate[], callerId: string): AdvisorCandidate | undefined {
  const eligible = members
    .filter((m) => m.isActive && m.userId !== callerId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.userId.localeCompare(b.userId));
  return eligible.find((m) => m.companyRole === 'GESTOR') ?? eligible.find((m) => m.companyRole === 'OWNER');
}

export interface AdvisorFacts {
  advisor: AdvisorCandidate | undefined;
  /** The advisor's profile (name, e-mail, phone), when stored. */
  profile: { firstName: string; lastName: string; email: string; phone: string | null } | undefined;
  /**
   * The advisor's stored WebSocket connections (`connectedAt` ISO, `ttl` epoch seconds): a live one
   * (TTL not past) means online; the latest `connectedAt` is the last time seen (no login is stored).
   */
  connections: { connectedAt: string; ttl: number }[];
}

export interface CallerAccess {
  isAdmin: boolean;
  membership: { companyRole: CompanyRole; permissions: readonly ClientPermission[] } | undefined;
}

/** The card: contact, presence and the actions the client may take with its advisor. */
export function advisorInfo(facts: AdvisorFacts, caller: CallerAccess, now: Date): AdvisorInfo {
  const a = facts.advisor;
  if (!a) {
    return {
      userId: null,
      name: NO_ADVISOR_NAME,
      email: null,
      phone: null,
      isOnline: false,
      lastSeen: null,
      isAutonomous: true,
      message: null,
      availableActions: { uploadDocument: false, quickQuery: false, scheduleMeeting: false },
      hours: ADVISOR_HOURS,
    };
  }
  const p = facts.profile;
  const name = (p ? `${p.firstName} ${p.lastName}` : `${a.firstName} ${a.lastName}`).trim();
  const nowMs = now.getTime();
  const live = facts.connections.filter((c) => c.ttl * 1000 > nowMs);
  const lastSeen =
    facts.connections
      .map((c) => c.connectedAt)
      .sort()
      .at(-1) ?? null;
  return {
    userId: a.userId,
    name: name || (p?.email ?? a.email),
    email: p?.email ?? a.email ?? null,
    phone: p?.phone ?? null,
    isOnline: live.length > 0,
    lastSeen,
    isAutonomous: false,
    message: null,
    availableActions: {
      uploadDocument: allows('documents.upload', caller),
      // Messaging arrives with issue 21.
      quickQuery: false,
      scheduleMeeting: true,
    },
    hours: ADVISOR_HOURS,
  };
}
