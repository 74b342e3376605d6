/**
 * Deployment configuration: what differs between environments (never between the cloud and the
 * local cloud, which read the manifest). Every value comes from CDK context with a default, e.g.
 * `npx cdk synth -c stage=dev -c mailFrom=no-reply@dev.cuadra.app`.
 */

import type { BucketName } from '@infra/manifest';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

export interface CuadraConfig {
  /**
   * AWS region. eu-west-1 by default: EU data residency, and every service used here (SES receiving,
   * Cognito Plus, EventBridge Scheduler, WAF) is available there.
   */
  region: string;
  /** Stage name: API Gateway stages, the STAGE variable, the stack name. */
  stage: string;
  /** MAIL_FROM: the sender of every e-mail; its SES identity is verified outside this stack. */
  mailFrom: string;
  /** Domain whose mail SES receives into the inbound bucket (per-company aliases live under it). */
  inboundMailDomain: string;
  /** APP_URL. Defaults to the CloudFront URL; set it when the SPA has its own domain. */
  appUrl?: string;
  /** Custom domain of the SPA and its ACM certificate (us-east-1), both or neither. */
  spaDomainName?: string;
  spaCertificateArn?: string;
  /** Origins allowed by CORS besides APP_URL (e.g. a preview deployment). */
  extraCorsOrigins: string[];
  logRetention: RetentionDays;
  /** Stage-wide API throttling (requests per second, burst). */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** Where DLQ alarms are e-mailed, if anywhere. */
  alarmEmail?: string;
  /**
   * API Gateway's CloudWatch role is one setting per account and region. Leave it on unless another
   * stack in the same account and region already manages it.
   */
  manageApiGatewayAccount: boolean;
  /**
   * Which manifest buckets play the two special roles. The manifest does not say it (yet), so it is
   * configuration here, typed by the manifest's bucket names.
   */
  bucketRoles: { spa: BucketName; inboundMail: BucketName };
  /**
   * The VeriFacTu software producer exactly as its declaración responsable names it (every record's
   * SistemaInformatico). No default: a made-up producer would be a false declaration, and without it
   * the functions refuse to build records. Context `verifactuProducerNif` + `verifactuProducerName`.
   */
  verifactuProducer?: { nif: string; name: string };
  /**
   * The open-banking provider (issue 19): its API base URL (default GoCardless Bank Account Data) and
   * its credentials as a secret-box envelope sealed with the certificates key (`sealFeedCredentials`
   * of functions/domains/banking/store/psd2.ts): never in clear text in the template. Without it the
   * PSD2 calls answer that the connection is not configured. Context `bankFeedBaseUrl` +
   * `bankFeedCredentials`.
   */
  bankFeed?: { baseUrl?: string; sealedCredentials: string };
}

export const defaultConfig: CuadraConfig = {
  region: 'eu-west-1',
  stage: 'prod',
  mailFrom: 'no-reply@cuadra.app',
  inboundMailDomain: 'in.cuadra.app',
  extraCorsOrigins: [],
  logRetention: RetentionDays.THREE_MONTHS,
  apiThrottle: { rateLimit: 100, burstLimit: 200 },
  manageApiGatewayAccount: true,
  bucketRoles: { spa: 'spa', inboundMail: 'inbound' },
};

const text = (scope: IConstruct, key: string): string | undefined => {
  const value: unknown = scope.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
};

const numberOf = (scope: IConstruct, key: string, fallback: number): number => {
  const value = text(scope, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Context ${key} must be a positive number`);
  return parsed;
};

const retentionOf = (scope: IConstruct, fallback: RetentionDays): RetentionDays => {
  const days = numberOf(scope, 'logRetentionDays', fallback);
  if (!Object.values(RetentionDays).includes(days)) {
    throw new Error(`Context logRetentionDays=${days} is not a CloudWatch Logs retention period`);
  }
  return days as RetentionDays;
};

/** Reads the configuration from CDK context (cdk.json, `-c key=value`), falling back to the defaults. */
export function configFromContext(scope: IConstruct): CuadraConfig {
  const d = defaultConfig;
  const stage = text(scope, 'stage') ?? d.stage;
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(stage))
    throw new Error(`Context stage=${stage}: use lower-case letters`);
  const spaDomainName = text(scope, 'spaDomainName');
  const spaCertificateArn = text(scope, 'spaCertificateArn');
  if (Boolean(spaDomainName) !== Boolean(spaCertificateArn)) {
    throw new Error('Context spaDomainName and spaCertificateArn go together');
  }
  const appUrl = text(scope, 'appUrl') ?? (spaDomainName ? `https://${spaDomainName}` : undefined);
  const alarmEmail = text(scope, 'alarmEmail');
  const producerNif = text(scope, 'verifactuProducerNif')?.trim().toUpperCase();
  const producerName = text(scope, 'verifactuProducerName')?.trim();
  if (Boolean(producerNif) !== Boolean(producerName)) {
    throw new Error('Context verifactuProducerNif and verifactuProducerName go together');
  }
  const bankFeedCredentials = text(scope, 'bankFeedCredentials')?.trim();
  const bankFeedBaseUrl = text(scope, 'bankFeedBaseUrl')?.trim();
  if (bankFeedBaseUrl && !bankFeedCredentials) {
    throw new Error('Context bankFeedBaseUrl needs bankFeedCredentials (sealed)');
  }
  if (producerNif && !/^[0-9A-Z]{9}$/.test(producerNif)) {
    throw new Error(`Context verifactuProducerNif=${producerNif} is not a NIF`);
  }
  return {
    ...d,
    region: text(scope, 'region') ?? d.region,
    stage,
    mailFrom: text(scope, 'mailFrom') ?? d.mailFrom,
    inboundMailDomain: text(scope, 'inboundMailDomain') ?? d.inboundMailDomain,
    ...(appUrl ? { appUrl } : {}),
    ...(spaDomainName && spaCertificateArn ? { spaDomainName, spaCertificateArn } : {}),
    extraCorsOrigins: (text(scope, 'extraCorsOrigins') ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logRetention: retentionOf(scope, d.logRetention),
    apiThrottle: {
      rateLimit: numberOf(scope, 'apiRateLimit', d.apiThrottle.rateLimit),
      burstLimit: numberOf(scope, 'apiBurstLimit', d.apiThrottle.burstLimit),
    },
    ...(alarmEmail ? { alarmEmail } : {}),
    manageApiGatewayAccount: text(scope, 'manageApiGatewayAccount') !== 'false',
    ...(producerNif && producerName ? { verifactuProducer: { nif: producerNif, name: producerName } } : {}),
    ...(bankFeedCredentials
      ? {
          bankFeed: {
            sealedCredentials: bankFeedCredentials,
            ...(bankFeedBaseUrl ? { baseUrl: bankFeedBaseUrl } : {}),
          },
        }
      : {}),
  };
}
