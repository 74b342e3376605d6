/**
 * AWS WAF in front of the REST API stage (cdk-nag APIG3): AWS managed rule groups for common
 * exploits, known bad inputs and IP reputation, a per-client rate limit on the authentication and
 * password routes (issue #12 item 6, shared/api/rate-limits.ts: the local gateway enforces the same)
 * answered 429 with API Gateway's THROTTLED body and `Retry-After`, and a per-client rate limit on
 * everything (reliability.md §7).
 */

import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

const managed = (
  priority: number,
  name: string,
  excludeToCount: string[] = [],
): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(excludeToCount.length
        ? { ruleActionOverrides: excludeToCount.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
        : {}),
    },
  },
  visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
});

export interface ApiFirewallProps {
  /** ARN of the API Gateway stage to protect. */
  stageArn: string;
  /** Requests per client IP per 5 minutes. */
  rateLimitPer5Min: number;
  /** The stricter limit of the authentication and password routes. */
  auth: {
    /** Resource paths of the routes (each request path ends with one; the stage may prefix it). */
    paths: readonly string[];
    limit: number;
    windowSeconds: number;
    /** The JSON body of the 429 (API Gateway's THROTTLED envelope). */
    body: string;
  };
}

/** Requests come through CloudFront: the client is the address it puts in X-Forwarded-For. */
const FORWARDED_CLIENT = {
  aggregateKeyType: 'FORWARDED_IP',
  forwardedIpConfig: { headerName: 'X-Forwarded-For', fallbackBehavior: 'NO_MATCH' },
} as const;

const pathEndsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'ENDS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'cuadra-api',
        sampledRequestsEnabled: true,
      },
      customResponseBodies: {
        'rate-limited': { contentType: 'APPLICATION_JSON', content: props.auth.body },
      },
      rules: [
        // Bodies over 8 KB are legitimate here (certificate uploads), so that rule only counts;
        // API Gateway still caps payloads at 10 MB.
        managed(0, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(2, 'AWSManagedRulesAmazonIpReputationList'),
        {
          name: 'AuthRatePerClientIp',
          priority: 3,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'rate-limited',
                responseHeaders: [{ name: 'Retry-After', value: String(props.auth.windowSeconds) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: props.auth.limit,
              evaluationWindowSec: props.auth.windowSeconds,
              ...FORWARDED_CLIENT,
              scopeDownStatement: { orStatement: { statements: props.auth.paths.map(pathEndsWith) } },
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'AuthRatePerClientIp',
            sampledRequestsEnabled: true,
          },
        },
        {
          name: 'RatePerClientIp',
          priority: 4,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.rateLimitPer5Min,
              // Requests arrive through CloudFront, whose edge address is the source IP; the client
              // is the address CloudFront puts in X-Forwarded-For. Direct calls fall back to no match
              // and are still bounded by the stage throttling.
              aggregateKeyType: 'FORWARDED_IP',
              forwardedIpConfig: { headerName: 'X-Forwarded-For', fallbackBehavior: 'NO_MATCH' },
            },
          },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'RatePerClientIp',
            sampledRequestsEnabled: true,
          },
        },
      ],
    });

    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
