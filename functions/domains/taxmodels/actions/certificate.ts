/**
 * POST …/certificate/validate (issue 14 item 4; spec part 2 §7 "Validate certificate"): whether the
 * company's stored certificate can file its models today — present, inside its validity, and the
 * company's (its NIF) — with its subject, validity and days to expiry. `?certificateId=` checks that
 * certificate; without it, the one filing would use (the VeriFacTu configuration's when it can file,
 * else the company's valid one that lasts longest). The certificate's file and password are never
 * read here: only its public facts.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type CertificateValidationView, ValidateCertificateQuery } from '@shared/schemas/tax-filing';
import { chooseCertificate } from '../model/filing-certificate';
import { getCompanyIdentity } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { configuredCertificateId, listCompanyCertificates } from '../store/filing-certificates';

export async function validateCertificate(
  input: { companyId: string; certificateId?: string | undefined },
  deps: TaxModelsDeps,
): Promise<CertificateValidationView> {
  const [company, certificates, configured] = await Promise.all([
    getCompanyIdentity(deps, input.companyId),
    listCompanyCertificates(deps, input.companyId),
    configuredCertificateId(deps, input.companyId),
  ]);
  const chosen = chooseCertificate(certificates, company.nif, deps.now(), configured, input.certificateId);
  if (!chosen && input.certificateId) throw new AppError('CORE_006', 'El certificado no existe.');
  if (!chosen)
    return {
      companyId: company.companyId,
      companyNif: company.nif,
      present: false,
      certificateId: null,
      subject: null,
      holderNif: null,
      issuer: null,
      validFrom: null,
      validTo: null,
      state: null,
      daysToExpiry: null,
      nifMatches: false,
      valid: false,
      problems: ['La empresa no tiene ningún certificado digital en Cuadra: súbelo en Certificados.'],
      warnings: [],
      configured: false,
    };
  return {
    companyId: company.companyId,
    companyNif: company.nif,
    present: true,
    certificateId: chosen.certificateId,
    subject: chosen.subject,
    holderNif: chosen.holderNif,
    issuer: chosen.issuer,
    validFrom: chosen.validFrom,
    validTo: chosen.validTo,
    state: chosen.state,
    daysToExpiry: chosen.daysToExpiry,
    nifMatches: chosen.nifMatches,
    valid: chosen.valid,
    problems: chosen.problems,
    warnings: chosen.warnings,
    configured: chosen.configured,
  };
}

export const validateCertificateRoute = defineCompanyAction({
  query: ValidateCertificateQuery,
  run: ({ scope, query }, deps: TaxModelsDeps) =>
    validateCertificate({ companyId: scope.companyId, certificateId: query.certificateId }, deps),
});
