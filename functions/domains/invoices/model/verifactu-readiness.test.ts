import { sendingStateOf } from '@shared/fiscal/verifactu-sending';
import { describe, expect, it } from 'vitest';
import {
  assertVerifactuReady,
  verifactuConfirmRefusal,
  verifactuMayBeMandatory,
} from './verifactu-readiness';

const notConfigured = sendingStateOf({ config: null, certificate: null, now: new Date() });
const sends = { ready: true, reason: null } as const;
const sl = { companyId: 'co-1', companyType: 'SL' as const, siiEnabled: false };
const autonomo = { ...sl, companyType: 'AUTONOMO' as const };
const at = (iso: string) => new Date(iso);

describe('VeriFacTu readiness of a confirmation', () => {
  it('before the date VeriFacTu is mandatory for the company, it confirms without VeriFacTu', () => {
    expect(verifactuConfirmRefusal({ ...sl, sending: notConfigured }, at('2026-12-31T12:00:00Z'))).toBeNull();
    expect(
      verifactuConfirmRefusal({ ...autonomo, sending: notConfigured }, at('2027-06-30T12:00:00Z')),
    ).toBeNull();
  });

  it('from the date, without VeriFacTu working: DOC_047 with the date, the reason and the link', () => {
    const refusal = verifactuConfirmRefusal({ ...sl, sending: notConfigured }, at('2027-01-01T09:00:00Z'));
    expect(refusal?.code).toBe('DOC_047');
    expect(refusal?.message).toMatch(
      /^Desde el 1 de enero de 2027 VeriFacTu es obligatorio para esta empresa \(RD 1007\/2023\): configura VeriFacTu .* VeriFacTu no configurado:/,
    );
    expect(refusal?.details).toEqual({
      reason: 'VERIFACTU_REQUIRED',
      sendingBlock: 'NOT_CONFIGURED',
      mandatoryFrom: '2027-01-01',
      link: '/app/companies/co-1/verifactu',
    });
    expect(() =>
      assertVerifactuReady({ ...autonomo, sending: notConfigured }, at('2027-07-01T09:00:00Z')),
    ).toThrow(/Desde el 1 de julio de 2027/);
  });

  it('from the date, with VeriFacTu sending: it confirms', () => {
    expect(verifactuConfirmRefusal({ ...sl, sending: sends }, at('2027-03-01T09:00:00Z'))).toBeNull();
  });

  it('a company in the SII is outside VeriFacTu: it confirms whatever the date', () => {
    expect(
      verifactuConfirmRefusal(
        { ...sl, siiEnabled: true, sending: notConfigured },
        at('2028-01-01T09:00:00Z'),
      ),
    ).toBeNull();
  });

  it('needs no read before the earliest date in force (midnight in Madrid)', () => {
    expect(verifactuMayBeMandatory(at('2026-11-26T12:00:00Z'))).toBe(false);
    expect(verifactuMayBeMandatory(at('2026-12-31T22:59:59Z'))).toBe(false);
    expect(verifactuMayBeMandatory(at('2026-12-31T23:00:00Z'))).toBe(true);
  });

  it('assertVerifactuReady without readiness (nothing to check) passes', () => {
    expect(() => assertVerifactuReady(null, at('2027-03-01T09:00:00Z'))).not.toThrow();
  });
});
