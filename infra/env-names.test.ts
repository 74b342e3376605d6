import {
  bucketEnv,
  functionNameEnv,
  queueUrlEnv,
  envNames as runtimeEnvNames,
} from '@shared/config/env-names';
import { describe, expect, it } from 'vitest';
import {
  type BucketName,
  buckets,
  envNames,
  type InvokableName,
  invokables,
  type QueueName,
  queues,
} from './manifest';

describe('environment names (shared/config/env-names.ts)', () => {
  it('every queue the functions address by name is a manifest queue, so both realisations set its URL', () => {
    const set = new Set(Object.keys(queues).map((q) => envNames.queueUrl(q as QueueName)));
    for (const [name, variable] of Object.entries(queueUrlEnv)) expect(set.has(variable), name).toBe(true);
  });

  it('every bucket the functions address by name is a manifest bucket, so both realisations set it', () => {
    const set = new Set(Object.keys(buckets).map((b) => envNames.bucket(b as BucketName)));
    for (const [name, variable] of Object.entries(bucketEnv)) expect(set.has(variable), name).toBe(true);
  });

  it('every function the functions invoke by name is a manifest invokable, so both realisations name it', () => {
    const set = new Set(Object.keys(invokables).map((f) => envNames.functionName(f as InvokableName)));
    for (const [name, variable] of Object.entries(functionNameEnv))
      expect(set.has(variable), name).toBe(true);
    expect(functionNameEnv.pdfRender).toBe('FUNCTION_NAME_PDF_RENDER');
  });

  it('the manifest reads the names from shared, spelled the same', () => {
    expect(envNames.queueUrl('invoice-bulk')).toBe('QUEUE_URL_INVOICE_BULK');
    expect(envNames.bucket('verifactu-archive')).toBe('BUCKET_VERIFACTU_ARCHIVE');
    expect(bucketEnv.documents).toBe('BUCKET_DOCUMENTS');
    for (const [key, value] of Object.entries(runtimeEnvNames))
      if (typeof value === 'string') expect(envNames[key as keyof typeof envNames], key).toBe(value);
  });
});
