import { S3Client } from '@aws-sdk/client-s3';
import { envNames } from '@shared/config/env-names';
import { once } from './env';

// Local S3 servers need path-style URLs and there is no environment switch for it.
export const s3 = once(() => new S3Client({ forcePathStyle: Boolean(process.env[envNames.s3Endpoint]) }));
