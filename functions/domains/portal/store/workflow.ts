/**
 * The meeting workflow over the store: who acts, the meeting it may see (a CLIENTE only its own; any
 * other is 404 as if it did not exist), each transition with what it tells whom, in one transaction.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers } from '@functions/lib/directory';
import type { AuthContext } from '@functions/platform/auth-context';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import type { CompanyScope } from '@functions/platform/company-scope';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { UserProfile } from '@shared/db/records';
import type { Meeting, MeetingRequestBody } from '@shared/schemas/meetings';
import {
  type Actor,
  type AdvisorInfo,
  acceptProposal,
  cancelMeeting,
  canSee,
  closeMeeting,
  confirmMeeting,
  effectiveStart,
  fullName,
  type MeetingRecord,
  newMeetingId,
  pickAdvisor,
  proposeMeeting,
  requestMeeting,
  toMeeting,
} from '../model/meeting';
import { dateEs, madridClock, madridDay } from '../model/time';
import type { PortalDeps } from './deps';
import { clearReminderClaims, companyName, getMeeting, writeMeeting } from './meetings';
import { confirmationWrites, noticeWrites } from './notify';

export const actorOf = (auth: AuthContext, scope: CompanyScope): Actor => ({
  userId: auth.userId,
  isAdmin: auth.isAdmin,
  companyRole: scope.membership?.companyRole,
});

const notFound = () => new AppError('CORE_006', 'La reunión no existe.');

/** The meeting if the actor may see it; 404 otherwise (a CLIENTE never learns of another's). */
export async function visibleMeeting(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  companyId: string,
  meetingId: string,
  actor: Actor,
): Promise<MeetingRecord> {
  const m = await getMeeting(deps, companyId, meetingId);
  if (!m || !canSee(m, actor)) throw notFound();
  return m;
}

const when = (startsAt: string) => `el ${dateEs(madridDay(startsAt))} a las ${madridClock(startsAt)}`;

async function profileOf(
  deps: Pick<PortalDeps, 'db' | 'table'>,
  userId: string,
): Promise<UserProfile | undefined> {
  const res = await deps.db.send(new GetCommand({ TableName: deps.table, Key: keys.userProfile(userId) }));
  return res.Item as UserProfile | undefined;
}

/** A new request: the company's advisor is told in the app; the invitation comes with the confirmation. */
export async function createMeetingRequest(
  deps: PortalDeps,
  companyId: string,
  actor: Actor,
  body: MeetingRequestBody,
): Promise<Meeting> {
  const now = deps.now();
  const members = await listCompanyMembers(deps, companyId);
  const advisor = pickAdvisor(members, actor.userId);
  if (!advisor) throw new AppError('CORE_004', 'La empresa no tiene gestor asignado');
  const me = members.find((m) => m.userId === actor.userId);
  const profile = me ? undefined : await profileOf(deps, actor.userId);
  const client = me
    ? { userId: me.userId, name: fullName(me), email: me.email || null }
    : {
        userId: actor.userId,
        name: profile ? fullName(profile) : actor.userId,
        email: profile?.email ?? null,
      };
  const record = requestMeeting({
    meetingId: newMeetingId(now, deps.newId()),
    companyId,
    companyName: await companyName(deps, companyId),
    client,
    advisor: { userId: advisor.userId, name: fullName(advisor), email: advisor.email || null },
    body,
    now,
  });
  const effects = await noticeWrites(deps, now, {
    userId: advisor.userId,
    companyId,
    type: 'meeting_requested',
    title: 'Nueva solicitud de reunión',
    message: `${client.name} solicita una reunión ${when(record.startsAt)}: "${record.subject}". Confírmala antes del ${dateEs(madridDay(record.confirmBy))} a las ${madridClock(record.confirmBy)}.`,
    severity: record.priority === 'HIGH' ? 'warning' : 'info',
    meetingId: record.meetingId,
  });
  await writeMeeting(deps, null, record, effects);
  return toMeeting(record, now);
}

/** The caller as the meeting's advisor (when it is a member of the company). */
async function advisorInfo(
  deps: PortalDeps,
  companyId: string,
  actor: Actor,
): Promise<AdvisorInfo | undefined> {
  if (actor.companyRole === undefined) return undefined;
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.membership(companyId, actor.userId) }),
  );
  const m = res.Item as { firstName?: string; lastName?: string; email?: string } | undefined;
  if (!m) return undefined;
  return {
    userId: actor.userId,
    name: fullName({ firstName: m.firstName ?? '', lastName: m.lastName ?? '' }),
    email: m.email || null,
  };
}

export type TransitionKind = 'confirm' | 'propose' | 'accept' | 'cancel' | 'complete' | 'noShow';

export type TransitionInput =
  | { kind: 'confirm'; location?: string | undefined }
  | { kind: 'propose'; date: string; time: string; message?: string | undefined }
  | { kind: 'accept' }
  | { kind: 'cancel'; reason?: string | undefined }
  | { kind: 'complete' }
  | { kind: 'noShow' };

/** Applies one transition to a meeting the actor sees, with its notices, in one transaction. */
export async function transitionMeeting(
  deps: PortalDeps,
  companyId: string,
  meetingId: string,
  actor: Actor,
  input: TransitionInput,
): Promise<Meeting> {
  const before = await visibleMeeting(deps, companyId, meetingId, actor);
  const now = deps.now();
  let after: MeetingRecord;
  let effects: TransactItem[] = [];
  switch (input.kind) {
    case 'confirm': {
      after = confirmMeeting(before, actor, now, {
        location: input.location,
        advisor: await advisorInfo(deps, companyId, actor),
      });
      effects = await confirmationWrites(deps, now, after, {
        userId: after.clientId,
        title: 'Reunión confirmada',
        message: `${after.advisorName ?? 'Tu gestor'} ha confirmado la reunión "${after.subject}" ${when(after.startsAt)}.`,
      });
      break;
    }
    case 'propose': {
      after = proposeMeeting(before, actor, now, {
        date: input.date,
        time: input.time,
        message: input.message,
        advisor: await advisorInfo(deps, companyId, actor),
      });
      effects = await noticeWrites(deps, now, {
        userId: after.clientId,
        companyId,
        type: 'meeting_proposed',
        title: 'Nueva hora propuesta para tu reunión',
        message: `${after.advisorName ?? 'Tu gestor'} propone ${when(after.proposed!.startsAt)} para "${after.subject}".${after.proposed?.message ? ` ${after.proposed.message}` : ''}`,
        severity: 'warning',
        meetingId,
      });
      break;
    }
    case 'accept': {
      after = acceptProposal(before, actor, now);
      effects = [
        ...clearReminderClaims(deps, before),
        ...(await confirmationWrites(deps, now, after, {
          userId: after.advisorId ?? '',
          title: 'Reunión confirmada',
          message: `${after.clientName} ha aceptado la nueva hora de "${after.subject}": ${when(after.startsAt)}.`,
        })),
      ];
      break;
    }
    case 'cancel': {
      after = cancelMeeting(before, actor, now, input.reason);
      const others = [after.clientId, after.advisorId].filter(
        (u): u is string => typeof u === 'string' && u !== actor.userId,
      );
      for (const userId of others)
        effects.push(
          ...(await noticeWrites(deps, now, {
            userId,
            companyId,
            type: 'meeting_cancelled',
            title: 'Reunión cancelada',
            message: `Se ha cancelado la reunión "${after.subject}" ${when(effectiveStart(before))}.${after.cancelReason ? ` Motivo: ${after.cancelReason}` : ''}`,
            severity: 'warning',
            meetingId,
          })),
        );
      break;
    }
    case 'complete':
      after = closeMeeting(before, actor, now, 'COMPLETED');
      break;
    case 'noShow':
      after = closeMeeting(before, actor, now, 'NO_SHOW');
      break;
  }
  await writeMeeting(deps, before, after, effects);
  return toMeeting(after, now);
}
