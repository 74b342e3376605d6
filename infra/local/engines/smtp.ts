/**
 * The local stand-in for SES inbound: an SMTP listener that stores each received message, raw MIME,
 * in the inbound bucket under `inbound/<messageId>` the way an SES receipt rule's S3 action does.
 * The bucket's notifications then invoke the inbound-mail consumer exactly as in AWS.
 */

import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SMTPServer } from 'smtp-server';
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
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (stream.sizeExceeded)
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        const id = sesMessageId();
        s3.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: `${prefix}${id}`,
            Body: Buffer.concat(chunks),
            ContentType: 'message/rfc822',
          }),
        ).then(
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
