/** Outbound mail through SES v2 (locally, the dev mailbox behind the same API). */

import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requireEnv } from '@functions/platform/aws/env';
import { sesv2 } from '@functions/platform/aws/sesv2';
import { envNames } from '@shared/config/env-names';
import type { MailMessage } from '../model/mail-job';
import { buildRawMessage, type MimeAttachment } from '../model/mime';

const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });

/**
 * Sends one mail and returns the SES MessageId. Without attachments it is a Simple message; with
 * them (already read from S3) a raw multipart/mixed MIME message.
 */
export async function sendEmail(
  mail: MailMessage,
  attachments: MimeAttachment[] = [],
  now: Date = new Date(),
): Promise<string> {
  const from = requireEnv(envNames.mailFrom);
  const destination = {
    ToAddresses: mail.to,
    ...(mail.cc?.length ? { CcAddresses: mail.cc } : {}),
  };
  // A raw message carries Reply-To in its own headers; Simple content takes it as a parameter.
  const replyTo = mail.replyTo?.length && !attachments.length ? { ReplyToAddresses: mail.replyTo } : {};
  const content = attachments.length
    ? {
        Raw: {
          Data: new TextEncoder().encode(
            buildRawMessage({
              from,
              to: mail.to,
              cc: mail.cc,
              replyTo: mail.replyTo,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              attachments,
              date: now,
              boundary: `=_cuadra_${randomUUID().replace(/-/g, '')}`,
            }),
          ),
        },
      }
    : {
        Simple: {
          Subject: utf8(mail.subject),
          Body: { Text: utf8(mail.text), ...(mail.html === undefined ? {} : { Html: utf8(mail.html) }) },
        },
      };
  const res = await sesv2().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: destination,
      ...replyTo,
      Content: content,
    }),
  );
  // SES always answers with an id; the fallback only keeps the log entry well-formed.
  return res.MessageId ?? 'unknown';
}
