import { WITHHOLDING_KIND_INFO, WITHHOLDING_KINDS } from '@shared/fiscal/withholdings';
import { describe, expect, it } from 'vitest';
import { chartAccount, pgcAccountOf, SUB_ACCOUNT_CODE_LENGTH } from './index';
import {
  isReservedSubAccountCode,
  WITHHOLDING_SUB_ACCOUNTS,
  withholdingAccountOf,
  withholdingModelOf,
  withholdingSubAccount,
} from './withholding-accounts';

describe('the 4751 sub-accounts of the withholding returns', () => {
  it('one per return, with its model number in a fixed, readable code and name', () => {
    expect(WITHHOLDING_SUB_ACCOUNTS.map((d) => [d.code, d.model, d.name])).toEqual([
      ['47510111', '111', 'HP acreedora por retenciones practicadas (modelo 111)'],
      ['47510115', '115', 'HP acreedora por retenciones practicadas (modelo 115)'],
      ['47510123', '123', 'HP acreedora por retenciones practicadas (modelo 123)'],
      ['47510216', '216', 'HP acreedora por retenciones practicadas (modelo 216)'],
    ]);
    for (const d of WITHHOLDING_SUB_ACCOUNTS) {
      expect(d.code).toHaveLength(SUB_ACCOUNT_CODE_LENGTH);
      expect(d.code.startsWith(d.parentCode)).toBe(true);
      expect(d.law).toMatch(/LIRPF|TRLIRNR/);
    }
  });

  it('hang from 4751 of both charts (an account that accepts entries) and roll up into it', () => {
    for (const chartType of ['PYMES', 'NORMAL'] as const) {
      expect(chartAccount('4751', chartType)).toMatchObject({ acceptsEntries: true, type: 'LIABILITY' });
      for (const d of WITHHOLDING_SUB_ACCOUNTS) {
        expect(chartAccount(d.code, chartType)).toBeUndefined();
        expect(pgcAccountOf(d.code, chartType)).toBe('4751');
      }
    }
  });

  it('every kind has the sub-account of the return that declares it; no kind is a professional’s (111)', () => {
    for (const kind of WITHHOLDING_KINDS) {
      const code = withholdingAccountOf(kind);
      expect(withholdingSubAccount(code)?.model).toBe(WITHHOLDING_KIND_INFO[kind].model);
    }
    expect(withholdingAccountOf('RENT')).toBe('47510115');
    expect(withholdingAccountOf('PROFESSIONAL')).toBe('47510111');
    expect(withholdingAccountOf('CAPITAL')).toBe('47510123');
    expect(withholdingAccountOf('NON_RESIDENT')).toBe('47510216');
    expect(withholdingAccountOf(undefined)).toBe('47510111');
    expect(withholdingAccountOf(null)).toBe('47510111');
    expect(withholdingModelOf(undefined)).toBe('111');
  });

  it('reserves exactly their codes', () => {
    expect(WITHHOLDING_SUB_ACCOUNTS.every((d) => isReservedSubAccountCode(d.code))).toBe(true);
    expect(isReservedSubAccountCode('47510001')).toBe(false);
    expect(isReservedSubAccountCode('4751')).toBe(false);
    expect(withholdingSubAccount('47510112')).toBeUndefined();
  });
});
