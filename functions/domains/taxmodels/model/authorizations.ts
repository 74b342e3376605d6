/**
 * Authorizations a company gives a gestoría to file its models as colaborador social (issue 14 item
 * 4; arts. 79-81 RGAT, RD 1065/2007: social collaboration in the filing of returns, with the
 * taxpayer's authorization). Pure rules and the small state machine:
 *
 *   created ──(validUntil passes)──▶ EXPIRED ──renew──▶ ACTIVE
 *   ACTIVE ──renew (later validUntil)──▶ ACTIVE
 *   ACTIVE | EXPIRED ──revoke (optional reason)──▶ REVOKED (final: a new authorization is created instead)
 *
 * EXPIRED is never stored: it is read off `validUntil` against the Spanish calendar day, so an
 * authorization stops covering filings at the end of its last day without any job running.
 */

import { AppError } from '@shared/api/errors';
import { validateTaxId } from '@shared/fiscal/nif';
import type { AuthorizationView, TaxModelType } from '@shared/schemas/tax-models';

export type AuthorizationStatus = AuthorizationView['status'];

/** A stored authorization: the view's facts without the derived status, plus who did what. */
export interface AuthorizationRecord extends Omit<AuthorizationView, 'status'> {
  createdBy: string;
  revokedBy: string | null;
  /** Every renewal, oldest first. */
  renewals: { at: string; by: string; previousValidUntil: string; validUntil: string }[];
  /** Bumped by every write; the next write is conditioned on it. */
  revision: number;
}

/** An authorization longer than this is refused (a typo in the year, not a real apoderamiento). */
export const MAX_VALIDITY_YEARS = 10;

/** The Spanish calendar day (Europe/Madrid) of an instant, as YYYY-MM-DD. */
export const madridToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);

/** ACTIVE, EXPIRED (its last day is before today) or REVOKED. */
export function authorizationStatus(
  a: Pick<AuthorizationRecord, 'revokedAt' | 'validUntil'>,
  today: string,
): AuthorizationStatus {
  if (a.revokedAt) return 'REVOKED';
  return a.validUntil < today ? 'EXPIRED' : 'ACTIVE';
}

export function toAuthorizationView(a: AuthorizationRecord, today: string): AuthorizationView {
  return {
    authorizationId: a.authorizationId,
    companyId: a.companyId,
    collaboratorNif: a.collaboratorNif,
    collaboratorName: a.collaboratorName,
    models: a.models,
    validFrom: a.validFrom,
    validUntil: a.validUntil,
    status: authorizationStatus(a, today),
    revokedAt: a.revokedAt,
    revokeReason: a.revokeReason,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** Whether it lets its collaborator file `modelType` today. */
export const coversModel = (a: AuthorizationRecord, modelType: TaxModelType, today: string): boolean =>
  authorizationStatus(a, today) === 'ACTIVE' && a.models.includes(modelType);

const invalid = (field: string, message: string, reason: string) =>
  new AppError('CORE_004', message, { field, details: { reason } });

const isRealDate = (iso: string): boolean => {
  const [y, m, d] = iso.split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d!));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m! - 1 && t.getUTCDate() === d;
};

const addYears = (iso: string, years: number): string => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

/** A validUntil a person may set today: a real date, after today, within MAX_VALIDITY_YEARS. */
export function assertValidUntil(validUntil: string, today: string): void {
  if (!isRealDate(validUntil))
    throw invalid('validUntil', 'La fecha de validez no es una fecha válida.', 'INVALID_DATE');
  if (validUntil <= today)
    throw invalid('validUntil', 'La fecha de validez debe ser posterior a hoy.', 'NOT_IN_FUTURE');
  if (validUntil > addYears(today, MAX_VALIDITY_YEARS))
    throw invalid(
      'validUntil',
      `La autorización no puede tener una validez superior a ${MAX_VALIDITY_YEARS} años.`,
      'TOO_LONG',
    );
}

export interface NewAuthorization {
  collaboratorNif: string;
  collaboratorName: string;
  models: TaxModelType[];
  validUntil: string;
}

/**
 * Checks a new authorization and gives it normalized: the collaborator's NIF valid and not the
 * company's own, validUntil in the future, the models without repeats, no other ACTIVE authorization
 * of the same collaborator (renew that one instead).
 */
export function checkNewAuthorization(
  body: NewAuthorization,
  ctx: { companyNif: string; today: string; existing: AuthorizationRecord[] },
): NewAuthorization {
  const nif = validateTaxId(body.collaboratorNif);
  if (!nif.valid)
    throw invalid(
      'collaboratorNif',
      `El NIF del colaborador no es válido${nif.reason ? `: ${nif.reason}` : '.'}`,
      'INVALID_NIF',
    );
  if (nif.normalized === ctx.companyNif)
    throw invalid(
      'collaboratorNif',
      'El colaborador social debe ser una persona o entidad distinta de la propia empresa.',
      'SELF_AUTHORIZATION',
    );
  assertValidUntil(body.validUntil, ctx.today);
  const active = ctx.existing.find(
    (a) => a.collaboratorNif === nif.normalized && authorizationStatus(a, ctx.today) === 'ACTIVE',
  );
  if (active)
    throw invalid(
      'collaboratorNif',
      `Ya hay una autorización activa para ${active.collaboratorName} (${active.collaboratorNif}) hasta el ${active.validUntil}: renuévala en lugar de crear otra.`,
      'ALREADY_AUTHORIZED',
    );
  return {
    collaboratorNif: nif.normalized,
    collaboratorName: body.collaboratorName.trim(),
    models: [...new Set(body.models)].sort() as TaxModelType[],
    validUntil: body.validUntil,
  };
}

/** The authorization renewed to `validUntil` (later than today and than its current date). */
export function renewed(
  a: AuthorizationRecord,
  validUntil: string,
  ctx: { today: string; at: string; by: string },
): AuthorizationRecord {
  if (authorizationStatus(a, ctx.today) === 'REVOKED')
    throw invalid('validUntil', 'Una autorización revocada no se puede renovar: crea una nueva.', 'REVOKED');
  assertValidUntil(validUntil, ctx.today);
  if (validUntil <= a.validUntil)
    throw invalid(
      'validUntil',
      `La nueva fecha de validez debe ser posterior a la actual (${a.validUntil}).`,
      'NOT_LATER',
    );
  return {
    ...a,
    validUntil,
    updatedAt: ctx.at,
    renewals: [...a.renewals, { at: ctx.at, by: ctx.by, previousValidUntil: a.validUntil, validUntil }],
    revision: a.revision + 1,
  };
}

/** The authorization revoked (ACTIVE or EXPIRED; a revoked one stays as it was revoked). */
export function revoked(
  a: AuthorizationRecord,
  reason: string | undefined,
  ctx: { today: string; at: string; by: string },
): AuthorizationRecord {
  if (authorizationStatus(a, ctx.today) === 'REVOKED')
    throw invalid('reason', 'La autorización ya está revocada.', 'ALREADY_REVOKED');
  const text = reason?.trim();
  return {
    ...a,
    revokedAt: ctx.at,
    revokedBy: ctx.by,
    revokeReason: text ? text : null,
    updatedAt: ctx.at,
    revision: a.revision + 1,
  };
}
