/** Outbound mail through SES v2 (locally, the dev mailbox behind the same API). */

import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requireEnv } from '@functions/platform/aws/env';
import { sesv2 } from '@functions/platform/aws/sesv2';
import type { MailMessage } from '../model/mail-job';

const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });

/** Sends one mail and returns the SES MessageId. */
export async function sendEmail(mail: MailMessage): Promise<string> {
  const res = await sesv2().send(
    new SendEmailCommand({
      FromEmailAddress: requireEnv('MAIL_FROM'),
      Destination: { ToAddresses: mail.to },
      Content: {
        Simple: {
          Subject: utf8(mail.subject),
          Body: { Text: utf8(mail.text), ...(mail.html === undefined ? {} : { Html: utf8(mail.html) }) },
        },
      },
    }),
  );
  // SES always answers with an id; the fallback only keeps the log entry well-formed.
  return res.MessageId ?? 'unknown';
}
