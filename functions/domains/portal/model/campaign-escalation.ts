/**
 * When the `campaign-reminders` schedule (weekdays 09:00 Madrid) reminds a company's clients of the
 * items still missing in an ACTIVE campaign. Pure: the day's level from the Madrid date, the due
 * date and what was already sent.
 *
 * Levels (days = dueDate − today, calendar days):
 *  - 1, "a week left": 3 < days ≤ 7;
 *  - 2, "three days left": 0 < days ≤ 3;
 *  - 3, "due today": days = 0;
 *  - 4, "overdue": days < 0, the first run after the due date and then every 3 days (at least 3
 *    days after the previous overdue reminder), each also telling the campaign's gestor.
 * Levels 1-3 are sent once each and only upwards: a run finding the level already reached (or a
 * higher one) sends nothing; a level whose days fell on a weekend, or passed before the campaign
 * was sent, is skipped (the next one comes in its own window). Nothing is sent the day the campaign
 * was sent (its clients were just told), nor to a company with every item received or closed.
 * Each reminder is claimed (keys.campaignReminderClaim: per level, and per day for overdue) in the same
 * transaction as its notifications, so a second run never sends it twice.
 */

import { daysFrom } from './campaign';

export interface EscalationState {
  /** Madrid today (yyyy-mm-dd). */
  today: string;
  dueDate: string;
  /** Highest level already sent (0: none). */
  levelReached: number;
  /** Madrid day of the last overdue reminder. */
  lastOverdueDay: string | null;
  /** Madrid day the campaign was sent. */
  sentDay: string | null;
}

export interface DueReminder {
  level: 1 | 2 | 3 | 4;
  /** Overdue reminders are claimed per day (keys.campaignReminderClaim): today; null for levels 1-3. */
  overdueDay: string | null;
  daysLeft: number;
}

export const OVERDUE_EVERY_DAYS = 3;

/** The reminder due today, or null. */
export function reminderDue(s: EscalationState): DueReminder | null {
  if (s.sentDay !== null && s.sentDay >= s.today) return null;
  const days = daysFrom(s.today, s.dueDate);
  if (days > 7) return null;
  if (days < 0) {
    if (s.lastOverdueDay !== null && daysFrom(s.lastOverdueDay, s.today) < OVERDUE_EVERY_DAYS) return null;
    return { level: 4, overdueDay: s.today, daysLeft: days };
  }
  const level: 1 | 2 | 3 = days === 0 ? 3 : days <= 3 ? 2 : 1;
  if (s.levelReached >= level) return null;
  return { level, overdueDay: null, daysLeft: days };
}
