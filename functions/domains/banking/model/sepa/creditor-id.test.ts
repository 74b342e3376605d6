import { describe, expect, it } from 'vitest';
import { creditorIdCheckDigits, creditorIdentifier, isValidCreditorIdentifier } from './creditor-id';

describe('creditor identifier (ISO 7064 MOD 97-10, AEB 19-14)', () => {
  it('reproduces published Spanish examples', () => {
    // EADTrust's worked example: B85626240ES00 → 1185626240142800 mod 97 = 21 → 98 − 21 = 77.
    expect(creditorIdentifier('B85626240')).toBe('ES77000B85626240');
    // generatesepa.com help page: NIF 12345678J, suffix 000 → ES0500012345678J (a single digit is padded).
    expect(creditorIdentifier('12345678J')).toBe('ES0500012345678J');
  });

  it('computes the check digits for B12345678 by hand: 1112345678142800 mod 97 = 1 → 97', () => {
    expect(creditorIdCheckDigits('B12345678')).toBe('97');
    expect(creditorIdentifier('b-1234567.8', '000')).toBe('ES97000B12345678');
  });

  it('leaves the business suffix out of the check digits', () => {
    expect(creditorIdentifier('B85626240', 'A01')).toBe('ES77A01B85626240');
  });

  it('validates identifiers and rejects a wrong check digit', () => {
    expect(isValidCreditorIdentifier('ES77000B85626240')).toBe(true);
    expect(isValidCreditorIdentifier('ES78000B85626240')).toBe(false);
    expect(isValidCreditorIdentifier('ES77000')).toBe(false);
  });

  it('refuses an invalid suffix', () => {
    expect(() => creditorIdentifier('B85626240', '00')).toThrow();
    expect(() => creditorIdentifier('B85626240', 'ab!')).toThrow();
  });
});
