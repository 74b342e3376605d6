/**
 * The documents-bucket files of a DOWNLOAD_PDFS bulk operation: each invoice's PDF (stored there by
 * the pdf domain's function, store/invoice-pdfs.ts), the ZIP built from them when the operation completes (fflate `zipSync`, in memory:
 * at most 500 invoice PDFs of a few tens of KB), and the presigned GET that serves the ZIP.
 */

import { requireEnv } from '@functions/platform/aws/env';
import { lazyPresigner, lazyS3 } from '@functions/platform/aws/s3-lazy';
import { bucketEnv } from '@shared/config/env-names';
import { zipSync } from 'fflate';

/** How long a download link works. */
export const ZIP_URL_SECONDS = 900;

const bucket = () => requireEnv(bucketEnv.documents);

async function getBytes(s3Key: string): Promise<Uint8Array> {
  const { sdk, client } = await lazyS3();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: s3Key }));
  if (!res.Body) throw new Error(`Empty object ${s3Key}`);
  return res.Body.transformToByteArray();
}

/** Zips the stored PDFs (file names made unique) and stores the ZIP under `zipKey`. */
export async function buildZip(files: { s3Key: string; fileName: string }[], zipKey: string): Promise<void> {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) {
    let name = f.fileName;
    for (let n = 2; name in entries; n++) name = f.fileName.replace(/\.pdf$/, `-${n}.pdf`);
    entries[name] = await getBytes(f.s3Key);
  }
  // PDFs are already compressed: store them (level 0) and save the CPU.
  const zip = zipSync(entries, { level: 0 });
  const { sdk, client } = await lazyS3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: zipKey, Body: zip, ContentType: 'application/zip' }),
  );
}

/** A presigned GET of the ZIP, downloaded as `fileName`. */
export async function zipDownloadUrl(zipKey: string, fileName: string): Promise<string> {
  const [{ sdk, client }, { getSignedUrl }] = await Promise.all([lazyS3(), lazyPresigner()]);
  return getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: bucket(),
      Key: zipKey,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: 'application/zip',
    }),
    { expiresIn: ZIP_URL_SECONDS },
  );
}
