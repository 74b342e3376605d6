/** Rendered PDFs the pdf domain stores in the documents bucket for others to read (bulk downloads). */

import { PutObjectCommand } from '@aws-sdk/client-s3';
import { requireEnv } from '@functions/platform/aws/env';
import { s3 as defaultS3 } from '@functions/platform/aws/s3';
import { bucketEnv } from '@shared/config/env-names';
import type { PdfDeps } from './deps';

export async function putPdf(deps: PdfDeps, s3Key: string, bytes: Uint8Array): Promise<void> {
  await (deps.s3 ?? defaultS3()).send(
    new PutObjectCommand({
      Bucket: deps.bucket ?? requireEnv(bucketEnv.documents),
      Key: s3Key,
      Body: bytes,
      ContentType: 'application/pdf',
    }),
  );
}
