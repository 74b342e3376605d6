/**
 * Uploaded certificates (`VF#CERT#<id>`) and their use history (`VF#CERTUSE#<id>#<at>#<id>`).
 *
 * The certificate item holds the public facts plus `sealed`: the .p12 and its password, JSON, sealed
 * by the secret box (KMS envelope in AWS, local key file on a laptop) with the company and the
 * certificate as encryption context. `sealed` is read only by `loadSigningCertificate`; every other
 * read projects it away, so it never reaches a response or a log line.
 */

import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '@functions/lib/directory';
import { open, type SealedSecret, seal } from '@functions/lib/secret-box';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { CertificateUsage } from '@shared/schemas/verifactu';
import type { CertificatePublic } from '../model/certificates';
import { getConfig } from './config';
import type { VerifactuDeps } from './deps';

type Deps = Pick<VerifactuDeps, 'db' | 'table'>;

/** What is stored of a certificate besides the sealed secret. */
export type StoredCertificate = CertificatePublic;

interface CertificateSecret {
  p12Base64: string;
  password: string;
}

/** Bound to the sealed secret: it opens only for this company and this certificate. */
const sealContext = (companyId: string, certificateId: string) => ({
  purpose: 'verifactu-certificate',
  companyId,
  certificateId,
});

/** The attributes every read but the signing one returns (never `sealed`). */
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
  'uploadedAt',
  'uploadedBy',
] as const;
const projection = {
  ProjectionExpression: PUBLIC_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(PUBLIC_ATTRIBUTES.map((a, i) => [`#a${i}`, a])),
};

const toStored = (item: Record<string, unknown>): StoredCertificate => {
  const { sealed: _sealed, ...rest } = stripKeys(item);
  return rest as unknown as StoredCertificate;
};

/** Seals the file and password and writes the certificate (a new id: Put once). */
export async function putCertificate(
  deps: Deps,
  cert: StoredCertificate,
  secret: { p12: Buffer; password: string },
): Promise<void> {
  const payload: CertificateSecret = { p12Base64: secret.p12.toString('base64'), password: secret.password };
  const plaintext = Buffer.from(JSON.stringify(payload), 'utf8');
  let sealed: SealedSecret;
  try {
    sealed = await seal(plaintext, sealContext(cert.companyId, cert.certificateId));
  } finally {
    plaintext.fill(0);
  }
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.verifactuCertificate(cert.companyId, cert.certificateId),
        entity: 'VerifactuCertificate',
        v: SCHEMA_VERSION,
        ...cert,
        sealed,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getCertificate(
  deps: Deps,
  companyId: string,
  certificateId: string,
): Promise<StoredCertificate | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuCertificate(companyId, certificateId),
      ...projection,
    }),
  );
  return res.Item ? toStored(res.Item) : undefined;
}

/** The company's certificates: one Query on its partition, `VF#CERT#` prefix (uses sort apart: `VF#CERTUSE#`). */
export async function listCertificates(deps: Deps, companyId: string): Promise<StoredCertificate[]> {
  const k = keys.verifactuCertificatePrefix(companyId);
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ProjectionExpression: projection.ProjectionExpression,
    ExpressionAttributeNames: projection.ExpressionAttributeNames,
    ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
  });
  return items.map(toStored);
}

export const certificateInUse = () =>
  new AppError(
    'DOC_046',
    'El certificado está en uso por la configuración VeriFacTu activa: elige otro certificado o desactiva VeriFacTu antes de eliminarlo.',
    { details: { reason: 'CERTIFICATE_IN_USE' } },
  );
export const certificateNotFound = () => new AppError('CORE_006', 'El certificado no existe.');

/**
 * Deletes a certificate. Refused while the enabled configuration uses it; a disabled configuration
 * that names it loses the reference in the same transaction. The conditions make this safe against
 * a concurrent configuration change. The use history stays (it documents past submissions).
 */
export async function deleteCertificate(deps: Deps, companyId: string, certificateId: string): Promise<void> {
  const certKey = keys.verifactuCertificate(companyId, certificateId);
  const configKey = keys.verifactuConfig(companyId);
  const config = await getConfig(deps, companyId);
  const referenced = config?.certificateId === certificateId;
  if (referenced && config?.enabled) throw certificateInUse();

  const items: TransactItem[] = [
    { Delete: { TableName: deps.table, Key: certKey, ConditionExpression: 'attribute_exists(pk)' } },
    referenced
      ? {
          Update: {
            TableName: deps.table,
            Key: configKey,
            UpdateExpression: 'SET certificateId = :null',
            ConditionExpression: 'certificateId = :id AND enabled = :off',
            ExpressionAttributeValues: { ':null': null, ':id': certificateId, ':off': false },
          },
        }
      : {
          ConditionCheck: {
            TableName: deps.table,
            Key: configKey,
            ConditionExpression: 'attribute_not_exists(pk) OR NOT certificateId = :id OR enabled = :off',
            ExpressionAttributeValues: { ':id': certificateId, ':off': false },
          },
        },
  ];
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) throw certificateNotFound();
    if (failedConditionAt(e, 1)) throw certificateInUse();
    throw e;
  }
}

// --- signing and use history ----------------------------------------------------------------------

export interface SigningCertificate {
  certificateId: string;
  pfx: Buffer;
  passphrase: string;
  validTo: string;
}

/**
 * The certificate to present to the AEAT: `certificateId`, or the configuration's when omitted.
 * Null when there is none (no configuration, no certificate chosen, or it was deleted). The caller
 * must never log or return what this gives.
 */
export async function loadSigningCertificate(
  deps: Deps,
  companyId: string,
  certificateId?: string,
): Promise<SigningCertificate | null> {
  const id = certificateId ?? (await getConfig(deps, companyId))?.certificateId ?? null;
  if (!id) return null;
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.verifactuCertificate(companyId, id),
      ConsistentRead: true,
    }),
  );
  const item = res.Item as (StoredCertificate & { sealed?: SealedSecret }) | undefined;
  if (!item?.sealed) return null;
  const plaintext = await open(item.sealed, sealContext(companyId, id));
  try {
    const secret = JSON.parse(plaintext.toString('utf8')) as CertificateSecret;
    return {
      certificateId: id,
      pfx: Buffer.from(secret.p12Base64, 'base64'),
      passphrase: secret.password,
      validTo: item.validTo,
    };
  } finally {
    plaintext.fill(0);
  }
}

/** Use history is kept for two years (the TTL attribute of the table removes older entries). */
const USE_RETENTION_SECONDS = 2 * 366 * 24 * 3600;

/** Appends one use of a certificate (TEST_CONNECTION, SUBMISSION, QUERY). `detail` must not hold secrets. */
export async function recordCertificateUse(
  deps: Pick<VerifactuDeps, 'db' | 'table' | 'now' | 'newId'>,
  companyId: string,
  certificateId: string,
  use: { operation: string; ok: boolean; detail?: string | null },
): Promise<void> {
  const at = deps.now();
  const iso = at.toISOString();
  await deps.db.send(
    new PutCommand({
      TableName: deps.table,
      Item: {
        ...keys.verifactuCertificateUse(companyId, certificateId, iso, deps.newId()),
        entity: 'VerifactuCertificateUse',
        v: SCHEMA_VERSION,
        companyId,
        certificateId,
        at: iso,
        operation: use.operation,
        ok: use.ok,
        detail: use.detail ? use.detail.slice(0, 500) : null,
        ttl: Math.floor(at.getTime() / 1000) + USE_RETENTION_SECONDS,
      },
    }),
  );
}

/** The newest uses first: one Query, descending on the sort key (which ends in the ISO time). */
export async function listCertificateUses(
  deps: Deps,
  companyId: string,
  certificateId: string,
  limit: number,
): Promise<CertificateUsage[]> {
  const k = keys.verifactuCertificateUsePrefix(companyId, certificateId);
  const res = await deps.db.send(
    new QueryCommand({
      TableName: deps.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': k.pk, ':prefix': k.skPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => ({
    at: i.at as string,
    operation: i.operation as string,
    ok: i.ok as boolean,
    detail: (i.detail as string | null | undefined) ?? null,
  }));
}
