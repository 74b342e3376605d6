/**
 * The environment the handlers run with locally: the same names the CDK stack sets (manifest
 * `envNames`), plus the SDK's service-specific endpoint variables, which point every SDK v3 client
 * at the local engines with no endpoint in the code (reference/local-runtime.md, "Recommended").
 */

import { type BucketName, envNames, type InvokableName, invokables, type QueueName } from '../manifest';
import { modelsEndpointOf } from './aeat-simulator/models-endpoint';
import { LOCAL_CREDENTIALS, REGION } from './aws';
import { invokableFunctionName } from './functions';

export const MAIL_FROM = 'no-reply@cuadra.test';
/** The smart inbox's mail domain on `npm start` (the local SMTP listener accepts it). */
export const LOCAL_INBOX_MAIL_DOMAIN = 'inbox.cuadra.test';

/**
 * The software producer the local records name in SistemaInformatico (a syntactically valid CIF
 * that belongs to nobody we know; the real one comes from the CDK context in AWS).
 */
export const LOCAL_VERIFACTU_PRODUCER = {
  nif: 'B00000034',
  name: 'Cuadra Software (entorno local)',
} as const;

export interface HandlerEnvInput {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  queueUrls: Record<QueueName, string>;
  buckets: Record<BucketName, string>;
  wsManagementEndpoint: string;
  appUrl: string;
  cognitoUrl: string;
  endpoints: { dynamodb: string; s3: string; sqs: string; ses: string; cognito: string; lambda: string };
  /** The local AEAT simulator: its SOAP endpoint and the PEM file of the CA its certificate chains to. */
  aeat: { endpoint: string; caFile: string };
  /** The file holding the key that encrypts uploaded certificates (created by the functions when missing). */
  certificatesLocalKeyFile: string;
}

export function handlerEnv(i: HandlerEnvInput): Record<string, string> {
  const env: Record<string, string> = {
    [envNames.table]: i.tableName,
    [envNames.userPoolId]: i.userPoolId,
    [envNames.userPoolClientId]: i.userPoolClientId,
    [envNames.mailFrom]: MAIL_FROM,
    [envNames.wsEndpoint]: i.wsManagementEndpoint,
    [envNames.appUrl]: i.appUrl,
    [envNames.stage]: 'local',
    // Documents (issue 17): Debian's Tesseract with Spanish data reads scans; the smart inbox's domain.
    [envNames.ocrEngine]: 'tesseract',
    [envNames.inboxMailDomain]: LOCAL_INBOX_MAIL_DOMAIN,
    // cognito-local signs with issuer `http://<HOST>:<PORT>/<poolId>` (checked against a real token
    // in cloud.int.test.ts) and serves its JWKS over http: functions/platform/jwt.ts's local branch.
    [envNames.jwtIssuer]: `${i.cognitoUrl}/${i.userPoolId}`,
    [envNames.jwksUri]: `${i.cognitoUrl}/${i.userPoolId}/.well-known/jwks.json`,
    [envNames.aeatEndpoint]: i.aeat.endpoint,
    [envNames.aeatCaFile]: i.aeat.caFile,
    // The simulator's model-filing service (issue 14), on the same server as the SOAP endpoint.
    [envNames.taxModelsAeatEndpoint]: modelsEndpointOf(i.aeat.endpoint),
    // The simulator's SII services (issue 16), same server: `<origin>/wlpl/SSII-FACT/ws/<book>/…`.
    [envNames.siiAeatEndpoint]: `${new URL(i.aeat.endpoint).origin}/wlpl/SSII-FACT/ws`,
    [envNames.certificatesLocalKeyFile]: i.certificatesLocalKeyFile,
    [envNames.verifactuProducerNif]: LOCAL_VERIFACTU_PRODUCER.nif,
    [envNames.verifactuProducerName]: LOCAL_VERIFACTU_PRODUCER.name,
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: i.endpoints.dynamodb,
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: i.endpoints.dynamodb,
    [envNames.s3Endpoint]: i.endpoints.s3,
    AWS_ENDPOINT_URL_SQS: i.endpoints.sqs,
    AWS_ENDPOINT_URL_SESV2: i.endpoints.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: i.endpoints.cognito,
    AWS_ENDPOINT_URL_LAMBDA: i.endpoints.lambda,
    // s3rver corrupts aws-chunked uploads under the SDK's default checksums (local-runtime.md §2).
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
  };
  for (const [q, url] of Object.entries(i.queueUrls)) env[envNames.queueUrl(q as QueueName)] = url;
  for (const [b, name] of Object.entries(i.buckets)) env[envNames.bucket(b as BucketName)] = name;
  // One process, one environment: every handler sees the names (in AWS only the callers do).
  for (const name of Object.keys(invokables) as InvokableName[]) {
    env[envNames.functionName(name)] = invokableFunctionName(name);
  }
  return env;
}
