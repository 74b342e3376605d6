import { describe, expect, it } from 'vitest';
import { CustomerTaxIdSchema } from './customers';
import {
  SupplierBody,
  SupplierTaxIdSchema,
  supplierCountryConflict,
  supplierNifIvaProblem,
  withholdingKeyProblem,
  withholdingOfBody,
} from './expenses';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

const nifIva = (value: string, country: string) => ({ type: 'NIF_IVA', value, country });

describe('supplier NIF-IVA', () => {
  it('is normalised like a customer’s', () => {
    expect(SupplierTaxIdSchema.parse(nifIva('fr 12 345678901', 'fr'))).toEqual({
      type: 'NIF_IVA',
      value: 'FR12345678901',
      country: 'FR',
    });
    // Greece's prefix is EL, not its ISO code.
    expect(SupplierTaxIdSchema.parse(nifIva('EL-123456789', 'GR'))).toMatchObject({ value: 'EL123456789' });
  });

  it.each([
    ['a number without the country prefix', nifIva('12345678901', 'FR')],
    ['a number with the wrong format', nifIva('DE12345678', 'DE')],
    ['a country outside the EU', nifIva('US123456789', 'US')],
    ['a Spanish number', nifIva('ESB12345674', 'ES')],
  ])('refuses %s with the message a customer gets', (_, taxId) => {
    const supplier = messages(SupplierTaxIdSchema.safeParse(taxId));
    const customer = messages(CustomerTaxIdSchema.safeParse(taxId)).map((m) =>
      m.replace('un cliente español', 'un proveedor español'),
    );
    expect(supplier.length).toBeGreaterThan(0);
    expect(supplier).toEqual(customer);
    expect(supplier[0]!.startsWith('value: ')).toBe(true);
    expect(supplierNifIvaProblem(taxId.value, taxId.country)).toBe(supplier[0]!.slice('value: '.length));
  });

  it('leaves the other foreign ids unchecked beyond their normalisation', () => {
    expect(SupplierTaxIdSchema.parse({ type: 'PASSPORT', value: 'x 123-45', country: 'US' })).toEqual({
      type: 'PASSPORT',
      value: 'X12345',
      country: 'US',
    });
    expect(supplierNifIvaProblem('FR12345678901', 'fr')).toBeUndefined();
  });

  it('needs an ISO country', () => {
    expect(messages(SupplierTaxIdSchema.safeParse({ type: 'OTHER_ID', value: 'A1', country: 'XX' }))).toEqual(
      ['country: El país debe ser un código ISO 3166-1 alfa-2.'],
    );
  });
});

describe('supplier country and NIF-IVA prefix', () => {
  const body = (taxId: unknown, country?: string) => ({
    name: 'Fournisseur SARL',
    taxId,
    ...(country ? { address: { city: 'Lyon', country } } : {}),
  });

  it('the address country must be the NIF-IVA’s (Monaco belongs to the French VAT territory)', () => {
    expect(messages(SupplierBody.safeParse(body(nifIva('FR12345678901', 'FR'), 'ES')))).toEqual([
      'address.country: El país (ES) no coincide con el del NIF-IVA (FR).',
    ]);
    for (const country of ['FR', 'fr', 'MC']) {
      expect(SupplierBody.safeParse(body(nifIva('FR12345678901', 'FR'), country)).success).toBe(true);
    }
    expect(SupplierBody.safeParse(body(nifIva('FR12345678901', 'FR'))).success).toBe(true);
  });

  it('is only a rule for a NIF-IVA', () => {
    expect(supplierCountryConflict('B12345674', 'FR')).toBeUndefined();
    expect(supplierCountryConflict({ type: 'PASSPORT', value: 'X1', country: 'US' }, 'MX')).toBeUndefined();
    expect(supplierCountryConflict({ type: 'NIF_IVA', value: 'DE123456789', country: 'DE' }, 'AT')).toBe(
      'El país (AT) no coincide con el del NIF-IVA (DE).',
    );
  });
});

describe('supplier withholding kind and key (issue 15 item 1)', () => {
  const supplier = (over: Record<string, unknown> = {}) => ({
    name: 'Inmuebles Retiro SL',
    taxId: 'B12345674',
    irpfRateBp: 1900,
    ...over,
  });

  it('are optional and remembered next to the rate', () => {
    expect(SupplierBody.parse(supplier()).withholdingKind).toBeUndefined();
    expect(SupplierBody.parse(supplier({ withholdingKind: 'RENT', withholdingKey: '-' }))).toMatchObject({
      irpfRateBp: 1900,
      withholdingKind: 'RENT',
      withholdingKey: '-',
    });
  });

  it('refuse a key that is not of the kind, naming both', () => {
    expect(
      messages(SupplierBody.safeParse(supplier({ withholdingKind: 'AGRICULTURAL', withholdingKey: 'G01' }))),
    ).toEqual([
      'withholdingKey: La clave de retención G01 no corresponde a Actividades agrícolas, ganaderas y forestales.',
    ]);
  });

  it('withholdingKeyProblem and withholdingOfBody: the check, and the default key of a kind alone', () => {
    expect(withholdingKeyProblem('PROFESSIONAL', 'G01')).toBeUndefined();
    expect(withholdingKeyProblem('PROFESSIONAL', undefined)).toBeUndefined();
    expect(withholdingKeyProblem(undefined, undefined)).toBeUndefined();
    expect(withholdingKeyProblem('NON_RESIDENT', 'G01')).toBe(
      'La clave de retención G01 no corresponde a Rentas de no residentes sin establecimiento permanente.',
    );
    expect(withholdingOfBody({})).toBeUndefined();
    expect(withholdingOfBody({ withholdingKind: 'PRIZES' })).toEqual({
      withholdingKind: 'PRIZES',
      withholdingKey: 'K03',
    });
    expect(withholdingOfBody({ withholdingKind: 'PRIZES', withholdingKey: 'K01' })).toEqual({
      withholdingKind: 'PRIZES',
      withholdingKey: 'K01',
    });
  });
});
