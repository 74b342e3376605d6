import { plans } from '@shared/schemas/billing';
import { describe, expect, it } from 'vitest';
import { type AccessContext, evaluateAccess } from './access';
import { isExemptFromCompanyRule } from './company-rule';

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({
  role: 'GESTOR',
  permissions: [],
  subscription: null,
  ...over,
});
const professional = { ...plans.GESTORIA_PROFESSIONAL, status: 'ACTIVE' as const };
const starter = { ...plans.GESTORIA_STARTER, status: 'ACTIVE' as const };

describe('company-selection rule exemptions (spec part 1 §2)', () => {
  it('exempts companies, profile, admin/, support/ and notifications/documents', () => {
    for (const path of [
      '/app/companies',
      '/app/companies/new',
      '/app/companies/c-1/users',
      '/app/profile',
      '/app/admin/users',
      '/app/support/admin',
      '/app/notifications/documents',
      '/app/notifications/documents/settings',
    ]) {
      expect(isExemptFromCompanyRule(path), path).toBe(true);
    }
  });

  it('applies everywhere else, including /app/support and /app/admin themselves', () => {
    for (const path of [
      '/app',
      '/app/dashboard',
      '/app/users',
      '/app/notifications',
      '/app/support',
      '/app/admin',
      '/app/companiesx',
      '/app/profiles',
    ]) {
      expect(isExemptFromCompanyRule(path), path).toBe(false);
    }
  });
});

describe('evaluateAccess', () => {
  it('lets ADMIN through every role gate and names the roles to the others', () => {
    expect(evaluateAccess({ roles: ['GESTOR'] }, ctx({ role: 'ADMIN' }))).toEqual({ allowed: true });
    expect(evaluateAccess({ roles: ['ADMIN'] }, ctx({ role: 'GESTOR' }))).toEqual({
      allowed: false,
      reason: 'role',
      roles: ['ADMIN'],
    });
    expect(evaluateAccess({ roles: ['ADMIN', 'GESTOR'] }, ctx({ role: 'CLIENTE' }))).toMatchObject({
      reason: 'role',
      roles: ['ADMIN', 'GESTOR'],
    });
  });

  it('checks client permissions only for a CLIENTE', () => {
    const access = { permission: 'VIEW_ACCOUNTING_DATA' as const };
    expect(evaluateAccess(access, ctx({ role: 'GESTOR' }))).toEqual({ allowed: true });
    expect(evaluateAccess(access, ctx({ role: 'CLIENTE', permissions: ['VIEW_INVOICES'] }))).toEqual({
      allowed: false,
      reason: 'permission',
      permission: 'VIEW_ACCOUNTING_DATA',
    });
    expect(evaluateAccess(access, ctx({ role: 'CLIENTE', permissions: ['VIEW_ACCOUNTING_DATA'] }))).toEqual({
      allowed: true,
    });
  });

  it('asks for the plan: accounting with Professional, payroll also with an active add-on', () => {
    expect(evaluateAccess({ plan: 'accounting' }, ctx())).toEqual({
      allowed: false,
      reason: 'plan',
      feature: 'accounting',
    });
    expect(evaluateAccess({ plan: 'accounting' }, ctx({ subscription: starter }))).toMatchObject({
      reason: 'plan',
    });
    expect(evaluateAccess({ plan: 'accounting' }, ctx({ subscription: professional }))).toEqual({
      allowed: true,
    });
    const withAddon = {
      ...starter,
      addons: [{ addonType: 'PAYROLL_MODULE' as const, status: 'ACTIVE' as const }],
    };
    expect(evaluateAccess({ plan: 'payroll' }, ctx({ subscription: withAddon }))).toEqual({ allowed: true });
    expect(evaluateAccess({ plan: 'payroll' }, ctx({ role: 'ADMIN' }))).toEqual({ allowed: true });
  });

  it('applies role, then permission, then plan', () => {
    const access = { roles: ['GESTOR'] as const, plan: 'payroll' as const };
    expect(evaluateAccess(access, ctx({ role: 'CLIENTE' }))).toMatchObject({ reason: 'role' });
    expect(evaluateAccess(access, ctx({ role: 'GESTOR' }))).toMatchObject({ reason: 'plan' });
  });
});
