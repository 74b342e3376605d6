/**
 * The manifest's buckets, all private (Block Public Access, TLS only, encrypted, versioned, server
 * access logs), plus the access-log bucket they and CloudFront log into, and SES inbound mail
 * written into the inbound bucket (the smart-inbox worker picks it up from there). A bucket with
 * `objectLock` in the manifest (verifactu-archive) is created with S3 Object Lock and a default
 * retention in whole years (COMPLIANCE: no one can delete a version or shorten it before it ends),
 * and keeps every noncurrent version (no noncurrent expiration).
 */

import type { BucketDef, BucketName } from '@infra/manifest';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sesActions from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { entriesOf } from '../cuadra-manifest';
import { pascal } from '../names';

/** SES writes raw mail under this prefix; the inbound-mail notifications filter on it. */
export const INBOUND_MAIL_PREFIX = 'inbound/';

export interface StorageProps {
  buckets: Record<BucketName, BucketDef>;
  inboundMailBucket: BucketName;
  inboundMailDomain: string;
  /** Origins the browser uploads from (presigned PUT), for buckets with `browserUploads`. */
  corsOrigins: string[];
}

const privateBucket: s3.BucketProps = {
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  encryption: s3.BucketEncryption.S3_MANAGED,
  removalPolicy: RemovalPolicy.RETAIN,
};

export class Storage extends Construct {
  readonly accessLogs: s3.Bucket;
  readonly buckets: Record<BucketName, s3.Bucket>;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      ...privateBucket,
      // CloudFront standard logging still delivers through an ACL grant, which needs ACLs enabled.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    const buckets = {} as Record<BucketName, s3.Bucket>;
    for (const [name, def] of entriesOf(props.buckets)) {
      const lock = def.objectLock;
      const bucket = new s3.Bucket(this, pascal(name), {
        ...privateBucket,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        // Versioning keeps what was overwritten or deleted by mistake for a while (Object Lock needs it).
        versioned: true,
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: `s3/${name}/`,
        lifecycleRules: [
          lock
            ? { abortIncompleteMultipartUploadAfter: Duration.days(7) }
            : {
                abortIncompleteMultipartUploadAfter: Duration.days(7),
                noncurrentVersionExpiration: Duration.days(90),
              },
        ],
        ...(lock
          ? {
              objectLockEnabled: true,
              // Rendered in days by the CDK; replaced by whole years below (leap days included).
              objectLockDefaultRetention: s3.ObjectLockRetention.compliance(Duration.days(366 * lock.years)),
            }
          : {}),
        ...(def.browserUploads
          ? {
              cors: [
                {
                  // Presigned PUT from the SPA; GET/HEAD for previews fetched by script.
                  allowedMethods: [
                    s3.HttpMethods.PUT,
                    s3.HttpMethods.POST,
                    s3.HttpMethods.GET,
                    s3.HttpMethods.HEAD,
                  ],
                  allowedOrigins: props.corsOrigins,
                  allowedHeaders: ['*'],
                  exposedHeaders: ['ETag'],
                  maxAge: 3600,
                },
              ],
            }
          : {}),
      });
      if (lock) {
        (bucket.node.defaultChild as s3.CfnBucket).addPropertyOverride(
          'ObjectLockConfiguration.Rule.DefaultRetention',
          { Mode: lock.mode, Years: lock.years },
        );
        (bucket.node.defaultChild as s3.CfnBucket).addPropertyDeletionOverride(
          'ObjectLockConfiguration.Rule.DefaultRetention.Days',
        );
      }
      buckets[name] = bucket;
    }
    this.buckets = buckets;

    this.receiveMail(buckets[props.inboundMailBucket], props.inboundMailDomain);
  }

  /**
   * SES receipt rule: mail to the inbound domain is scanned (spam/virus verdicts feed the inbox's
   * acceptance rule) and stored raw under `inbound/`. The S3 action adds the bucket policy that lets
   * SES (this account only) write there. SES allows one active rule set per account and region, and
   * CloudFormation cannot activate one: run `aws ses set-active-receipt-rule-set` once after deploy.
   */
  private receiveMail(bucket: s3.Bucket, domain: string): void {
    new ses.ReceiptRuleSet(this, 'InboundMail', {
      rules: [
        {
          recipients: [domain],
          scanEnabled: true,
          tlsPolicy: ses.TlsPolicy.REQUIRE,
          actions: [new sesActions.S3({ bucket, objectKeyPrefix: INBOUND_MAIL_PREFIX })],
        },
      ],
    });
  }
}
