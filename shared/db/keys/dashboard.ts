/**
 * Key builders of the dashboards, notification analytics and meetings (issue 20), spread into `keys`
 * by `shared/db/keys.ts`.
 *
 * Partitions:
 *  - `DASH#<c>`: the company dashboard's last good snapshot of each section (`SECTION#<name>`), served
 *    with `meta.fallbackMode` when that section's source fails; the advisor dashboard's cached
 *    per-company stats (`STATS#<period>`, at most 10 minutes old, spec part 1 §9 "dashboard cache");
 *  - `NOTIFSTATS#<c>`: the company's notification analytics, one counter item per day, channel and
 *    type (`D#<yyyy-mm-dd>#<channel>#<type>`), ADDed exactly once per event thanks to the event claims
 *    `NOTIFEVT#<notificationId>#<event>` (same partition, TTL 400 days) written in the same transaction;
 *    the members who engaged (`USER#<userId>`: lastReadAt, lastClickAt);
 *  - `NOTIFDELEG#<c>`: notification delegations of the company (`DELEG#<delegationId>`), and by delegator
 *    (`FROM#<userId>#<delegationId>`: a pointer the stream consumer reads per notification);
 *  - `NOTIFDIGEST#<userId>`: the daily digest claim per day (`D#<yyyy-mm-dd>`), the history of digests;
 *    gsi2 `NOTIFDIGEST#DAILY` lists every person who chose the daily digest (on their preferences item);
 *  - `MEETING#<c>`: meetings of a company (`MEET#<meetingId>`, ids start with 13 digits of epoch ms),
 *    each reminder claim (`REMSENT#<meetingId>#<minutesBefore>`); gsi1 `COMPANY#<c>#MEETINGS` by start
 *    time; gsi2 `MEETINGS#REMIND` (sparse: confirmed, future meetings by reminder instant) for the
 *    `appointment-reminders` schedule.
 */

import type { Key } from '../keys';
import { enc } from './encoding';

const dash = (companyId: string) => `DASH#${enc(companyId)}`;
const notifStats = (companyId: string) => `NOTIFSTATS#${enc(companyId)}`;
const notifDeleg = (companyId: string) => `NOTIFDELEG#${enc(companyId)}`;
const meetings = (companyId: string) => `MEETING#${enc(companyId)}`;

export const dashboardKeys = {
  // --- dashboards ---
  /** The last good value of one section of a company's dashboard summary. */
  dashboardSection: (companyId: string, section: string): Key => ({
    pk: dash(companyId),
    sk: `SECTION#${enc(section)}`,
  }),
  dashboardSectionPrefix: (companyId: string) => ({ pk: dash(companyId), skPrefix: 'SECTION#' }),
  /** The advisor dashboard's cached stats of one company for one period (DAY...YEAR). */
  dashboardCompanyStats: (companyId: string, period: string): Key => ({
    pk: dash(companyId),
    sk: `STATS#${enc(period)}`,
  }),

  // --- notification analytics ---
  /** Counters of one day, channel and notification type. */
  notificationStatsDay: (companyId: string, day: string, channel: string, type: string): Key => ({
    pk: notifStats(companyId),
    sk: `D#${day}#${enc(channel)}#${enc(type)}`,
  }),
  /** `sk BETWEEN D#<from> AND D#<to>~`. */
  notificationStatsRange: (companyId: string, fromDay: string, toDay: string) => ({
    pk: notifStats(companyId),
    from: `D#${fromDay}`,
    to: `D#${toDay}~`,
  }),
  /** The claim that one event (created, pushed, emailed, email_failed, read, clicked...) was counted. */
  notificationEventClaim: (companyId: string, notificationId: string, event: string): Key => ({
    pk: notifStats(companyId),
    sk: `NOTIFEVT#${enc(notificationId)}#${enc(event)}`,
  }),
  notificationEngagedUser: (companyId: string, userId: string): Key => ({
    pk: notifStats(companyId),
    sk: `USER#${enc(userId)}`,
  }),
  notificationEngagedUserPrefix: (companyId: string) => ({ pk: notifStats(companyId), skPrefix: 'USER#' }),

  // --- delegations ---
  notificationDelegation: (companyId: string, delegationId: string): Key => ({
    pk: notifDeleg(companyId),
    sk: `DELEG#${enc(delegationId)}`,
  }),
  notificationDelegationPrefix: (companyId: string) => ({ pk: notifDeleg(companyId), skPrefix: 'DELEG#' }),
  /** Pointer by delegator: `begins_with(sk, FROM#<userId>#)` answers "whom does this person delegate to". */
  notificationDelegationFrom: (companyId: string, fromUserId: string, delegationId: string): Key => ({
    pk: notifDeleg(companyId),
    sk: `FROM#${enc(fromUserId)}#${enc(delegationId)}`,
  }),
  notificationDelegationFromPrefix: (companyId: string, fromUserId: string) => ({
    pk: notifDeleg(companyId),
    skPrefix: `FROM#${enc(fromUserId)}#`,
  }),

  // --- daily digest ---
  /** Claim of one person's digest of one day (attribute_not_exists): never two digests a day. */
  notificationDigest: (userId: string, day: string): Key => ({
    pk: `NOTIFDIGEST#${enc(userId)}`,
    sk: `D#${day}`,
  }),
  notificationDigestPrefix: (userId: string) => ({ pk: `NOTIFDIGEST#${enc(userId)}`, skPrefix: 'D#' }),
  /** gsi2 (sparse, on the preferences item): every person whose e-mails come as a daily digest. */
  dailyDigestIndex: (userId: string) => ({ gsi2pk: 'NOTIFDIGEST#DAILY', gsi2sk: enc(userId) }),

  // --- meetings ---
  meeting: (companyId: string, meetingId: string): Key => ({
    pk: meetings(companyId),
    sk: `MEET#${enc(meetingId)}`,
  }),
  meetingPrefix: (companyId: string) => ({ pk: meetings(companyId), skPrefix: 'MEET#' }),
  /** gsi1: a company's meetings by start (`<startsAt ISO>#<meetingId>`). */
  meetingByStart: (companyId: string, startsAt: string, meetingId: string) => ({
    gsi1pk: `COMPANY#${enc(companyId)}#MEETINGS`,
    gsi1sk: `${startsAt}#${enc(meetingId)}`,
  }),
  meetingByStartPk: (companyId: string) => `COMPANY#${enc(companyId)}#MEETINGS`,
  /** gsi2 (sparse): confirmed future meetings by the instant their next reminder is due. */
  meetingReminderDue: (remindAt: string, companyId: string, meetingId: string) => ({
    gsi2pk: 'MEETINGS#REMIND',
    gsi2sk: `${remindAt}#${enc(companyId)}#${enc(meetingId)}`,
  }),
  meetingReminderDuePk: 'MEETINGS#REMIND',
  /** The claim that one reminder of a meeting was sent (attribute_not_exists, in the notifying transaction). */
  meetingReminderSent: (companyId: string, meetingId: string, minutesBefore: number): Key => ({
    pk: meetings(companyId),
    sk: `REMSENT#${enc(meetingId)}#${minutesBefore}`,
  }),
};
