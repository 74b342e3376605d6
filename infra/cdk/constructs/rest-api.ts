/**
 * The REST API, realised row by row from the route table (`shared/api/routes.ts`): one resource
 * tree, one method per route, proxied to the Lambda of the route's domain. `user` routes go through
 * the Cognito authorizer, which checks ACCESS tokens (the `aws.cognito.signin.user.admin` scope is
 * what makes API Gateway accept an access token instead of an ID token); `public` routes have none.
 *
 * API Gateway's own answers (authorizer refusals, unknown routes, throttling) are GatewayResponses
 * with the same envelope bodies the local gateway sends, so clients only ever see the envelope.
 */

import { pathParams, type RouteDef } from '@shared/api/routes';
import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { GatewayResponseDef } from '../cuadra-manifest';
import { acknowledge } from '../nag';

/** The scope every Cognito ACCESS token carries; requiring it makes the authorizer take access tokens. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** Headers the SPA sends besides the CORS-safelisted ones (spec part 1 §7). */
const CORS_HEADERS = [...apigw.Cors.DEFAULT_HEADERS, 'x-company-id', 'x-request-id'];

export interface RestApiProps {
  stage: string;
  userPool: cognito.IUserPool;
  gatewayResponses: Record<string, GatewayResponseDef>;
  /** Browser origins allowed by CORS; the first is the SPA (APP_URL). */
  corsOrigins: string[];
  binaryMediaTypes: readonly string[];
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: logs.RetentionDays;
}

/**
 * Gateway response bodies are VTL templates: `$` and `#` would be read as VTL, and non-ASCII text
 * (Spanish messages) is safest escaped. JSON `\uXXXX` escapes keep the parsed body identical.
 */
export const vtlSafeJson = (body: unknown): string =>
  JSON.stringify(body).replace(
    /[^\x20-\x7e]|[$#]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * What the access log records. Deliberately no query string and no concrete path: the route
 * table sends passwords and tokens in query strings (spec part 1 §7) and NIFs in paths, so only the
 * route template (`resourcePath`) is logged.
 */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  requestTimeEpoch: '$context.requestTimeEpoch',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  httpMethod: '$context.httpMethod',
  resourcePath: '$context.resourcePath',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  userSub: '$context.authorizer.claims.sub',
  errorResponseType: '$context.error.responseType',
};

export class CuadraRestApi extends Construct {
  readonly api: apigw.RestApi;
  private readonly userPool: cognito.IUserPool;
  private cognitoAuthorizer?: apigw.CognitoUserPoolsAuthorizer;
  readonly methods: Record<string, apigw.Method> = {};
  private readonly validator: apigw.RequestValidator;
  private readonly integrations = new Map<lambda.IFunction, apigw.LambdaIntegration>();

  constructor(scope: Construct, id: string, props: RestApiProps) {
    super(scope, id);

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention });

    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `cuadra-${props.stage}`,
      description: 'Cuadra REST API (/api/v1), realised from shared/api/routes.ts',
      // CloudFront sits in front (/api/*), so an edge-optimised endpoint would be a second CDN.
      endpointTypes: [apigw.EndpointType.REGIONAL],
      binaryMediaTypes: [...props.binaryMediaTypes],
      cloudWatchRole: false,
      deployOptions: {
        stageName: props.stage,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
        // ERROR, not INFO: INFO execution logs print the request's query string, and with it passwords.
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
        throttlingRateLimit: props.throttle.rateLimit,
        throttlingBurstLimit: props.throttle.burstLimit,
      },
      defaultCorsPreflightOptions: {
        allowOrigins: props.corsOrigins,
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: CORS_HEADERS,
        maxAge: Duration.hours(1),
      },
    });

    this.userPool = props.userPool;

    // Path parameters are declared, so they are validated as present. Bodies are validated once,
    // by the zod schemas in the domain Lambda: methods carry no API Gateway models, so body
    // validation has nothing to check today; this validator is where models would attach.
    this.validator = this.api.addRequestValidator('Validator', {
      validateRequestParameters: true,
      validateRequestBody: true,
    });

    this.addGatewayResponses(props.gatewayResponses, props.corsOrigins[0]);
  }

  /**
   * One method per row of the route table, proxied to the API function of the row's domain.
   * Called once the functions exist (they need the API's distribution for APP_URL first).
   */
  addRoutes(routes: Record<string, RouteDef>, handlers: Partial<Record<string, lambda.IFunction>>): void {
    for (const [routeId, route] of Object.entries(routes)) {
      const handler = handlers[route.domain];
      if (!handler) {
        throw new Error(
          `Route ${routeId} belongs to domain "${route.domain}", which has no API function in the manifest`,
        );
      }
      const requestParameters = Object.fromEntries(
        pathParams(route.path).map((name) => [`method.request.path.${name}`, true]),
      );
      const method = this.resourceFor(route.path).addMethod(route.method, this.integrationFor(handler), {
        operationName: routeId,
        requestValidator: this.validator,
        requestParameters,
        ...(route.auth === 'user'
          ? {
              authorizer: this.authorizer(),
              authorizationType: apigw.AuthorizationType.COGNITO,
              authorizationScopes: [ACCESS_TOKEN_SCOPE],
            }
          : { authorizationType: apigw.AuthorizationType.NONE }),
      });
      if (route.auth === 'public') acknowledgePublicRoute(method, routeId);
      this.methods[routeId] = method;
    }
  }

  /**
   * The Cognito authorizer, created with the first `user` route (API Gateway refuses an authorizer
   * that no method uses).
   */
  authorizer(): apigw.CognitoUserPoolsAuthorizer {
    this.cognitoAuthorizer ??= new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [this.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
    });
    return this.cognitoAuthorizer;
  }

  /**
   * One integration, and one invoke permission for the whole API, per function (instead of one per
   * method): the function serves every route of its domain, and the stack stays far from 500 resources.
   */
  private integrationFor(fn: lambda.IFunction): apigw.LambdaIntegration {
    let integration = this.integrations.get(fn);
    if (!integration) {
      integration = new apigw.LambdaIntegration(fn, { proxy: true, scopePermissionToMethod: false });
      this.integrations.set(fn, integration);
    }
    return integration;
  }

  /** The resource of a `{param}` path, created segment by segment under the API root. */
  private resourceFor(path: string): apigw.IResource {
    let resource: apigw.IResource = this.api.root;
    for (const segment of path.split('/').filter(Boolean)) {
      const existing = resource.getResource(segment);
      if (existing) {
        resource = existing;
        continue;
      }
      if (segment.startsWith('{')) {
        // API Gateway refuses two differently named parameters under one parent (at deploy time).
        const sibling = resource.node.children
          .filter((c): c is apigw.Resource => c instanceof apigw.Resource)
          .map((c) => c.path.slice(c.path.lastIndexOf('/') + 1))
          .find((part) => part.startsWith('{'));
        if (sibling) throw new Error(`${path}: ${segment} conflicts with ${sibling} under ${resource.path}`);
      }
      resource = resource.addResource(segment);
    }
    return resource;
  }

  private addGatewayResponses(responses: Record<string, GatewayResponseDef>, appOrigin: string | undefined) {
    for (const [type, { status, body }] of Object.entries(responses)) {
      this.api.addGatewayResponse(`Gateway${type}`, {
        type: apigw.ResponseType.of(type),
        statusCode: String(status),
        templates: { 'application/json': vtlSafeJson(body) },
        // So a cross-origin SPA can read the refusal (same-origin through CloudFront needs nothing).
        ...(appOrigin ? { responseHeaders: { 'Access-Control-Allow-Origin': `'${appOrigin}'` } } : {}),
      });
    }
  }
}

function acknowledgePublicRoute(method: apigw.Method, routeId: string): void {
  const why =
    `Route ${routeId} is public in shared/api/routes.ts: it is called without a Cognito access token ` +
    '(sign-in, registration, token refresh, logout with the refresh token, e-mail verification, ' +
    'password reset, health). The domain Lambda validates its input; the stage is throttled and behind AWS WAF.';
  acknowledge(method, 'AwsSolutions-APIG4', why);
  acknowledge(method, 'AwsSolutions-COG4', why);
}
