/**
 * The three DynamoDB Streams calls a Lambda event-source mapping makes, over the JSON wire
 * protocol. `@aws-sdk/client-dynamodb-streams` is not among the project's dependencies, and these
 * calls are small. DynamoDB Local requires an Authorization header that names an access key but does
 * not check the signature (verified), so a well-formed unsigned header is sent.
 */

import type { AttributeValue } from 'aws-lambda';
import { LOCAL_CREDENTIALS, REGION } from '../aws';

export interface StreamShard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange?: { StartingSequenceNumber?: string; EndingSequenceNumber?: string };
}

/** A record as GetRecords returns it (the same shape Lambda forwards, minus eventSourceARN). */
export interface RawStreamRecord {
  eventID: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventVersion: string;
  eventSource: string;
  awsRegion: string;
  dynamodb: {
    ApproximateCreationDateTime?: number;
    Keys?: Record<string, AttributeValue>;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    SequenceNumber: string;
    SizeBytes?: number;
    StreamViewType?: string;
  };
}

export type ShardIteratorType = 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER' | 'AT_SEQUENCE_NUMBER';

export class StreamsApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = code;
  }
}

export interface StreamsClient {
  describeStream(streamArn: string): Promise<{ shards: StreamShard[]; status: string }>;
  getShardIterator(
    streamArn: string,
    shardId: string,
    type: ShardIteratorType,
    sequenceNumber?: string,
  ): Promise<string | undefined>;
  getRecords(iterator: string, limit?: number): Promise<{ records: RawStreamRecord[]; next?: string }>;
}

export function createStreamsClient(endpoint: string): StreamsClient {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const authorization = `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/${date}/${REGION}/dynamodb/aws4_request, SignedHeaders=host;x-amz-target, Signature=0`;
  async function call<T>(op: string, body: unknown): Promise<T> {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDBStreams_20120810.${op}`,
        authorization,
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) {
      const code =
        String(json.__type ?? 'UnknownError')
          .split('#')
          .pop() ?? 'UnknownError';
      throw new StreamsApiError(code, String(json.Message ?? json.message ?? res.status));
    }
    return json as T;
  }
  return {
    async describeStream(streamArn) {
      const shards: StreamShard[] = [];
      let start: string | undefined;
      let status = 'ENABLED';
      do {
        const res = await call<{
          StreamDescription: { Shards?: StreamShard[]; StreamStatus: string; LastEvaluatedShardId?: string };
        }>('DescribeStream', { StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) });
        shards.push(...(res.StreamDescription.Shards ?? []));
        status = res.StreamDescription.StreamStatus;
        start = res.StreamDescription.LastEvaluatedShardId;
      } while (start);
      return { shards, status };
    },
    async getShardIterator(streamArn, shardId, type, sequenceNumber) {
      const res = await call<{ ShardIterator?: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}),
      });
      return res.ShardIterator;
    },
    async getRecords(iterator, limit = 1000) {
      const res = await call<{ Records?: RawStreamRecord[]; NextShardIterator?: string }>('GetRecords', {
        ShardIterator: iterator,
        Limit: limit,
      });
      return { records: (res.Records ?? []).map(normalizeRecord), next: res.NextShardIterator };
    },
  };
}

/**
 * DynamoDB Local's stream writes an empty map as `{}` where DynamoDB writes `{ "M": {} }` (verified:
 * an item with `options: {}` comes back as `"options": {}`), and `unmarshall` then throws "No value
 * defined". Images are given the shape the real service sends.
 */
export function normalizeAttribute(value: AttributeValue): AttributeValue {
  const v = value as Record<string, unknown>;
  if (Object.keys(v).length === 0) return { M: {} };
  if (v.M) return { M: normalizeImage(v.M as Record<string, AttributeValue>) };
  if (v.L) return { L: (v.L as AttributeValue[]).map(normalizeAttribute) };
  return value;
}

const normalizeImage = (image: Record<string, AttributeValue>): Record<string, AttributeValue> =>
  Object.fromEntries(Object.entries(image).map(([k, v]) => [k, normalizeAttribute(v)]));

export function normalizeRecord(record: RawStreamRecord): RawStreamRecord {
  const d = record.dynamodb;
  return {
    ...record,
    dynamodb: {
      ...d,
      ...(d.NewImage ? { NewImage: normalizeImage(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: normalizeImage(d.OldImage) } : {}),
    },
  };
}
