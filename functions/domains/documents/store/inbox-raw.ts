/**
 * The `inbound` bucket: raw mail as the SES receipt rule (locally the SMTP listener) stores it under
 * `inbound/<id>`, and what the IMAP poll fetches under `imap/<companyId>/<uid>-<hash>` (outside the
 * notification's prefix: the poll takes it in itself).
 */

import { requireEnv } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { envNames } from '@shared/config/env-names';
import { MAX_INBOUND_MAIL_BYTES } from '@shared/schemas/inbox';

export interface RawMailStore {
  /** The raw bytes, or null when there is no such object or it is larger than a mail may be. */
  get(key: string): Promise<Uint8Array | null>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Keys under `prefix` written at or after `since` (oldest first, at most `limit`). */
  listSince(prefix: string, since: Date, limit: number): Promise<string[]>;
}

const bucket = () => requireEnv(envNames.bucket('inbound'));

const isMissing = (e: unknown) => {
  const name = (e as Error)?.name;
  const status = (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

export const s3RawMailStore: RawMailStore = {
  async get(key) {
    const { sdk, client } = await lazyS3();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
      if ((res.ContentLength ?? 0) > MAX_INBOUND_MAIL_BYTES) return null;
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  },
  async put(key, bytes) {
    const { sdk, client } = await lazyS3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket(),
        Key: key,
        Body: bytes,
        ContentType: 'message/rfc822',
        ContentLength: bytes.byteLength,
      }),
    );
  },
  async listSince(prefix, since, limit) {
    const { sdk, client } = await lazyS3();
    const found: { key: string; at: number }[] = [];
    let token: string | undefined;
    do {
      const res = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        const at = o.LastModified?.getTime() ?? 0;
        if (o.Key && at >= since.getTime()) found.push({ key: o.Key, at });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return found
      .sort((a, b) => a.at - b.at)
      .slice(0, limit)
      .map((f) => f.key);
  },
};
