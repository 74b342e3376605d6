/**
 * The local cloud: the manifest realised on local engines, with the same handlers and SDK clients
 * as in AWS (ARCHITECTURE §1). Engines start in parallel where they can; handler-facing wiring
 * (pollers, stream readers, schedules, SMTP) starts only once process.env is complete, because
 * handlers read their configuration when first imported.
 */

import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createAccessTokenVerifier, verifierConfigFromEnv } from '@functions/platform/jwt';
import { type BucketName, buckets, envNames, type QueueName, queues, schedules, table } from '../manifest';
import { startAeatSimulator } from './aeat-simulator/server';
import { localClientConfig, NAME_PREFIX, REGION } from './aws';
import { ensureUserPool, startCognitoLocal } from './engines/cognito';
import { startDynamoDbLocal } from './engines/dynamodb-local';
import { ensureTable } from './engines/dynamodb-table';
import { startLambdaEngine } from './engines/lambda';
import { startS3 } from './engines/s3';
import { type RunningScheduler, startScheduler } from './engines/scheduler';
import { startSesEmulator } from './engines/ses';
import { startInboundSmtp } from './engines/smtp';
import { startSqs } from './engines/sqs';
import { startQueuePoller } from './engines/sqs-poller';
import { startStreamConsumers } from './engines/stream-consumers';
import { handlerEnv } from './env';
import { functionCatalogue, invokableFunctions } from './functions';
import { startGateway } from './gateway/server';
import { readIds, writeIds } from './ids';
import { createInvoke } from './invoke';
import { sandboxBankEnv } from './sandbox-bank/env';
import { startSandboxBank } from './sandbox-bank/server';
import { seedDemoData } from './seed';
import { seedDemoAccounting } from './seed-accounting';
import { seedDemoBanking } from './seed-banking';
import { seedDemoCampaigns } from './seed-campaigns';
import { seedDemoDashboard } from './seed-dashboard';
import { seedDemoDocuments } from './seed-documents';
import { seedDemoInvoicing } from './seed-invoicing';
import { seedDemoMessaging } from './seed-messaging';
import { seedDemoSharing } from './seed-sharing';
import { seedDemoSiiCases, seedDemoSiiConfig } from './seed-sii';
import { seedDemoTax } from './seed-tax';
import { seedDemoTaxBooks } from './seed-tax-books';
import { seedDemoTaxModels } from './seed-tax-models';
import { seedDemoVerifactu } from './seed-verifactu';
import type { GatewayOptions, LocalCloudInfo, Mailbox, RunningGateway } from './types';
import { runningChildPids } from './util/children';
import { createLogger } from './util/log';
import { freePort } from './util/ports';

export interface LocalCloudOptions {
  /** Repository root: entry files of the manifest are relative to it. */
  rootDir: string;
  dataDir: string;
  /** Gateway port; 0 = any free port. */
  port: number;
  host?: string;
  quiet?: boolean;
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** Preferred inbound SMTP port (default 2525 when free, else any). */
  smtpPort?: number;
  /** Preferred port of the AEAT simulator (default 4443 when free, else any). */
  aeatPort?: number;
  /** Preferred port of the sandbox bank (default 4480 when free, else any). */
  bankPort?: number;
  /** Built SPA served by the gateway (default <rootDir>/web/dist). */
  staticDir?: string;
  /** For tests of the wiring; defaults to ./gateway/server. */
  startGateway?: (opts: GatewayOptions) => Promise<RunningGateway>;
}

export type DemoAccount = Awaited<ReturnType<typeof seedDemoData>>[number];

export interface LocalCloud {
  info: LocalCloudInfo;
  /** What the seed created (empty when seed: false). */
  accounts: DemoAccount[];
  mailbox: Mailbox;
  /** The dev mailbox page of the gateway. */
  mailboxUrl: string;
  smtpPort: number;
  /** PIDs of the child engines (DynamoDB Local, cognito-local), for the lock file. */
  childPids: number[];
  /** Runs a schedule at once; its event's `time` is `at` (default: now). */
  runSchedule(name: string, at?: Date): Promise<void>;
  stop(): Promise<void>;
}

export const physicalNames = {
  table: `${NAME_PREFIX}-table`,
  bucket: (b: BucketName) => `${NAME_PREFIX}-${b}`,
};

/**
 * Like Promise.all, but waits for every engine to settle before failing: one that is still
 * starting when another fails must have registered its stop() before the clean-up runs.
 */
async function allStarted<T extends readonly unknown[]>(
  engines: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(engines);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

export async function startLocalCloud(opts: LocalCloudOptions): Promise<LocalCloud> {
  const host = opts.host ?? '127.0.0.1';
  const log = createLogger(opts.quiet);
  const dataDir = path.resolve(opts.dataDir);
  const logDir = path.join(dataDir, 'logs');
  // Stopped in reverse order on stop() and when start-up fails half-way.
  const stoppers: { name: string; stop: () => Promise<void> }[] = [];
  const onStop = (name: string, stop: () => Promise<void>) => stoppers.push({ name, stop });
  // CUADRA_TIMING=1 prints how long each step took, to find what slows a start down.
  const t0 = performance.now();
  const timed = (what: string) => {
    if (process.env.CUADRA_TIMING) console.log(`[timing] ${what}: ${Math.round(performance.now() - t0)} ms`);
  };
  const started = async <T extends { stop(): Promise<void> }>(
    name: string,
    engine: Promise<T>,
  ): Promise<T> => {
    const running = await engine;
    onStop(name, running.stop);
    timed(`${name} up`);
    return running;
  };
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      for (const s of stoppers.reverse()) {
        await s.stop().catch((e) => log.error(`stopping ${s.name} failed`, e));
      }
    })();
    return stopped;
  };

  try {
    // The app's origin must be known before the gateway starts: S3 CORS and APP_URL name it.
    const port = opts.port || (await freePort(host));
    const appUrl = `http://${host}:${port}`;
    const invoke = createInvoke({ rootDir: opts.rootDir, catalogue: functionCatalogue() });
    const ids = readIds(dataDir);

    const [ddb, cognito, sqs, ses, lambda, s3, aeat, sandboxBank] = await allStarted([
      started(
        'DynamoDB Local',
        startDynamoDbLocal({
          dataDir,
          host,
          logFile: path.join(logDir, 'dynamodb.log'),
          onWarning: log.warn,
        }),
      ),
      started(
        'cognito-local',
        startCognitoLocal({
          dataDir,
          host,
          preferredPort: ids.cognitoPort,
          logFile: path.join(logDir, 'cognito.log'),
        }),
      ),
      started('SQS', startSqs({ host, queues })),
      started('SES', startSesEmulator({ mailboxDir: path.join(dataDir, 'mailbox'), host })),
      started('Lambda', startLambdaEngine({ functions: invokableFunctions(), invoke, host, logger: log })),
      started(
        'S3',
        startS3({
          directory: path.join(dataDir, 's3'),
          host,
          buckets: Object.entries(buckets).map(([name, b]) => ({
            name: physicalNames.bucket(name as BucketName),
            browserUploads: b.browserUploads,
            notifications: b.notifications.map((n) => ({
              prefix: n.prefix,
              suffix: n.suffix,
              consumer: n.consumer,
            })),
          })),
          corsOrigins: [appUrl, `http://localhost:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
          invoke,
          logger: log,
        }),
      ),
      started(
        'AEAT simulator',
        startAeatSimulator({
          dir: path.join(dataDir, 'aeat-simulator'),
          host,
          preferredPort: opts.aeatPort,
          logger: log,
        }),
      ),
      started('sandbox bank', startSandboxBank({ host, preferredPort: opts.bankPort, logger: log })),
    ]);

    const ddbClient = new DynamoDBClient(localClientConfig(ddb.endpoint));
    const [{ streamArn }, pool] = await Promise.all([
      ensureTable(ddbClient, physicalNames.table, table.definition).finally(() => ddbClient.destroy()),
      ensureUserPool(cognito.url, ids),
    ]);
    writeIds(dataDir, { ...pool, cognitoPort: cognito.port });
    timed('table and user pool ready');

    const env = handlerEnv({
      tableName: physicalNames.table,
      ...pool,
      queueUrls: Object.fromEntries(Object.entries(sqs.queues).map(([q, v]) => [q, v.url])) as Record<
        QueueName,
        string
      >,
      buckets: Object.fromEntries(
        Object.keys(buckets).map((b) => [b, physicalNames.bucket(b as BucketName)]),
      ) as Record<BucketName, string>,
      // Known once the gateway listens; set below before any handler can run.
      wsManagementEndpoint: '',
      appUrl,
      cognitoUrl: cognito.url,
      endpoints: {
        dynamodb: ddb.endpoint,
        s3: s3.endpoint,
        sqs: sqs.endpoint,
        ses: ses.endpoint,
        // Through the gateway's Cognito shim, which emulates the global sign-outs cognito-local lacks.
        cognito: `${appUrl}/_cognito`,
        lambda: lambda.endpoint,
      },
      aeat: { endpoint: aeat.endpoint, caFile: aeat.caFile },
      certificatesLocalKeyFile: path.join(dataDir, 'keys', 'certificates.key'),
    });
    Object.assign(process.env, env);
    // Open banking (issue 19): the functions reach the sandbox bank with its credentials sealed by
    // the secret box (the local key file above), as they would read sealed ones in AWS.
    const bankEnv = await sandboxBankEnv(sandboxBank.url);
    Object.assign(env, bankEnv);
    Object.assign(process.env, bankEnv);

    let scheduler: RunningScheduler | undefined;
    const runSchedule = async (name: string, at?: Date) => {
      if (!scheduler) throw new Error('Schedules are not running yet');
      await scheduler.runNow(name, at);
    };
    const verifier = await createAccessTokenVerifier(verifierConfigFromEnv());
    const gateway = await (opts.startGateway ?? startGateway)({
      host,
      port,
      verifier,
      invoke,
      cognitoUrl: cognito.url,
      cognitoSignOutsFile: path.join(dataDir, 'cognito', 'global-sign-outs.json'),
      webConfig: {
        apiBaseUrl: '',
        region: REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: `${appUrl}/_cognito`,
        wsUrl: `ws://${host}:${port}/ws`,
        // A local install is nobody's service: clearly labelled demonstration data.
        legalEntity: {
          demo: true,
          legalName: 'Cuadra Demostración, S.L. (ficticia)',
          nif: 'B00000000 (ficticio)',
          address: 'Calle de Ejemplo 1, 28001 Madrid, Madrid (dirección ficticia)',
          registry:
            'Registro Mercantil de Madrid, tomo 0000, folio 0, hoja M-000000, inscripción 1.ª (datos ficticios)',
          email: 'legal@cuadra.test',
        },
      },
      mailbox: ses.mailbox,
      staticDir: opts.staticDir ?? path.join(opts.rootDir, 'web', 'dist'),
      dev: { schedules: () => Object.keys(schedules), runSchedule },
    });
    onStop('gateway', () => gateway.close());
    timed('gateway up');
    env[envNames.wsEndpoint] = gateway.wsManagementEndpoint;
    process.env[envNames.wsEndpoint] = gateway.wsManagementEndpoint;
    const info: LocalCloudInfo = {
      url: gateway.url,
      env,
      dataDir,
      aeatSimulator: { url: aeat.endpoint, controlUrl: aeat.controlUrl, caFile: aeat.caFile },
      sandboxBank: { url: sandboxBank.url },
    };

    // From here on handlers may run.
    for (const [name, q] of Object.entries(queues)) {
      if (!q.consumer) continue;
      const local = sqs.queues[name]!;
      const poller = startQueuePoller({
        name,
        endpoint: sqs.endpoint,
        queueUrl: local.url,
        queueArn: local.arn,
        fifo: q.fifo,
        batchSize: q.consumer.batchSize,
        consumer: q.consumer,
        invoke,
        logger: log,
      });
      onStop(`poller ${name}`, () => poller.stop());
    }
    const streams = startStreamConsumers({
      endpoint: ddb.endpoint,
      streamArn,
      consumers: table.streamConsumers,
      invoke,
      logger: log,
      checkpointDir: path.join(dataDir, 'streams'),
    });
    onStop('stream consumers', () => streams.stop());
    const activeScheduler = startScheduler({ schedules, invoke, logger: log });
    scheduler = activeScheduler;
    onStop('scheduler', () => activeScheduler.stop());
    const smtp = await startInboundSmtp({
      host,
      preferredPort: opts.smtpPort ?? 2525,
      s3Endpoint: s3.endpoint,
      bucket: physicalNames.bucket('inbound'),
      logger: log,
    });
    onStop('SMTP', () => smtp.stop());

    timed('pollers, streams, schedules and SMTP up');
    info.smtpPort = smtp.port;
    const accounts = opts.seed === false ? [] : await seedDemoData(info);
    if (opts.seed !== false) {
      // VeriFacTu first: the demo invoices are then chained and sent to the local AEAT simulator.
      await seedDemoVerifactu(info);
      await seedDemoInvoicing(info);
      // SII before the books: Transportes Levante's invoices go to the simulator's SII as they are confirmed.
      await seedDemoSiiConfig(info);
      await seedDemoTaxBooks(info);
      await seedDemoSiiCases(info);
      // Tax profiles last: their alerts are generated at once, for the dashboard and the bell.
      await seedDemoTax(info);
      // Documents read in the background (uploads, a client's upload, a mail to the smart inbox).
      await seedDemoDocuments(info);
      // A document the gestor shares with the bakery's client (issue 21).
      await seedDemoSharing(info);
      // The books keep themselves from the documents above; the gestor adds what is typed by hand.
      await seedDemoAccounting(info);
      // Banking (issue 19): an N43 statement of the bakery's own documents, a reconciliation in progress,
      // SEPA settings, a mandate and an order; the SA's bank connected through the sandbox bank (PSD2).
      await seedDemoBanking(info);
      // Dashboards (issue 20): the client's meeting requests (one confirmed), the gestor's first reads
      // and click on its notifications; every figure of the dashboards comes from the seeds above.
      await seedDemoDashboard(info);
      // The client portal (issue 21): a conversation between the demo client and the gestor.
      await seedDemoMessaging(info);
      // A document-request campaign of the current quarter, sent to the bakery and one more client.
      await seedDemoCampaigns(info);
    }
    // Data kept from an earlier start may carry running tax aggregates of an older key grammar: the
    // nightly recompute backfills those companies (issue 14), so the models read them right at once.
    await runSchedule('tax-aggregates-recompute');
    // Invoices of SII companies that never reached the SII (kept from an earlier start, or whose
    // events expired) are found from the stored books and queued, once; then the deadline alerts.
    await runSchedule('sii-deadlines');
    // Companies whose stored documents were never posted to their journal (kept from an earlier start,
    // or whose events expired) get their backfill queued, once per rules version.
    await runSchedule('accounting-backfill');
    // Likewise the treasury's open items (issue 19): companies whose stored invoices were never
    // projected at the projection's current version get their backfill queued, once.
    await runSchedule('treasury-daily');
    // The demo's VAT returns, from aggregates of the current grammar (after the backfill above).
    if (opts.seed !== false) await seedDemoTaxModels(info);
    // The daily e-mail digest of unread notifications (issue 20): whoever chose it (the default) gets
    // today's in the dev mailbox at once, as at 08:00; once per person and day.
    await runSchedule('notifications-digest');
    timed('seeded');

    return {
      info,
      accounts,
      mailbox: ses.mailbox,
      mailboxUrl: `${gateway.url}/_dev/mailbox`,
      smtpPort: smtp.port,
      childPids: runningChildPids(),
      runSchedule,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
