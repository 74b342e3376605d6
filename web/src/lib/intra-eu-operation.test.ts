import { IntraEuOperationBody } from '@shared/schemas/intra-eu-operation';
import { describe, expect, it } from 'vitest';
import {
  intraEuFormField,
  intraEuValuesOf,
  MEMBER_STATE_OPTIONS,
  toIntraEuOperation,
} from './intra-eu-operation';

describe('intra-EU operation (book OI) values', () => {
  it('offers the other 26 member states by Spanish name, never Spain', () => {
    expect(MEMBER_STATE_OPTIONS).toHaveLength(26);
    expect(MEMBER_STATE_OPTIONS.some((o) => o.value === 'ES')).toBe(false);
    expect(MEMBER_STATE_OPTIONS.find((o) => o.value === 'DE')?.label).toBe('Alemania (DE)');
    expect(MEMBER_STATE_OPTIONS.some((o) => o.value === 'GB')).toBe(false);
  });

  it('sends nothing while the section is off', () => {
    expect(toIntraEuOperation(undefined)).toBeNull();
    expect(toIntraEuOperation({ enabled: false, operationType: 'A', memberState: 'FR' })).toBeNull();
  });

  it('turns the typed values into the body the API validates, trimming and dropping what is empty', () => {
    const body = toIntraEuOperation({
      enabled: true,
      operationType: 'A',
      memberState: 'pt',
      termDays: null,
      goodsDescription: '  Molde de inyección ',
      operatorAddress: 'Rua Augusta 10, Lisboa',
      invoicesOrDocuments: ' ',
    });
    expect(body).toEqual({
      operationType: 'A',
      memberState: 'PT',
      goodsDescription: 'Molde de inyección',
      operatorAddress: 'Rua Augusta 10, Lisboa',
    });
    expect(IntraEuOperationBody.safeParse(body).success).toBe(true);
  });

  it('reads an invoice’s operation back into the form, and round-trips it', () => {
    const op = {
      operationType: 'B' as const,
      memberState: 'IT',
      termDays: 90,
      goodsDescription: 'Stock en consigna',
      operatorAddress: 'Via Roma 1, Milano',
      invoicesOrDocuments: 'CMR 2027/15',
    };
    const values = intraEuValuesOf(op);
    expect(values).toMatchObject({ enabled: true, operationType: 'B', termDays: 90 });
    expect(toIntraEuOperation(values)).toEqual(op);
    expect(intraEuValuesOf(null)).toEqual({ enabled: false });
  });

  it('places the API’s field errors on the section’s fields', () => {
    expect(intraEuFormField('intraEuOperation.memberState')).toEqual(['intraEuOperation', 'memberState']);
    expect(intraEuFormField('intraEuOperation')).toEqual(['intraEuOperation', 'operationType']);
    expect(intraEuFormField('notes')).toBeNull();
  });
});
