import { describe, expect, it } from 'vitest';
import { customerParty, foldPartyName, PARTY_PARENT_ACCOUNTS, partyKeyOf, supplierParty } from './parties';

describe('party keys', () => {
  it('prefer the id, then the tax id, then the folded name', () => {
    expect(partyKeyOf({ id: 'cus-1', taxId: 'B1', name: 'A' })).toBe('cus-1');
    expect(partyKeyOf({ id: ' ', taxId: 'B1', name: 'A' })).toBe('NIF:B1');
    expect(
      partyKeyOf({ id: null, taxId: { type: 'NIF_IVA', value: 'FR123', country: 'FR' }, name: 'A' }),
    ).toBe('NIF:FR:FR123');
    expect(partyKeyOf({ id: undefined, taxId: '', name: '  Peña   Hermanos SL ' })).toBe(
      'NAME:pena hermanos sl',
    );
    expect(foldPartyName('ÁLVAREZ  y Cía')).toBe('alvarez y cia');
  });

  it('build the refs the posting lines carry', () => {
    expect(customerParty(null)).toEqual({
      kind: 'CUSTOMER',
      partyKey: 'NAME:clientes varios',
      nif: null,
      name: 'Clientes varios',
    });
    expect(supplierParty('SUPPLIER', { supplierId: null, name: 'Prov SA', taxId: 'A1' })).toEqual({
      kind: 'SUPPLIER',
      partyKey: 'NIF:A1',
      nif: 'A1',
      name: 'Prov SA',
    });
    expect(PARTY_PARENT_ACCOUNTS).toEqual({ CUSTOMER: '4300', SUPPLIER: '4000', CREDITOR: '4100' });
  });
});
