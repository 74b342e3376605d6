import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { bankingHarness, COMPANY } from '../testing/harness';
import { requireBookableAccounts } from './bookable-accounts';

const h = bankingHarness();

const account = (accountCode: string, extra: Record<string, unknown> = {}) =>
  h.table.put({
    ...keys.account(COMPANY, accountCode),
    accountCode,
    active: true,
    acceptsEntries: true,
    ...extra,
  });

describe('the accounts a reconciliation posts to', () => {
  beforeEach(() => h.reset());

  it('accepts any well-formed code while the company keeps no chart here (its first posting creates one)', async () => {
    await expect(requireBookableAccounts(h.deps, COMPANY, ['626', '642'])).resolves.toBeUndefined();
  });

  it('with a chart: accepts its accounts that take entries and names the one it lacks', async () => {
    h.table.put({ ...keys.accountingSettings(COMPANY), chartType: 'PYMES' });
    account('626');
    account('642');
    await expect(requireBookableAccounts(h.deps, COMPANY, ['626', '642', '626'])).resolves.toBeUndefined();
    await expect(requireBookableAccounts(h.deps, COMPANY, ['626', '6299'])).rejects.toMatchObject({
      code: 'CORE_004',
      message: 'La cuenta 6299 no existe en el plan de cuentas de la empresa.',
      field: 'accountCode',
    });
  });

  it('refuses an inactive account and a parent with sub-accounts', async () => {
    h.table.put({ ...keys.accountingSettings(COMPANY), chartType: 'PYMES' });
    account('621', { active: false });
    account('430', { acceptsEntries: false });
    await expect(requireBookableAccounts(h.deps, COMPANY, ['621'])).rejects.toMatchObject({
      code: 'CORE_004',
    });
    await expect(requireBookableAccounts(h.deps, COMPANY, ['430'])).rejects.toMatchObject({
      code: 'CORE_004',
    });
  });
});
