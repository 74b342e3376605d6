/**
 * Which of a company's certificates files its models, and whether it can (issue 14 item 4). The
 * certificates are the ones uploaded for VeriFacTu (the same .p12 authenticates the company to every
 * AEAT service); only their public facts are judged here. Pure.
 *
 * A certificate files for a NIF when it is inside its validity today and it is that NIF's: the
 * holder's NIF (subject serialNumber) is the NIF, or the subject names it (a legal entity's
 * representative certificate carries the entity's NIF as `VATES-<NIF>` or in the CN).
 */

import { AppError } from '@shared/api/errors';

/** The public facts of a stored certificate (never its file nor its password). */
export interface CertificateFacts {
  certificateId: string;
  companyId: string;
  fileName: string;
  subject: string;
  holderNif: string | null;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  qualifiedCa?: string | null;
  digitalSignature?: boolean | null;
}

export type CertificateState = 'VALID' | 'EXPIRED' | 'NOT_YET_VALID';

export interface CertificateAssessment {
  certificateId: string;
  subject: string;
  holderNif: string | null;
  issuer: string;
  validFrom: string;
  validTo: string;
  state: CertificateState;
  /** Whole days left (negative once expired). */
  daysToExpiry: number;
  nifMatches: boolean;
  /** Whether it can file for the NIF today. */
  valid: boolean;
  /** Why it cannot, or what to watch (Spanish). */
  problems: string[];
  warnings: string[];
  /** The configured VeriFacTu certificate. */
  configured: boolean;
}

const DAY_MS = 24 * 3600 * 1000;
/** A certificate expiring within this many days is flagged. */
export const EXPIRY_WARNING_DAYS = 30;

/** dd/mm/aaaa in Spain's time zone. */
export const spanishDate = (iso: string): string =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

export function certificateNifMatches(
  c: Pick<CertificateFacts, 'holderNif' | 'subject'>,
  nif: string,
): boolean {
  if (c.holderNif?.toUpperCase() === nif) return true;
  return new RegExp(`(^|[^0-9A-Z])(VATES-|IDCES-)?${nif}([^0-9A-Z]|$)`).test(c.subject.toUpperCase());
}

export function assessCertificate(
  c: CertificateFacts,
  nif: string,
  now: Date,
  configuredId: string | null,
): CertificateAssessment {
  const t = now.getTime();
  const from = Date.parse(c.validFrom);
  const to = Date.parse(c.validTo);
  const state: CertificateState = t > to ? 'EXPIRED' : t < from ? 'NOT_YET_VALID' : 'VALID';
  const daysToExpiry = Math.floor((to - t) / DAY_MS);
  const nifMatches = certificateNifMatches(c, nif);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (state === 'EXPIRED') problems.push(`El certificado caducó el ${spanishDate(c.validTo)}.`);
  if (state === 'NOT_YET_VALID')
    problems.push(`El certificado no es válido hasta el ${spanishDate(c.validFrom)}.`);
  if (!nifMatches)
    problems.push(
      `El certificado es de ${c.holderNif ?? 'un titular sin NIF'}, no del NIF ${nif}: la AEAT no aceptaría la presentación.`,
    );
  if (state === 'VALID' && daysToExpiry <= EXPIRY_WARNING_DAYS)
    warnings.push(
      `El certificado caduca en ${daysToExpiry} ${daysToExpiry === 1 ? 'día' : 'días'} (${spanishDate(c.validTo)}).`,
    );
  if (c.qualifiedCa === null || c.qualifiedCa === undefined)
    warnings.push(
      'El certificado no procede de una autoridad de certificación cualificada española: solo lo admite el entorno de pruebas de la AEAT.',
    );
  return {
    certificateId: c.certificateId,
    subject: c.subject,
    holderNif: c.holderNif,
    issuer: c.issuer,
    validFrom: c.validFrom,
    validTo: c.validTo,
    state,
    daysToExpiry,
    nifMatches,
    valid: problems.length === 0,
    problems,
    warnings,
    configured: configuredId === c.certificateId,
  };
}

/**
 * The certificate that files for `nif`: the one asked for, else the VeriFacTu configuration's when it
 * can file, else the valid one of that NIF that lasts longest. Null when the company has none at all.
 */
export function chooseCertificate(
  certificates: CertificateFacts[],
  nif: string,
  now: Date,
  configuredId: string | null,
  requestedId?: string,
): CertificateAssessment | null {
  if (requestedId) {
    const c = certificates.find((x) => x.certificateId === requestedId);
    return c ? assessCertificate(c, nif, now, configuredId) : null;
  }
  const assessed = certificates.map((c) => assessCertificate(c, nif, now, configuredId));
  const configured = assessed.find((a) => a.configured);
  if (configured?.valid) return configured;
  const usable = assessed.filter((a) => a.valid).sort((a, b) => b.validTo.localeCompare(a.validTo));
  return usable[0] ?? configured ?? assessed.sort((a, b) => b.validTo.localeCompare(a.validTo))[0] ?? null;
}

/** 400 TAX_025 with the reason, when the chosen certificate cannot file (or there is none). */
export function assertCanFile(
  chosen: CertificateAssessment | null,
  whose: { nif: string; label: string },
): CertificateAssessment {
  if (!chosen)
    throw new AppError(
      'TAX_025',
      `${whose.label} no tiene ningún certificado digital en Cuadra: súbelo en Certificados (el mismo que usa VeriFacTu) para presentar a la AEAT.`,
      { details: { reason: 'NO_CERTIFICATE', nif: whose.nif } },
    );
  if (!chosen.valid)
    throw new AppError(
      'TAX_025',
      `El certificado digital de ${whose.label.toLowerCase()} no sirve para presentar: ${chosen.problems.join(' ')}`,
      {
        details: {
          reason: 'INVALID_CERTIFICATE',
          certificateId: chosen.certificateId,
          problems: chosen.problems,
        },
      },
    );
  return chosen;
}
