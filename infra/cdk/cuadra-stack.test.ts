/**
 * The synthesized stack against the manifest: every route, domain, worker, queue, schedule, bucket
 * and stream consumer of the manifest is realised, and cdk-nag's AwsSolutions pack has nothing
 * left to say. The stack is built once (bundling every function with the local esbuild).
 *
 * The route methods live in nested stacks (constructs/rest-api.ts): their templates reference the
 * parent's resources through parameters, which `inParent` replaces with the values the parent
 * passes, so assertions compare against the parent's logical ids as before.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envNames } from '@infra/manifest';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { AUTH_RATE_LIMIT, AUTH_THROTTLED_ROUTES } from '@shared/api/rate-limits';
import { ROLES, routes } from '@shared/api/routes';
import { API_CONTENT_SECURITY_POLICY } from '@shared/api/security-headers';
import { tableDefinition } from '@shared/db/table';
import { PASSWORD_MIN_LENGTH } from '@shared/schemas/identity';
import { type App, App as CdkApp, type CfnResource, type PolicyViolation, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './bundling';
import { type CuadraConfig, configFromContext } from './config';
import { INLINE_POLICY_NAME } from './constructs/inline-policy-role';
import { COGNITO_USER_ADMIN, TEXTRACT_EXPENSE } from './constructs/permissions';
import { ACCESS_TOKEN_SCOPE, type RouteStack } from './constructs/rest-api';
import { cdkJsonContext, createCuadraApp } from './cuadra-app';
import { cuadraManifest, entriesOf } from './cuadra-manifest';
import type { CuadraStack } from './cuadra-stack';
import { listAcknowledgements, MIN_REASON_LENGTH, nagFindings } from './nag';
import { collectWorkers } from './workers';

type Json = Record<string, unknown>;
interface CfnRes {
  Type: string;
  Properties: Json;
}

const m = cuadraManifest;
let outdir: string;
let app: App;
let stack: CuadraStack;
let config: CuadraConfig;
let template: Template;
let resources: Record<string, CfnRes>;
let findings: PolicyViolation[];
/** The nested stacks of the route methods, with the parameter values the parent passes them. */
let routeTemplates: RouteTemplate[];

interface RouteTemplate {
  nested: RouteStack;
  template: Template;
  resources: Record<string, CfnRes>;
  /** Parameter name -> the value the parent stack passes (a Ref/GetAtt in the parent template). */
  params: Json;
}

/** The VeriFacTu producer given as CDK context (its declaración responsable). */
const PRODUCER = { nif: 'B00000000', name: 'Cuadra Software SL' };

/**
 * CloudFormation's hard limit is 500 per stack (nested stacks included); keep a margin of 25 below it.
 * The main stack had grown to 467 (56 functions, each with a role, a log group and a separate
 * AWS::IAM::Policy). Since every function's (and the schedules role's) permissions are written inline
 * in its role (constructs/inline-policy-role.ts; checked in "IAM (least privilege)"), it holds 410:
 * 65 under this limit, 90 under CloudFormation's. The limit stays at 475 rather than following the
 * count down: it is the margin to the hard limit, not a budget, and the count is in the failure
 * message. A function now costs 3 resources (function, role, log group) plus its triggers (event
 * source mapping, async-invoke config, permission), so that is room for roughly 15 to 20 more. The
 * next lever, when this fails: move the schedule workers (18 functions) to a nested stack.
 */
const MAX_RESOURCES_PER_STACK = 475;

/** IAM's limit on the size of all of a role's inline policies together (whitespace not counted). */
const ROLE_INLINE_POLICY_CHARS = 10_240;

/**
 * The stack's resources of a type, without CDK's own BucketNotificationsHandler (the singleton Lambda
 * and role behind `Custom::S3BucketNotifications`, which the documents and inbound buckets' notifications
 * bring: Python, AWS's basic execution policy, acknowledged for cdk-nag in cuadra-stack.ts and checked by
 * bucket-notifications.test.ts). Every other function and role is ours and follows the rules below.
 */
const ofType = (type: string) =>
  Object.entries(resources).filter(
    ([id, r]) => r.Type === type && !id.startsWith('BucketNotificationsHandler'),
  );
const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnResource);
const ref = (value: unknown) => (value as { Ref?: string }).Ref;
const getAttId = (value: unknown) => (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0];
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** One IAM statement, with the role it applies to and the policy it is written in. */
interface RoleStatement {
  /** Logical id of the role. */
  role: string;
  /** `<role>.<inline policy name>`, or the logical id of a separate AWS::IAM::(Managed)Policy. */
  source: string;
  st: Json;
}

/**
 * Every identity statement of the stack's roles (without CDK's BucketNotificationsHandler role, see
 * `ofType`): the roles' inline `Policies` and every AWS::IAM::Policy or ManagedPolicy with its roles.
 * The least-privilege checks read both, so a grant is seen wherever CDK writes it.
 */
const roleStatements = (): RoleStatement[] => [
  ...ofType('AWS::IAM::Role').flatMap(([role, r]) =>
    ((r.Properties.Policies ?? []) as Json[]).flatMap((policy) =>
      ((policy.PolicyDocument as Json).Statement as Json[]).map((st) => ({
        role,
        source: `${role}.${String(policy.PolicyName)}`,
        st,
      })),
    ),
  ),
  ...[...ofType('AWS::IAM::Policy'), ...ofType('AWS::IAM::ManagedPolicy')].flatMap(([id, p]) =>
    ((p.Properties.Roles ?? []) as unknown[]).flatMap((r) =>
      ((p.Properties.PolicyDocument as Json).Statement as Json[]).map((st) => ({
        role: ref(r)!,
        source: id,
        st,
      })),
    ),
  ),
];
/** The statements that apply to one role (a function's `role`). */
const statementsOfRole = (role: { node: { defaultChild?: unknown } }): Json[] =>
  roleStatements()
    .filter((s) => s.role === logicalId(role))
    .map((s) => s.st);

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'cuadra-cdk-'));
  // nag: false here so a finding shows up as a readable assertion below rather than a synth error;
  // nag.test.ts proves that the app as `cdk synth` builds it fails on findings.
  ({ app, stack, config } = createCuadraApp({
    context: {
      ...cdkJsonContext(),
      verifactuProducerNif: PRODUCER.nif,
      verifactuProducerName: PRODUCER.name,
    },
    outdir,
    nag: false,
  }));
  findings = nagFindings(app);
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, CfnRes>;
  routeTemplates = stack.restApi.routeStacks.map((nested) => {
    const nestedTemplate = Template.fromStack(nested);
    const stackResource = resources[stack.getLogicalId(nested.nestedStackResource as CfnResource)]!;
    return {
      nested,
      template: nestedTemplate,
      resources: nestedTemplate.toJSON().Resources as Record<string, CfnRes>,
      params: (stackResource.Properties.Parameters ?? {}) as Json,
    };
  });
});

/** A nested template's value with every `{ Ref: <parameter> }` replaced by what the parent passes. */
const inParent = (value: unknown, params: Json): unknown => {
  if (Array.isArray(value)) return value.map((v) => inParent(v, params));
  if (value && typeof value === 'object') {
    const r = ref(value);
    if (r !== undefined && Object.keys(value).length === 1 && r in params) return params[r];
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inParent(v, params)]));
  }
  return value;
};

/** Every route method of every nested stack, its properties in parent terms. */
const routeMethods = () =>
  routeTemplates.flatMap((rt) =>
    Object.entries(rt.resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGateway::Method')
      .map(([id, r]) => ({ rt, id, props: inParent(r.Properties, rt.params) as Json })),
  );

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('REST API from the route table', () => {
  const restApiId = () => logicalId(stack.restApi.api);

  /** Full `/api/v1/...` path of a ParentId/ResourceId, resolved across the nested and parent stacks. */
  const pathOf = (value: unknown, rt?: RouteTemplate): string => {
    const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    if (getAtt) {
      expect(getAtt).toEqual([restApiId(), 'RootResourceId']);
      return '';
    }
    const id = ref(value)!;
    if (rt && id in rt.params) return pathOf(rt.params[id]);
    const resource = (rt ? rt.resources : resources)[id];
    expect(resource?.Type, `${rt?.nested.node.id ?? 'parent'} ${id}`).toBe('AWS::ApiGateway::Resource');
    return `${pathOf(resource!.Properties.ParentId, rt)}/${resource!.Properties.PathPart as string}`;
  };

  it('has one method per route, with its HTTP method and path, and no other method', () => {
    const methods = routeMethods();
    const byOperation = new Map(methods.map((m) => [m.props.OperationName as string, m]));

    expect(methods).toHaveLength(Object.keys(routes).length);
    expect(byOperation.size).toBe(methods.length);
    // The parent stack holds no methods: every one is in a route stack.
    expect(ofType('AWS::ApiGateway::Method')).toEqual([]);
    for (const [id, route] of Object.entries(routes)) {
      const method = byOperation.get(id);
      expect(method, `route ${id}`).toBeDefined();
      expect(method!.props.HttpMethod, id).toBe(route.method);
      expect(method!.props.RestApiId, id).toEqual({ Ref: restApiId() });
      expect(pathOf(method!.rt.resources[method!.id]!.Properties.ResourceId, method!.rt), id).toBe(
        route.path,
      );
    }
  });

  it('creates each path once, each subtree in exactly one stack, every stack under the limit', () => {
    const created: string[] = [];
    for (const [id] of ofType('AWS::ApiGateway::Resource')) created.push(pathOf({ Ref: id }));
    for (const rt of routeTemplates) {
      for (const [id, r] of Object.entries(rt.resources)) {
        if (r.Type === 'AWS::ApiGateway::Resource') created.push(pathOf({ Ref: id }, rt));
      }
    }
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created).size, 'a path created twice would fail the deploy').toBe(created.length);
    // The shared prefixes are the parent's; a route stack's paths are all under its own root.
    expect(
      ofType('AWS::ApiGateway::Resource')
        .map(([id]) => pathOf({ Ref: id }))
        .sort(),
    ).toEqual(stack.restApi.routePlan!.shared);
    for (const rt of routeTemplates) {
      for (const m of routeMethods().filter((x) => x.rt === rt)) {
        const path = pathOf(rt.resources[m.id]!.Properties.ResourceId, rt);
        expect(path === rt.nested.plan.root || path.startsWith(`${rt.nested.plan.root}/`), path).toBe(true);
      }
    }

    const counts = {
      [stack.stackName]: Object.keys(resources).length,
      ...Object.fromEntries(
        routeTemplates.map((rt) => [rt.nested.node.id, Object.keys(rt.resources).length]),
      ),
    };
    for (const [name, count] of Object.entries(counts)) {
      expect(count, name).toBeLessThanOrEqual(MAX_RESOURCES_PER_STACK);
    }
  });

  it('puts the Cognito authorizer (access-token scope) exactly on the user routes', () => {
    const authorizerId = logicalId(stack.restApi.authorizer() as never);
    const byOperation = new Map(routeMethods().map((m) => [m.props.OperationName as string, m.props]));
    for (const [id, route] of Object.entries(routes)) {
      const method = byOperation.get(id)!;
      if (route.auth === 'user') {
        expect(method.AuthorizationType, id).toBe('COGNITO_USER_POOLS');
        expect(ref(method.AuthorizerId), id).toBe(authorizerId);
        expect(method.AuthorizationScopes, id).toEqual([ACCESS_TOKEN_SCOPE]);
      } else {
        expect(method.AuthorizationType, id).toBe('NONE');
        expect(method.AuthorizerId, id).toBeUndefined();
      }
    }
  });

  it("proxies each route to its domain's Lambda", () => {
    const byOperation = new Map(routeMethods().map((m) => [m.props.OperationName as string, m.props]));
    for (const [id, route] of Object.entries(routes)) {
      const fn = stack.apiFunctions[route.domain as keyof typeof stack.apiFunctions];
      expect(fn, `API function of ${route.domain}`).toBeDefined();
      const integration = byOperation.get(id)!.Integration as Json;
      expect(integration.Type).toBe('AWS_PROXY');
      expect(integration.IntegrationHttpMethod).toBe('POST');
      expect(JSON.stringify(integration.Uri), id).toContain(
        JSON.stringify({ 'Fn::GetAtt': [logicalId(fn!.fn), 'Arn'] }),
      );
    }
  });

  it('lets API Gateway invoke each API function through one permission for the whole API', () => {
    for (const rt of routeTemplates) {
      expect(Object.values(rt.resources).filter((r) => r.Type === 'AWS::Lambda::Permission')).toEqual([]);
    }
    const restApiPermissions = ofType('AWS::Lambda::Permission')
      .map(([, r]) => r.Properties)
      .filter((p) => JSON.stringify(p.SourceArn).includes(JSON.stringify({ Ref: restApiId() })));
    const routed = new Set(Object.values(routes).map((r) => r.domain));
    expect(restApiPermissions).toHaveLength(routed.size);
    for (const domain of routed) {
      const fn = stack.apiFunctions[domain as keyof typeof stack.apiFunctions]!;
      const permission = restApiPermissions.find((p) => getAttId(p.FunctionName) === logicalId(fn.fn));
      expect(permission, domain).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
      // arn:...:execute-api:<region>:<account>:<api>/*/*/* (any stage, method and path of this API).
      const [, parts] = (permission!.SourceArn as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
      expect(parts.at(-1), domain).toBe('/*/*/*');
    }
  });

  it('deploys after every route stack, with a new deployment when the route table changes', () => {
    const [[deploymentId, deployment]] = ofType('AWS::ApiGateway::Deployment') as [[string, CfnRes]];
    const dependsOn = (deployment as unknown as { DependsOn?: string[] }).DependsOn ?? [];
    for (const rt of routeTemplates) {
      expect(dependsOn, rt.nested.node.id).toContain(
        stack.getLogicalId(rt.nested.nestedStackResource as CfnResource),
      );
    }
    for (const [id] of ofType('AWS::ApiGateway::GatewayResponse')) expect(dependsOn, id).toContain(id);
    const [[, stage]] = ofType('AWS::ApiGateway::Stage') as [[string, CfnRes]];
    expect(stage.Properties.DeploymentId).toEqual({ Ref: deploymentId });
    expect(stage.Properties.StageName).toBe(config.stage);
    // The logical id carries a hash of the route table (route-stacks.test.ts checks it changes).
    expect(deploymentId).toMatch(/^RestApiDeployment[0-9A-F]{8}[0-9a-f]{32}$/);
  });

  it('logs access without query strings, throttles the stage and validates requests', () => {
    const [[, stage]] = ofType('AWS::ApiGateway::Stage') as [[string, CfnRes]];
    const format = (stage.Properties.AccessLogSetting as Json).Format as string;
    expect(format).toContain('$context.resourcePath');
    expect(format).not.toMatch(/querystring|\$context\.path|requestOverride/i);
    expect((stage.Properties.MethodSettings as Json[])[0]).toEqual(
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
        MetricsEnabled: true,
        ThrottlingRateLimit: config.apiThrottle.rateLimit,
        ThrottlingBurstLimit: config.apiThrottle.burstLimit,
      }),
    );
    expect(stage.Properties.TracingEnabled).toBe(true);
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', {
      ValidateRequestParameters: true,
      ValidateRequestBody: true,
    });
    for (const m of routeMethods()) {
      expect(ref(m.props.RequestValidatorId), m.id).toBe(
        logicalId(stack.restApi.api.node.findChild('Validator') as never),
      );
    }
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    const [[, association]] = ofType('AWS::WAFv2::WebACLAssociation') as [[string, CfnRes]];
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(`/stages/`);
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(
      JSON.stringify({ Ref: logicalId(stack.restApi.stage) }),
    );
  });

  it('throttles the authentication and password routes: per method on the stage, per client IP in the WAF (429)', () => {
    const [[, stage]] = ofType('AWS::ApiGateway::Stage') as [[string, CfnRes]];
    const settings = stage.Properties.MethodSettings as Json[];
    for (const id of AUTH_THROTTLED_ROUTES) {
      const { path, method } = routes[id];
      expect(settings, id).toContainEqual(
        expect.objectContaining({
          ResourcePath: `/${path.replace(/\//g, '~1')}`,
          HttpMethod: method,
          ThrottlingRateLimit: AUTH_RATE_LIMIT.methodRatePerSecond,
          ThrottlingBurstLimit: AUTH_RATE_LIMIT.methodBurst,
        }),
      );
    }
    const [[, acl]] = ofType('AWS::WAFv2::WebACL') as [[string, CfnRes]];
    const rules = acl.Properties.Rules as Json[];
    const auth = rules.find((r) => r.Name === 'AuthRatePerClientIp') as Json;
    expect(auth).toMatchObject({
      Action: {
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            CustomResponseBodyKey: 'rate-limited',
            ResponseHeaders: [{ Name: 'Retry-After', Value: String(AUTH_RATE_LIMIT.windowSeconds) }],
          },
        },
      },
      Statement: {
        RateBasedStatement: {
          Limit: AUTH_RATE_LIMIT.limit,
          EvaluationWindowSec: AUTH_RATE_LIMIT.windowSeconds,
          AggregateKeyType: 'FORWARDED_IP',
        },
      },
    });
    const scoped = JSON.stringify(auth);
    for (const id of AUTH_THROTTLED_ROUTES) expect(scoped).toContain(`"SearchString":"${routes[id].path}"`);
    // Before the general per-IP rule, so the stricter one answers first.
    expect(auth.Priority).toBeLessThan(
      (rules.find((r) => r.Name === 'RatePerClientIp') as Json).Priority as number,
    );
    const bodies = acl.Properties.CustomResponseBodies as Record<string, { Content: string }>;
    expect(JSON.parse(bodies['rate-limited']!.Content)).toEqual(gatewayResponses.THROTTLED.body);
  });

  it('has no CORS preflight methods: the SPA calls /api/v1 on its own origin (CloudFront /api/*)', () => {
    // Per-resource OPTIONS methods were dropped (constructs/rest-api.ts says why): the deployed SPA
    // is configured same-origin, and CloudFront forwards /api/* to this API's stage.
    for (const m of routeMethods()) expect(m.props.HttpMethod, m.id).not.toBe('OPTIONS');
    const runtimeConfig = (template.toJSON().Outputs as Record<string, { Value: unknown }>).RuntimeConfig!;
    expect(JSON.stringify(runtimeConfig.Value)).toContain('\\"apiBaseUrl\\":\\"\\"');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*' })],
      }),
    });
  });

  it('installs every gateway response with its status and envelope body', () => {
    const installed = ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => r.Properties);
    expect(installed).toHaveLength(Object.keys(gatewayResponses).length);
    for (const [type, { status, body }] of Object.entries(gatewayResponses)) {
      const response = installed.find((p) => p.ResponseType === type);
      expect(response, type).toBeDefined();
      expect(response!.StatusCode).toBe(String(status));
      const json = (response!.ResponseTemplates as Json)['application/json'] as string;
      expect(json).not.toMatch(/[$#]/);
      expect(JSON.parse(json)).toEqual(body);
    }
  });

  it('puts the security headers on every gateway response (401, 404, 429... answered by API Gateway itself)', () => {
    const installed = ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => r.Properties);
    for (const response of installed) {
      expect(response.ResponseParameters, String(response.ResponseType)).toMatchObject({
        'gatewayresponse.header.X-Content-Type-Options': "'nosniff'",
        'gatewayresponse.header.Referrer-Policy': "'strict-origin-when-cross-origin'",
        'gatewayresponse.header.X-Frame-Options': "'DENY'",
        'gatewayresponse.header.Content-Security-Policy': `'${API_CONTENT_SECURITY_POLICY}'`,
      });
    }
    expect(installed.map((r) => r.ResponseType)).toEqual(
      expect.arrayContaining(['UNAUTHORIZED', 'MISSING_AUTHENTICATION_TOKEN']),
    );
  });
});

describe('functions', () => {
  const functions = () => ofType('AWS::Lambda::Function');
  const withApi = entriesOf(m.domains).filter(([, def]) => def.api);
  const workerEntries = new Set(
    [
      ...Object.values(m.queues).flatMap((q) => (q.consumer ? [q.consumer] : [])),
      ...Object.values(m.schedules).map((s) => s.target),
      ...Object.values(m.table.streamConsumers),
      ...Object.values(m.buckets).flatMap((b) => b.notifications.map((n) => n.consumer)),
      ...Object.values(m.websocket.routes),
    ].map((e) => `${e.entry}#${e.export}`),
  );

  it('has exactly one API Lambda per domain with routes, and one function per worker entry', () => {
    expect(Object.keys(stack.apiFunctions).sort()).toEqual(withApi.map(([name]) => name).sort());
    expect([...stack.workerFunctions.keys()].sort()).toEqual([...workerEntries].sort());
    expect(functions()).toHaveLength(withApi.length + workerEntries.size);
  });

  it('gives every function the same defaults and the sizes of its domain', () => {
    for (const [domain, def] of withApi) {
      const served = entriesOf(m.invokables).filter(([, inv]) => inv.domain === domain);
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: [`Cuadra ${domain} API`, ...served.map(([name]) => `invoke ${name}`)].join(', '),
        MemorySize: def.memoryMb,
        Timeout: def.timeoutSeconds,
      });
    }
    for (const [, fn] of functions()) {
      const p = fn.Properties;
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.Handler).toMatch(/^index\.\w+$/);
      const logGroup = resources[ref((p.LoggingConfig as Json).LogGroup)!]!;
      expect(logGroup.Properties.RetentionInDays).toEqual(expect.any(Number));
    }
  });

  it('sets the manifest environment variables (WS_MANAGEMENT_ENDPOINT only where needed)', () => {
    const always = [
      envNames.table,
      envNames.userPoolId,
      envNames.userPoolClientId,
      envNames.mailFrom,
      envNames.appUrl,
      envNames.stage,
      ...Object.keys(m.queues).map((q) => envNames.queueUrl(q as never)),
      ...Object.keys(m.buckets).map((b) => envNames.bucket(b as never)),
    ];
    // Workers that post to WebSocket connections: the $connect/$default routes (with their domain's
    // needs) and every queue, schedule, stream or bucket consumer whose own needs say so.
    const key = (e: { entry: string; export: string }) => `${e.entry}#${e.export}`;
    const workerNeedsSocket = new Set([
      ...(m.domains[m.websocket.domain].needs.websocket ? Object.values(m.websocket.routes).map(key) : []),
      ...Object.values(m.queues).flatMap((q) => (q.consumer?.needs.websocket ? [key(q.consumer)] : [])),
      ...Object.values(m.schedules).flatMap((s) => (s.target.needs.websocket ? [key(s.target)] : [])),
      ...Object.values(m.table.streamConsumers).flatMap((c) => (c.needs.websocket ? [key(c)] : [])),
      ...Object.values(m.buckets).flatMap((b) =>
        b.notifications.filter((n) => n.consumer.needs.websocket).map((n) => key(n.consumer)),
      ),
    ]);
    const needsSocket = new Set(
      [
        ...withApi.filter(([, d]) => d.needs.websocket).map(([domain]) => stack.apiFunctions[domain]!),
        ...[...stack.workerFunctions.entries()]
          .filter(([key]) => workerNeedsSocket.has(key))
          .map(([, fn]) => fn),
      ].map((fn) => logicalId(fn.fn)),
    );
    for (const [id, fn] of functions()) {
      const variables = ((fn.Properties.Environment as Json).Variables ?? {}) as Json;
      for (const name of always) expect(variables, `${id} ${name}`).toHaveProperty(name);
      expect(envNames.wsEndpoint in variables, id).toBe(needsSocket.has(id));
      expect(variables).not.toHaveProperty(envNames.jwtIssuer);
      expect(variables).not.toHaveProperty(envNames.jwksUri);
    }
  });
});

describe('functions invoked by name (manifest invokables)', () => {
  const fnId = (fn: { fn: unknown }) => logicalId(fn.fn as never);
  const callersOf = (name: string) =>
    [
      ...Object.entries(stack.apiFunctions)
        .filter(([domain]) =>
          m.domains[domain as keyof typeof m.domains].needs.invokes?.includes(name as never),
        )
        .map(([, fn]) => fn!),
      ...[...collectWorkers(m).entries()]
        .filter(([, w]) => w.needs.invokes?.includes(name as never))
        .map(([key]) => stack.workerFunctions.get(key)!),
    ].map(fnId);
  /** lambda:* statements of the functions' own roles (the schedules' roles invoke their targets). */
  const invokeStatements = () => {
    const functionRoles = new Set(
      ofType('AWS::Lambda::Function').map(([, fn]) => getAttId(fn.Properties.Role)),
    );
    return (
      roleStatements()
        .filter(({ role }) => functionRoles.has(role))
        .filter(({ st }) => JSON.stringify(st.Action).includes('lambda:'))
        // A caller of invokables served by two functions gets one statement listing both: one per resource.
        .flatMap(({ role, st }) =>
          [st.Resource].flat().map((resource) => ({ role, st: { ...st, Resource: resource } as Json })),
        )
    );
  };

  const targetOf = (name: keyof typeof m.invokables) => stack.apiFunctions[m.invokables[name].domain]!;

  it("pdf-render is the pdf domain's API function: no other function is built for it", () => {
    const target = targetOf('pdf-render');
    expect(target).toBe(stack.apiFunctions.pdf);
    const { entry } = m.domains.pdf.api!;
    const [, fn] = ofType('AWS::Lambda::Function').find(([id]) => id === fnId(target))!;
    expect(fn.Properties.Description).toBe('Cuadra pdf API, invoke statement-pdf, invoke pdf-render');
    // One function per API domain and per worker entry: nothing more (no separate render function).
    expect(ofType('AWS::Lambda::Function')).toHaveLength(
      Object.keys(stack.apiFunctions).length + stack.workerFunctions.size,
    );
    expect(
      [...stack.workerFunctions.keys()].filter((key) => key.startsWith('functions/domains/pdf/')),
    ).toEqual([]);
    expect(entry).toBe('functions/domains/pdf/handler.ts');
  });

  it('the pdf function may do what its routes and the invocations need: table and documents bucket read/write', () => {
    const target = targetOf('pdf-render');
    const granted = statementsOfRole(target.role).map((st) => ({
      actions: list(st.Action) as string[],
      resource: JSON.stringify(st.Resource),
    }));
    expect(granted.length).toBeGreaterThan(0);
    const on = (id: string) => granted.filter((g) => g.resource.includes(id)).flatMap((g) => g.actions);
    expect(on(logicalId(stack.data.table))).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']),
    );
    expect(on(logicalId(stack.storage.buckets.documents))).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
    );
    // It invokes nothing, sends no mail itself (the outbox does) and touches no queue.
    const all = granted.flatMap((g) => g.actions);
    expect(all.filter((a) => /^(lambda|ses|sqs):/.test(a))).toEqual([]);
  });

  it('the bulk worker and the recurring schedule call pdf-render; no invoices bundle renders', () => {
    expect(new Set(callersOf('pdf-render'))).toEqual(
      new Set([
        fnId(stack.workerFunctions.get('functions/domains/invoices/workers/run-bulk-operation.ts#handler')!),
        fnId(stack.workerFunctions.get('functions/domains/invoices/workers/generate-recurring.ts#handler')!),
      ]),
    );
  });

  it('passes the name only to the callers and lets exactly them invoke exactly that function', () => {
    for (const [name] of entriesOf(m.invokables)) {
      const targetId = fnId(targetOf(name));
      const callers = new Set(callersOf(name));
      expect(callers.size, name).toBeGreaterThan(0);
      const variable = envNames.functionName(name);
      expect(variable).toBe(`FUNCTION_NAME_${name.toUpperCase().replace(/-/g, '_')}`);
      for (const [id, fn] of ofType('AWS::Lambda::Function')) {
        const variables = ((fn.Properties.Environment as Json).Variables ?? {}) as Json;
        if (callers.has(id)) expect(variables[variable], id).toEqual({ Ref: targetId });
        else expect(variables, id).not.toHaveProperty(variable);
      }
      const roleOf = (id: string) => getAttId(resources[id]!.Properties.Role);
      const grants = invokeStatements().filter(({ st }) => JSON.stringify(st.Resource).includes(targetId));
      // One function may serve several invokables (the pdf domain's: pdf-render and statement-pdf):
      // the grants on it are exactly those of the callers of any of them.
      const sameTarget = entriesOf(m.invokables)
        .filter(([other]) => fnId(targetOf(other)) === targetId)
        .flatMap(([other]) => callersOf(other));
      expect(new Set(grants.map((g) => g.role))).toEqual(new Set(sameTarget.map(roleOf)));
      for (const { st } of grants) {
        expect(st.Action).toBe('lambda:InvokeFunction');
        expect(st.Resource).toEqual({ 'Fn::GetAtt': [targetId, 'Arn'] });
      }
    }
    // Nothing else may invoke a function directly.
    const targets = new Set(Object.keys(m.invokables).map((name) => fnId(targetOf(name as never))));
    for (const { st } of invokeStatements()) {
      expect(targets.has(getAttId(st.Resource) ?? ''), JSON.stringify(st.Resource)).toBe(true);
    }
  });
});

describe('certificates key and VeriFacTu producer', () => {
  const keyId = () =>
    ofType('AWS::KMS::Key').find(([, k]) => String(k.Properties.Description).includes('certificates'))![0];
  const withKey = () =>
    new Set(
      [
        ...Object.entries(stack.apiFunctions)
          .filter(([domain]) => m.domains[domain as keyof typeof m.domains].needs.certificatesKey)
          .map(([, fn]) => fn!),
        ...[...collectWorkers(m).entries()]
          .filter(([, w]) => w.needs.certificatesKey)
          .map(([key]) => stack.workerFunctions.get(key)!),
      ].map((fn) => logicalId(fn.fn)),
    );

  it('gives the key ARN only to the functions that need the certificates key', () => {
    expect(withKey().size).toBeGreaterThanOrEqual(2); // the verifactu API and the sender
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const variables = ((fn.Properties.Environment as Json).Variables ?? {}) as Json;
      if (withKey().has(id))
        expect(variables[envNames.certificatesKeyId], id).toEqual({ 'Fn::GetAtt': [keyId(), 'Arn'] });
      else expect(variables, id).not.toHaveProperty(envNames.certificatesKeyId);
      expect(variables, id).not.toHaveProperty(envNames.certificatesLocalKeyFile);
    }
  });

  it('lets exactly those functions encrypt, decrypt and make data keys with it', () => {
    const roleOf = (fnId: string) => getAttId(resources[fnId]!.Properties.Role);
    const kmsRoles = new Set(
      roleStatements()
        .filter(
          ({ st }) =>
            list(st.Action).includes('kms:GenerateDataKey') && JSON.stringify(st.Resource).includes(keyId()),
        )
        .map(({ role }) => role),
    );
    for (const id of withKey()) expect(kmsRoles.has(roleOf(id) ?? ''), id).toBe(true);
    expect(kmsRoles.size).toBe(withKey().size);
  });

  it('names the producer in every function, from the CDK context', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      const variables = ((fn.Properties.Environment as Json).Variables ?? {}) as Json;
      expect(variables[envNames.verifactuProducerNif], id).toBe(PRODUCER.nif);
      expect(variables[envNames.verifactuProducerName], id).toBe(PRODUCER.name);
    }
  });

  it('reads the producer from context: both or neither, and a well-formed NIF', () => {
    const read = (context: Record<string, string>) => configFromContext(new CdkApp({ context }));
    expect(read({}).verifactuProducer).toBeUndefined();
    expect(
      read({ verifactuProducerNif: 'b00000000', verifactuProducerName: ' Cuadra SL ' }).verifactuProducer,
    ).toEqual({
      nif: 'B00000000',
      name: 'Cuadra SL',
    });
    expect(() => read({ verifactuProducerNif: 'B00000000' })).toThrow(/go together/);
    expect(() => read({ verifactuProducerNif: 'B0', verifactuProducerName: 'X' })).toThrow(/not a NIF/);
  });
});

describe('IAM (least privilege)', () => {
  /** `id` is the role the statement applies to, `source` the policy it is written in. */
  const statements = (): { id: string; source: string; Action: unknown; Resource: unknown }[] =>
    roleStatements().map(({ role, source, st }) => ({
      id: role,
      source,
      Action: st.Action,
      Resource: st.Resource,
    }));
  const functionsOf = () => [...Object.values(stack.apiFunctions), ...stack.workerFunctions.values()];

  it('uses no AWS managed policies (cdk-nag IAM4)', () => {
    for (const [id, role] of ofType('AWS::IAM::Role')) {
      expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
    }
  });

  it("writes each function's permissions (and the schedules role's) inline in its role: no AWS::IAM::Policy of its own", () => {
    const fns = functionsOf().map((fn) => fn!);
    expect(fns).toHaveLength(ofType('AWS::Lambda::Function').length);
    const schedulesRole = stack.node.tryFindChild('SchedulesRole');
    expect(schedulesRole).toBeDefined();
    for (const role of [...fns.map((fn) => fn.role), schedulesRole!]) {
      const id = logicalId(role);
      const policies = (resources[id]!.Properties.Policies ?? []) as Json[];
      expect(
        policies.map((p) => p.PolicyName),
        id,
      ).toEqual([INLINE_POLICY_NAME]);
      // Never empty: CloudFormation refuses an inline policy without statements.
      expect(((policies[0]!.PolicyDocument as Json).Statement as Json[]).length, id).toBeGreaterThan(0);
    }
    // What CuadraFunction writes itself and what CDK wires (active tracing) are both in there.
    for (const fn of fns) {
      const inline = (resources[logicalId(fn.role)]!.Properties.Policies as Json[])[0]!
        .PolicyDocument as Json;
      const own = inline.Statement as Json[];
      expect(
        own.some(
          (st) =>
            list(st.Action).includes('logs:PutLogEvents') && getAttId(st.Resource) === logicalId(fn.logGroup),
        ),
        fn.node.path,
      ).toBe(true);
      expect(
        own.some((st) => list(st.Action).includes('xray:PutTraceSegments')),
        fn.node.path,
      ).toBe(true);
    }
    // The only separate policies left are the documented exception: CDK's S3 notifications install
    // one AWS::IAM::Policy per bucket with notifications on its own singleton handler's role.
    const separate = Object.entries(resources).filter(
      ([, r]) => r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy',
    );
    const bucketsWithNotifications = Object.values(m.buckets).filter((b) => b.notifications.length > 0);
    expect(separate.map(([, r]) => r.Type)).toEqual(bucketsWithNotifications.map(() => 'AWS::IAM::Policy'));
    for (const [id, policy] of separate) {
      expect((policy.Properties.Roles as unknown[]).map(ref), id).toEqual([
        expect.stringMatching(/^BucketNotificationsHandler[0-9a-f]+Role[0-9A-F]{8}$/),
      ]);
    }
  });

  it("keeps each role's inline policies within IAM's 10,240 characters (CDK does not split them)", () => {
    // A DefaultPolicy that grew too large was split by CDK into managed policies; an inline policy is
    // not, so the estimate (every reference as a generous stand-in) must leave room.
    const standIn = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(standIn);
      if (!v || typeof v !== 'object') return v;
      const o = v as Json;
      if ('Ref' in o) return String(o.Ref).startsWith('AWS::') ? 'x'.repeat(20) : 'x'.repeat(160);
      if ('Fn::GetAtt' in o) return 'x'.repeat(160);
      if ('Fn::Join' in o) {
        const [separator, parts] = o['Fn::Join'] as [string, unknown[]];
        return parts.map((part) => String(standIn(part))).join(separator);
      }
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, standIn(x)]));
    };
    const size = (document: unknown) => JSON.stringify(standIn(document)).length;
    const roles = ofType('AWS::IAM::Role');
    expect(roles.length).toBeGreaterThan(functionsOf().length);
    for (const [id, role] of roles) {
      const inline = ((role.Properties.Policies ?? []) as Json[]).map((p) => p.PolicyDocument);
      const attached = ofType('AWS::IAM::Policy')
        .filter(([, p]) => ((p.Properties.Roles ?? []) as unknown[]).some((r) => ref(r) === id))
        .map(([, p]) => p.Properties.PolicyDocument);
      const total = [...inline, ...attached].reduce((sum: number, document) => sum + size(document), 0);
      expect(total, id).toBeLessThanOrEqual(ROLE_INLINE_POLICY_CHARS);
    }
  });

  it('grants "*" only to actions that have no resource-level permissions', () => {
    // Textract's expense actions have no resource-level permissions (constructs/permissions.ts).
    const allowedOnStar = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords', ...TEXTRACT_EXPENSE]);
    for (const s of statements()) {
      if (!list(s.Resource).includes('*')) continue;
      for (const action of list(s.Action))
        expect(allowedOnStar, `${s.source}: ${String(action)}`).toContain(action);
    }
  });

  it('never lets an API function Scan the table (no Scan on a request path)', () => {
    const apiRoles = new Set(Object.values(stack.apiFunctions).map((fn) => logicalId(fn!.role)));
    const ofApiRoles = statements().filter((st) => apiRoles.has(st.id));
    expect(new Set(ofApiRoles.map((st) => st.id))).toEqual(apiRoles);
    for (const s of ofApiRoles) {
      expect(list(s.Action), s.source).not.toContain('dynamodb:Scan');
    }
  });

  it('lets exactly the functions whose needs say textract analyse expenses (the OCR reader)', () => {
    const withTextract = new Set(
      [
        ...Object.entries(stack.apiFunctions)
          .filter(([domain]) => m.domains[domain as keyof typeof m.domains].needs.textract)
          .map(([, fn]) => fn!),
        ...[...collectWorkers(m).entries()]
          .filter(([, w]) => w.needs.textract)
          .map(([key]) => stack.workerFunctions.get(key)!),
      ].map((fn) => logicalId(fn.role)),
    );
    expect(withTextract.size).toBeGreaterThanOrEqual(1); // the ocr queue's reader
    const granted = new Set(
      statements()
        .filter((s) => TEXTRACT_EXPENSE.every((a) => list(s.Action).includes(a)))
        .map((s) => s.id),
    );
    expect(granted).toEqual(withTextract);
  });

  it('grants every Cognito admin command the functions send', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) sources.push(readFileSync(full, 'utf8'));
      }
    };
    walk(path.join(repoRoot, 'functions'));
    const used = new Set(
      sources.flatMap((src) =>
        [...src.matchAll(/\b((?:Admin|ListUsers)\w*)Command\b/g)].map((x) => `cognito-idp:${x[1]}`),
      ),
    );
    for (const action of used) expect(COGNITO_USER_ADMIN, action).toContain(action);
  });
});

describe('queues', () => {
  it('creates each queue with a dead-letter queue of the same kind, encrypted, TLS-only and alarmed', () => {
    for (const [name, def] of entriesOf(m.queues)) {
      const { queue, dlq, alarm } = stack.queues.work[name];
      const q = resources[logicalId(queue)]!.Properties;
      const d = resources[logicalId(dlq)]!.Properties;
      for (const props of [q, d]) {
        expect(props.FifoQueue, name).toBe(def.fifo ? true : undefined);
        expect(props.ContentBasedDeduplication, name).toBe(def.fifo ? true : undefined);
        expect(props.SqsManagedSseEnabled, name).toBe(true);
      }
      expect(q.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
      expect(q.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(dlq), 'Arn'] },
        maxReceiveCount: def.maxReceiveCount,
      });
      const alarmProps = resources[logicalId(alarm)]!.Properties;
      expect(alarmProps).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      expect(JSON.stringify(alarmProps.Dimensions)).toContain(logicalId(dlq));
    }
    // Every queue of the stack (work queues, DLQs, failure queues) refuses plain HTTP.
    for (const [id] of ofType('AWS::SQS::Queue')) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: Match.arrayWith([{ Ref: id }]),
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('keeps the VeriFacTu queue and its DLQ FIFO (one hash chain per issuer, in order)', () => {
    expect(resources[logicalId(stack.queues.work.verifactu.queue)]!.Properties.FifoQueue).toBe(true);
    expect(resources[logicalId(stack.queues.work.verifactu.dlq)]!.Properties.FifoQueue).toBe(true);
  });

  it("feeds each consumer with the manifest's batch size and partial batch failures", () => {
    for (const [name, def] of entriesOf(m.queues)) {
      if (!def.consumer) continue;
      const fn = stack.workerFunctions.get(`${def.consumer.entry}#${def.consumer.export}`)!;
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.queues.work[name].queue), 'Arn'] },
        FunctionName: { Ref: logicalId(fn.fn) },
        BatchSize: def.consumer.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(def.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
        6 * m.domains[def.consumer.domain].timeoutSeconds,
      );
    }
  });
});

describe('table', () => {
  it('is the table of shared/db/table.ts with streams, PITR, KMS, TTL and both GSIs', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamViewType: tableDefinition.streamView },
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [
        Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { KMSMasterKeyId: Match.anyValue() },
        }),
      ],
    });
  });

  it('feeds each stream consumer only its entities, bisecting and retrying, with an on-failure queue', () => {
    for (const def of Object.values(m.table.streamConsumers)) {
      const fn = stack.workerFunctions.get(`${def.entry}#${def.export}`)!;
      const mapping = ofType('AWS::Lambda::EventSourceMapping')
        .map(([, r]) => r.Properties)
        .find((p) => ref(p.FunctionName) === logicalId(fn.fn));
      expect(mapping).toMatchObject({
        BatchSize: def.batchSize,
        StartingPosition: 'TRIM_HORIZON',
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: expect.any(Number),
        DestinationConfig: { OnFailure: { Destination: expect.anything() } },
      });
      const patterns = ((mapping!.FilterCriteria as Json).Filters as { Pattern: string }[]).map((f) =>
        JSON.parse(f.Pattern),
      );
      expect(patterns).toEqual([{ dynamodb: { NewImage: { entity: { S: def.entities } } } }]);
    }
  });
});

describe('storage and the SPA', () => {
  it('blocks public access, enforces TLS, encrypts and logs every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(Object.keys(m.buckets).length + 1); // + the access-log bucket
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
    for (const name of Object.keys(m.buckets)) {
      const bucket = resources[logicalId(stack.storage.buckets[name as keyof typeof m.buckets])]!;
      expect(bucket.Properties.LoggingConfiguration, name).toBeDefined();
      expect(bucket.Properties.VersioningConfiguration, name).toEqual({ Status: 'Enabled' });
      const cors = bucket.Properties.CorsConfiguration as Json | undefined;
      if (m.buckets[name as keyof typeof m.buckets].browserUploads) {
        expect(JSON.stringify(cors), name).toContain('PUT');
      } else {
        expect(cors, name).toBeUndefined();
      }
    }
  });

  it('stores inbound mail from SES in the inbound bucket under inbound/', () => {
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: Match.objectLike({
        Enabled: true,
        ScanEnabled: true,
        Actions: [{ S3Action: Match.objectLike({ ObjectKeyPrefix: 'inbound/' }) }],
      }),
    });
  });

  it('serves the SPA through CloudFront (OAC, TLS, logs) with /api/* on the same origin', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', ViewerProtocolPolicy: 'https-only' })],
        Origins: Match.arrayWith([
          Match.objectLike({
            CustomOriginConfig: Match.objectLike({
              OriginProtocolPolicy: 'https-only',
              OriginSSLProtocols: ['TLSv1.2'],
            }),
            OriginPath: `/${config.stage}`,
          }),
        ]),
      }),
    });
  });
});

describe('security headers (CloudFront response headers policies)', () => {
  const policies = () =>
    ofType('AWS::CloudFront::ResponseHeadersPolicy').map(([id, r]) => ({
      id,
      config: (r.Properties.ResponseHeadersPolicyConfig as Json).SecurityHeadersConfig as Json,
    }));
  const cspOf = (config: Json) =>
    JSON.stringify((config.ContentSecurityPolicy as Json).ContentSecurityPolicy);
  const distribution = () =>
    ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Json;
  const policyIdOf = (behavior: unknown) =>
    getAttId((behavior as Json).ResponseHeadersPolicyId) ?? ref((behavior as Json).ResponseHeadersPolicyId);

  it('gives every behaviour its own policy with nosniff, DENY, the referrer policy, HSTS and a CSP, all overriding the origin', () => {
    const found = policies();
    expect(found).toHaveLength(2);
    for (const { id, config } of found) {
      expect(config, id).toMatchObject({
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        StrictTransportSecurity: expect.objectContaining({ IncludeSubdomains: true, Override: true }),
        ContentSecurityPolicy: expect.objectContaining({ Override: true }),
      });
      expect(cspOf(config), id).toContain("frame-ancestors 'none'");
    }
    const ids = new Set(found.map((p) => p.id));
    const config = distribution();
    const behaviours = [config.DefaultCacheBehavior, ...(config.CacheBehaviors as unknown[])];
    for (const behaviour of behaviours) expect(ids.has(policyIdOf(behaviour) ?? '')).toBe(true);
  });

  it('serves the SPA with a strict CSP: scripts from the origin only, Cognito and the WebSocket in connect-src', () => {
    const config = distribution();
    const spa = policies().find((p) => p.id === policyIdOf(config.DefaultCacheBehavior))!;
    const csp = cspOf(spa.config);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain('wss://');
    const api = policies().find((p) => p.id === policyIdOf((config.CacheBehaviors as unknown[])[0]))!;
    expect(cspOf(api.config)).toBe(JSON.stringify(API_CONTENT_SECURITY_POLICY));
  });
});

describe('keys, identity, schedules, WebSocket, outputs', () => {
  it('rotates every KMS key', () => {
    const keys = ofType('AWS::KMS::Key');
    expect(keys.length).toBeGreaterThanOrEqual(2); // table + certificates
    for (const [id, key] of keys) expect(key.Properties.EnableKeyRotation, id).toBe(true);
  });

  it('creates the Cognito groups of the route table and a secretless password-flow client', () => {
    for (const role of ROLES)
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: role });
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', ROLES.length);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
    });
  });

  it("keeps Cognito's password policy equal to the product's (the API validates first)", () => {
    // Issue #12 item 8: at least 12 characters, in the pool as in the API and the forms.
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        }),
      },
      UserPoolTier: 'PLUS',
    });
  });

  it('schedules every manifest schedule in its time zone on its target', () => {
    const schedules = ofType('AWS::Scheduler::Schedule').map(([, r]) => r.Properties);
    expect(schedules).toHaveLength(Object.keys(m.schedules).length);
    for (const [name, def] of Object.entries(m.schedules)) {
      const fn = stack.workerFunctions.get(`${def.target.entry}#${def.target.export}`)!;
      expect(
        schedules.find(
          (s) =>
            s.ScheduleExpression === def.expression &&
            s.ScheduleExpressionTimezone === def.timezone &&
            getAttId((s.Target as Json).Arn) === logicalId(fn.fn) &&
            (s.Target as Json).DeadLetterConfig !== undefined,
        ),
        name,
      ).toBeDefined();
    }
  });

  it('routes every WebSocket route key to its function on a logged stage', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual(Object.keys(m.websocket.routes).sort());
    for (const [key, entry] of Object.entries(m.websocket.routes)) {
      const fn = stack.workerFunctions.get(`${entry.entry}#${entry.export}`)!;
      const integration = ofType('AWS::ApiGatewayV2::Integration').find(([id]) =>
        ofType('AWS::ApiGatewayV2::Route').some(
          ([, r]) => r.Properties.RouteKey === key && JSON.stringify(r.Properties.Target).includes(id),
        ),
      );
      expect(JSON.stringify(integration?.[1].Properties.IntegrationUri), key).toContain(logicalId(fn.fn));
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ Format: Match.not(Match.stringLikeRegexp('querystring')) }),
    });
  });

  it('outputs the URLs and ids the SPA and the deploy need', () => {
    const outputs = template.toJSON().Outputs as Json;
    for (const name of [
      'ApiUrl',
      'WebSocketUrl',
      'UserPoolId',
      'UserPoolClientId',
      'SpaUrl',
      'RuntimeConfig',
    ]) {
      expect(outputs, name).toHaveProperty(name);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('has zero unacknowledged findings (errors and warnings)', () => {
    const readable = findings.map(
      (f) => `${f.severity} ${f.ruleName}: ${f.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(readable).toEqual([]);
  });

  it('gives every acknowledgement a reason that says why', () => {
    const acks = listAcknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.rule, ack.path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(ack.reason.trim().length, `${ack.path} ${ack.rule}`).toBeGreaterThanOrEqual(MIN_REASON_LENGTH);
    }
  });

  it('leaves no CDK warnings or errors on the stack and its route stacks', () => {
    // Nested stacks have no artifact of their own: their constructs' annotations are the parent's.
    expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });

  it('checks the route stacks too (their public methods are acknowledged one by one)', () => {
    const publicRoutes = Object.entries(routes).filter(([, r]) => r.auth === 'public');
    expect(publicRoutes.length).toBeGreaterThan(0);
    const acks = listAcknowledgements(app);
    for (const [id] of publicRoutes) {
      const method = stack.restApi.methods[id]!;
      expect(Stack.of(method).nested, id).toBe(true);
      for (const rule of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
        expect(
          acks.some((a) => a.path === method.node.path && a.rule === rule && a.reason.includes(id)),
          `${id} ${rule}`,
        ).toBe(true);
      }
    }
    // No acknowledgement on a route stack as a whole (it would hide findings of every method in it).
    for (const rt of routeTemplates) {
      expect(
        acks.filter((a) => a.path === rt.nested.node.path),
        rt.nested.node.id,
      ).toEqual([]);
    }
  });
});

describe('VeriFacTu archive bucket (verifactu-archive)', () => {
  const archiveId = () => logicalId(stack.storage.buckets['verifactu-archive']);
  const policyStatements = (fn: { role: { node: { defaultChild?: unknown } } }) => {
    const found = statementsOfRole(fn.role).map((s) => ({
      actions: list(s.Action) as string[],
      resource: JSON.stringify(s.Resource),
    }));
    // Every function can at least write its logs: an empty list means the statements were not found.
    expect(found.length).toBeGreaterThan(0);
    return found;
  };
  const onArchive = (statements: { actions: string[]; resource: string }[]) =>
    statements.filter((s) => s.resource.includes(archiveId())).flatMap((s) => s.actions);

  it('is versioned, private, TLS-only, encrypted, logged and under Object Lock COMPLIANCE for 6 years', () => {
    const bucket = resources[archiveId()]!;
    expect(bucket.Type).toBe('AWS::S3::Bucket');
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.ObjectLockEnabled).toBe(true);
    expect(bucket.Properties.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: 6 } },
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    expect(bucket.Properties.LoggingConfiguration).toBeDefined();
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    // No lifecycle rule removes archived versions.
    expect(JSON.stringify(bucket.Properties.LifecycleConfiguration ?? {})).not.toMatch(/Expiration/);
    expect((bucket as unknown as { DeletionPolicy?: string }).DeletionPolicy).toBe('Retain');
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: archiveId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('the sender may only put objects there: no delete, no read', () => {
    const sender = stack.workerFunctions.get(
      'functions/domains/verifactu/workers/submit-records.ts#handler',
    )!;
    expect(sender).toBeDefined();
    const actions = onArchive(policyStatements(sender));
    expect(actions).toContain('s3:PutObject');
    expect(
      actions.filter((a) => /Delete|PutObjectRetention|PutObjectLegalHold|BypassGovernance/.test(a)),
    ).toEqual([]);
    expect(actions).not.toContain('s3:GetObject');
  });

  it('the VeriFacTu API reads it and never writes it', () => {
    const actions = onArchive(policyStatements(stack.apiFunctions.verifactu!));
    expect(actions).toContain('s3:GetObject');
    expect(actions.filter((a) => /Put|Delete|Abort/.test(a))).toEqual([]);
  });

  it('no other function can touch it', () => {
    const allowed = new Set([
      stack.apiFunctions.verifactu!,
      stack.workerFunctions.get('functions/domains/verifactu/workers/submit-records.ts#handler')!,
    ]);
    const others = [...Object.values(stack.apiFunctions), ...stack.workerFunctions.values()].filter(
      (fn) => fn && !allowed.has(fn),
    );
    for (const fn of others) expect(onArchive(policyStatements(fn!)), fn!.node.path).toEqual([]);
  });

  it('passes the bucket name to the functions as BUCKET_VERIFACTU_ARCHIVE', () => {
    expect(envNames.bucket('verifactu-archive')).toBe('BUCKET_VERIFACTU_ARCHIVE');
  });
});
