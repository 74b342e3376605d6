/**
 * The SII configuration item (optimistic writes) and the company facts the SII reads from the
 * company and its tax profile.
 */

import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, COMPANY_NAME, COMPANY_NIF, companyItems, configOf, siiHarness } from '../testing/harness';
import { getSiiCompany, getSiiConfig, putSiiConfig, recordCompany } from './config';

const h = siiHarness();
const { table, deps } = h;
beforeEach(() => h.reset());

describe('SII configuration', () => {
  it('is created once, then updated only from the version read', async () => {
    expect(await getSiiConfig(deps, COMPANY)).toBeNull();
    await putSiiConfig(deps, configOf(), null);
    expect(table.get(keys.siiConfig(COMPANY))).toMatchObject({
      entity: 'SiiConfig',
      v: 1,
      submissionMode: 'AUTOMATIC',
    });
    await expect(putSiiConfig(deps, configOf(), null)).rejects.toMatchObject({ code: 'CONCURRENT_UPDATE' });

    const next = configOf({ submissionMode: 'MANUAL', updatedAt: '2026-03-10T09:00:00.000Z' });
    await putSiiConfig(deps, next, configOf().updatedAt);
    expect(await getSiiConfig(deps, COMPANY)).toEqual(next);
    const stale = putSiiConfig(deps, configOf({ holdUnapprovedReceived: true }), configOf().updatedAt);
    await expect(stale).rejects.toBeInstanceOf(AppError);
  });
});

describe('getSiiCompany', () => {
  it('reads the company and its tax profile', async () => {
    for (const item of companyItems({
      siiSince: '2026-02-01',
      facts: { cashAccounting: true, prorrataBp: 8000 },
    }))
      table.put(item);
    const c = await getSiiCompany(deps, COMPANY);
    expect(c).toEqual({
      companyId: COMPANY,
      siiEnabled: true,
      nif: COMPANY_NIF,
      name: COMPANY_NAME,
      vatRegime: 'GENERAL',
      cashCriterion: true,
      prorrataBp: 8000,
      siiSince: '2026-02-01',
    });
    expect(recordCompany(c!)).toEqual({
      companyNif: COMPANY_NIF,
      companyName: COMPANY_NAME,
      cashCriterion: true,
    });
  });

  it('without a profile falls back to the company (criterio de caja from its fiscal data); null when absent', async () => {
    const [company] = companyItems();
    table.put({ ...company, fiscal: { ...(company!.fiscal as object), vatRegime: 'CRITERIO_CAJA' } });
    expect(await getSiiCompany(deps, COMPANY)).toMatchObject({
      cashCriterion: true,
      prorrataBp: null,
      siiSince: null,
    });
    expect(await getSiiCompany(deps, 'nobody')).toBeNull();
  });
});
