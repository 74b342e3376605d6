import { isAppError } from '@shared/api/errors';
import { describe, expect, it } from 'vitest';
import {
  type AuthorizationRecord,
  authorizationStatus,
  checkNewAuthorization,
  coversModel,
  madridToday,
  renewed,
  revoked,
  toAuthorizationView,
} from './authorizations';

const TODAY = '2026-03-10';
const ctx = { today: TODAY, at: '2026-03-10T09:00:00.000Z', by: 'u-owner' };

const auth = (over: Partial<AuthorizationRecord> = {}): AuthorizationRecord => ({
  authorizationId: 'a1',
  companyId: 'co-1',
  collaboratorNif: 'B87654323',
  collaboratorName: 'Gestoría Norte SL',
  models: ['303', '390'],
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  revokedAt: null,
  revokeReason: null,
  revokedBy: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  createdBy: 'u-owner',
  updatedAt: '2026-01-01T08:00:00.000Z',
  renewals: [],
  revision: 1,
  ...over,
});

/** The AppError's reason, or the error itself when it throws something else. */
const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, field: e.field, reason: e.details?.reason, message: e.message };
    throw e;
  }
  return null;
};

describe('status (EXPIRED is derived)', () => {
  it('is ACTIVE through its last day, EXPIRED the day after, REVOKED once revoked', () => {
    expect(authorizationStatus(auth({ validUntil: TODAY }), TODAY)).toBe('ACTIVE');
    expect(authorizationStatus(auth({ validUntil: '2026-03-09' }), TODAY)).toBe('EXPIRED');
    expect(
      authorizationStatus(auth({ revokedAt: '2026-02-01T00:00:00Z', validUntil: '2027-01-01' }), TODAY),
    ).toBe('REVOKED');
    expect(toAuthorizationView(auth({ validUntil: '2026-03-09' }), TODAY).status).toBe('EXPIRED');
  });

  it('covers a model only while ACTIVE and only the models it names', () => {
    expect(coversModel(auth(), '303', TODAY)).toBe(true);
    expect(coversModel(auth(), '349', TODAY)).toBe(false);
    expect(coversModel(auth({ validUntil: '2026-03-09' }), '303', TODAY)).toBe(false);
    expect(coversModel(auth({ revokedAt: ctx.at }), '303', TODAY)).toBe(false);
  });

  it('reads the Spanish calendar day (23:30 UTC on 31 Dec is already 1 Jan in Madrid)', () => {
    expect(madridToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('create', () => {
  const body = {
    collaboratorNif: 'b-87654323',
    collaboratorName: ' Gestoría Norte SL ',
    models: ['390', '303', '303'] as ('303' | '390')[],
    validUntil: '2027-03-31',
  };

  it('normalizes the NIF, the name and the models', () => {
    expect(checkNewAuthorization(body, { companyNif: 'B12345674', today: TODAY, existing: [] })).toEqual({
      collaboratorNif: 'B87654323',
      collaboratorName: 'Gestoría Norte SL',
      models: ['303', '390'],
      validUntil: '2027-03-31',
    });
  });

  it('refuses a bad NIF, the company itself, a date not in the future, a non-date, too long, a second ACTIVE one', () => {
    const check = (over: Partial<typeof body>, existing: AuthorizationRecord[] = []) =>
      reasonOf(() =>
        checkNewAuthorization({ ...body, ...over }, { companyNif: 'B12345674', today: TODAY, existing }),
      );
    expect(check({ collaboratorNif: 'B87654324' })).toMatchObject({
      code: 'CORE_004',
      field: 'collaboratorNif',
      reason: 'INVALID_NIF',
    });
    expect(check({ collaboratorNif: 'B12345674' })).toMatchObject({ reason: 'SELF_AUTHORIZATION' });
    expect(check({ validUntil: TODAY })).toMatchObject({
      field: 'validUntil',
      reason: 'NOT_IN_FUTURE',
      message: 'La fecha de validez debe ser posterior a hoy.',
    });
    expect(check({ validUntil: '2027-02-30' })).toMatchObject({ reason: 'INVALID_DATE' });
    expect(check({ validUntil: '2036-03-11' })).toMatchObject({ reason: 'TOO_LONG' });
    expect(check({}, [auth()])).toMatchObject({ reason: 'ALREADY_AUTHORIZED' });
    // An expired or revoked one of the same collaborator does not stand in the way.
    expect(check({}, [auth({ validUntil: '2026-01-31' }), auth({ revokedAt: ctx.at })])).toBeNull();
  });
});

describe('renew', () => {
  it('moves validUntil later and keeps the history; an EXPIRED one becomes ACTIVE again', () => {
    const expired = auth({ validUntil: '2026-02-28' });
    const next = renewed(expired, '2027-02-28', ctx);
    expect(authorizationStatus(next, TODAY)).toBe('ACTIVE');
    expect(next).toMatchObject({
      validUntil: '2027-02-28',
      revision: 2,
      renewals: [{ at: ctx.at, by: 'u-owner', previousValidUntil: '2026-02-28', validUntil: '2027-02-28' }],
    });
  });

  it('refuses an earlier or equal date, a past one, and a revoked authorization', () => {
    expect(reasonOf(() => renewed(auth(), '2026-12-31', ctx))).toMatchObject({ reason: 'NOT_LATER' });
    expect(reasonOf(() => renewed(auth({ validUntil: '2026-01-31' }), '2026-03-01', ctx))).toMatchObject({
      reason: 'NOT_IN_FUTURE',
    });
    expect(reasonOf(() => renewed(auth({ revokedAt: ctx.at }), '2027-06-30', ctx))).toMatchObject({
      reason: 'REVOKED',
      message: 'Una autorización revocada no se puede renovar: crea una nueva.',
    });
  });
});

describe('revoke', () => {
  it('records when, who and the reason (optional); revoking twice is refused', () => {
    const next = revoked(auth(), '  Cambio de gestoría  ', ctx);
    expect(next).toMatchObject({
      revokedAt: ctx.at,
      revokedBy: 'u-owner',
      revokeReason: 'Cambio de gestoría',
      revision: 2,
    });
    expect(revoked(auth(), undefined, ctx).revokeReason).toBeNull();
    expect(revoked(auth({ validUntil: '2026-01-31' }), '', ctx).revokeReason).toBeNull();
    expect(reasonOf(() => revoked(next, 'otra vez', ctx))).toMatchObject({ reason: 'ALREADY_REVOKED' });
  });
});
