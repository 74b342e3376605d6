/**
 * The local stand-in for SES inbound: an SMTP listener that stores each received message, raw MIME,
 * in the inbound bucket under `inbound/<messageId>` the way an SES receipt rule's S3 action does.
 * The bucket's notifications then invoke the inbound-mail consumer exactly as in AWS.
 *
 * Like SES, it PREPENDS its verdicts (issue 17 item 4), computed offline: `Authentication-Results:
 * cuadra.local; spf=none; dkim=none|unknown; dmarc=pass|fail` (DMARC here is only the relaxed alignment
 * of the From header's domain with the envelope MAIL FROM's: no DNS), `X-SES-Spam-Verdict: PASS` and
 * `X-SES-Virus-Verdict: FAIL` for an EICAR test signature or an executable attachment, else PASS;
 * and `X-Original-To` with the envelope recipients.
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { localClientConfig } from '../aws';
import type { Logger } from '../util/log';
import { preferPort } from '../util/ports';
import { sesMessageId } from './ses-mail';

export interface RunningSmtp {
  port: number;
  stop(): Promise<void>;
}

const MAX_BYTES = 25 * 1024 * 1024;

export async function startInboundSmtp(opts: {
  host?: string;
  /** Used when free; otherwise any free port. */
  preferredPort?: number;
  s3Endpoint: string;
  bucket: string;
  prefix?: string;
  logger: Logger;
}): Promise<RunningSmtp> {
  const host = opts.host ?? '127.0.0.1';
  const port = await preferPort(opts.preferredPort, host);
  const s3 = new S3Client({ ...localClientConfig(opts.s3Endpoint), forcePathStyle: true });
  const prefix = opts.prefix ?? 'inbound/';

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    banner: 'Cuadra local inbound mail',
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (stream.sizeExceeded)
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        const id = sesMessageId();
        const raw = Buffer.concat(chunks);
        verdictHeaders(raw, session)
          .then((headers) =>
            s3.send(
              new PutObjectCommand({
                Bucket: opts.bucket,
                Key: `${prefix}${id}`,
                Body: Buffer.concat([Buffer.from(headers, 'utf8'), raw]),
                ContentType: 'message/rfc822',
              }),
            ),
          )
          .then(
            () => {
              opts.logger.info(`inbound mail stored as s3://${opts.bucket}/${prefix}${id}`);
              callback(null, `Message accepted as ${id}`);
            },
            (e: Error) => {
              opts.logger.error('inbound mail could not be stored', e);
              callback(
                Object.assign(new Error('Temporary failure storing the message'), { responseCode: 451 }),
              );
            },
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          s3.destroy();
          resolve();
        });
      }),
  };
}

// --- verdicts -------------------------------------------------------------------------------------

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const EXECUTABLE_NAME = /\.(exe|js|bat|cmd|com|scr|vbs|msi|jar|ps1|pif)$/i;
/** Second-level labels under which a registrable domain has three labels (no public suffix list offline). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gob', 'edu', 'ac', 'nom']);

/** The organisational domain, approximately: the last two labels (three under com.es, co.uk...). */
export function organisationalDomain(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const n = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 3 : 2;
  return labels.slice(-n).join('.');
}

const domainOf = (address: string | undefined): string | null => {
  const at = address?.lastIndexOf('@') ?? -1;
  return address && at > 0 ? address.slice(at + 1).toLowerCase() : null;
};

/** An EICAR signature or an executable (MZ header, or an executable's name) in the mail. */
export function carriesMalware(raw: Buffer, attachments: { filename?: string; content: Buffer }[]): boolean {
  if (raw.includes(EICAR)) return true;
  return attachments.some(
    (a) =>
      a.content.includes(EICAR) ||
      (a.content.length >= 2 && a.content[0] === 0x4d && a.content[1] === 0x5a) ||
      EXECUTABLE_NAME.test(a.filename ?? ''),
  );
}

/** The headers the listener prepends (CRLF-terminated), as SES prepends its own. */
export async function verdictHeaders(
  raw: Buffer,
  session: Pick<SMTPServerSession, 'envelope'>,
): Promise<string> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
  const envelopeDomain = domainOf(mailFrom);
  const fromDomain = domainOf(parsed.from?.value[0]?.address);
  const aligned =
    envelopeDomain !== null &&
    fromDomain !== null &&
    organisationalDomain(envelopeDomain) === organisationalDomain(fromDomain);
  const dkim = /^dkim-signature:/im.test(
    raw.subarray(0, raw.indexOf('\r\n\r\n') + 1 || raw.length).toString('latin1'),
  )
    ? 'unknown'
    : 'none';
  const virus = carriesMalware(raw, parsed.attachments) ? 'FAIL' : 'PASS';
  const recipients = session.envelope.rcptTo.map((r) => r.address).join(', ');
  return [
    ...(recipients ? [`X-Original-To: ${recipients}`] : []),
    `Authentication-Results: cuadra.local; spf=none smtp.mailfrom=${envelopeDomain ?? '(null)'}; dkim=${dkim}; dmarc=${aligned ? 'pass' : 'fail'} header.from=${fromDomain ?? '(null)'}`,
    'X-SES-Spam-Verdict: PASS',
    `X-SES-Virus-Verdict: ${virus}`,
    '',
  ].join('\r\n');
}
