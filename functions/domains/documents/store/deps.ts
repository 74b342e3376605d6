import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '@functions/platform/aws/dynamodb';
import { tableName } from '@functions/platform/aws/env';
import type { DocumentProgressMessage } from '@shared/schemas/documents';
import type { DraftRequest, DraftResult } from '@shared/schemas/received-invoice-draft';
import { invokeDraft } from './drafts';
import { type DocumentObjects, s3DocumentObjects } from './objects';
import { pushProgress } from './progress';
import { queueRead, type ReadMessage } from './queue';

/**
 * What the documents code needs from outside, injected so tests control time, ids, the bytes and
 * the other functions. Each AWS piece is created on first use: the API function, the workers and
 * the schedules each touch only what their manifest `needs` grant.
 */
export interface DocumentsDeps {
  db: DynamoDBDocumentClient;
  table: string;
  now: () => Date;
  newId: () => string;
  /** The `documents` bucket. */
  objects: DocumentObjects;
  /** Sends a reading message to the `ocr` queue (after `delaySeconds`, at most 900). */
  queueRead: (message: ReadMessage, delaySeconds?: number) => Promise<void>;
  /** The expenses domain's `received-invoice-draft` invokable. */
  invokeDraft: (request: DraftRequest) => Promise<DraftResult>;
  /** Pushes a progress message to the uploader's open sockets (best effort). */
  pushProgress: (userId: string, message: DocumentProgressMessage) => Promise<void>;
}

export const makeDeps = (): DocumentsDeps => ({
  db: ddb(),
  table: tableName(),
  now: () => new Date(),
  newId: () => crypto.randomUUID().replace(/-/g, ''),
  objects: s3DocumentObjects,
  queueRead,
  invokeDraft,
  pushProgress,
});
