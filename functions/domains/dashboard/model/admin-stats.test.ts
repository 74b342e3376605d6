import { describe, expect, it } from 'vitest';
import {
  activeAt,
  adminStats,
  type DirectoryUser,
  monthlyPriceCents,
  payingAt,
  percentChange,
  type StoredSubscription,
} from './admin-stats';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const NOW_ISO = NOW.toISOString();
const BEFORE = '2026-10-28T12:00:00.000Z'; // NOW − 30 days

const user = (userId: string, createdAt: string, isActive = true): DirectoryUser => ({
  userId,
  email: `${userId}@cuadra.test`,
  firstName: userId,
  lastName: 'Test',
  role: 'GESTOR',
  isActive,
  createdAt,
});

const sub = (over: Partial<StoredSubscription> & Pick<StoredSubscription, 'userId'>): StoredSubscription => ({
  subscriptionId: `sub-${over.userId}`,
  planCode: 'GESTORIA_STARTER',
  planName: 'Gestoría Starter',
  status: 'ACTIVE',
  addons: [],
  startedAt: '2026-01-01T00:00:00.000Z',
  trialEndsAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('percentChange', () => {
  it('is one decimal against the base', () => {
    expect(percentChange(4, 3)).toEqual({ percent: 33.3, type: 'positive' });
    expect(percentChange(2, 3)).toEqual({ percent: -33.3, type: 'negative' });
    expect(percentChange(3, 3)).toEqual({ percent: 0, type: 'positive' });
  });
  it('is null without a base (never invented)', () => {
    expect(percentChange(5, 0)).toEqual({ percent: null, type: 'positive' });
    expect(percentChange(0, 0)).toEqual({ percent: null, type: 'positive' });
  });
});

describe('subscription history', () => {
  it('monthly price: catalogue plan plus ACTIVE add-ons only', () => {
    expect(monthlyPriceCents({ planCode: 'GESTORIA_STARTER', addons: [] })).toBe(7_900);
    expect(
      monthlyPriceCents({
        planCode: 'GESTORIA_PROFESSIONAL',
        addons: [
          { addonType: 'PAYROLL_MODULE', status: 'ACTIVE' },
          { addonType: 'PAYROLL_MODULE_PREMIUM', status: 'CANCELLED' },
        ],
      }),
    ).toBe(19_900 + 3_900);
    expect(monthlyPriceCents({ planCode: 'UNKNOWN', addons: [] })).toBe(0);
  });

  it('a subscription started after the instant did not exist then', () => {
    const s = sub({ userId: 'a', startedAt: '2026-11-10T00:00:00.000Z' });
    expect(activeAt(s, NOW_ISO, NOW_ISO)).toBe(true);
    expect(activeAt(s, BEFORE, NOW_ISO)).toBe(false);
  });

  it('a suspended one counted until its last change', () => {
    const lateStop = sub({ userId: 'b', status: 'SUSPENDED', updatedAt: '2026-11-20T00:00:00.000Z' });
    const earlyStop = sub({ userId: 'c', status: 'SUSPENDED', updatedAt: '2026-10-01T00:00:00.000Z' });
    expect(activeAt(lateStop, NOW_ISO, NOW_ISO)).toBe(false);
    expect(activeAt(lateStop, BEFORE, NOW_ISO)).toBe(true);
    expect(activeAt(earlyStop, BEFORE, NOW_ISO)).toBe(false);
  });

  it('paid only when ACTIVE and past its trial', () => {
    const trialNow = sub({ userId: 't', status: 'TRIAL', trialEndsAt: '2026-12-10T00:00:00.000Z' });
    const trialThen = sub({ userId: 'u', trialEndsAt: '2026-11-05T00:00:00.000Z' });
    expect(payingAt(trialNow, NOW_ISO, NOW_ISO)).toBe(false);
    expect(payingAt(trialThen, NOW_ISO, NOW_ISO)).toBe(true);
    expect(payingAt(trialThen, BEFORE, NOW_ISO)).toBe(false);
  });
});

describe('adminStats', () => {
  it('counts users, subscriptions and revenue now and 30 days before', () => {
    const users = [
      user('u1', '2026-01-01T00:00:00.000Z'),
      user('u2', '2026-03-01T00:00:00.000Z', false),
      user('u3', '2026-11-20T00:00:00.000Z'),
      user('u4', '2026-11-25T00:00:00.000Z'),
    ];
    const subs = [
      sub({ userId: 'u1', planCode: 'GESTORIA_PROFESSIONAL', planName: 'Gestoría Professional' }),
      sub({ userId: 'u2', status: 'SUSPENDED', updatedAt: '2026-11-15T00:00:00.000Z' }),
      sub({
        userId: 'u3',
        status: 'TRIAL',
        startedAt: '2026-11-20T00:00:00.000Z',
        trialEndsAt: '2026-12-20T00:00:00.000Z',
      }),
      sub({ userId: 'u4', planCode: 'STANDARD_STARTER', startedAt: '2026-11-25T00:00:00.000Z' }),
    ];
    const s = adminStats(users, subs, NOW);
    expect(s).toMatchObject({
      totalUsers: 4,
      activeUsers: 3,
      activeSubscriptions: 3,
      monthlyRevenue: 19_900 + 1_500,
      supportTickets: null,
      asOf: NOW_ISO,
    });
    // 30 days before: users u1, u2; subscriptions u1 and u2 (suspended later), paying 19 900 + 7 900.
    expect(s.changes.users).toEqual({ percent: 100, type: 'positive' });
    expect(s.changes.subscriptions).toEqual({ percent: 50, type: 'positive' });
    expect(s.changes.revenue).toEqual({
      percent: Math.round(((21_400 - 27_800) / 27_800) * 1000) / 10,
      type: 'negative',
    });
    expect(s.changes.tickets).toBeNull();
  });

  it('an empty platform has zeros and null changes', () => {
    const s = adminStats([], [], NOW);
    expect(s.totalUsers).toBe(0);
    expect(s.changes.users.percent).toBeNull();
    expect(s.changes.revenue.percent).toBeNull();
  });
});
