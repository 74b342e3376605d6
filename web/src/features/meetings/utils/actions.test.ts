import type { MeetingStatus } from '@shared/schemas/meetings';
import { describe, expect, it } from 'vitest';
import { type MeetingAction, meetingActions } from './actions';

const NOW = new Date('2026-12-01T09:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();
const staff = { userId: 'g-1', isStaff: true };
const client = { userId: 'u-1', isStaff: false };
const stranger = { userId: 'u-9', isStaff: false };

type Row = [MeetingStatus, string, typeof staff, MeetingAction[]];

// status, start, viewer, the answers offered
const table: Row[] = [
  ['REQUESTED', hours(48), staff, ['confirm', 'propose', 'cancel']],
  ['REQUESTED', hours(48), client, ['cancel']],
  ['REQUESTED', hours(1), staff, ['confirm']],
  ['PROPOSED', hours(48), client, ['accept', 'cancel']],
  ['PROPOSED', hours(48), staff, ['cancel']],
  ['CONFIRMED', hours(48), staff, ['propose', 'cancel']],
  ['CONFIRMED', hours(1.5), staff, []],
  ['CONFIRMED', hours(1.5), client, []],
  ['CONFIRMED', hours(-0.5), staff, ['complete', 'noShow']],
  ['CONFIRMED', hours(-0.5), client, []],
  ['CANCELLED', hours(48), staff, []],
  ['COMPLETED', hours(-5), staff, []],
  ['REQUESTED', hours(48), stranger, []],
];

describe('meetingActions (spec part 3 §9 Meetings: reschedule and cancel until 2 h before)', () => {
  it.each(table)('%s starting %s for %o → %o', (status, startsAt, viewer, expected) => {
    expect(meetingActions({ status, startsAt, clientId: 'u-1' }, viewer, NOW)).toEqual(expected);
  });
});
