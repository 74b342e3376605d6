import { describe, expect, it } from 'vitest';
import { simplifiedInvoiceAllowed } from './simplified-invoice';

describe('simplifiedInvoiceAllowed (art. 4 RD 1619/2012)', () => {
  it('allows up to 400 € VAT included in general', () => {
    expect(simplifiedInvoiceAllowed(40_000)).toEqual({ allowed: true, limitCents: 40_000 });
    expect(simplifiedInvoiceAllowed(0)).toMatchObject({ allowed: true });
  });

  it('refuses 400.01 € in general with a Spanish reason', () => {
    const r = simplifiedInvoiceAllowed(40_001);
    expect(r.allowed).toBe(false);
    expect(!r.allowed && r.reason).toContain('400 € IVA incluido');
  });

  it('allows up to 3,000 € in the listed sectors and refuses above', () => {
    expect(simplifiedInvoiceAllowed(300_000, 'HOSPITALITY')).toMatchObject({ allowed: true });
    expect(simplifiedInvoiceAllowed(150_000, 'RETAIL')).toMatchObject({ allowed: true });
    const r = simplifiedInvoiceAllowed(300_001, 'PASSENGER_TRANSPORT');
    expect(r).toMatchObject({ allowed: false, limitCents: 300_000 });
    expect(!r.allowed && r.reason).toContain('Transporte de personas');
  });

  it('refuses a non-integer amount', () => {
    expect(simplifiedInvoiceAllowed(10.5)).toMatchObject({ allowed: false });
  });
});
