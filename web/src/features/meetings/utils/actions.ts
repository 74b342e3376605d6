/**
 * Which answers a meeting offers to whom (spec part 3 §9 Meetings; the server enforces the same):
 * - the advisor (staff: OWNER or GESTOR) confirms a REQUESTED meeting, proposes another time for a
 *   REQUESTED or CONFIRMED one, and marks a CONFIRMED one held or not attended once it has started;
 * - the client accepts a PROPOSED time;
 * - either side cancels an open meeting (REQUESTED, PROPOSED, CONFIRMED);
 * - rescheduling and cancelling stop 2 hours before the start.
 */
import { MEETING_RESCHEDULE_UNTIL_HOURS, type Meeting } from '@shared/schemas/meetings';

export type MeetingAction = 'confirm' | 'propose' | 'accept' | 'cancel' | 'complete' | 'noShow';

export interface MeetingViewer {
  userId: string | null;
  /** May answer for the company (OWNER, GESTOR or administrator). */
  isStaff: boolean;
}

const OPEN = new Set(['REQUESTED', 'PROPOSED', 'CONFIRMED']);

export function meetingActions(
  meeting: Pick<Meeting, 'status' | 'startsAt' | 'clientId'>,
  viewer: MeetingViewer,
  now: Date,
): MeetingAction[] {
  const startsAt = Date.parse(meeting.startsAt);
  const started = now.getTime() >= startsAt;
  const changeable = now.getTime() < startsAt - MEETING_RESCHEDULE_UNTIL_HOURS * 3_600_000;
  const isClient = viewer.userId !== null && viewer.userId === meeting.clientId;
  const out: MeetingAction[] = [];
  if (viewer.isStaff && meeting.status === 'REQUESTED' && !started) out.push('confirm');
  if (viewer.isStaff && changeable && (meeting.status === 'REQUESTED' || meeting.status === 'CONFIRMED')) {
    out.push('propose');
  }
  if (isClient && meeting.status === 'PROPOSED') out.push('accept');
  if ((viewer.isStaff || isClient) && changeable && OPEN.has(meeting.status)) out.push('cancel');
  if (viewer.isStaff && meeting.status === 'CONFIRMED' && started) out.push('complete', 'noShow');
  return out;
}
