/**
 * The `documents` bucket: the bytes of every document under `incoming/<companyId>/<documentId>/<file>`
 * (model/status.ts `objectKeyOf`), with the document and company ids as object metadata. Browsers
 * upload straight to it with a presigned POST whose policy S3 enforces: the exact key, the declared
 * Content-Type, 1 byte to 50 MB (issue 17 item 1). The worker still checks the bytes: a policy can
 * only say what the browser claimed.
 */

import { requireEnv } from '@functions/platform/aws/env';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
import { bucketEnv } from '@shared/config/env-names';

export interface PresignPostInput {
  key: string;
  contentType: string;
  maxBytes: number;
  metadata: Record<string, string>;
  expiresSeconds: number;
}

export interface DocumentObjects {
  put(key: string, bytes: Uint8Array, contentType: string, metadata: Record<string, string>): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object's size, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  /** Idempotent: deleting what is gone is not an error. */
  remove(key: string): Promise<void>;
  presignPost(input: PresignPostInput): Promise<{ url: string; fields: Record<string, string> }>;
}

const bucket = () => requireEnv(bucketEnv.documents);

const isMissing = (e: unknown) => {
  const name = (e as Error)?.name;
  const status = (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
};

export const s3DocumentObjects: DocumentObjects = {
  async put(key, bytes, contentType, metadata) {
    const { sdk, client } = await lazyS3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket(),
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
        Metadata: metadata,
      }),
    );
  },
  async get(key) {
    const { sdk, client } = await lazyS3();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  },
  async head(key) {
    const { sdk, client } = await lazyS3();
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: key }));
      return { size: res.ContentLength ?? 0 };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  },
  async remove(key) {
    const { sdk, client } = await lazyS3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
  },
  async presignPost(input) {
    const [{ client }, { createPresignedPost }] = await Promise.all([
      lazyS3(),
      import('@aws-sdk/s3-presigned-post'),
    ]);
    const metaFields = Object.fromEntries(
      Object.entries(input.metadata).map(([k, v]) => [`x-amz-meta-${k}`, v]),
    );
    const fields = { 'Content-Type': input.contentType, ...metaFields };
    return createPresignedPost(client, {
      Bucket: bucket(),
      Key: input.key,
      Expires: input.expiresSeconds,
      Fields: fields,
      // The key, the type and the metadata exactly as signed; the size between 1 byte and the limit.
      Conditions: [
        ['content-length-range', 1, input.maxBytes],
        ['eq', '$Content-Type', input.contentType],
        ...Object.entries(metaFields).map(([k, v]) => ['eq', `$${k}`, v] as ['eq', string, string]),
      ],
    });
  },
};
