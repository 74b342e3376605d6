/**
 * Constants and SDK client settings shared by the engines and their bootstrap code. Handlers
 * never use these: they get the same values through environment variables (env.ts).
 */

export const REGION = 'eu-west-1';
/** local-aws-sqs puts this account into queue URLs and ARNs. */
export const ACCOUNT_ID = '123456789012';
/** s3rver only accepts this key pair; the other engines accept any, so we use it everywhere. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** Prefix of every physical resource name, as a stack name would be in AWS. */
export const NAME_PREFIX = 'cuadra';

/** Client options for an SDK v3 client talking to a local engine. */
export function localClientConfig(endpoint: string) {
  return {
    endpoint,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
    // s3rver stores aws-chunked framing as content under the SDK defaults (local-runtime.md §2).
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}
