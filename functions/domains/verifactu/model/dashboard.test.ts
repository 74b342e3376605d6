import { describe, expect, it } from 'vitest';
import {
  countsOf,
  dashboardWarnings,
  errorsWarning,
  NOT_CONFIGURED_WARNING,
  uncorrectedErrors,
} from './dashboard';

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
