/**
 * FIFO consumer of the `verifactu` queue (infra/manifest.ts): a message says "this company has
 * records to send" (`{ companyId }`; the invoice events on the same queue carry it too). The sender
 * sends the company's pending records to the AEAT, oldest first, in messages of up to 1,000, and
 * moves each submission by conditional writes (store/submissions.ts). Reference/verifactu-sii.md §4,
 * §7 (PR #5142, #4591) and issue #5 item 5.
 *
 * For one company:
 *  a. no configuration, disabled, or NO VERI*FACTU → nothing is sent (the dashboard warns);
 *  b. the company's lease (sender item): a second delivery that cannot take it returns — the
 *     holder drains the queue and the sweep is the safety net;
 *  c. SENT records older than the SOAP time-out are ambiguous: ConsultaLR first — found → its
 *     state, not sent again; not found → QUEUED and sent now. A younger SENT one is in flight:
 *     stop (chain order);
 *  d. flow control: before `nextAllowedAt` (TiempoEsperaEnvio) nothing is sent unless 1,000
 *     records wait;
 *  e. claim QUEUED → SENT (new attemptId), one message, the company's certificate;
 *  f. outcomes per RespuestaLinea; a SOAP Client fault is permanent (a batch is split to find the
 *     bad record first); ambiguous outcomes leave SENT and throw (SQS retries with back-off, then
 *     the DLQ and its alarm); certainly-not-sent outcomes go back to QUEUED and throw;
 *  g. every record that ends ERROR notifies the company's staff once (the move that made it ERROR
 *     is conditional, so only one sender ever makes it);
 *  h. every SOAP exchange (RegFactu message, ConsultaLR) is archived (store/archive.ts): the exact
 *     envelope BEFORE the call — if it cannot be stored nothing is sent (records back to QUEUED,
 *     ARCHIVE_FAILED, retried later: the audit trail is part of the legal duty) — and the raw
 *     answer after it (retried once; if it still fails the outcome is recorded without it). The
 *     history entries of the exchange carry `archive: { request, response }` (the S3 keys).
 * A record is therefore never sent twice: only the holder of a successful QUEUED → SENT claim
 * sends it, and a SENT record is only sent again after the AEAT said it does not have it.
 */

import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { listCompanyMembers } from '@functions/lib/directory';
import { notifyUser } from '@functions/lib/notifications';
import { SOAP_TIMEOUT_MS } from '@functions/lib/verifactu-xml';
import { once } from '@functions/platform/aws/env';
import { sqs } from '@functions/platform/aws/sqs';
import type { Logger } from '@functions/platform/logger';
import { parseJsonBody, sqsHandler, workerErrorFields } from '@functions/platform/workers';
import type { VerifactuConfig, VerifactuRecord, VerifactuSubmission } from '@shared/schemas/verifactu';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { aeatCodeText } from '../model/aeat-codes';
import {
  type ConsultaAnswer,
  idFacturaOfRecord,
  type LineOutcome,
  lineKey,
  operationOfKind,
  outcomeOfConsulta,
  outcomeOfLine,
} from '../model/outcome';
import {
  type AeatGateway,
  type AeatTarget,
  type Cabecera,
  endpointFor,
  extraCaFromEnv,
  xmlGateway,
} from '../store/aeat-client';
import {
  type ArchiveKeys,
  type ArchiveStore,
  ArchiveUnavailableError,
  type ExchangeRecorder,
  exchangeRecorder,
  s3ArchiveStore,
} from '../store/archive';
import { loadSigningCertificate, recordCertificateUse } from '../store/certificates';
import { makeDeps, type VerifactuDeps } from '../store/deps';
import { companyOfMessage, verifactuQueueUrl } from '../store/queue';
import {
  companyName,
  getConfig,
  type Lease,
  recordSend,
  releaseLease,
  sendsToAeat,
  setIsolation,
  takeLease,
} from '../store/sender';
import {
  applyMoves,
  claimMove,
  getRecords,
  listPending,
  MAX_RECORDS_PER_MESSAGE,
  type Move,
  noteAttemptMove,
  requeueMove,
  resolveMove,
} from '../store/submissions';

export { requeueSubmission } from '../store/submissions';

export interface SigningMaterial {
  certificateId: string;
  pfx: Buffer | Uint8Array;
  passphrase: string;
}

export interface SubmitDeps extends VerifactuDeps {
  gateway: AeatGateway;
  loadCertificate: (companyId: string) => Promise<SigningMaterial | null>;
  recordUse: (
    companyId: string,
    certificateId: string,
    use: { operation: string; ok: boolean; detail?: string | null },
  ) => Promise<void>;
  /** Tells the company's staff that a record was rejected. */
  notifyRejected: (
    submission: VerifactuSubmission,
    outcome: { code: string | null; message: string | null },
  ) => Promise<void>;
  endpoint: (config: VerifactuConfig) => string;
  ca?: string;
  soapTimeoutMs: number;
  /** Milliseconds since the message started (real time, also when `now` is fixed in tests). */
  elapsedMs: () => number;
  /** Work stops starting SOAP calls after this much time (the function has 29 s). */
  budgetMs: number;
  /** Where every SOAP exchange is archived (the verifactu-archive bucket); absent = not archived. */
  archive?: ArchiveStore;
}

/** An outcome SQS must retry (the message returns with back-off and, in the end, reaches the DLQ). */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
}

export interface DrainResult {
  sent: number;
  messages: number;
  resolved: number;
  /** Why the sender stopped. */
  stop:
    | 'not-configured'
    | 'leased'
    | 'idle'
    | 'in-flight'
    | 'waiting'
    | 'no-certificate'
    | 'budget'
    | 'iterations';
}

type Ctx = { log: Logger };

/** The recorder of one exchange, when the deps archive (always in the Lambda: makeSubmitDeps). */
function recorderFor(
  deps: SubmitDeps,
  companyId: string,
  exchangeId: string,
  ctx: Ctx,
): ExchangeRecorder | undefined {
  if (!deps.archive) return undefined;
  return exchangeRecorder(deps.archive, { companyId, exchangeId, at: deps.now(), log: ctx.log });
}

/** A message loop never runs more than this many rounds (each round sends at most one message). */
const MAX_ROUNDS = 10;

/** The Cabecera of a company's message: ObligadoEmision from the records, Representante from the config. */
async function cabeceraFor(
  deps: SubmitDeps,
  companyId: string,
  config: VerifactuConfig,
  records: VerifactuRecord[],
): Promise<Cabecera> {
  const alta = records.find((r) => r.kind === 'ALTA');
  const first = records[0]!;
  const nif = idFacturaOfRecord(first).IDEmisorFactura;
  const name =
    (alta?.fields as { NombreRazonEmisor?: string } | undefined)?.NombreRazonEmisor ??
    (await companyName(deps, companyId)) ??
    nif;
  return {
    obligado: { name, nif },
    representante: config.representative
      ? { name: config.representative.name, nif: config.representative.nif }
      : null,
  };
}

/** Processes one trigger for one company; throws RetryLaterError when SQS must try again. */
export async function drainCompany(deps: SubmitDeps, companyId: string, ctx: Ctx): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, messages: 0, resolved: 0, stop: 'idle' };
  const config = await getConfig(deps, companyId);
  if (!sendsToAeat(config)) {
    ctx.log.info('VeriFacTu sending is off for this company; records stay queued', { companyId });
    return { ...result, stop: 'not-configured' };
  }
  const lease = await takeLease(deps, companyId);
  if (!lease) {
    ctx.log.info('Another sender holds the company; it drains the queue', { companyId });
    return { ...result, stop: 'leased' };
  }
  try {
    return await drainUnderLease(deps, companyId, config, lease, ctx, result);
  } finally {
    await releaseLease(deps, companyId, lease.leaseId);
  }
}

/** What the sender carries from one round to the next while it holds the company's lease. */
interface Drain {
  deps: SubmitDeps;
  companyId: string;
  config: VerifactuConfig;
  ctx: Ctx;
  result: DrainResult;
  /** d. Before this instant nothing is sent unless a full message waits (TiempoEsperaEnvio). */
  nextAllowedAt: string | null;
  /** The latest TiempoEsperaEnvio received (reference §4.4: honour the latest value). */
  lastWait: number | null;
  /** While set, the records up to this seq go one per message (a batch got a SOAP Client fault). */
  isolateThroughSeq: number | null;
  /** The AEAT endpoint with the company's certificate, loaded on first need. */
  target: AeatTarget | null;
  certificateId: string | null;
}

type Stop = DrainResult['stop'];
type RecordOf = (s: VerifactuSubmission) => VerifactuRecord;

/** The records of one message, claimed QUEUED → SENT under one attempt. */
interface Claim {
  toSend: VerifactuSubmission[];
  attemptId: string;
  isolating: boolean;
}

/** One RegFactu exchange: the call, its parsed answer and where both were archived. */
interface Exchange {
  call: CallLike['call'];
  answer: CallLike['answer'];
  archive: ArchiveKeys | undefined;
  sentAt: Date;
  at: string;
}

type AeatAnswer = NonNullable<CallLike['answer']>;
type AeatResponse = Extract<AeatAnswer, { kind: 'response' }>;
type AeatFault = Extract<AeatAnswer, { kind: 'fault' }>;

async function drainUnderLease(
  deps: SubmitDeps,
  companyId: string,
  config: VerifactuConfig,
  lease: Lease,
  ctx: Ctx,
  result: DrainResult,
): Promise<DrainResult> {
  const drain: Drain = {
    deps,
    companyId,
    config,
    ctx,
    result,
    nextAllowedAt: lease.state.nextAllowedAt ?? null,
    lastWait: lease.state.waitSeconds ?? null,
    isolateThroughSeq: lease.state.isolateThroughSeq ?? null,
    target: null,
    certificateId: null,
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const stop = await drainRound(drain);
    if (stop) return { ...result, stop };
  }
  return { ...result, stop: 'iterations' };
}

/** One round sends at most one message; returns why the sender stops, or null for another round. */
async function drainRound(d: Drain): Promise<Stop | null> {
  const pending = await listPending(d.deps, d.companyId, MAX_RECORDS_PER_MESSAGE);
  if (pending.length === 0) return 'idle';
  const recordOf = await recordLookup(d, pending);
  const resolved = await resolveUnknownOutcomes(d, pending, recordOf);
  if ('stop' in resolved) return resolved.stop;
  const queued = resolved.queued;
  if (queued.length === 0) return null;
  const now = d.deps.now();
  const ready = await waitForTiempoEspera(d, queued, now);
  if ('stop' in ready) return ready.stop;
  const claim = await claimBatch(d, queued, recordOf, now);
  if (!claim) return null;
  const exchange = await sendAndArchive(d, ready.target, claim, recordOf);
  await settleExchange(d, claim, exchange, recordOf);
  return null;
}

/** The records behind the pending submissions, read in one go. */
async function recordLookup(d: Drain, pending: VerifactuSubmission[]): Promise<RecordOf> {
  const records = await getRecords(
    d.deps,
    d.companyId,
    pending.map((s) => s.seq),
  );
  return (s) => {
    const r = records.get(s.seq);
    if (!r) throw new Error(`VeriFacTu record ${s.recordId} is missing`);
    return r;
  };
}

/** The AEAT endpoint with the company's certificate (loaded once), or null without a usable one. */
async function targetFor(d: Drain): Promise<AeatTarget | null> {
  if (d.target) return d.target;
  const cert = await d.deps.loadCertificate(d.companyId);
  if (!cert) return null;
  d.certificateId = cert.certificateId;
  d.target = {
    url: d.deps.endpoint(d.config),
    pfx: cert.pfx,
    passphrase: cert.passphrase,
    ...(d.deps.ca ? { ca: d.deps.ca } : {}),
    timeoutMs: d.deps.soapTimeoutMs,
  };
  return d.target;
}

/** A SOAP call may start: time is left in the budget and the company has a usable certificate. */
async function callableTarget(d: Drain): Promise<{ stop: Stop } | { target: AeatTarget }> {
  if (d.deps.elapsedMs() + d.deps.soapTimeoutMs + 2_000 > d.deps.budgetMs) return { stop: 'budget' };
  const target = await targetFor(d);
  if (target) return { target };
  d.ctx.log.warn('VeriFacTu: no usable certificate; records wait', { companyId: d.companyId });
  return { stop: 'no-certificate' };
}

/**
 * c. Ambiguous SENT records first, in chain order: a young one is in flight (stop); an old one is
 * asked for with ConsultaLR. Returns the records to send this round (QUEUED ones, and SENT ones the
 * AEAT does not have).
 */
async function resolveUnknownOutcomes(
  d: Drain,
  pending: VerifactuSubmission[],
  recordOf: RecordOf,
): Promise<{ stop: Stop } | { queued: VerifactuSubmission[] }> {
  const queued: VerifactuSubmission[] = [];
  for (const sub of pending) {
    if (sub.status === 'QUEUED') {
      queued.push(sub);
      continue;
    }
    const since = Date.parse(sub.lastAttemptAt ?? sub.updatedAt);
    if (d.deps.now().getTime() - since < d.deps.soapTimeoutMs) {
      d.ctx.log.info('A record is in flight; nothing after it is sent now', {
        companyId: d.companyId,
        seq: sub.seq,
      });
      return { stop: 'in-flight' };
    }
    if (queued.length > 0) break; // resolve later ones on the next round, after these are sent
    const ready = await callableTarget(d);
    if ('stop' in ready) return ready;
    const requeued = await consultSent(d, ready.target, sub, recordOf(sub));
    if (requeued) queued.push(requeued);
  }
  return { queued };
}

/**
 * ConsultaLR for one SENT record: found → its state, not sent again (null); not found → QUEUED
 * again and returned, to be sent now; no answer → RetryLaterError.
 */
async function consultSent(
  d: Drain,
  target: AeatTarget,
  sub: VerifactuSubmission,
  record: VerifactuRecord,
): Promise<VerifactuSubmission | null> {
  const { deps, companyId, ctx } = d;
  const cabecera = await cabeceraFor(deps, companyId, d.config, [record]);
  // A ConsultaLR is its own exchange: a fresh id, so the attempt's own files are never overwritten.
  const recorder = recorderFor(deps, companyId, deps.archive ? deps.newId() : '', ctx);
  const answer: ConsultaAnswer = await deps.gateway.consult(target, cabecera, record, recorder);
  const archive: ArchiveKeys | undefined = recorder?.keys() ?? undefined;
  await useOf(deps, companyId, d.certificateId, 'QUERY', answer.kind !== 'ambiguous', answer.kind, ctx);
  const at = deps.now().toISOString();
  const attemptId = sub.attemptId ?? '';
  if (answer.kind === 'ambiguous') {
    await applyMoves(deps, companyId, [
      noteAttemptMove(sub.seq, attemptId, at, 'CONSULT_FAILED', answer.message, null, archive),
    ]);
    throw new RetryLaterError(`ConsultaLR could not resolve record ${sub.recordId}`);
  }
  if (answer.kind === 'found') {
    const outcome = outcomeOfConsulta(answer);
    const moved = await applyMoves(deps, companyId, [
      resolveMove(sub.seq, attemptId, at, resolution(outcome, null), archive),
    ]);
    if (moved.has(sub.seq)) d.result.resolved += 1;
    ctx.log.info('Ambiguous record found at the AEAT; not sent again', {
      companyId,
      seq: sub.seq,
      status: outcome.status,
    });
    return null;
  }
  const message = 'La AEAT no tiene el registro: se enviará de nuevo.';
  await applyMoves(deps, companyId, [
    requeueMove(sub.seq, attemptId, at, 'NOT_AT_AEAT', message, null, archive),
  ]);
  return { ...sub, status: 'QUEUED', attemptId: null };
}

/** d. Flow control (TiempoEsperaEnvio): nothing is sent before `nextAllowedAt` unless 1,000 records wait. */
async function waitForTiempoEspera(
  d: Drain,
  queued: VerifactuSubmission[],
  now: Date,
): Promise<{ stop: Stop } | { target: AeatTarget }> {
  const { nextAllowedAt } = d;
  if (nextAllowedAt && now.getTime() < Date.parse(nextAllowedAt) && queued.length < MAX_RECORDS_PER_MESSAGE) {
    d.ctx.log.info('Waiting for the AEAT waiting time', {
      companyId: d.companyId,
      nextAllowedAt,
      pending: queued.length,
    });
    return { stop: 'waiting' };
  }
  return callableTarget(d);
}

/**
 * e. Claims the next message QUEUED → SENT under a new attemptId. While isolating a failed batch,
 * one record per message; one message has one ObligadoEmision, so a change of the company's NIF
 * starts a new message. Null when another sender claimed them all first.
 */
async function claimBatch(
  d: Drain,
  queued: VerifactuSubmission[],
  recordOf: RecordOf,
  now: Date,
): Promise<Claim | null> {
  const isolating = d.isolateThroughSeq !== null && queued[0]!.seq <= d.isolateThroughSeq;
  const issuer = idFacturaOfRecord(recordOf(queued[0]!)).IDEmisorFactura;
  const cut = queued.findIndex((q) => idFacturaOfRecord(recordOf(q)).IDEmisorFactura !== issuer);
  const sameIssuer = cut === -1 ? queued : queued.slice(0, cut);
  const batch = isolating ? queued.slice(0, 1) : sameIssuer;
  const attemptId = d.deps.newId();
  const claimedAt = now.toISOString();
  const claimed = await applyMoves(
    d.deps,
    d.companyId,
    batch.map((s) => claimMove(s.seq, attemptId, claimedAt)),
  );
  const toSend = batch.filter((s) => claimed.has(s.seq));
  return toSend.length === 0 ? null : { toSend, attemptId, isolating };
}

/**
 * Sends one RegFactu message with the request archived first (h): when the archive is unavailable
 * nothing is sent, the records go back to QUEUED and RetryLaterError is thrown.
 */
async function sendAndArchive(
  d: Drain,
  target: AeatTarget,
  claim: Claim,
  recordOf: RecordOf,
): Promise<Exchange> {
  const { deps, companyId, ctx } = d;
  const { toSend, attemptId } = claim;
  const sendRecords = toSend.map(recordOf);
  const cabecera = await cabeceraFor(deps, companyId, d.config, sendRecords);
  const sentAt = deps.now();
  const recorder = recorderFor(deps, companyId, attemptId, ctx);
  let submitted: CallLike;
  try {
    submitted = await deps.gateway.submit(target, cabecera, sendRecords, recorder);
  } catch (e) {
    if (!(e instanceof ArchiveUnavailableError)) throw e;
    await applyMoves(
      deps,
      companyId,
      toSend.map((s) => requeueMove(s.seq, attemptId, deps.now().toISOString(), 'ARCHIVE_FAILED', e.message)),
    );
    throw new RetryLaterError(
      'VeriFacTu request could not be archived; nothing sent, records back to QUEUED',
    );
  }
  const { call, answer } = submitted;
  const archive: ArchiveKeys | undefined = recorder?.keys() ?? undefined;
  d.result.messages += 1;
  const at = deps.now().toISOString();
  await useOf(deps, companyId, d.certificateId, 'SUBMISSION', call.kind === 'http', describeCall(call), ctx);
  return { call, answer, archive, sentAt, at };
}

/** f. What the exchange means for the claimed records. */
async function settleExchange(d: Drain, claim: Claim, exchange: Exchange, recordOf: RecordOf): Promise<void> {
  const { answer } = exchange;
  if (answer?.kind === 'response') return mapAnswers(d, claim, exchange, answer, recordOf);
  if (answer?.kind === 'fault' && answer.faultCode === 'Client')
    return settleClientFault(d, claim, exchange, answer);
  return settleUnknownOutcome(d, claim, exchange);
}

/** Ends the isolation of a failed batch once its last record has been answered. */
async function endIsolationAt(d: Drain, seq: number): Promise<void> {
  if (d.isolateThroughSeq === null || seq < d.isolateThroughSeq) return;
  d.isolateThroughSeq = null;
  await setIsolation(d.deps, d.companyId, null);
}

/**
 * An answered message: its TiempoEsperaEnvio applies, each record takes the state of its
 * RespuestaLinea, rejected ones notify the staff; records without a line stay SENT and throw.
 */
async function mapAnswers(
  d: Drain,
  claim: Claim,
  exchange: Exchange,
  answer: AeatResponse,
  recordOf: RecordOf,
): Promise<void> {
  const { deps, companyId, ctx } = d;
  const { toSend } = claim;
  d.lastWait = answer.waitSeconds ?? d.lastWait;
  d.nextAllowedAt = await recordSend(deps, companyId, exchange.sentAt, d.lastWait);
  if (claim.isolating) await endIsolationAt(d, toSend[0]!.seq);
  const { moves, outcomes, unanswered } = movesOfAnswer(claim, exchange, answer, recordOf);
  const moved = await applyMoves(deps, companyId, moves);
  for (const sub of toSend) {
    const outcome = outcomes.get(sub.seq);
    if (!outcome || !moved.has(sub.seq)) continue;
    d.result.sent += 1;
    if (outcome.status === 'ERROR') await notify(deps, sub, outcome, ctx);
  }
  ctx.log.info('VeriFacTu message answered', {
    companyId,
    records: toSend.length,
    estadoEnvio: answer.estadoEnvio,
    nextAllowedAt: d.nextAllowedAt,
  });
  if (unanswered.length > 0)
    throw new RetryLaterError(
      `${unanswered.length} records without an answer line; ConsultaLR will resolve them`,
    );
}

/** Pairs each sent record with its RespuestaLinea (by IDFactura and operation) and the move it makes. */
function movesOfAnswer(claim: Claim, exchange: Exchange, answer: AeatResponse, recordOf: RecordOf) {
  const { attemptId } = claim;
  const { at, archive } = exchange;
  const byKey = new Map<string, typeof answer.lines>();
  for (const line of answer.lines) {
    const k = lineKey(line.idFactura, line.operation);
    byKey.set(k, [...(byKey.get(k) ?? []), line]);
  }
  const moves: Move[] = [];
  const outcomes = new Map<number, LineOutcome>();
  const unanswered: VerifactuSubmission[] = [];
  for (const sub of claim.toSend) {
    const record = recordOf(sub);
    const line = byKey.get(lineKey(idFacturaOfRecord(record), operationOfKind(record.kind)))?.shift();
    if (!line) {
      unanswered.push(sub);
      const message = 'La respuesta de la AEAT no incluye este registro.';
      moves.push(noteAttemptMove(sub.seq, attemptId, at, 'NO_LINE', message, null, archive));
      continue;
    }
    const outcome = outcomeOfLine(line);
    outcomes.set(sub.seq, outcome);
    moves.push(resolveMove(sub.seq, attemptId, at, resolution(outcome, answer.csv), archive));
  }
  return { moves, outcomes, unanswered };
}

/**
 * A SOAP Client fault is permanent. PR #5142: one malformed record must not sink the others, so a
 * batch goes back to QUEUED to be sent one by one; a single record ends ERROR.
 */
async function settleClientFault(
  d: Drain,
  claim: Claim,
  exchange: Exchange,
  answer: AeatFault,
): Promise<void> {
  const { deps, companyId, ctx } = d;
  const { toSend, attemptId } = claim;
  const { at, archive } = exchange;
  const message = aeatCodeText(answer.code, answer.message) ?? 'Error en el mensaje';
  if (toSend.length > 1) {
    await applyMoves(
      deps,
      companyId,
      toSend.map((s) => requeueMove(s.seq, attemptId, at, 'SOAP_FAULT_SPLIT', message, answer.code, archive)),
    );
    d.isolateThroughSeq = toSend[toSend.length - 1]!.seq;
    await setIsolation(deps, companyId, d.isolateThroughSeq);
    ctx.log.warn('SOAP Client fault on a batch; sending its records one by one', {
      companyId,
      records: toSend.length,
      code: answer.code,
    });
    return;
  }
  const sub = toSend[0]!;
  const outcome: LineOutcome = {
    status: 'ERROR',
    aeatState: 'Fault',
    aeatCode: answer.code,
    aeatMessage: message,
    outcome: 'SOAP_FAULT',
  };
  const moved = await applyMoves(deps, companyId, [
    resolveMove(sub.seq, attemptId, at, resolution(outcome, null), archive),
  ]);
  if (moved.has(sub.seq)) await notify(deps, sub, outcome, ctx);
  await endIsolationAt(d, sub.seq);
}

/**
 * No usable answer. Certainly not sent → back to QUEUED; maybe registered → they stay SENT (ConsultaLR
 * before any resend) and the AEAT's latest waiting time applies. Either way SQS retries.
 */
async function settleUnknownOutcome(d: Drain, claim: Claim, exchange: Exchange): Promise<never> {
  const { deps, companyId } = d;
  const { toSend, attemptId } = claim;
  const { call, answer, at, archive } = exchange;
  const sentForSure = !(
    (call.kind === 'connection-lost' && !call.requestSent) ||
    (call.kind === 'timeout' && !call.requestSent) ||
    call.kind === 'tls-error' ||
    (call.kind === 'http' && call.status >= 400 && call.status < 500 && answer?.kind !== 'fault')
  );
  const what = describeCall(call, answer);
  if (!sentForSure) {
    await applyMoves(
      deps,
      companyId,
      toSend.map((s) => requeueMove(s.seq, attemptId, at, outcomeName(call), what, null, archive)),
    );
    throw new RetryLaterError(`VeriFacTu message not delivered (${what}); records back to QUEUED`);
  }
  await applyMoves(
    deps,
    companyId,
    toSend.map((s) => noteAttemptMove(s.seq, attemptId, at, outcomeName(call, answer), what, null, archive)),
  );
  d.nextAllowedAt = await recordSend(deps, companyId, exchange.sentAt, d.lastWait);
  throw new RetryLaterError(`VeriFacTu outcome unknown (${what}); ConsultaLR before any resend`);
}

const resolution = (o: LineOutcome, csv: string | null) => ({
  status: o.status,
  aeatState: o.aeatState,
  aeatCode: o.aeatCode,
  aeatMessage: o.aeatMessage,
  csv,
  outcome: o.outcome,
});

type CallLike = Awaited<ReturnType<AeatGateway['submit']>>;

function outcomeName(call: CallLike['call'], answer?: CallLike['answer']): string {
  if (call.kind === 'timeout') return 'TIMEOUT';
  if (call.kind === 'connection-lost') return 'CONNECTION_LOST';
  if (call.kind === 'tls-error') return 'TLS_ERROR';
  if (answer?.kind === 'fault') return 'SOAP_FAULT';
  if (call.status >= 500) return 'SERVER_ERROR';
  if (answer?.kind === 'unreadable') return 'UNREADABLE';
  return 'HTTP_ERROR';
}

function describeCall(call: CallLike['call'], answer?: CallLike['answer']): string {
  switch (call.kind) {
    case 'timeout':
      return `Sin respuesta de la AEAT en el tiempo límite${call.requestSent ? '' : ' (sin enviar)'}`;
    case 'connection-lost':
      return `Conexión perdida${call.requestSent ? ' tras el envío' : ' antes del envío'}`;
    case 'tls-error':
      return `Error TLS: ${call.message}`;
    case 'http':
      if (answer?.kind === 'fault') return `SOAP Fault ${answer.faultCode}: ${answer.message}`.slice(0, 300);
      if (answer?.kind === 'unreadable') return `HTTP ${call.status}: respuesta ilegible`;
      return `HTTP ${call.status}`;
  }
}

async function useOf(
  deps: SubmitDeps,
  companyId: string,
  certificateId: string | null,
  operation: string,
  ok: boolean,
  detail: string,
  ctx: Ctx,
): Promise<void> {
  if (!certificateId) return;
  try {
    await deps.recordUse(companyId, certificateId, { operation, ok, detail });
  } catch (e) {
    ctx.log.warn('Certificate use not recorded', workerErrorFields(e));
  }
}

async function notify(deps: SubmitDeps, sub: VerifactuSubmission, o: LineOutcome, ctx: Ctx): Promise<void> {
  try {
    await deps.notifyRejected(sub, { code: o.aeatCode, message: o.aeatMessage });
  } catch (e) {
    // The state is recorded (and the dashboard counts errors); a lost notification must not retry a send.
    ctx.log.error('VeriFacTu rejection notification not created', { seq: sub.seq, ...workerErrorFields(e) });
  }
}

/** The notification of a rejected record, in Spanish. */
export function rejectionNotice(
  sub: VerifactuSubmission,
  o: { code: string | null; message: string | null },
) {
  const what = sub.kind === 'ANULACION' ? 'la anulación de la factura' : 'la factura';
  const detail = [o.code ? `código ${o.code}` : null, o.message].filter(Boolean).join(': ');
  return {
    type: 'verifactu_record_rejected',
    title: 'Registro VeriFacTu rechazado',
    message: `La AEAT ha rechazado el registro de ${what} ${sub.invoiceNumber}${detail ? ` (${detail})` : ''}. Corrígelo y vuelve a enviarlo.`,
    severity: 'error' as const,
    link: '/app/verifactu',
  };
}

/** The company's staff (not its CLIENTE users) hear that a record was rejected. */
export function notifyStaff(deps: VerifactuDeps) {
  return async (sub: VerifactuSubmission, o: { code: string | null; message: string | null }) => {
    const staff = (await listCompanyMembers(deps, sub.companyId)).filter(
      (m) => m.isActive && m.companyRole !== 'CLIENTE',
    );
    const notice = rejectionNotice(sub, o);
    for (const member of staff)
      await notifyUser(deps, { userId: member.userId, companyId: sub.companyId, ...notice });
  };
}

// --- SQS entry point -------------------------------------------------------------------------------

/** Receive-count back-off of a message that must be retried: 20 s, 40 s, 80 s, … up to 5 minutes. */
export const retryDelaySeconds = (receiveCount: number): number =>
  Math.min(20 * 2 ** Math.max(0, receiveCount - 1), 300);

export function makeSubmitDeps(): Omit<SubmitDeps, 'elapsedMs'> {
  const base = makeDeps();
  return {
    ...base,
    gateway: xmlGateway(),
    loadCertificate: (companyId) => loadSigningCertificate(base, companyId),
    recordUse: (companyId, certificateId, use) => recordCertificateUse(base, companyId, certificateId, use),
    notifyRejected: notifyStaff(base),
    endpoint: endpointFor,
    ...(extraCaFromEnv() ? { ca: extraCaFromEnv() } : {}),
    soapTimeoutMs: SOAP_TIMEOUT_MS,
    budgetMs: 27_000,
    archive: s3ArchiveStore(),
  };
}

export async function processMessage(
  deps: Omit<SubmitDeps, 'elapsedMs'>,
  record: SQSRecord,
  ctx: Ctx,
): Promise<DrainResult | null> {
  const companyId = companyOfMessage(parseJsonBody(record));
  if (!companyId) {
    ctx.log.warn('VeriFacTu message without a company; ignored');
    return null;
  }
  const started = Date.now();
  const result = await drainCompany({ ...deps, elapsedMs: () => Date.now() - started }, companyId, ctx);
  ctx.log.info('VeriFacTu sender finished', { companyId, ...result });
  return result;
}

const deps = once(makeSubmitDeps);
const inner = sqsHandler((record, ctx) => processMessage(deps(), record, ctx).then(() => undefined), {
  ordered: true,
});

/**
 * The Lambda handler: the ordered SQS handler, then the failed messages get a back-off visibility
 * (instead of the queue's 540 s), so a retry (ConsultaLR, resend) comes soon and the failures still
 * reach the DLQ after maxReceiveCount receives.
 */
export function withBackoff(
  run: (event: SQSEvent, context?: import('aws-lambda').Context) => Promise<SQSBatchResponse>,
  changeVisibility: (receiptHandle: string, seconds: number) => Promise<void>,
) {
  return async (event: SQSEvent, context?: import('aws-lambda').Context): Promise<SQSBatchResponse> => {
    const res = await run(event, context);
    for (const failure of res.batchItemFailures) {
      const record = event.Records.find((r) => r.messageId === failure.itemIdentifier);
      if (!record) continue;
      const seconds = retryDelaySeconds(Number(record.attributes?.ApproximateReceiveCount ?? 1));
      try {
        await changeVisibility(record.receiptHandle, seconds);
      } catch {
        // The queue's own visibility timeout applies.
      }
    }
    return res;
  };
}

export const handler = withBackoff(inner, async (receiptHandle, seconds) => {
  await sqs().send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: verifactuQueueUrl(),
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
});
