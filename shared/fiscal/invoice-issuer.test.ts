import type { Company } from '@shared/db/records';
import { describe, expect, it } from 'vitest';
import { issuerSnapshotOf } from './invoice-issuer';

const company = {
  companyId: 'co-1',
  name: 'Panadería La Espiga SL',
  nif: 'B12345674',
  email: 'hola@laespiga.test',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL' },
} as unknown as Company;

describe('issuerSnapshotOf', () => {
  it('records name, NIF, address, contact and VAT regime of the company', () => {
    expect(issuerSnapshotOf(company)).toEqual({
      name: 'Panadería La Espiga SL',
      nif: 'B12345674',
      street: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      province: 'Madrid',
      country: 'ES',
      email: 'hola@laespiga.test',
      phone: null,
      vatRegime: 'GENERAL',
    });
  });

  it('leaves the VAT regime empty for a company without fiscal data', () => {
    const { fiscal: _omitted, ...bare } = company as unknown as Record<string, unknown>;
    expect(issuerSnapshotOf(bare as unknown as Company).vatRegime).toBe('');
  });
});
