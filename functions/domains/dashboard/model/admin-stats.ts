/**
 * The platform administrator's stat cards (spec part 3 §2 Admin dashboard, issue 20 item 4), computed
 * from stored history only. Pure: the store hands over every directory user and every subscription.
 *
 * - Users: the user directory (`DIRECTORY#USER`); a user existed 30 days ago when its `createdAt`
 *   (the directory sort key) is on or before that instant.
 * - Active subscriptions: status ACTIVE or TRIAL (both give the plan's access and are not in arrears).
 * - Monthly revenue: subscriptions in status ACTIVE (a trial pays nothing), the catalogue's monthly
 *   price of the plan plus its ACTIVE add-ons (céntimos, VAT excluded; the catalogue only has monthly
 *   prices, so nothing is divided).
 * - 30 days ago, from the subscription's own dates: it existed when `startedAt` is on or before the
 *   instant; one that is active now was active then; one that is not active now (PAST_DUE, SUSPENDED)
 *   stopped at its last change (`updatedAt`), so it counted then if that change came later. It paid
 *   then when it was active and its trial (`trialEndsAt`) had ended. The plan is the stored one (the
 *   subscription item keeps no plan history).
 */

import { type AddonType, addons, isPlanCode, plans, type SubscriptionStatus } from '@shared/schemas/billing';
import type { AdminStats, StatChange } from '@shared/schemas/dashboard';

/** How far back the change percentages look. */
export const CHANGE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DirectoryUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
  createdAt: string;
}

export interface StoredSubscription {
  userId: string;
  subscriptionId: string;
  planCode: string;
  planName: string;
  status: SubscriptionStatus;
  addons: { addonType: AddonType; status: string }[];
  startedAt: string;
  trialEndsAt: string | null;
  updatedAt: string;
}

const ACTIVE_STATUSES: readonly SubscriptionStatus[] = ['ACTIVE', 'TRIAL'];

/** Percentage change of `now` against `base`, one decimal; null without a base (never invented). */
export function percentChange(now: number, base: number): StatChange {
  const type = now >= base ? 'positive' : 'negative';
  if (base === 0) return { percent: null, type };
  return { percent: Math.round(((now - base) / base) * 1000) / 10, type };
}

/** The subscription's monthly price in céntimos: its catalogue plan plus its ACTIVE add-ons. */
export function monthlyPriceCents(sub: Pick<StoredSubscription, 'planCode' | 'addons'>): number {
  const plan = isPlanCode(sub.planCode) ? plans[sub.planCode].monthlyPriceCents : 0;
  const extras = sub.addons
    .filter((a) => a.status === 'ACTIVE' && a.addonType in addons)
    .reduce((s, a) => s + addons[a.addonType].monthlyPriceCents, 0);
  return plan + extras;
}

/** Whether the subscription was active (ACTIVE or TRIAL) at instant `at` (ISO), from its dates. */
export function activeAt(sub: StoredSubscription, at: string, now: string): boolean {
  if (sub.startedAt > at) return false;
  if (at >= now) return ACTIVE_STATUSES.includes(sub.status);
  return ACTIVE_STATUSES.includes(sub.status) || sub.updatedAt > at;
}

/** Whether the subscription was paying (active, past its trial) at instant `at`. */
export function payingAt(sub: StoredSubscription, at: string, now: string): boolean {
  if (!activeAt(sub, at, now)) return false;
  if (at >= now) return sub.status === 'ACTIVE';
  if (sub.status === 'TRIAL') return false;
  return sub.trialEndsAt === null || sub.trialEndsAt <= at;
}

/** The stat cards at `now`, with their changes against `now` − 30 days. */
export function adminStats(
  users: DirectoryUser[],
  subscriptions: StoredSubscription[],
  now: Date,
): AdminStats {
  const nowIso = now.toISOString();
  const before = new Date(now.getTime() - CHANGE_WINDOW_DAYS * DAY_MS).toISOString();
  const usersBefore = users.filter((u) => u.createdAt <= before).length;
  const activeNow = subscriptions.filter((s) => activeAt(s, nowIso, nowIso));
  const activeBefore = subscriptions.filter((s) => activeAt(s, before, nowIso));
  const revenue = (at: string) =>
    subscriptions.filter((s) => payingAt(s, at, nowIso)).reduce((sum, s) => sum + monthlyPriceCents(s), 0);
  const revenueNow = revenue(nowIso);
  return {
    totalUsers: users.length,
    activeUsers: users.filter((u) => u.isActive).length,
    activeSubscriptions: activeNow.length,
    monthlyRevenue: revenueNow,
    supportTickets: null,
    changes: {
      users: percentChange(users.length, usersBefore),
      subscriptions: percentChange(activeNow.length, activeBefore.length),
      revenue: percentChange(revenueNow, revenue(before)),
      tickets: null,
    },
    asOf: nowIso,
  };
}
