import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { allows } from '@shared/api/access';
import { isAppError } from '@shared/api/errors';
import { type RouteId, routes } from '@shared/api/routes';
import type { CompanyRole } from '@shared/db/records';
import { ACCOUNTING_UPGRADE_URL } from '@shared/schemas/accounting';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountingHarness,
  COMPANY,
  companyOf,
  memberItem,
  silentLog,
  subscriptionItem,
} from '../testing/harness';
import { accessRoute } from './access';
import { createEntryRoute } from './create-entry';
import { getSettingsRoute } from './get-settings';
import { initializeChartRoute } from './initialize-chart';

const h = accountingHarness();

beforeEach(() => {
  h.reset();
  h.table.put(companyOf('SL'));
  h.table.put(memberItem('u-owner', 'OWNER'));
  h.table.put(memberItem('u-member', 'MEMBER'));
});

const auth = (userId: string, isAdmin = false): AuthContext => ({
  userId,
  username: userId,
  groups: [isAdmin ? 'ADMIN' : 'GESTOR'],
  role: isAdmin ? 'ADMIN' : 'GESTOR',
  isAdmin,
});

const caller = (userId: string, isAdmin = false) => ({
  auth: auth(userId, isAdmin),
  scope: { companyId: COMPANY, membership: undefined } as CompanyScope,
  params: undefined,
  query: undefined,
  requestId: 'req-test-1',
  log: silentLog,
  headers: {},
});

async function codeOf(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
}

const initialize = (userId: string, isAdmin = false) =>
  initializeChartRoute.run({ ...caller(userId, isAdmin), body: { chartType: 'PYMES' } }, h.deps);

describe('plan gate', () => {
  it('refuses a Starter company with ACC_PLAN_REQUIRED and the upgrade details', async () => {
    h.table.put(subscriptionItem('u-owner', 'STANDARD_STARTER'));

    try {
      await initialize('u-member');
      throw new Error('expected a refusal');
    } catch (e) {
      expect(isAppError(e) && e.code).toBe('ACC_PLAN_REQUIRED');
      expect(isAppError(e) && e.details).toEqual({
        requiredPlan: 'Professional',
        upgradeUrl: ACCOUNTING_UPGRADE_URL,
      });
    }
    const access = await accessRoute.run({ ...caller('u-member'), body: undefined }, h.deps);
    expect(access).toMatchObject({ hasAccess: false, requiredPlan: 'Professional' });
    expect(await codeOf(getSettingsRoute.run({ ...caller('u-member'), body: undefined }, h.deps))).toBe(
      'ACC_PLAN_REQUIRED',
    );
  });

  it("lets a Professional company in (its owner's plan, or its gestoría's)", async () => {
    h.table.put(memberItem('u-gestor', 'GESTOR'));
    h.table.put(subscriptionItem('u-gestor', 'GESTORIA_PROFESSIONAL'));

    expect(await codeOf(initialize('u-member'))).toBeNull();
    const access = await accessRoute.run({ ...caller('u-member'), body: undefined }, h.deps);
    expect(access).toMatchObject({ hasAccess: true, currentPlan: 'Gestoría Professional' });
  });

  it('lets an ADMIN in whatever the plan', async () => {
    expect(await codeOf(initialize('u-admin', true))).toBeNull();
    expect(
      await codeOf(
        createEntryRoute.run(
          {
            ...caller('u-admin', true),
            body: {
              entryDate: '2026-03-15',
              description: 'Capital',
              lines: [
                { accountId: '572', debitCents: 100 },
                { accountId: '100', creditCents: 100 },
              ],
            },
          },
          h.deps,
        ),
      ),
    ).toBeNull();
  });
});

describe('route policies (checked by the pipeline before the action)', () => {
  const member = (companyRole: CompanyRole) => ({
    isAdmin: false,
    membership: {
      companyId: COMPANY,
      userId: 'u',
      companyRole,
      permissions: companyRole === 'CLIENTE' ? (['VIEW_ACCOUNTING_DATA'] as const).slice() : [],
      isActive: true,
    },
  });
  const writes: RouteId[] = [
    'accounting.initializeChart',
    'accounting.createEntry',
    'accounting.updateEntry',
    'accounting.deleteEntry',
    'accounting.lockEntry',
    'accounting.unlockEntry',
    'accounting.createAccount',
    'accounting.updateAccount',
    'accounting.deleteAccount',
    'accounting.generateCode',
    'accounting.updateSettings',
  ];

  it('a CLIENTE (even with VIEW_ACCOUNTING_DATA) cannot write; it can read', () => {
    for (const id of writes) expect(allows(routes[id].access!, member('CLIENTE')), id).toBe(false);
    expect(allows(routes['accounting.getSettings'].access!, member('CLIENTE'))).toBe(true);
    expect(allows(routes['accounting.access'].access!, member('CLIENTE'))).toBe(true);
  });

  it('a MEMBER writes entries but only the owner or gestor unlocks', () => {
    expect(allows(routes['accounting.createEntry'].access!, member('MEMBER'))).toBe(true);
    expect(allows(routes['accounting.unlockEntry'].access!, member('MEMBER'))).toBe(false);
    expect(allows(routes['accounting.unlockEntry'].access!, member('GESTOR'))).toBe(true);
  });
});
