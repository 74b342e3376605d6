/**
 * CloudFront for the SPA, with `/api/*` routed to the REST API so the SPA and the API share one
 * origin exactly as they do locally (`apiBaseUrl: ''` in /config.json, no CORS on the hot path).
 *
 * SPA fallback: client-side routes (paths without a file extension) are rewritten to /index.html
 * by a CloudFront Function on the S3 behaviour only. Distribution-wide custom error responses
 * (403/404 -> /index.html) are NOT used: they would also rewrite the API's own 403 and 404
 * envelopes (e.g. CORE_003 "no access to this company") into the SPA shell with a 200.
 */

import { API_CONTENT_SECURITY_POLICY, spaContentSecurityPolicy } from '@shared/api/security-headers';
import { Aws, Duration } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** Viewer-request function: `/facturas/123` -> `/index.html`; `/assets/app.js`, `/config.json` untouched. */
export const SPA_ROUTING_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface SpaDistributionProps {
  spaBucket: s3.IBucket;
  logBucket: s3.IBucket;
  /** The REST API behind `/api/*`: its execute-api host and stage. */
  api: { restApiId: string; stageName: string };
  /** Custom domain and its us-east-1 ACM certificate, if the SPA has one. */
  domain?: { name: string; certificateArn: string };
  /** Origins the SPA connects to besides its own (Cognito, the WebSocket API), for its CSP connect-src. */
  connectSources: string[];
}

/**
 * Security headers on every answer of a behaviour (shared/api/security-headers.ts): CSP, HSTS,
 * nosniff, DENY framing, the referrer policy. `override` so an origin cannot weaken them.
 */
function securityHeadersPolicy(scope: Construct, id: string, contentSecurityPolicy: string, comment: string) {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        override: true,
      },
    },
  });
}

export class SpaDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: SpaDistributionProps) {
    super(scope, id);

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for client-side routes of the SPA',
    });

    const spaHeaders = securityHeadersPolicy(
      this,
      'SpaSecurityHeaders',
      spaContentSecurityPolicy({ connect: props.connectSources }),
      'Cuadra SPA: strict CSP (scripts from the origin only), nosniff, no framing',
    );
    const apiHeaders = securityHeadersPolicy(
      this,
      'ApiSecurityHeaders',
      API_CONTENT_SECURITY_POLICY,
      'Cuadra API: nothing loads from an API answer, nosniff, no framing',
    );

    // Built from the API id and a plain stage name (not RestApiOrigin, which references the Stage
    // resource): functions read APP_URL from this distribution, and the stage depends on them.
    const apiOrigin = new origins.HttpOrigin(
      `${props.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      {
        originPath: `/${props.api.stageName}`,
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        readTimeout: Duration.seconds(30),
      },
    );

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Cuadra SPA and /api',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.spaBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: spaHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // Never cached; with caching disabled the all-viewer policy forwards Authorization,
          // x-company-id and the query string to API Gateway.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Users are in Spain: edge locations in Europe and North America are enough.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: gestorías and autónomos work from abroad and must reach their books; access ' +
        'is controlled by Cognito, not by country.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'The only dynamic origin (/api/*) is protected by the regional AWS WAF web ACL on the API stage; ' +
        'the default origin is a private S3 bucket (OAC) of static files. A CLOUDFRONT-scope ACL must ' +
        'live in us-east-1, outside this regional stack.',
    );
    if (!props.domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, which ' +
          'cannot carry a minimum TLS policy. Set context spaDomainName + spaCertificateArn to get ' +
          'TLSv1.2_2021 enforced (then this finding no longer applies).',
      );
    }
  }

  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }
}
