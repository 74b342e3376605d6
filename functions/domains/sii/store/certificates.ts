/**
 * The company's certificate for the SII: one of the certificates it uploaded for VeriFacTu
 * (`keys.verifactuCertificate`, entity 'VerifactuCertificate'; issue 16: "the certificate and
 * representative are the company's, as for VeriFacTu"). Domains never import each other, so the
 * item is read here with the shared key builders, as taxmodels/store/filing-certificates.ts does,
 * and the sealed .p12 is opened with the secret box under the context the VeriFacTu store sealed it
 * with (purpose 'verifactu-certificate', the company and the certificate): it opens for nothing else.
 *
 * Which certificate: the SII configuration's `certificateId`; without one, the one the company's
 * VeriFacTu configuration names (most companies upload one certificate and use it for both). What
 * `loadSiiCertificate` returns is never logged, stored or answered.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { open, type SealedSecret } from '@functions/lib/secret-box';
import { keys } from '@shared/db/keys';
import type { SiiConfig } from '@shared/schemas/sii';
import type { SiiDeps } from './deps';

type Deps = Pick<SiiDeps, 'db' | 'table'>;

/** The VeriFacTu store's sealing context: the secret opens only under exactly this one. */
const sealContext = (companyId: string, certificateId: string) => ({
  purpose: 'verifactu-certificate',
  companyId,
  certificateId,
});

export interface SiiCertificate {
  certificateId: string;
  pfx: Buffer;
  passphrase: string;
  /** ISO; an expired certificate is refused before any call (the AEAT would refuse the handshake). */
  validTo: string | null;
}

/** Why a company has no usable certificate (the dashboard shows it). */
export type CertificateProblem = 'NO_CERTIFICATE' | 'CERTIFICATE_NOT_FOUND' | 'CERTIFICATE_EXPIRED';

export const CERTIFICATE_PROBLEM_TEXT: Record<CertificateProblem, string> = {
  NO_CERTIFICATE:
    'No hay certificado para el SII: elige uno en la configuración SII de la empresa; los registros esperan en cola.',
  CERTIFICATE_NOT_FOUND:
    'El certificado elegido para el SII ya no existe: elige otro en la configuración SII; los registros esperan en cola.',
  CERTIFICATE_EXPIRED:
    'El certificado elegido para el SII ha caducado: sube uno vigente; los registros esperan en cola.',
};

/** The certificate the VeriFacTu configuration uses, if any (the fallback when the SII names none). */
async function verifactuCertificateId(deps: Deps, companyId: string): Promise<string | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuConfig(companyId),
      ProjectionExpression: '#c',
      ExpressionAttributeNames: { '#c': 'certificateId' },
    }),
  );
  const id = res.Item?.certificateId;
  return typeof id === 'string' && id ? id : null;
}

/** The id of the certificate the SII uses for the company, or null. */
export async function siiCertificateId(
  deps: Deps,
  companyId: string,
  config: Pick<SiiConfig, 'certificateId'> | null,
): Promise<string | null> {
  return config?.certificateId ?? (await verifactuCertificateId(deps, companyId));
}

/**
 * The .p12 and its password to present to the AEAT, or the reason there is none. The caller must
 * never log or return the secret.
 */
export async function loadSiiCertificate(
  deps: Deps,
  companyId: string,
  config: Pick<SiiConfig, 'certificateId'> | null,
  now: Date,
): Promise<SiiCertificate | { problem: CertificateProblem }> {
  const certificateId = await siiCertificateId(deps, companyId, config);
  if (!certificateId) return { problem: 'NO_CERTIFICATE' };
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuCertificate(companyId, certificateId),
      ProjectionExpression: '#s, #t',
      ExpressionAttributeNames: { '#s': 'sealed', '#t': 'validTo' },
      ConsistentRead: true,
    }),
  );
  const sealed = res.Item?.sealed as SealedSecret | undefined;
  if (!sealed) return { problem: 'CERTIFICATE_NOT_FOUND' };
  const validTo = typeof res.Item?.validTo === 'string' ? res.Item.validTo : null;
  if (validTo && Date.parse(validTo) < now.getTime()) return { problem: 'CERTIFICATE_EXPIRED' };
  const plaintext = await open(sealed, sealContext(companyId, certificateId));
  try {
    const secret = JSON.parse(plaintext.toString('utf8')) as { p12Base64: string; password: string };
    return {
      certificateId,
      pfx: Buffer.from(secret.p12Base64, 'base64'),
      passphrase: secret.password,
      validTo,
    };
  } finally {
    plaintext.fill(0);
  }
}
