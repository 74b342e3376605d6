import { verifactuObligationOf } from '@shared/fiscal/verifactu-obligation';
import { sendingStateOf } from '@shared/fiscal/verifactu-sending';
import { describe, expect, it } from 'vitest';
import {
  countsOf,
  dashboardWarnings,
  errorsWarning,
  NOT_CONFIGURED_WARNING,
  NOT_SENDING_WARNING,
  uncorrectedErrors,
} from './dashboard';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('VeriFacTu dashboard model', () => {
  it('the spec texts, exactly', () => {
    expect(NOT_CONFIGURED_WARNING).toBe('VeriFacTu no configurado');
    expect(errorsWarning(3)).toBe('3 envíos VeriFacTu con errores');
  });

  it('warnings: errors (high) when n > 0; not configured (medium) unless in the SII', () => {
    expect(dashboardWarnings({ configured: true, siiEnabled: false, errors: 0 })).toEqual([]);
    expect(dashboardWarnings({ configured: false, siiEnabled: false, errors: 2 })).toEqual([
      { level: 'high', message: '2 envíos VeriFacTu con errores' },
      { level: 'medium', message: 'VeriFacTu no configurado' },
    ]);
    expect(dashboardWarnings({ configured: false, siiEnabled: true, errors: 0 })).toEqual([]);
  });

  it('not configured: the reason the records wait and the date VeriFacTu becomes mandatory, as detail', () => {
    const sending = sendingStateOf({ config: null, certificate: null, now: NOW });
    const obligation = verifactuObligationOf({ companyType: 'SL', siiEnabled: false }, NOW);
    const [w] = dashboardWarnings({
      configured: false,
      siiEnabled: false,
      errors: 0,
      queued: 3,
      sending,
      obligation,
    });
    expect(w).toMatchObject({ level: 'medium', message: 'VeriFacTu no configurado' });
    expect(w?.detail).toMatch(
      /^3 registros esperan su envío\. VeriFacTu no configurado: la empresa no tiene certificado/,
    );
    expect(w?.detail).toMatch(/VeriFacTu será obligatorio para esta empresa desde el 1 de enero de 2027/);
  });

  it('configured but unable to send (expired certificate): a high warning with the reason', () => {
    const sending = sendingStateOf({
      config: { enabled: true, mode: 'VERIFACTU', certificateId: 'c1' },
      certificate: { validFrom: '2025-01-01T00:00:00Z', validTo: '2026-10-01T00:00:00Z' },
      now: NOW,
    });
    expect(dashboardWarnings({ configured: true, siiEnabled: false, errors: 0, queued: 1, sending })).toEqual(
      [
        {
          level: 'high',
          message: NOT_SENDING_WARNING,
          detail:
            '1 registro espera su envío. El certificado de la configuración caducó el 01/10/2026: sube uno vigente.',
        },
      ],
    );
  });

  it('counts: every state present, absent or bad counters are 0', () => {
    expect(countsOf(undefined)).toEqual({
      QUEUED: 0,
      SENT: 0,
      VERIFIED: 0,
      ACCEPTED_WITH_ERRORS: 0,
      ERROR: 0,
    });
    expect(countsOf({ status_QUEUED: 3, status_ERROR: -1, status_SENT: 'x', 'usage_2027-01': 9 })).toEqual({
      QUEUED: 3,
      SENT: 0,
      VERIFIED: 0,
      ACCEPTED_WITH_ERRORS: 0,
      ERROR: 0,
    });
  });

  it('errors already corrected by a later record do not count in the warning', () => {
    expect(uncorrectedErrors({ status_ERROR: 3, corrected_ERROR: 2 }, 3)).toBe(1);
    expect(uncorrectedErrors({ status_ERROR: 1, corrected_ERROR: 4 }, 1)).toBe(0);
    expect(uncorrectedErrors(undefined, 2)).toBe(2);
  });
});
