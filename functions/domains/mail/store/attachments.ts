/**
 * The files a mail attaches: stored ones read from the documents bucket (the manifest grants the mail
 * consumer read), inline ones (a calendar invitation) from the message itself.
 */

import { GetObjectCommand } from '@aws-sdk/client-s3';
import { requireEnv } from '@functions/platform/aws/env';
import { s3 } from '@functions/platform/aws/s3';
import { bucketEnv } from '@shared/config/env-names';
import type { MailMessage } from '../model/mail-job';
import type { MimeAttachment } from '../model/mime';

export async function readAttachments(mail: MailMessage): Promise<MimeAttachment[]> {
  if (!mail.attachments?.length) return [];
  return Promise.all(
    mail.attachments.map(async (a) => {
      if ('inlineText' in a) {
        return {
          fileName: a.fileName,
          // RFC 6047 (iMIP): a calendar invitation names its method, so mail clients offer to add it.
          contentType: `${a.contentType}; charset=UTF-8; method=REQUEST`,
          content: new TextEncoder().encode(a.inlineText),
        };
      }
      const bucket = requireEnv(bucketEnv.documents);
      const res = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: a.s3Key }));
      if (!res.Body) throw new Error(`Attachment ${a.s3Key} has no body`);
      return {
        fileName: a.fileName,
        contentType: a.contentType,
        content: await res.Body.transformToByteArray(),
      };
    }),
  );
}
