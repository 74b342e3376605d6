/**
 * The REST API, realised row by row from the route table (`shared/api/routes.ts`): one resource
 * tree, one method per route, proxied to the Lambda of the route's domain. `user` routes go through
 * the Cognito authorizer, which checks ACCESS tokens (the `aws.cognito.signin.user.admin` scope is
 * what makes API Gateway accept an access token instead of an ID token); `public` routes have none.
 *
 * API Gateway's own answers (authorizer refusals, unknown routes, throttling) are GatewayResponses
 * with the same envelope bodies the local gateway sends, so clients only ever see the envelope.
 *
 * Stacks (CloudFormation's 500-resource limit; aws-apigateway README "Breaking up Methods and
 * Resources across Stacks"): this construct's stack keeps the RestApi, its shared prefixes
 * (`/api`, `/api/v1`), the authorizer, validator, gateway responses, one invoke permission per
 * function, and the Deployment + Stage. Route methods and their resources live in nested stacks,
 * one per first-level group of paths (route-stacks.ts decides which; each subtree is created in
 * exactly one of them). The Deployment depends on every route stack and carries a hash of the route
 * table in its logical id, so any route change creates a new deployment.
 *
 * No CORS preflight (OPTIONS) methods: the deployed SPA calls the API on its own origin (CloudFront
 * routes `/api/*` to this API, spa-distribution.ts; /config.json has `apiBaseUrl: ''`), so browsers
 * never send a preflight. They would not make a cross-origin SPA work anyway: the domain Lambdas
 * answer without `Access-Control-Allow-Origin` (functions/platform/http.ts), so a browser would
 * drop every proxied response after a successful preflight. They cost one method per resource.
 */

import { createHash } from 'node:crypto';
import { AUTH_RATE_LIMIT, AUTH_THROTTLED_ROUTES } from '@shared/api/rate-limits';
import { pathParams, type RouteDef, routes } from '@shared/api/routes';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '@shared/api/security-headers';
import { NestedStack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { GatewayResponseDef } from '../cuadra-manifest';
import { acknowledge } from '../nag';
import {
  parentPath,
  planRouteStacks,
  type RoutePlan,
  type RouteStackPlan,
  segmentsBelow,
} from '../route-stacks';

/** The scope every Cognito ACCESS token carries; requiring it makes the authorizer take access tokens. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

export interface RestApiProps {
  stage: string;
  userPool: cognito.IUserPool;
  gatewayResponses: Record<string, GatewayResponseDef>;
  /** Browser origins of the SPA; the first (APP_URL) is named on gateway responses. */
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

/** Stage method settings of the throttled authentication routes (`/resource/path/METHOD`). */
export function authMethodOptions(): Record<string, apigw.MethodDeploymentOptions> {
  return Object.fromEntries(
    AUTH_THROTTLED_ROUTES.map((id) => [
      `${routes[id].path}/${routes[id].method}`,
      {
        throttlingRateLimit: AUTH_RATE_LIMIT.methodRatePerSecond,
        throttlingBurstLimit: AUTH_RATE_LIMIT.methodBurst,
      },
    ]),
  );
}

/** sha256 of a JSON value with sorted keys (the same table always gives the same hash). */
const stableHash = (value: unknown): string =>
  createHash('sha256')
    .update(
      JSON.stringify(value, (_key, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
          : v,
      ),
    )
    .digest('hex');

/** A nested stack holding the methods (and resources) of one group of routes. */
export class RouteStack extends NestedStack {
  constructor(
    scope: Construct,
    id: string,
    readonly plan: RouteStackPlan,
  ) {
    super(scope, id, {
      description: `Cuadra REST API routes ${plan.kind === 'subtree' ? 'under' : 'of'} ${plan.root}`,
    });
  }
}

export class CuadraRestApi extends Construct {
  readonly api: apigw.RestApi;
  /** The deployment of the current route table (a new one whenever it changes) and its stage. */
  readonly deployment: apigw.Deployment;
  readonly stage: apigw.Stage;
  readonly methods: Record<string, apigw.Method> = {};
  /** The nested stacks of the route methods, in plan order. */
  readonly routeStacks: RouteStack[] = [];
  /** How the routes were spread over `routeStacks` (set by addRoutes). */
  routePlan?: RoutePlan;
  private readonly userPool: cognito.IUserPool;
  private cognitoAuthorizer?: apigw.CognitoUserPoolsAuthorizer;
  private readonly validator: apigw.RequestValidator;
  /** Resources created in this (the parent) stack: the shared path prefixes. */
  private readonly sharedResources = new Map<string, apigw.IResource>();

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
      // The methods live in nested stacks, out of reach of RestApi's automatic deployment hash:
      // the Deployment and Stage are declared below (same construct ids as `deploy: true` uses).
      deploy: false,
    });
    this.sharedResources.set('/', this.api.root);

    this.deployment = new apigw.Deployment(this.api, 'Deployment', {
      api: this.api,
      description: 'Cuadra REST API: the route table of shared/api/routes.ts',
    });
    this.stage = new apigw.Stage(this.api, `DeploymentStage.${props.stage}`, {
      deployment: this.deployment,
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
      // The authentication and password methods get a tighter bucket of their own (issue #12 item
      // 6): a flood of logins cannot use the whole stage's budget; per-IP limits are in the WAF.
      methodOptions: authMethodOptions(),
    });
    this.api.deploymentStage = this.stage;
    // Gateway responses and binary media types only reach clients through a new deployment.
    this.deployment.addToLogicalId({
      gatewayResponses: stableHash(props.gatewayResponses),
      gatewayResponseHeaders: stableHash(gatewayResponseSecurityHeaders()),
      binaryMediaTypes: stableHash(props.binaryMediaTypes),
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
   * One method per row of the route table, proxied to the API function of the row's domain, in the
   * nested stack of its group. Called once, when the functions exist (they need the API's
   * distribution for APP_URL first).
   */
  addRoutes(routes: Record<string, RouteDef>, handlers: Partial<Record<string, lambda.IFunction>>): void {
    if (this.routePlan) throw new Error('addRoutes is called once, with the whole route table');
    for (const [routeId, route] of Object.entries(routes)) {
      if (!handlers[route.domain]) {
        throw new Error(
          `Route ${routeId} belongs to domain "${route.domain}", which has no API function in the manifest`,
        );
      }
    }
    const plan = planRouteStacks(routes);
    this.routePlan = plan;

    for (const path of plan.shared) {
      const parent = this.sharedResources.get(parentPath(path));
      if (!parent) throw new Error(`Shared resource ${path} planned before its parent`);
      const [segment] = segmentsBelow(parentPath(path), path);
      this.sharedResources.set(path, parent.addResource(segment!));
    }

    // One invoke permission per function for the whole API (instead of one per method or stack).
    const permitted = new Set<lambda.IFunction>();
    for (const route of Object.values(routes)) {
      const fn = handlers[route.domain]!;
      if (permitted.has(fn)) continue;
      permitted.add(fn);
      fn.addPermission('RestApiInvoke', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.api.arnForExecuteApi('*', '/*', '*'),
      });
    }

    for (const stackPlan of plan.stacks) {
      const stack = new RouteStack(this, stackPlan.id, stackPlan);
      this.routeStacks.push(stack);
      this.addRouteStack(stack, routes, handlers);
      this.deployment.node.addDependency(stack);
    }

    // A new deployment whenever a route (method, path, auth, domain) changes.
    this.deployment.addToLogicalId({
      routes: stableHash(
        Object.fromEntries(
          Object.entries(routes).map(([id, r]) => [
            id,
            { method: r.method, path: r.path, auth: r.auth, domain: r.domain },
          ]),
        ),
      ),
    });
  }

  /**
   * The Cognito authorizer (in this stack), created with the first `user` route (the construct
   * refuses to synthesize unless a method uses it). Methods in the route stacks reference its id.
   */
  authorizer(): apigw.CognitoUserPoolsAuthorizer {
    this.cognitoAuthorizer ??= new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [this.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
    });
    return this.cognitoAuthorizer;
  }

  private addRouteStack(
    stack: RouteStack,
    routes: Record<string, RouteDef>,
    handlers: Partial<Record<string, lambda.IFunction>>,
  ): void {
    const { plan } = stack;
    // The shared resource the stack hangs from: the subtree's parent, or the split node itself.
    const basePath = plan.kind === 'subtree' ? parentPath(plan.root) : plan.root;
    const shared = this.sharedResources.get(basePath);
    if (!shared) throw new Error(`Route stack ${plan.id}: ${basePath} is not a shared resource`);
    const base = apigw.Resource.fromResourceAttributes(stack, 'Parent', {
      restApi: this.api,
      resourceId: shared.resourceId,
      path: basePath,
    });
    // One integration per function and stack: AwsIntegration resolves its URI in the stack of the
    // method it was last bound to. No permission per method: see addRoutes.
    const integrations = new Map<lambda.IFunction, apigw.Integration>();
    const integrationFor = (fn: lambda.IFunction) => {
      let integration = integrations.get(fn);
      if (!integration) {
        integration = new apigw.AwsIntegration({
          proxy: true,
          service: 'lambda',
          path: `2015-03-31/functions/${fn.functionArn}/invocations`,
        });
        integrations.set(fn, integration);
      }
      return integration;
    };

    for (const routeId of plan.routeIds) {
      const route = routes[routeId]!;
      let resource: apigw.IResource = base;
      for (const segment of segmentsBelow(basePath, route.path)) {
        resource = resource.getResource(segment) ?? resource.addResource(segment);
      }
      const requestParameters = Object.fromEntries(
        pathParams(route.path).map((name) => [`method.request.path.${name}`, true]),
      );
      const method = resource.addMethod(route.method, integrationFor(handlers[route.domain]!), {
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

  private addGatewayResponses(responses: Record<string, GatewayResponseDef>, appOrigin: string | undefined) {
    for (const [type, { status, body }] of Object.entries(responses)) {
      const response = this.api.addGatewayResponse(`Gateway${type}`, {
        type: apigw.ResponseType.of(type),
        statusCode: String(status),
        templates: { 'application/json': vtlSafeJson(body) },
        responseHeaders: {
          ...gatewayResponseSecurityHeaders(),
          // Names the SPA's origin on API Gateway's own refusals (harmless same-origin; kept as before).
          ...(appOrigin ? { 'Access-Control-Allow-Origin': `'${appOrigin}'` } : {}),
        },
      });
      // A deployment snapshots the gateway responses that exist when it is created.
      this.deployment.node.addDependency(response);
    }
  }
}

/**
 * The security headers of every API answer on API Gateway's own responses too (401, 403, 404,
 * 429...), for clients that reach the stage without CloudFront. Static values are single-quoted
 * mapping expressions; API Gateway strips the outer quotes only, so the CSP keeps its own.
 */
export function gatewayResponseSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    ...COMMON_SECURITY_HEADERS,
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
  };
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, `'${value}'`]));
}

function acknowledgePublicRoute(method: apigw.Method, routeId: string): void {
  const why =
    `Route ${routeId} is public in shared/api/routes.ts: it is called without a Cognito access token ` +
    '(sign-in, registration, token refresh, logout with the refresh token, e-mail verification, ' +
    'password reset, health). The domain Lambda validates its input; the stage is throttled and behind AWS WAF.';
  acknowledge(method, 'AwsSolutions-APIG4', why);
  acknowledge(method, 'AwsSolutions-COG4', why);
}
