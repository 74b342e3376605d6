/**
 * The meetings routes (meetings.*): a member requests a meeting with the company's advisor; the
 * advisor (a manager) confirms it or proposes another time; the client accepts a proposal; either
 * side cancels; the advisor closes it as held or missed. A CLIENTE sees only its own meetings.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  CancelMeetingBody,
  ConfirmMeetingBody,
  MeetingListQuery,
  MeetingPath,
  MeetingRequestBody,
  ProposeMeetingBody,
} from '@shared/schemas/meetings';
import { toMeeting } from '../model/meeting';
import { madridDay, madridInstant } from '../model/time';
import type { PortalDeps } from '../store/deps';
import { queryMeetings } from '../store/meetings';
import {
  actorOf,
  createMeetingRequest,
  type TransitionInput,
  transitionMeeting,
  visibleMeeting,
} from '../store/workflow';

/** Without `from`, the list starts 30 days back (Madrid days); without `to`, it runs to the last one. */
export const LIST_DEFAULT_DAYS_BACK = 30;

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const listMeetingsRoute = defineCompanyAction({
  query: MeetingListQuery,
  run: async ({ auth, scope, query }, deps: PortalDeps) => {
    const now = deps.now();
    const actor = actorOf(auth, scope);
    if (query.from && query.to && query.from > query.to)
      throw new AppError('CORE_004', 'La fecha inicial no puede ser posterior a la final.', {
        field: 'from',
      });
    const fromDay = query.from ?? madridDay(new Date(now.getTime() - LIST_DEFAULT_DAYS_BACK * 86_400_000));
    const meetings = await queryMeetings(deps, scope.companyId, {
      from: madridInstant(fromDay, '00:00'),
      to: query.to ? madridInstant(nextDay(query.to), '00:00') : undefined,
      clientId: actor.companyRole === 'CLIENTE' && !actor.isAdmin ? actor.userId : undefined,
    });
    return meetings.filter((m) => !query.status || m.status === query.status).map((m) => toMeeting(m, now));
  },
});

export const requestMeetingRoute = defineCompanyAction({
  body: MeetingRequestBody,
  status: 201,
  run: ({ auth, scope, body }, deps: PortalDeps) =>
    createMeetingRequest(deps, scope.companyId, actorOf(auth, scope), body),
});

export const getMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  run: async ({ auth, scope, params }, deps: PortalDeps) =>
    toMeeting(
      await visibleMeeting(deps, scope.companyId, params.meetingId, actorOf(auth, scope)),
      deps.now(),
    ),
});

const transition =
  <B>(toInput: (body: B) => TransitionInput) =>
  (
    {
      auth,
      scope,
      params,
      body,
    }: {
      auth: Parameters<typeof actorOf>[0];
      scope: Parameters<typeof actorOf>[1];
      params: { meetingId: string };
      body: B;
    },
    deps: PortalDeps,
  ) =>
    transitionMeeting(deps, scope.companyId, params.meetingId, actorOf(auth, scope), toInput(body));

export const confirmMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  body: ConfirmMeetingBody.optional().default({}),
  run: transition((b: { location?: string | undefined }) => ({ kind: 'confirm', location: b.location })),
});

export const proposeMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  body: ProposeMeetingBody,
  run: transition((b: { date: string; time: string; message?: string | undefined }) => ({
    kind: 'propose',
    date: b.date,
    time: b.time,
    message: b.message,
  })),
});

export const acceptMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  run: transition(() => ({ kind: 'accept' })),
});

export const cancelMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  body: CancelMeetingBody.optional().default({}),
  run: transition((b: { reason?: string | undefined }) => ({ kind: 'cancel', reason: b.reason })),
});

export const completeMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  run: transition(() => ({ kind: 'complete' })),
});

export const noShowMeetingRoute = defineCompanyAction({
  params: MeetingPath,
  run: transition(() => ({ kind: 'noShow' })),
});
