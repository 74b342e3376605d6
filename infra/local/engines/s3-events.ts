/**
 * Pure helpers that turn s3rver's object events into the S3Event real S3 sends to Lambda.
 * s3rver's records differ from AWS (raw key, odd ARN, us-east-1, fixed configurationId;
 * reference/local-runtime.md §2), and handlers must run the production decoding path.
 */

import type { S3Event, S3EventRecord } from 'aws-lambda';
import type { S3rverEventRecord } from 's3rver';

/**
 * The object key as S3 writes it into event notifications: form-URL-encoded (space as `+`,
 * `+` as `%2B`, parentheses as `%28`/`%29`) with `/` left as it is. Production handlers undo it with
 * `decodeURIComponent(key.replace(/\+/g, ' '))`.
 */
export function encodeS3EventKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

export interface NotificationFilter {
  prefix: string;
  suffix?: string;
}

/** S3's filter rules compare against the raw (unencoded) key. */
export function matchesNotification(key: string, filter: NotificationFilter): boolean {
  return key.startsWith(filter.prefix) && (!filter.suffix || key.endsWith(filter.suffix));
}

export function toS3EventRecord(
  raw: S3rverEventRecord,
  opts: { region: string; configurationId: string },
): S3EventRecord {
  const bucket = raw.s3.bucket.name;
  return {
    eventVersion: '2.1',
    eventSource: 'aws:s3',
    awsRegion: opts.region,
    eventTime: raw.eventTime,
    eventName: raw.eventName,
    userIdentity: { principalId: 'AWS:AIDALOCALCUADRA' },
    requestParameters: { sourceIPAddress: raw.requestParameters.sourceIPAddress },
    responseElements: { 'x-amz-request-id': randomId(16), 'x-amz-id-2': randomId(32) },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: opts.configurationId,
      bucket: { name: bucket, ownerIdentity: { principalId: 'LOCALCUADRA' }, arn: `arn:aws:s3:::${bucket}` },
      object: {
        key: encodeS3EventKey(raw.s3.object.key),
        size: raw.s3.object.size ?? 0,
        eTag: raw.s3.object.eTag ?? '',
        sequencer: raw.s3.object.sequencer,
      },
    },
  };
}

export function toS3Event(records: S3EventRecord[]): S3Event {
  return { Records: records };
}

function randomId(length: number): string {
  let out = '';
  while (out.length < length) out += Math.random().toString(36).slice(2).toUpperCase();
  return out.slice(0, length);
}
