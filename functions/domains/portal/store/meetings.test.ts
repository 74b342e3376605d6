/**
 * The meetings store on the in-memory table: bounded ranges by start (gsi1) with the CLIENTE filter,
 * and a change conditioned on the version read (a lost race writes nothing, not even its notices).
 */

import { AppError } from '@shared/api/errors';
import { describe, expect, it } from 'vitest';
import { cancelMeeting, confirmMeeting } from '../model/meeting';
import { CLIENT, CLIENT2, CO, GESTOR, T0 } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { getMeeting, queryMeetings, writeMeeting } from './meetings';
import { notificationWrites } from './notify';
import { createMeetingRequest } from './workflow';

const { table, deps } = portalFixture();
const actor = (userId: string, companyRole: 'CLIENTE' | 'GESTOR') => ({
  userId,
  isAdmin: false,
  companyRole,
});

const ask = (userId: string, date: string, time: string) =>
  createMeetingRequest(deps, CO, actor(userId, 'CLIENTE'), {
    date,
    time,
    duration: 30,
    type: 'IN_PERSON',
    subject: `Reunión ${date} ${time}`,
    priority: 'NORMAL',
  });

describe('meetings store', () => {
  it('reads a bounded range by start, oldest first or newest first, a client only its own', async () => {
    const a = await ask(CLIENT, '2026-03-11', '09:00');
    const b = await ask(CLIENT2, '2026-03-11', '12:00');
    const c = await ask(CLIENT, '2026-03-12', '09:00');
    const ids = (ms: { meetingId: string }[]) => ms.map((m) => m.meetingId);
    const day = await queryMeetings(deps, CO, {
      from: '2026-03-10T23:00:00.000Z',
      to: '2026-03-11T23:00:00.000Z',
    });
    expect(ids(day)).toEqual([a.meetingId, b.meetingId]);
    expect(
      ids(await queryMeetings(deps, CO, { from: '2026-03-10T23:00:00.000Z', clientId: CLIENT })),
    ).toEqual([a.meetingId, c.meetingId]);
    expect(
      ids(await queryMeetings(deps, CO, { to: '2026-03-12T12:00:00.000Z', descending: true, limit: 2 })),
    ).toEqual([c.meetingId, b.meetingId]);
  });

  it('refuses a change made on a stale read, writing none of its items', async () => {
    const m = await ask(CLIENT, '2026-03-11', '09:00');
    const read = (await getMeeting(deps, CO, m.meetingId))!;
    const confirmed = confirmMeeting(read, actor(GESTOR, 'GESTOR'), T0, {});
    await writeMeeting(deps, read, confirmed, []);
    const cancelled = cancelMeeting(read, actor(CLIENT, 'CLIENTE'), T0, undefined);
    const notice = notificationWrites(deps, T0, {
      userId: GESTOR,
      companyId: CO,
      type: 'meeting_cancelled',
      title: 'Reunión cancelada',
      message: 'x',
      severity: 'warning',
      meetingId: m.meetingId,
    });
    const before = table.all('Notification').length;
    const err = await writeMeeting(deps, read, cancelled, notice).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'MEETING_CONFLICT', status: 409 });
    expect(table.all('Notification')).toHaveLength(before);
    expect((await getMeeting(deps, CO, m.meetingId))?.status).toBe('CONFIRMED');
  });
});
