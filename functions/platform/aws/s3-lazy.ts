/**
 * The S3 client and its commands, loaded on first use. For a function where only a few routes
 * touch S3 (the invoices API: imports and bulk downloads), loading `@aws-sdk/client-s3` at start
 * would add its import time to every cold start (infra/bench: ~2x the baseline with it, reference
 * performance.md P2). `@aws-sdk/*` is external to the bundles, so the dynamic import stays dynamic.
 */

import type { S3Client } from '@aws-sdk/client-s3';
import { envNames } from '@shared/config/env-names';

type S3Module = typeof import('@aws-sdk/client-s3');

let loaded: Promise<{ sdk: S3Module; client: S3Client }> | undefined;

export function lazyS3(): Promise<{ sdk: S3Module; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    // Local S3 servers need path-style URLs and there is no environment switch for it.
    client: new sdk.S3Client({ forcePathStyle: Boolean(process.env[envNames.s3Endpoint]) }),
  }));
  return loaded;
}

export const lazyPresigner = () => import('@aws-sdk/s3-request-presigner');
