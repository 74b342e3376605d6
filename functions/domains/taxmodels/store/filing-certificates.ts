/**
 * The certificates a company uploaded for VeriFacTu (`keys.verifactuCertificate`, entity
 * 'VerifactuCertificate'), read to file its models (issue 14 item 4: "reusing the VeriFacTu
 * certificate store"). Domains never import each other, so the items are read here with the same key
 * builders, and the sealed .p12 is opened with the secret-box library under the same encryption
 * context the VeriFacTu store sealed it with (functions/domains/verifactu/store/certificates.ts): it
 * opens only for that company and that certificate.
 *
 * Every read but `loadCertificateSecret` projects the sealed secret away; what that one returns is
 * never logged, stored or answered.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { open, type SealedSecret } from '@functions/lib/secret-box';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { CertificateFacts } from '../model/filing-certificate';
import type { TaxModelsDeps } from './deps';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

/** The VeriFacTu store's sealing context: the secret opens only under exactly this one. */
const sealContext = (companyId: string, certificateId: string) => ({
  purpose: 'verifactu-certificate',
  companyId,
  certificateId,
});

const PUBLIC_ATTRIBUTES = [
  'certificateId',
  'companyId',
  'fileName',
  'subject',
  'holderNif',
  'issuer',
  'serialNumber',
  'validFrom',
  'validTo',
  'qualifiedCa',
  'digitalSignature',
] as const;
const projection = {
  ProjectionExpression: PUBLIC_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(PUBLIC_ATTRIBUTES.map((a, i) => [`#a${i}`, a])),
};

/** The company's certificates, public facts only: one Query on its partition. */
export async function listCompanyCertificates(deps: Deps, companyId: string): Promise<CertificateFacts[]> {
  const k = keys.verifactuCertificatePrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...projection,
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  return items.map((i) => stripKeys(i) as unknown as CertificateFacts);
}

/** The certificate the company's VeriFacTu configuration uses, if any. */
export async function configuredCertificateId(deps: Deps, companyId: string): Promise<string | null> {
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

export interface CertificateSecret {
  pfx: Buffer;
  passphrase: string;
}

/** The .p12 and its password, to present to the AEAT; null when the certificate is gone. */
export async function loadCertificateSecret(
  deps: Deps,
  companyId: string,
  certificateId: string,
): Promise<CertificateSecret | null> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuCertificate(companyId, certificateId),
      ProjectionExpression: '#s',
      ExpressionAttributeNames: { '#s': 'sealed' },
      ConsistentRead: true,
    }),
  );
  const sealed = res.Item?.sealed as SealedSecret | undefined;
  if (!sealed) return null;
  const plaintext = await open(sealed, sealContext(companyId, certificateId));
  try {
    const secret = JSON.parse(plaintext.toString('utf8')) as { p12Base64: string; password: string };
    return { pfx: Buffer.from(secret.p12Base64, 'base64'), passphrase: secret.password };
  } finally {
    plaintext.fill(0);
  }
}
