import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { normalizeRecord, type RawStreamRecord } from './streams-client';

const record = (NewImage: Record<string, unknown>): RawStreamRecord => ({
  eventID: '1',
  eventName: 'INSERT',
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'eu-west-1',
  dynamodb: { SequenceNumber: '1', NewImage: NewImage as Record<string, AttributeValue> },
});

describe('local stream records', () => {
  it('gives empty maps the shape DynamoDB sends, at any depth, so unmarshall reads them', () => {
    // What DynamoDB Local's GetRecords returned for { options: {}, nested: { x: {} }, list: [{}] }.
    const raw = record({
      pk: { S: 'a' },
      options: {},
      nested: { M: { x: {} } },
      list: { L: [{}, { S: 'y' }] },
    });

    const image = normalizeRecord(raw).dynamodb.NewImage!;

    expect(image.options).toEqual({ M: {} });
    expect(unmarshall(image as never)).toEqual({ pk: 'a', options: {}, nested: { x: {} }, list: [{}, 'y'] });
  });
});
