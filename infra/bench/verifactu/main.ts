/**
 * The VeriFacTu bench (issue #5; reliability.md §9 R4, R5, R7), run by infra/bench/verifactu.ts in
 * a child process of its own: the platform's SDK clients are made once per process (functions/
 * platform/aws/*.ts `once`) and the invoices bench already pointed them at its own, stopped
 * DynamoDB Local. Starts a fresh DynamoDB Local, S3 (s3rver, for the sender's archive of every
 * SOAP exchange) and the local AEAT simulator, runs both parts and writes its figures as JSON to
 * BENCH_VF_OUT (stdout without it). Every engine is stopped at the end, also on failure, SIGTERM
 * (the parent's time limit) and SIGINT. BENCH_VF_ONLY=chain|sender runs one part;
 * BENCH_VF_LOG_LEVEL shows the handlers' logs.
 *
 *  1. Chain under concurrency (R7): 5 VeriFacTu issuers and 1 SII company (no records: the
 *     baseline) confirm N invoices each through the invoices API handler in process, all at once,
 *     10 at a time per company; then every chain is verified through `verifactu.chainVerification`.
 *  2. Sender exactly-once (R4, R5): a configured company (certificate upload + configuration through
 *     the verifactu actions) confirms K invoices in chunks of 10; after each chunk the exported SQS
 *     handler of the sender gets a trigger, and is triggered again every 0.5 s while anything is
 *     pending (SQS redelivery and the sweep, compressed), before the next chunk. Baseline: no
 *     faults, one delivery per trigger. Fault run: every trigger delivered three times (two of them
 *     at once) and the simulator drops the connection after storing 1 message in 10. Counted at the
 *     simulator: receptions per record, ConsultaLR calls, messages.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invoicesActions } from '@functions/domains/invoices/handler';
import { verifactuActions } from '@functions/domains/verifactu/handler';
import { listPending } from '@functions/domains/verifactu/store/submissions';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { handler as submitRecords } from '@functions/domains/verifactu/workers/submit-records';
import { ddb } from '@functions/platform/aws/dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { domains, envNames } from '@infra/manifest';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem } from '@shared/db/records';
import { tableDefinition } from '@shared/db/table';
import { cifControl } from '@shared/fiscal/nif';
import type { ChainVerification, VerifactuSubmission } from '@shared/schemas/verifactu';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startAeatSimulator } from '../../local/aeat-simulator/server';
import { LOCAL_CREDENTIALS, REGION } from '../../local/aws';
import { startDynamoDbLocal } from '../../local/engines/dynamodb-local';
import { ensureTable } from '../../local/engines/dynamodb-table';
import { startS3 } from '../../local/engines/s3';
import { LOCAL_VERIFACTU_PRODUCER } from '../../local/env';
import { aeatSimulatorClient } from '../../local/testing/aeat-simulator';
import { silentLogger } from '../../local/util/log';

const TABLE = 'cuadra-bench-verifactu';
/** The sender archives every SOAP exchange (functions/domains/verifactu/store/archive.ts) before sending. */
const ARCHIVE_BUCKET = 'cuadra-bench-verifactu-archive';
const USER = 'bench-vf-user';
const N = Number(process.env.BENCH_VF_INVOICES ?? 100);
const K = Number(process.env.BENCH_VF_RECORDS ?? 300);
const ISSUERS = 5;
const CONCURRENCY = 10;
/** Invoices confirmed between two triggers of the sender (a message carries what is pending). */
const CHUNK = 10;
/** One message in this many is dropped after the simulator stored it. */
const FAULT_EVERY = 10;
/** A sender run not finished after this long fails instead of hanging. */
const RUN_LIMIT_MS = 150_000;
/** While records are pending, a trigger every this many ms (SQS redelivery and the sweep, compressed). */
const RETRIGGER_MS = 500;
const PASSWORD = 'Certificado-Bench-1';

export interface LatencyFigures {
  n: number;
  failed: number;
  p50: number;
  p99: number;
  /** Confirmations per second of this company (or group) over its own wall time. */
  perSecond: number;
  /** The refusals seen, by message (the first 120 characters), with their counts. */
  errors: Record<string, number>;
}

export interface ChainFigures {
  issuers: number;
  perIssuer: number;
  concurrency: number;
  wallMs: number;
  verifactu: LatencyFigures;
  sii: LatencyFigures;
  /** Per VeriFacTu issuer: records in the chain, breaks, head seq. */
  chains: { nif: string; records: number; breaks: number; headSeq: number | null; reasons: string[] }[];
  verifyMs: number;
}

export interface SenderFigures {
  label: string;
  records: number;
  deliveriesPerTrigger: number;
  triggers: number;
  handlerCalls: number;
  failedCalls: number;
  faultsInjected: number;
  /** RegFactu messages the simulator got (incl. dropped ones), ConsultaLR calls. */
  messages: number;
  dropped: number;
  consults: number;
  /** Records with exactly one delivery at the simulator, and the worst count seen. */
  exactlyOnce: number;
  maxDeliveries: number;
  missingAtAeat: number;
  resends: number;
  resendsWithoutQuery: number;
  statuses: Record<string, number>;
  confirmMs: number;
  /** From the first confirmation to no pending submission (all K). */
  drainMs: number;
  /** Of which: re-triggering while records of a chunk were still pending (blocked, retried). */
  waitingMs: number;
  /** RUN_LIMIT_MS passed before the company was drained. */
  timedOut: boolean;
  /** Detail of every record not received exactly once (its history), for the report. */
  anomalies: string[];
}

export interface BenchOutput {
  chain?: ChainFigures;
  sender?: SenderFigures[];
  error?: string;
}

/** Progress on stderr: the parent shows the tail of it when the run fails. */
const progress = (what: string) =>
  process.stderr.write(`[bench-vf ${new Date().toISOString().slice(11, 19)}] ${what}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const today = () => new Date().toISOString().slice(0, 10);

let cifSeed = 4_100_000 + Math.floor(Math.random() * 100_000);
const nextCif = () => {
  const seven = String(++cifSeed).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};

const deps = {
  get db() {
    return ddb();
  },
  table: TABLE,
  now: () => new Date(),
  newId: () => randomUUID().replace(/-/g, ''),
};
const invoicesApi = createApiHandler('invoices', invoicesActions, () => deps);
const verifactuApi = createApiHandler('verifactu', verifactuActions, () => deps);

/** The Lambda context with the function's real time budget (manifest), not the 15 s of the test default. */
const contextOf = (seconds: number) => () =>
  lambdaContext({ getRemainingTimeInMillis: () => seconds * 1000 });
const apiContext = {
  invoices: contextOf(domains.invoices.timeoutSeconds),
  verifactu: contextOf(domains.verifactu.timeoutSeconds),
};
// A queue consumer runs with its domain's timeout (the sender: 29 s, budget 27 s inside).
const senderContext = contextOf(domains.verifactu.timeoutSeconds);

async function call(
  api: typeof invoicesApi,
  routeId: RouteId,
  companyId: string,
  o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const res = readResponse(
    await api(
      apiEvent({
        routeId,
        ...o,
        claims: { sub: USER, groups: ['GESTOR'] },
        headers: { 'x-company-id': companyId },
      }),
      api === invoicesApi ? apiContext.invoices() : apiContext.verifactu(),
    ),
  );
  if (res.status >= 300) throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
  return res.envelope.data as Record<string, unknown>;
}

async function seedCompany(companyId: string, name: string, siiEnabled: boolean): Promise<string> {
  const nif = nextCif();
  const at = '2026-01-01T00:00:00.000Z';
  const company: Company = {
    companyId,
    name,
    nif,
    companyType: 'SL',
    isActive: true,
    siiEnabled,
    verifactuEnabled: !siiEnabled,
    address: {
      street: 'Calle Mayor 1',
      postalCode: '46001',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: at,
    updatedAt: at,
    createdBy: USER,
  };
  await deps.db.send(new PutCommand({ TableName: TABLE, Item: companyItem(company) }));
  await deps.db.send(
    new PutCommand({
      TableName: TABLE,
      Item: membershipItem({
        companyId,
        userId: USER,
        companyRole: 'GESTOR',
        permissions: [],
        isActive: true,
        email: 'bench@cuadra.test',
        firstName: 'Banco',
        lastName: 'Pruebas',
        createdAt: at,
        updatedAt: at,
      }),
    }),
  );
  await call(invoicesApi, 'invoiceSeries.create', companyId, {
    body: { code: 'V', purpose: 'ORDINARY', isDefault: true },
  });
  return nif;
}

const invoiceBody = (i: number) => ({
  invoiceType: 'F1',
  invoiceDate: today(),
  customer: {
    nif: '12345678Z',
    name: `Cliente ${i % 40}`,
    address: 'Avenida del Puerto 10',
    postalCode: '46023',
    city: 'Valencia',
    country: 'ES',
  },
  invoiceLines: [
    { description: 'Servicio mensual', quantity: 1 + (i % 5), unitPriceCents: 12_345 + i, vatRateBp: 2100 },
  ],
});

const confirmOne = (companyId: string, i: number) =>
  call(invoicesApi, 'invoices.createAndConfirm', companyId, { query: { series: 'V' }, body: invoiceBody(i) });

// --- 1. chain under concurrency ------------------------------------------------------------------

async function benchChain(): Promise<ChainFigures> {
  const vf: { companyId: string; nif: string }[] = [];
  for (let i = 0; i < ISSUERS; i++) {
    const companyId = `bench-vf-${i + 1}`;
    vf.push({ companyId, nif: await seedCompany(companyId, `Emisor VeriFacTu ${i + 1} SL`, false) });
  }
  const sii = { companyId: 'bench-sii', nif: await seedCompany('bench-sii', 'Emisor SII SA', true) };

  progress('chain: companies seeded');
  // Warm-up outside the measurement: both code paths once (not counted in N).
  await confirmOne('bench-sii', 0);

  const runCompany = async (companyId: string) => {
    const times: number[] = [];
    const errors: Record<string, number> = {};
    let failed = 0;
    let next = 0;
    const t0 = performance.now();
    const worker = async () => {
      for (let i = next++; i < N; i = next++) {
        const t = performance.now();
        try {
          await confirmOne(companyId, i);
          times.push(performance.now() - t);
        } catch (e) {
          failed++;
          const m = (e as Error).message.slice(0, 120);
          errors[m] = (errors[m] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return { times, failed, errors, wallMs: performance.now() - t0 };
  };
  const t0 = performance.now();
  const results = await Promise.all([...vf.map((c) => runCompany(c.companyId)), runCompany(sii.companyId)]);
  const wallMs = performance.now() - t0;
  const siiRun = results.at(-1)!;
  const vfRuns = results.slice(0, ISSUERS);
  const vfTimes = vfRuns.flatMap((r) => r.times);
  const figures = (
    times: number[],
    failed: number,
    ms: number,
    errorLists: Record<string, number>[],
  ): LatencyFigures => ({
    n: times.length,
    failed,
    errors: errorLists.reduce<Record<string, number>>((all, e) => {
      for (const [k, v] of Object.entries(e)) all[k] = (all[k] ?? 0) + v;
      return all;
    }, {}),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    perSecond: (times.length / ms) * 1000,
  });

  progress(`chain: confirmations done in ${wallMs.toFixed(0)} ms`);
  const tv = performance.now();
  const chains: ChainFigures['chains'] = [];
  for (const c of vf) {
    const v = (await call(
      verifactuApi,
      'verifactu.chainVerification',
      c.companyId,
    )) as unknown as ChainVerification;
    chains.push({
      nif: c.nif,
      records: v.records,
      breaks: v.breaks.length,
      headSeq: v.headSeq,
      reasons: v.breaks.slice(0, 5).map((b) => `${b.seq}:${b.reason}`),
    });
  }
  return {
    issuers: ISSUERS,
    perIssuer: N,
    concurrency: CONCURRENCY,
    wallMs,
    verifactu: figures(
      vfTimes,
      vfRuns.reduce((n, r) => n + r.failed, 0),
      wallMs,
      vfRuns.map((r) => r.errors),
    ),
    sii: figures(siiRun.times, siiRun.failed, siiRun.wallMs, [siiRun.errors]),
    chains,
    verifyMs: performance.now() - tv,
  };
}

// --- 2. sender exactly-once ---------------------------------------------------------------------

type Sim = ReturnType<typeof aeatSimulatorClient>;

async function submissionsOf(companyId: string): Promise<VerifactuSubmission[]> {
  const k = keys.verifactuSubmissionPrefix(companyId);
  const out: VerifactuSubmission[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await deps.db.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': k.pk, ':p': k.skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((res.Items ?? []) as unknown as VerifactuSubmission[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

async function configureCompany(companyId: string, name: string): Promise<string> {
  const nif = await seedCompany(companyId, name, false);
  const p12 = makeTestP12({ nif, name: name.toUpperCase(), password: PASSWORD });
  const cert = await call(verifactuApi, 'certificates.upload', companyId, {
    params: { companyId },
    body: {
      file: {
        fileName: 'bench.p12',
        contentType: 'application/x-pkcs12',
        contentBase64: p12.toString('base64'),
      },
      password: PASSWORD,
    },
  });
  await call(verifactuApi, 'verifactu.createConfig', companyId, {
    params: { companyId },
    body: { mode: 'VERIFACTU', environment: 'TEST', certificateId: cert.certificateId, enabled: true },
  });
  return nif;
}

const sqsEvent = (companyId: string, messageId: string, receiveCount: number): SQSEvent =>
  ({
    Records: [
      {
        messageId,
        receiptHandle: `bench-${messageId}-${receiveCount}`,
        body: JSON.stringify({ companyId }),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          MessageGroupId: companyId,
          MessageDeduplicationId: messageId,
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:verifactu.fifo',
        awsRegion: 'eu-west-1',
      },
    ],
  }) as unknown as SQSEvent;

async function benchSender(
  sim: Sim,
  o: { label: string; companyId: string; name: string; faults: boolean },
): Promise<SenderFigures> {
  const nif = await configureCompany(o.companyId, o.name);
  await sim.clearFaults();
  const times = o.faults ? 3 : 1;
  let triggers = 0;
  let handlerCalls = 0;
  let failedCalls = 0;
  let faultsInjected = 0;
  /** The first drop comes early (third message), then one per FAULT_EVERY messages. */
  let lastFaultAt = 2 - FAULT_EVERY;
  const regFactuCount = async () =>
    (await sim.messages()).filter((m) => m.operation === 'RegFactu' && m.presenter?.nif === nif).length;

  /** One trigger: `times` deliveries of the same message (the first two at once); SQS-style receive counts. */
  const trigger = async () => {
    if (o.faults) {
      const sent = await regFactuCount();
      if (sent - lastFaultAt >= FAULT_EVERY && (await sim.pendingFaults()).length === 0) {
        await sim.injectFault({ kind: 'drop-after-accept', times: 1, nif, description: 'bench R5' });
        faultsInjected++;
        lastFaultAt = sent;
      }
    }
    const id = `t${++triggers}`;
    const run = (n: number) => submitRecords(sqsEvent(o.companyId, id, n), senderContext());
    const results: SQSBatchResponse[] =
      times === 3 ? [...(await Promise.all([run(1), run(2)])), await run(3)] : [await run(1)];
    handlerCalls += results.length;
    failedCalls += results.filter((r) => r.batchItemFailures.length > 0).length;
  };

  const t0 = performance.now();
  let confirmMs = 0;
  let waitingMs = 0;
  let timedOut = false;
  /** Until nothing is pending: SQS redelivers the failed messages and the sweep re-triggers the rest. */
  const drain = async () => {
    const t = performance.now();
    while ((await listPending(deps, o.companyId, 1)).length > 0) {
      if (performance.now() - t0 > RUN_LIMIT_MS) {
        timedOut = true;
        break;
      }
      await sleep(RETRIGGER_MS);
      await trigger();
    }
    waitingMs += performance.now() - t;
  };
  // A chunk of confirmations, its trigger, and the company drained before the next chunk: every
  // message carries ~CHUNK records, so "1 message in FAULT_EVERY" is ~10 % of the messages.
  for (let i = 0; i < K && !timedOut; i += CHUNK) {
    const tc = performance.now();
    for (let j = i; j < Math.min(K, i + CHUNK); j++) await confirmOne(o.companyId, j);
    confirmMs += performance.now() - tc;
    await trigger();
    await drain();
  }
  progress(`${o.label}: ${K} confirmed and sent, ${triggers} triggers`);
  const drainedAt = performance.now();
  await sim.clearFaults();

  const subs = await submissionsOf(o.companyId);
  const statuses: Record<string, number> = {};
  for (const s of subs) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const receptions = await sim.receptions(nif);
  const byNumber = new Map(receptions.map((r) => [r.key.split('|')[1]!, r]));
  const messages = (await sim.messages()).filter((m) => m.presenter?.nif === nif);
  let exactlyOnce = 0;
  let maxDeliveries = 0;
  let missingAtAeat = 0;
  let resends = 0;
  let resendsWithoutQuery = 0;
  const anomalies: string[] = [];
  for (const s of subs) {
    const r = byNumber.get(s.invoiceNumber);
    const deliveries = r ? r.count + r.unprocessed.length : 0;
    if (!r) missingAtAeat++;
    if (deliveries === 1) exactlyOnce++;
    maxDeliveries = Math.max(maxDeliveries, deliveries);
    const again = Math.max(0, deliveries - 1);
    const afterQuery = s.history.filter((h) => h.outcome === 'NOT_AT_AEAT').length;
    resends += again;
    resendsWithoutQuery += Math.max(0, again - afterQuery);
    if (deliveries !== 1 && anomalies.length < 5)
      anomalies.push(
        `${s.invoiceNumber} seq ${s.seq}: ${deliveries} deliveries (${r?.outcomes.join(', ') ?? '-'}; unprocessed ${r?.unprocessed.join(', ') ?? '-'}), status ${s.status}, attempts ${s.attempts}, history ${s.history.map((h) => `${h.outcome}@${h.at.slice(11, 23)}#${h.attemptId.slice(0, 6)}`).join(' > ')}`,
      );
  }
  return {
    label: o.label,
    records: subs.length,
    deliveriesPerTrigger: times,
    triggers,
    handlerCalls,
    failedCalls,
    faultsInjected,
    messages: messages.filter((m) => m.operation === 'RegFactu').length,
    dropped: messages.filter((m) => m.result.includes('drop-after-accept')).length,
    consults: messages.filter((m) => m.operation === 'Consulta').length,
    exactlyOnce,
    maxDeliveries,
    missingAtAeat,
    resends,
    resendsWithoutQuery,
    statuses,
    confirmMs,
    drainMs: drainedAt - t0,
    waitingMs,
    timedOut,
    anomalies,
  };
}

// --- engines and the run ------------------------------------------------------------------------

async function main(): Promise<void> {
  const outFile = process.env.BENCH_VF_OUT;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadra-bench-vf-'));
  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The parent's time limit (SIGTERM) or a Ctrl-C on `npm run bench` (SIGINT to the whole group).
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGTERM' ? 143 : 130));
    });
  const output: BenchOutput = {};
  try {
    const dynamo = await startDynamoDbLocal({ dataDir, logFile: path.join(dataDir, 'dynamodb.log') });
    stops.push(() => dynamo.stop());
    const simulator = await startAeatSimulator({ dir: path.join(dataDir, 'aeat'), port: 0, persist: false });
    stops.push(() => simulator.stop());
    const s3 = await startS3({
      directory: path.join(dataDir, 's3'),
      buckets: [{ name: ARCHIVE_BUCKET, browserUploads: false, notifications: [] }],
      corsOrigins: [],
      invoke: async () => undefined,
      logger: silentLogger,
    });
    stops.push(() => s3.stop());
    Object.assign(process.env, {
      // The local cloud's credentials: s3rver only accepts its own.
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      // s3rver and the SDK's default checksums (as infra/local/env.ts).
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      [envNames.table]: TABLE,
      [envNames.bucket('verifactu-archive')]: ARCHIVE_BUCKET,
      [envNames.aeatEndpoint]: simulator.endpoint,
      [envNames.aeatCaFile]: simulator.caFile,
      [envNames.certificatesLocalKeyFile]: path.join(dataDir, 'certificates.key'),
      [envNames.verifactuProducerNif]: LOCAL_VERIFACTU_PRODUCER.nif,
      [envNames.verifactuProducerName]: LOCAL_VERIFACTU_PRODUCER.name,
      LOG_LEVEL: process.env.BENCH_VF_LOG_LEVEL ?? 'silent',
    });
    await ensureTable(new DynamoDBClient({}), TABLE, tableDefinition);
    const sim = aeatSimulatorClient({ controlUrl: simulator.controlUrl, caPem: simulator.caPem });
    await sim.setWait(0);
    progress('engines started');

    const only = process.env.BENCH_VF_ONLY; // 'chain' | 'sender' (to look at one part)
    if (only !== 'sender') output.chain = await benchChain();
    if (only !== 'chain')
      output.sender = [
        await benchSender(sim, {
          label: 'baseline: no faults, 1 delivery',
          companyId: 'bench-send-base',
          name: 'Envios Base SL',
          faults: false,
        }),
        await benchSender(sim, {
          label: `faults: drop-after-accept 1/${FAULT_EVERY} msgs, 3 deliveries`,
          companyId: 'bench-send-faults',
          name: 'Envios Fallos SL',
          faults: true,
        }),
      ];
  } catch (e) {
    output.error = (e as Error).stack ?? String(e);
  } finally {
    await stopAll();
  }
  if (outFile) writeFileSync(outFile, JSON.stringify(output));
  else console.log(JSON.stringify(output, null, 2));
}

await main();
// Keep-alive sockets of the SDK and the simulator's client would hold the process open.
process.exit(0);
