import { describe, expect, it } from 'vitest';
import { checkCompanyNif, SOCIETY_NEEDS_CIF } from './company-nif';

describe('checkCompanyNif', () => {
  it("gives validateTaxId's reason for a wrong check character", () => {
    expect(checkCompanyNif('12345678A', 'AUTONOMO').error).toBe('La letra del DNI no es correcta.');
    expect(checkCompanyNif('B46128733', 'SL').error).toBe('El carácter de control del CIF no es correcto.');
  });

  it('refuses a personal NIF for a society, accepts it for an autónomo', () => {
    expect(checkCompanyNif('12345678Z', 'SL').error).toBe(SOCIETY_NEEDS_CIF);
    expect(checkCompanyNif('X1234567L', 'CB').error).toBe(SOCIETY_NEEDS_CIF);
    expect(checkCompanyNif('12345678z', 'AUTONOMO')).toEqual({
      normalized: '12345678Z',
      impliedType: 'AUTONOMO',
    });
  });

  it("tells the type a CIF's letter implies", () => {
    expect(checkCompanyNif('B46128732').impliedType).toBe('SL');
    expect(checkCompanyNif('A50342195', 'SL')).toEqual({ normalized: 'A50342195', impliedType: 'SA' });
  });
});
