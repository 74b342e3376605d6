/**
 * The invoice logo's bytes in the documents bucket (`logos/<companyId>/<sha256 prefix>.<ext>`),
 * loaded on first use so the companies function's cold start does not pay for the S3 client.
 */

import { requireEnv } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { bucketEnv } from '@shared/config/env-names';

const bucket = () => requireEnv(bucketEnv.documents);

export async function putLogoObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const { sdk, client } = await lazyS3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: bytes, ContentType: contentType }),
  );
}

export async function getLogoObject(key: string): Promise<Uint8Array | undefined> {
  const { sdk, client } = await lazyS3();
  try {
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
    return res.Body ? await res.Body.transformToByteArray() : undefined;
  } catch (e) {
    if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
    throw e;
  }
}

export async function deleteLogoObject(key: string): Promise<void> {
  const { sdk, client } = await lazyS3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/**
 * The stored bytes when they are at most `maxBytes` (the object's length is known before its body
 * is read, so a file over the limit is never loaded); `tooHeavy` otherwise; undefined when missing.
 */
export async function getLogoObjectWithin(
  key: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array } | { tooHeavy: true } | undefined> {
  const { sdk, client } = await lazyS3();
  try {
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
    if (!res.Body) return undefined;
    if ((res.ContentLength ?? 0) > maxBytes) {
      (res.Body as { destroy?: () => void }).destroy?.();
      return { tooHeavy: true };
    }
    return { bytes: await res.Body.transformToByteArray() };
  } catch (e) {
    if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
    throw e;
  }
}
