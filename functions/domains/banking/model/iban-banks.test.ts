import { describe, expect, it } from 'vitest';
import { bankNameOf, ibanDetails, spanishIbanOf } from './iban-banks';
import { bookingDateOfMovementId, movementIdOf, n43Fingerprints } from './movement-id';

describe('Spanish IBAN from a CCC', () => {
  it('computes both the CCC control digits and the IBAN check digits', () => {
    // The Banco de España / ECBS example account: ES91 2100 0418 45 0200051332.
    expect(spanishIbanOf('2100', '0418', '0200051332')).toBe('ES9121000418450200051332');
    expect(spanishIbanOf('0081', '5398', '0001414452')).toBe('ES0600815398730001414452');
    expect(() => spanishIbanOf('21', '0418', '0200051332')).toThrow();
  });
});

describe('ibanDetails', () => {
  it('names the bank of a valid Spanish IBAN', () => {
    expect(ibanDetails('es91 2100 0418 4502 0005 1332')).toEqual({
      valid: true,
      iban: 'ES9121000418450200051332',
      formatted: 'ES91 2100 0418 4502 0005 1332',
      country: 'ES',
      bankCode: '2100',
      bankName: 'CaixaBank',
      reason: null,
    });
    expect(ibanDetails(spanishIbanOf('0182', '1234', '0123456789')).bankName).toBe('BBVA');
    expect(ibanDetails(spanishIbanOf('9998', '1234', '0123456789')).bankName).toBeNull();
  });

  it('explains an invalid IBAN', () => {
    const d = ibanDetails('ES9121000418450200051333');
    expect(d.valid).toBe(false);
    expect(d.bankName).toBeNull();
    expect(d.reason).toBe('Los dígitos de control del IBAN no son correctos.');
  });

  it('accepts a foreign IBAN without a bank name', () => {
    const d = ibanDetails('DE89370400440532013000');
    expect([d.valid, d.country, d.bankCode]).toEqual([true, 'DE', null]);
  });

  it('knows the main banks', () => {
    expect(['0049', '0081', '0128', '2085', '1465', '0073', '2080', '3058', '2095'].map(bankNameOf)).toEqual([
      'Banco Santander',
      'Banco Sabadell',
      'Bankinter',
      'Ibercaja',
      'ING',
      'Openbank',
      'Abanca',
      'Cajamar',
      'Kutxabank',
    ]);
  });
});

describe('movement ids and N43 fingerprints', () => {
  const m = {
    bookingDate: '2026-03-10',
    valueDate: '2026-03-10',
    amountCents: -1000,
    commonConcept: '17',
    ownConcept: '000',
    documentNumber: null,
    reference1: null,
    reference2: null,
    conceptLines: ['2301COMISION'],
  };

  it('carries the booking date in the id', () => {
    const id = movementIdOf('2026-03-10', 'abc');
    expect(id).toMatch(/^m20260310[0-9a-f]{16}$/);
    expect(bookingDateOfMovementId(id)).toBe('2026-03-10');
    expect(bookingDateOfMovementId('x')).toBeNull();
  });

  it('numbers identical movements of one day, and is stable across files', () => {
    const [a, b, c] = n43Fingerprints('ES91', [m, m, { ...m, amountCents: -1001 }]);
    expect(a).not.toBe(b);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(n43Fingerprints('ES91', [m])[0]).toBe(a);
    expect(n43Fingerprints('ES92', [m])[0]).not.toBe(a);
  });
});
