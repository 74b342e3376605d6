/**
 * The `appointment-reminders` schedule over the in-memory table: a confirmed meeting's 60-minute
 * reminder reaches both sides once, even when the schedule runs twice or two runs race; the index
 * moves to the next reminder; a run "as if" it were another time (the event's `time`); preferences.
 */

import { createLogger } from '@functions/platform/logger';
import { keys } from '@shared/db/keys';
import { describe, expect, it } from 'vitest';
import { setReminder } from '../actions/appointments';
import type { MeetingRecord } from '../model/meeting';
import { toRecord } from '../store/meetings';
import { createMeetingRequest, transitionMeeting } from '../store/workflow';
import { CLIENT, CO, GESTOR, setPreferences, T0 } from '../testing/fixtures';
import { portalFixture } from '../testing/portal-fixture';
import { listDueReminders, remindMeeting, runInstant, runReminders } from './send-reminders';

const { table, clock, deps } = portalFixture();
const log = createLogger({ test: 'send-reminders' });
const client = { userId: CLIENT, isAdmin: false, companyRole: 'CLIENTE' as const };
const gestor = { userId: GESTOR, isAdmin: false, companyRole: 'GESTOR' as const };

/** A meeting on 2026-03-11 at 10:00 Madrid (09:00Z), confirmed. */
async function confirmed(): Promise<string> {
  const m = await createMeetingRequest(deps, CO, client, {
    date: '2026-03-11',
    time: '10:00',
    duration: 45,
    type: 'PHONE',
    subject: 'Renta 2025',
    priority: 'NORMAL',
  });
  await transitionMeeting(deps, CO, m.meetingId, gestor, { kind: 'confirm' });
  return m.meetingId;
}

const reminders = () =>
  table.all('Notification').filter((n) => n.type === 'meeting_reminder') as unknown as {
    userId: string;
    message: string;
    severity: string;
    link: string;
  }[];
const stored = (id: string) =>
  toRecord(table.get(keys.meeting(CO, id))!) as MeetingRecord & { gsi2sk?: string };

describe('appointment reminders', () => {
  it('sends nothing before the reminder is due', async () => {
    await confirmed();
    const out = await runReminders(deps, new Date('2026-03-11T07:59:00.000Z'), log);
    expect(out).toMatchObject({ due: 0, sent: 0 });
    expect(reminders()).toHaveLength(0);
  });

  it('reminds both sides once at 60 minutes before, even when the schedule runs twice', async () => {
    const id = await confirmed();
    const at = new Date('2026-03-11T08:00:00.000Z');
    expect(await runReminders(deps, at, log)).toMatchObject({ due: 1, sent: 1 });
    expect(await runReminders(deps, new Date('2026-03-11T08:05:00.000Z'), log)).toMatchObject({
      due: 0,
      sent: 0,
    });
    const sent = reminders();
    expect(sent.map((n) => n.userId).sort()).toEqual([CLIENT, GESTOR]);
    expect(sent[0]).toMatchObject({ severity: 'info', link: `/app/meetings?id=${id}` });
    expect(sent.find((n) => n.userId === CLIENT)?.message).toContain('empieza en 1 hora');
    expect(table.get(keys.meetingReminderSent(CO, id, 60))).toMatchObject({ minutesBefore: 60 });
    expect(table.get(keys.notificationCounter(CLIENT, CO))?.unread).toBe(2); // confirmed + reminder
    const m = table.get(keys.meeting(CO, id))!;
    expect(m.gsi2pk).toBeUndefined();
    expect(stored(id).remindersDone).toEqual([60]);
  });

  it('two runs racing on the same read send it once', async () => {
    const id = await confirmed();
    const at = new Date('2026-03-11T08:01:00.000Z');
    const [seen] = await listDueReminders(deps, at);
    expect(await remindMeeting(deps, seen!, at)).toBe('sent');
    const writes = table.writes.length;
    expect(await remindMeeting(deps, seen!, at)).toBe('skipped');
    expect(table.writes.length).toBe(writes);
    expect(reminders()).toHaveLength(2);
    expect(stored(id).version).toBe(3);
  });

  it('moves the index to the next reminder, then removes it', async () => {
    const id = await confirmed();
    clock.now = new Date('2026-03-10T12:00:00.000Z');
    await setReminder(deps, CO, client, { appointmentId: id, minutesBefore: 15 });
    await runReminders(deps, new Date('2026-03-11T08:00:00.000Z'), log);
    expect(table.get(keys.meeting(CO, id))?.gsi2sk).toMatch(/^2026-03-11T08:45:00\.000Z#/);
    expect(await runReminders(deps, new Date('2026-03-11T08:45:00.000Z'), log)).toMatchObject({ sent: 1 });
    expect(reminders()).toHaveLength(4);
    expect(table.get(keys.meeting(CO, id))?.gsi2pk).toBeUndefined();
  });

  it('honours preferences: nobody is told in the app with IN_APP off', async () => {
    await confirmed();
    setPreferences(table, GESTOR, { IN_APP: false });
    await runReminders(deps, new Date('2026-03-11T08:00:00.000Z'), log);
    expect(reminders().map((n) => n.userId)).toEqual([CLIENT]);
  });

  it('a reminder found after the start is dropped without telling anyone', async () => {
    const id = await confirmed();
    expect(await runReminders(deps, new Date('2026-03-11T09:10:00.000Z'), log)).toMatchObject({
      late: 1,
      sent: 0,
    });
    expect(reminders()).toHaveLength(0);
    expect(table.get(keys.meeting(CO, id))?.gsi2pk).toBeUndefined();
  });

  it('a cancelled meeting leaves the index and is never reminded', async () => {
    const id = await confirmed();
    await transitionMeeting(deps, CO, id, client, { kind: 'cancel' });
    expect(await listDueReminders(deps, new Date('2026-03-11T08:30:00.000Z'))).toHaveLength(0);
  });

  it("runs as if it were the event's time", () => {
    expect(runInstant({ time: '2026-03-11T08:00:00Z' }, T0).toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(runInstant({ time: 'nonsense' }, T0)).toBe(T0);
    expect(runInstant(undefined, T0)).toBe(T0);
  });
});
