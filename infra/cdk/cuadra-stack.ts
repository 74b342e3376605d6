/**
 * The Cuadra stack: the manifest (infra/manifest.ts), the route table and the gateway responses,
 * realised in AWS. Nothing here names a domain, route, queue or schedule: every resource comes from
 * iterating over the manifest, so adding a row there is enough to get it deployed.
 *
 * Order matters only at construction: the APIs and the distribution exist before the functions
 * (which read their URLs), the functions before the routes and event sources that invoke them.
 * CloudFormation sees no cycle: functions depend on the distribution, which depends only on the
 * REST API's id, not on its stage or methods.
 */

import type { DomainName, EntryPoint, Needs } from '@infra/manifest';
import { binaryMediaTypes as BINARY_MEDIA_TYPES } from '@infra/manifest';
import { gatewayResponses } from '@shared/api/gateway-responses';
import { AUTH_RATE_LIMIT, AUTH_THROTTLED_ROUTES } from '@shared/api/rate-limits';
import { routes } from '@shared/api/routes';
import { Aws, CfnOutput, Duration, Lazy, RemovalPolicy, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { CuadraConfig } from './config';
import { ApiFirewall } from './constructs/api-firewall';
import { ApiGatewayAccount } from './constructs/api-gateway-account';
import { Auth } from './constructs/auth';
import { CuadraFunction } from './constructs/cuadra-function';
import { DataTable } from './constructs/data-table';
import { InlinePolicyRole } from './constructs/inline-policy-role';
import { type GrantTargets, grantInvoke, grantNeeds } from './constructs/permissions';
import { Queues } from './constructs/queues';
import { CuadraRestApi } from './constructs/rest-api';
import { SpaDistribution } from './constructs/spa-distribution';
import { Storage } from './constructs/storage';
import { CuadraWebSocketApi } from './constructs/websocket-api';
import { type CuadraManifest, cuadraManifest, entriesOf } from './cuadra-manifest';
import { acknowledge, wildcardResourceFinding } from './nag';
import { idForEntry, pascal } from './names';
import { apiFunctionNeeds, servedInvokables } from './needs';
import { collectWorkers, workerKey } from './workers';

export interface CuadraStackProps extends StackProps {
  config: CuadraConfig;
  /** Defaults to the real manifest; tests pass variants. */
  manifest?: CuadraManifest;
}

/** Requests per client IP per 5 minutes before WAF blocks (reliability.md §7). */
const WAF_RATE_LIMIT = 2000;

export class CuadraStack extends Stack {
  /** API function per domain (domains without routes have none). */
  readonly apiFunctions: Partial<Record<DomainName, CuadraFunction>> = {};
  /** Worker functions by entry (`file#export`). */
  readonly workerFunctions = new Map<string, CuadraFunction>();
  readonly data: DataTable;
  readonly auth: Auth;
  readonly queues: Queues;
  readonly storage: Storage;
  readonly restApi: CuadraRestApi;
  readonly webSocketApi: CuadraWebSocketApi;
  readonly spa: SpaDistribution;

  private readonly manifest: CuadraManifest;
  private readonly config: CuadraConfig;
  /** What `needs` can be granted on. */
  private readonly targets: GrantTargets;
  /** Environment variables every function gets (manifest `envNames`). */
  private readonly functionEnvironment: Record<string, string>;
  /** What each function was granted, for the wiring that needs the functions to exist first. */
  private readonly needsOf = new Map<CuadraFunction, Needs>();
  private asyncFailures?: sqs.Queue;

  constructor(scope: Construct, id: string, props: CuadraStackProps) {
    super(scope, id, props);
    this.manifest = props.manifest ?? cuadraManifest;
    const m = this.manifest;
    this.config = props.config;
    const c = this.config;

    // APP_URL is the custom domain when there is one, else the distribution built below.
    const appUrl = c.appUrl ?? Lazy.string({ produce: () => this.spa.url });
    const corsOrigins = [appUrl, ...c.extraCorsOrigins];

    // --- data, identity, queues, buckets ------------------------------------------------------
    this.data = new DataTable(this, 'Data', { definition: m.table.definition });
    const data = this.data;
    const certificatesKey = new kms.Key(this, 'CertificatesKey', {
      description: 'Cuadra digital certificates (.p12) of companies and advisors',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.auth = new Auth(this, 'Auth', { stage: c.stage, groups: m.roles });
    const auth = this.auth;
    this.queues = new Queues(this, 'Queues', {
      queues: m.queues,
      ...(c.alarmEmail ? { alarmEmail: c.alarmEmail } : {}),
    });
    const queues = this.queues;
    this.storage = new Storage(this, 'Storage', {
      buckets: m.buckets,
      inboundMailBucket: c.bucketRoles.inboundMail,
      inboundMailDomain: c.inboundMailDomain,
      corsOrigins,
    });
    const storage = this.storage;

    // --- APIs and the distribution (before the functions, which read their URLs) ----------------
    const account = c.manageApiGatewayAccount ? new ApiGatewayAccount(this, 'ApiGatewayAccount') : undefined;
    this.restApi = new CuadraRestApi(this, 'RestApi', {
      stage: c.stage,
      userPool: auth.userPool,
      gatewayResponses: m.gatewayResponses,
      corsOrigins,
      binaryMediaTypes: BINARY_MEDIA_TYPES,
      throttle: c.apiThrottle,
      logRetention: c.logRetention,
    });
    this.webSocketApi = new CuadraWebSocketApi(this, 'WebSocketApi', {
      stage: c.stage,
      throttle: c.apiThrottle,
      logRetention: c.logRetention,
    });
    if (account) {
      // Stage logging fails to deploy until the account's CloudWatch role is set.
      this.restApi.api.deploymentStage.node.addDependency(account);
      this.webSocketApi.stage.node.addDependency(account);
    }
    new ApiFirewall(this, 'ApiFirewall', {
      stageArn: this.restApi.api.deploymentStage.stageArn,
      rateLimitPer5Min: WAF_RATE_LIMIT,
      auth: {
        paths: AUTH_THROTTLED_ROUTES.map((id) => routes[id].path),
        limit: AUTH_RATE_LIMIT.limit,
        windowSeconds: AUTH_RATE_LIMIT.windowSeconds,
        body: JSON.stringify(gatewayResponses.THROTTLED.body),
      },
    });
    this.spa = new SpaDistribution(this, 'Spa', {
      spaBucket: storage.buckets[c.bucketRoles.spa],
      logBucket: storage.accessLogs,
      api: { restApiId: this.restApi.api.restApiId, stageName: c.stage },
      // Amplify's Cognito endpoint and the notifications WebSocket (wsUrl of /config.json).
      connectSources: [
        `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`,
        `wss://${this.webSocketApi.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      ],
      ...(c.spaDomainName && c.spaCertificateArn
        ? { domain: { name: c.spaDomainName, certificateArn: c.spaCertificateArn } }
        : {}),
    });

    // --- functions ------------------------------------------------------------------------------
    this.targets = {
      table: data.table,
      tableKey: data.key,
      indexNames: m.table.definition.globalIndexes.map((index) => index.name),
      userPoolArn: auth.userPool.userPoolArn,
      queues: mapValues(queues.work, (q) => q.queue),
      buckets: storage.buckets,
      mailFrom: c.mailFrom,
      webSocketStageArn: this.webSocketApi.stageArn,
      certificatesKey,
    };
    this.functionEnvironment = {
      [m.envNames.table]: data.table.tableName,
      [m.envNames.userPoolId]: auth.userPool.userPoolId,
      [m.envNames.userPoolClientId]: auth.client.userPoolClientId,
      ...Object.fromEntries(
        entriesOf(queues.work).map(([name, q]) => [m.envNames.queueUrl(name), q.queue.queueUrl]),
      ),
      ...Object.fromEntries(
        entriesOf(storage.buckets).map(([name, b]) => [m.envNames.bucket(name), b.bucketName]),
      ),
      [m.envNames.mailFrom]: c.mailFrom,
      [m.envNames.appUrl]: appUrl,
      [m.envNames.stage]: c.stage,
      // Documents (issue 17): scans are read by Textract in AWS; the smart inbox's addresses live under the SES domain.
      [m.envNames.ocrEngine]: 'textract',
      [m.envNames.inboxMailDomain]: c.inboundMailDomain,
      // The SistemaInformatico of every VeriFacTu record names the producer (its declaración responsable).
      ...(c.verifactuProducer
        ? {
            [m.envNames.verifactuProducerNif]: c.verifactuProducer.nif,
            [m.envNames.verifactuProducerName]: c.verifactuProducer.name,
          }
        : {}),
      // Open banking (issue 19): the provider and its sealed credentials (opened with the certificates key).
      ...(c.bankFeed
        ? {
            [m.envNames.bankFeedCredentials]: c.bankFeed.sealedCredentials,
            ...(c.bankFeed.baseUrl ? { [m.envNames.bankFeedBaseUrl]: c.bankFeed.baseUrl } : {}),
          }
        : {}),
    };

    for (const [domain, def] of entriesOf(m.domains)) {
      if (!def.api) continue;
      // The invokables a domain serves run in its API function: it gets their needs as well.
      const served = servedInvokables(m, domain).map((inv) => `invoke ${inv.name}`);
      const needs = apiFunctionNeeds(m, domain);
      this.apiFunctions[domain] = this.newFunction(`${pascal(domain)}Api`, def.api, domain, needs, {
        description: [`${domain} API`, ...served].join(', '),
        allowScan: false,
      });
    }
    for (const [key, worker] of collectWorkers(m)) {
      const id = idForEntry(worker.entry.entry, worker.entry.export);
      const fn = this.newFunction(id, worker.entry, worker.domain, worker.needs, {
        description: `${worker.domain} worker (${worker.triggers.join(', ')})`,
        allowScan: true,
        timeoutSeconds: worker.timeoutSeconds,
      });
      this.workerFunctions.set(key, fn);
    }

    // --- what invokes the functions -------------------------------------------------------------
    this.restApi.addRoutes(
      m.routes,
      Object.fromEntries(Object.entries(this.apiFunctions).map(([domain, fn]) => [domain, fn?.fn])),
    );
    this.wireQueueConsumers(queues);
    this.wireSchedules();
    this.wireStreamConsumers(data);
    this.wireBucketNotifications(storage);
    this.wireInvokes();
    for (const [routeKey, entry] of Object.entries(m.websocket.routes)) {
      this.webSocketApi.addRoute(routeKey, this.worker(entry).fn);
    }

    // --- outputs --------------------------------------------------------------------------------
    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output(
      'ApiUrl',
      this.restApi.api.url,
      'REST API stage URL (the SPA calls it same-origin at <SpaUrl>/api/v1)',
    );
    output('WebSocketUrl', this.webSocketApi.stage.url, 'WebSocket URL (wss://)');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool id');
    output('UserPoolClientId', auth.client.userPoolClientId, 'Cognito app client id of the SPA');
    output('SpaUrl', appUrl, 'The SPA (and /api/* through the same origin)');
    output('SpaBucketName', storage.buckets[c.bucketRoles.spa].bucketName, 'Where the SPA build is uploaded');
    output('DistributionId', this.spa.distribution.distributionId, 'For invalidations after an SPA upload');
    output(
      'RuntimeConfig',
      Stack.of(this).toJsonString({
        apiBaseUrl: '',
        region: Aws.REGION,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        wsUrl: this.webSocketApi.stage.url,
      }),
      'Contents of /config.json for the SPA bucket (web/src/lib/runtime-config.ts)',
    );
  }

  /** A function of a domain: its sizes, the common environment, and IAM from its needs only. */
  private newFunction(
    id: string,
    entry: EntryPoint,
    domain: DomainName,
    needs: Needs,
    options: { description: string; allowScan: boolean; timeoutSeconds?: number | undefined },
  ): CuadraFunction {
    const m = this.manifest;
    const def = m.domains[domain];
    const fn = new CuadraFunction(this, id, {
      entry,
      description: options.description,
      memoryMb: def.memoryMb,
      timeoutSeconds: options.timeoutSeconds ?? def.timeoutSeconds,
      environment: {
        ...this.functionEnvironment,
        // Only functions that push to sockets learn the @connections endpoint.
        ...(needs.websocket ? { [m.envNames.wsEndpoint]: this.webSocketApi.managementEndpoint } : {}),
        // Only functions that seal or open certificates learn the KMS key (their IAM allows only it).
        ...(needs.certificatesKey
          ? { [m.envNames.certificatesKeyId]: this.targets.certificatesKey.keyArn }
          : {}),
      },
      logRetention: this.config.logRetention,
    });
    grantNeeds(fn, needs, this.targets, { allowScan: options.allowScan });
    this.needsOf.set(fn, needs);
    return fn;
  }

  private worker(entry: EntryPoint): CuadraFunction {
    const fn = this.workerFunctions.get(workerKey(entry));
    if (!fn) throw new Error(`No worker function for ${workerKey(entry)}`);
    return fn;
  }

  private wireQueueConsumers(queues: Queues): void {
    for (const [name, def] of entriesOf(this.manifest.queues)) {
      if (!def.consumer) continue;
      const fn = this.worker(def.consumer).fn;
      if (def.visibilityTimeoutSeconds < 6 * fn.timeout!.toSeconds()) {
        throw new Error(`Queue ${name}: visibility timeout must be at least 6x its consumer's timeout`);
      }
      fn.addEventSource(
        new SqsEventSource(queues.work[name].queue, {
          batchSize: def.consumer.batchSize,
          // The consumer returns the ids that failed; the rest of the batch is not redelivered.
          reportBatchItemFailures: true,
          // Batches above 10 need a batching window (standard queues only).
          ...(def.consumer.batchSize > 10 && !def.fifo ? { maxBatchingWindow: Duration.seconds(5) } : {}),
        }),
      );
    }
  }

  /**
   * EventBridge Scheduler, in each schedule's time zone (Europe/Madrid: 07:00 is 07:00 all year). One
   * role for every schedule (our own, instead of each target's default, so the acknowledgements are
   * scoped to it): it may invoke exactly the scheduled functions, nothing else. One role instead of
   * one per schedule, with its statements inline (what the LambdaInvoke targets grant it), keeps the
   * stack well under CloudFormation's 500 resources.
   */
  private wireSchedules(): void {
    const entries = Object.entries(this.manifest.schedules);
    if (entries.length === 0) return;
    const role = new InlinePolicyRole(this, 'SchedulesRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'EventBridge Scheduler: invokes the targets of the manifest schedules',
    });
    const acknowledged = new Set<string>();
    for (const [name, def] of entries) {
      const fn = this.worker(def.target).fn;
      const failures = this.asyncFailureQueue();
      const id = `Schedule${pascal(name)}`;
      new scheduler.Schedule(this, id, {
        description: def.description,
        schedule: scheduler.ScheduleExpression.expression(def.expression, TimeZone.of(def.timezone)),
        target: new schedulerTargets.LambdaInvoke(fn, {
          role,
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: failures,
        }),
      });
      if (!acknowledged.has(fn.node.path)) {
        acknowledged.add(fn.node.path);
        acknowledge(
          role,
          wildcardResourceFinding(this, `${fn.functionArn}:*`),
          'lambda:InvokeFunction on <function>:* only adds the versions and aliases of each scheduled ' +
            'function (CDK grantInvoke); the scheduler can invoke nothing else.',
        );
      }
      this.onAsyncFailure(fn, failures);
    }
  }

  /**
   * A function that `invokes` an invokable learns its name (its variable only, so no function's
   * environment refers to itself) and may invoke exactly that function, nothing else. The target
   * is the API function of the invokable's domain (one function: the domain's code bundled once).
   */
  private wireInvokes(): void {
    for (const [caller, needs] of this.needsOf) {
      for (const name of needs.invokes ?? []) {
        const def = this.manifest.invokables[name];
        if (!def) throw new Error(`Invokable ${name} is not in the manifest`);
        const target = this.apiFunctions[def.domain];
        if (!target) throw new Error(`Invokable ${name}: domain ${def.domain} has no API function`);
        if (target === caller) throw new Error(`${name} cannot invoke itself`);
        caller.fn.addEnvironment(this.manifest.envNames.functionName(name), target.fn.functionName);
        grantInvoke(caller, target);
      }
    }
  }

  /** Stream consumers see only the entities they declare (filtered before Lambda is invoked). */
  private wireStreamConsumers(data: DataTable): void {
    for (const [name, def] of Object.entries(this.manifest.table.streamConsumers)) {
      const fn = this.worker(def).fn;
      fn.addEventSource(
        new DynamoEventSource(data.table, {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: def.batchSize,
          filters: [
            lambda.FilterCriteria.filter({
              dynamodb: { NewImage: { entity: { S: lambda.FilterRule.or(...def.entities) } } },
            }),
          ],
          // A poison record is isolated by halving the batch, retried, then reported to the queue.
          bisectBatchOnError: true,
          retryAttempts: 5,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(
            this.queues.failureQueue(`Stream${pascal(name)}Failures`, `stream consumer ${name} failures`),
          ),
        }),
      );
    }
  }

  private wireBucketNotifications(storage: Storage): void {
    let any = false;
    for (const [name, def] of entriesOf(this.manifest.buckets)) {
      for (const notification of def.notifications) {
        const fn = this.worker(notification.consumer).fn;
        storage.buckets[name].addEventNotification(
          s3.EventType.OBJECT_CREATED,
          new s3n.LambdaDestination(fn),
          {
            prefix: notification.prefix,
            ...(notification.suffix ? { suffix: notification.suffix } : {}),
          },
        );
        this.onAsyncFailure(fn, this.asyncFailureQueue());
        any = true;
      }
    }
    if (any) acknowledgeBucketNotificationsHandler(this);
  }

  /** Asynchronous invocations (schedules, S3) that fail after Lambda's retries land in one queue. */
  private onAsyncFailure(fn: lambda.Function, queue: sqs.IQueue): void {
    if (fn.node.tryFindChild('EventInvokeConfig')) return;
    fn.configureAsyncInvoke({ retryAttempts: 2, onFailure: new SqsDestination(queue) });
  }

  private asyncFailureQueue(): sqs.Queue {
    this.asyncFailures ??= this.queues.failureQueue(
      'AsyncFailures',
      'failed scheduled and S3-triggered invocations',
    );
    return this.asyncFailures;
  }
}

const mapValues = <K extends string, V, W>(record: Record<K, V>, f: (value: V) => W): Record<K, W> =>
  Object.fromEntries(entriesOf(record).map(([key, value]) => [key, f(value)])) as Record<K, W>;

/**
 * S3 bucket notifications are installed by CDK's own singleton custom resource (a Python Lambda with
 * the AWS managed basic-execution policy and s3:PutBucketNotification on "*"). It is not ours to
 * change; its findings are acknowledged with that reason.
 */
function acknowledgeBucketNotificationsHandler(stack: Stack): void {
  const handler = stack.node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
  if (!handler) return;
  const why =
    'CDK-provided singleton that installs S3 bucket notifications at deploy time (not application code): ' +
    'its role, policy and runtime are fixed by aws-cdk-lib and it runs only during deployments.';
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    why,
  );
  acknowledge(handler, 'AwsSolutions-IAM5[Resource::*]', why);
  acknowledge(handler, 'AwsSolutions-L1', why);
}
