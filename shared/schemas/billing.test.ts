import { describe, expect, it } from 'vitest';
import {
  addonsFor,
  hasAccounting,
  hasPayroll,
  isEnterprise,
  isProfessional,
  isStarter,
  PLAN_CODES,
  type PlanCode,
  planList,
  plans,
  type Subscription,
  subscriptionToPlan,
} from './billing';

const sub = (planCode: PlanCode, extra: Partial<Subscription> = {}): Subscription => ({
  ...subscriptionToPlan(planCode, {
    subscriptionId: 's',
    status: 'ACTIVE',
    startedAt: '2026-01-01T00:00:00.000Z',
    currentPeriodEnd: '2026-02-01T00:00:00.000Z',
  }),
  ...extra,
});

describe('plan catalogue', () => {
  it('has every plan once, in pricing order, with integer céntimos and its own code', () => {
    expect(planList.map((p) => p.planCode)).toEqual([...PLAN_CODES]);
    for (const code of PLAN_CODES) {
      const p = plans[code];
      expect(p.planCode).toBe(code);
      expect(Number.isInteger(p.monthlyPriceCents)).toBe(true);
      expect(p.monthlyPriceCents).toBeGreaterThan(0);
      expect(code.startsWith(p.planCategory)).toBe(true);
      // Accounting and payroll come with the Professional plans only.
      expect(p.limits.accountingEnabled).toBe(p.tier === 'PROFESSIONAL');
      expect(p.limits.payrollEnabled).toBe(p.tier === 'PROFESSIONAL');
    }
  });

  it('offers add-ons by plan category', () => {
    expect(addonsFor('STANDARD').map((a) => a.addonType)).toEqual(['PAYROLL_MODULE', 'PAYROLL_MODULE_BASIC']);
    expect(addonsFor('GESTORIA').map((a) => a.addonType)).toEqual([
      'PAYROLL_MODULE',
      'PAYROLL_MODULE_PREMIUM',
    ]);
    expect(addonsFor('ENTERPRISE')).toEqual([]);
  });
});

describe('plan gates', () => {
  it('starter: a plan code containing starter, in any case', () => {
    expect(isStarter(sub('GESTORIA_STARTER'))).toBe(true);
    expect(isStarter({ planCode: 'private_starter_2026' })).toBe(true);
    expect(isStarter(sub('GESTORIA_PROFESSIONAL'))).toBe(false);
    expect(isStarter(null)).toBe(false);
  });

  it('accounting needs a Professional plan (or the plan limit), and no subscription has none', () => {
    expect(hasAccounting(sub('STANDARD_PROFESSIONAL'))).toBe(true);
    expect(hasAccounting(sub('ENTERPRISE_PROFESSIONAL'))).toBe(true);
    expect(hasAccounting(sub('STANDARD_STARTER'))).toBe(false);
    expect(hasAccounting({ planCode: 'PRIVATE_PLAN', limits: { accountingEnabled: true } })).toBe(true);
    expect(hasAccounting(undefined)).toBe(false);
    expect(isProfessional(sub('ENTERPRISE_PROFESSIONAL'))).toBe(true);
  });

  it('payroll: Professional, or an ACTIVE payroll add-on, or limits.payrollEnabled', () => {
    expect(hasPayroll(sub('GESTORIA_PROFESSIONAL'))).toBe(true);
    expect(hasPayroll(sub('GESTORIA_STARTER'))).toBe(false);
    for (const addonType of ['PAYROLL_MODULE', 'PAYROLL_MODULE_BASIC', 'PAYROLL_MODULE_PREMIUM'] as const) {
      expect(hasPayroll(sub('STANDARD_STARTER', { addons: [{ addonType, status: 'ACTIVE' }] }))).toBe(true);
    }
    expect(
      hasPayroll(sub('STANDARD_STARTER', { addons: [{ addonType: 'PAYROLL_MODULE', status: 'CANCELLED' }] })),
    ).toBe(false);
    expect(hasPayroll({ planCode: 'GESTORIA_STARTER', limits: { payrollEnabled: true } })).toBe(true);
  });

  it('a suspended subscription unlocks nothing; trial and past-due keep their features', () => {
    expect(hasPayroll(sub('GESTORIA_PROFESSIONAL', { status: 'SUSPENDED' }))).toBe(false);
    expect(hasAccounting(sub('GESTORIA_PROFESSIONAL', { status: 'SUSPENDED' }))).toBe(false);
    expect(hasAccounting(sub('STANDARD_PROFESSIONAL', { status: 'TRIAL' }))).toBe(true);
    expect(hasPayroll(sub('STANDARD_PROFESSIONAL', { status: 'PAST_DUE' }))).toBe(true);
  });

  it("'Gestión de Clientes' is for the ENTERPRISE category only", () => {
    expect(isEnterprise(sub('ENTERPRISE_PROFESSIONAL'))).toBe(true);
    expect(isEnterprise(sub('GESTORIA_PROFESSIONAL'))).toBe(false);
  });
});
