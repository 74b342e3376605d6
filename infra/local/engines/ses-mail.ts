/**
 * Turns a SESv2 SendEmail request body (the JSON the SDK sends to POST /v2/email/outbound-emails)
 * into the stored SentMail. Simple and Raw content are supported; Raw is parsed with mailparser, so
 * what the dev mailbox shows is what a mail client would.
 */

import { randomUUID } from 'node:crypto';
import { type AddressObject, simpleParser } from 'mailparser';
import type { SentMail } from '../types';

/** The subset of the SendEmail wire format the emulator reads. */
export interface SendEmailBody {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: {
    Simple?: {
      Subject?: { Data?: string };
      Body?: { Text?: { Data?: string }; Html?: { Data?: string } };
      Attachments?: { FileName?: string; ContentType?: string; RawContent?: string }[];
    };
    Raw?: { Data?: string };
    Template?: unknown;
  };
}

export class SesRequestError extends Error {
  constructor(
    readonly type: 'BadRequestException' | 'NotFoundException',
    message: string,
  ) {
    super(message);
  }
}

/** SES message ids look like `0102018c5f3b2a1e-1b2c…-000000`. */
export function sesMessageId(): string {
  return `0102${Date.now().toString(16).padStart(12, '0')}-${randomUUID()}-000000`;
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) =>
    o.value.flatMap((v) => (v.address ? [v.address] : [])),
  );

export async function toSentMail(body: SendEmailBody, now = new Date()): Promise<SentMail> {
  const content = body.Content;
  if (content?.Template) {
    throw new SesRequestError(
      'BadRequestException',
      'Template content is not supported by the local SES emulator',
    );
  }
  const dest = body.Destination ?? {};
  const base = { id: sesMessageId(), at: now.toISOString(), replyTo: body.ReplyToAddresses ?? [] };

  if (content?.Simple) {
    const s = content.Simple;
    if (!body.FromEmailAddress)
      throw new SesRequestError('BadRequestException', 'FromEmailAddress is required');
    if (!dest.ToAddresses?.length && !dest.CcAddresses?.length && !dest.BccAddresses?.length) {
      throw new SesRequestError('BadRequestException', 'Destination has no recipients');
    }
    const mail: SentMail = {
      ...base,
      from: body.FromEmailAddress,
      to: dest.ToAddresses ?? [],
      cc: dest.CcAddresses ?? [],
      bcc: dest.BccAddresses ?? [],
      subject: s.Subject?.Data ?? '',
      attachments: (s.Attachments ?? []).map((a) => ({
        filename: a.FileName,
        contentType: a.ContentType ?? 'application/octet-stream',
        size: Buffer.from(a.RawContent ?? '', 'base64').length,
      })),
    };
    if (s.Body?.Text?.Data !== undefined) mail.text = s.Body.Text.Data;
    if (s.Body?.Html?.Data !== undefined) mail.html = s.Body.Html.Data;
    return mail;
  }

  if (content?.Raw?.Data) {
    // Blobs travel base64-encoded in SESv2's JSON protocol.
    const raw = Buffer.from(content.Raw.Data, 'base64');
    const parsed = await simpleParser(raw);
    const from = body.FromEmailAddress ?? parsed.from?.value[0]?.address;
    if (!from) throw new SesRequestError('BadRequestException', 'The message has no From address');
    const mail: SentMail = {
      ...base,
      from,
      to: dest.ToAddresses ?? addresses(parsed.to),
      cc: dest.CcAddresses ?? addresses(parsed.cc),
      bcc: dest.BccAddresses ?? [],
      subject: parsed.subject ?? '',
      raw: raw.toString('utf8'),
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.size,
      })),
    };
    if (parsed.text !== undefined) mail.text = parsed.text;
    if (parsed.html) mail.html = parsed.html;
    return mail;
  }

  throw new SesRequestError('BadRequestException', 'Content must be Simple or Raw');
}
