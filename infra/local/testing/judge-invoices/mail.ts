/**
 * A raw RFC 5322 / MIME mail with one attachment (multipart/mixed, base64 lines of 76 characters,
 * RFC 2045), written with "\n" line ends: infra/local/engines/test-smtp-client.ts turns them into CRLF.
 * No line of it starts with "." (the client does no dot-stuffing).
 */

export interface MailInput {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  date: Date;
  text: string;
  attachment: { fileName: string; contentType: string; bytes: Uint8Array };
}

export function rawMail(m: MailInput): string {
  const boundary = `=_judge_${m.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}`;
  const b64 = Buffer.from(m.attachment.bytes)
    .toString('base64')
    .replace(/(.{76})/g, '$1\n')
    .trimEnd();
  const subject = `=?UTF-8?B?${Buffer.from(m.subject, 'utf8').toString('base64')}?=`;
  return [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${subject}`,
    `Date: ${m.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${m.messageId}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    'This is a multi-part message in MIME format.',
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(m.text, 'utf8')
      .toString('base64')
      .replace(/(.{76})/g, '$1\n')
      .trimEnd(),
    '',
    `--${boundary}`,
    `Content-Type: ${m.attachment.contentType}; name="${m.attachment.fileName}"`,
    `Content-Disposition: attachment; filename="${m.attachment.fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    '',
    `--${boundary}--`,
    '',
  ].join('\n');
}
