import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type VerifactuConfig, VerifactuConfigBody } from '@shared/schemas/verifactu';
import { assertCertificateForEnvironment, certificateStatus, spanishDate } from '../model/certificates';
import { getCertificate } from '../store/certificates';
import { certificateGone, writeConfig } from '../store/config';
import type { VerifactuDeps } from '../store/deps';

export const NO_VERIFACTU_UNAVAILABLE =
  'El modo NO VERI*FACTU (registros firmados con XAdES y registro de eventos) no está disponible: Cuadra envía cada registro a la AEAT en modo VERI*FACTU.';

type ConfigFields = Pick<VerifactuConfig, 'mode' | 'environment' | 'enabled' | 'certificateId' | 'companyId'>;

/**
 * The rules a configuration must meet before it is stored: the certificate exists in the company and
 * is valid today, and for PRODUCTION comes from a recognised qualified CA; sending in VERI*FACTU mode
 * needs one (the AEAT accepts only mutual TLS).
 */
export async function assertConfigUsable(
  deps: VerifactuDeps,
  config: ConfigFields,
  options: { checkValidity?: boolean } = {},
): Promise<void> {
  // NO VERI*FACTU keeps the records at home, which the Orden HAC/1177/2024 only allows with every
  // record XAdES-signed and a chained event log (EventosSIF): Cuadra does not sign records yet, so it
  // works in VERI*FACTU mode only (each record goes to the AEAT at once) rather than keep unsigned ones.
  if (config.mode === 'NO_VERIFACTU')
    throw new AppError('CORE_004', NO_VERIFACTU_UNAVAILABLE, {
      field: 'mode',
      details: { reason: 'MODE_NOT_AVAILABLE' },
    });
  if (!config.certificateId) {
    if (config.enabled && config.mode === 'VERIFACTU')
      throw new AppError(
        'CORE_004',
        'Selecciona el certificado con el que se enviarán los registros a la AEAT.',
        {
          field: 'certificateId',
          details: { reason: 'CERTIFICATE_REQUIRED' },
        },
      );
    return;
  }
  const cert = await getCertificate(deps, config.companyId, config.certificateId);
  if (!cert) throw certificateGone();
  if (options.checkValidity === false) return;
  const { status } = certificateStatus(cert, deps.now());
  if (status === 'EXPIRED')
    throw new AppError(
      'TAX_025',
      `El certificado seleccionado caducó el ${spanishDate(new Date(cert.validTo))}.`,
      {
        field: 'certificateId',
        details: { reason: 'CERTIFICATE_EXPIRED' },
      },
    );
  if (status === 'NOT_YET_VALID')
    throw new AppError(
      'TAX_025',
      `El certificado seleccionado no es válido hasta el ${spanishDate(new Date(cert.validFrom))}.`,
      { field: 'certificateId', details: { reason: 'CERTIFICATE_NOT_YET_VALID' } },
    );
  assertCertificateForEnvironment(cert, config.environment);
}

export async function createVerifactuConfig(
  input: { companyId: string; body: VerifactuConfigBody },
  deps: VerifactuDeps,
): Promise<VerifactuConfig> {
  const now = deps.now().toISOString();
  const config: VerifactuConfig = {
    companyId: input.companyId,
    mode: input.body.mode,
    environment: input.body.environment,
    representative: input.body.representative,
    certificateId: input.body.certificateId,
    sealCertificate: input.body.sealCertificate,
    enabled: input.body.enabled,
    lastConnectionTest: null,
    createdAt: now,
    updatedAt: now,
  };
  await assertConfigUsable(deps, config);
  // One transaction: the configuration (only if none exists), the company's verifactuEnabled flag
  // and the certificate's existence.
  await writeConfig(deps, config);
  return config;
}

export const createConfigRoute = defineCompanyAction({
  body: VerifactuConfigBody,
  status: 201,
  run: ({ scope, body }, deps: VerifactuDeps) => {
    return createVerifactuConfig({ companyId: scope.companyId, body }, deps);
  },
});
