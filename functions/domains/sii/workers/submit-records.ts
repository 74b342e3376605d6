/**
 * FIFO consumer of the `sii-send` queue (infra/manifest.ts; MessageGroupId = companyId): a message
 * says "this company has SII records to send" (`{ companyId }`). The sender sends the company's
 * pending entries to the AEAT book by book (FE, FR, BI, OI, RECC — whose cobros and pagos are two
 * AEAT services), oldest first, in messages of one service and one communication (A0, A1, BAJA) of
 * up to SII_MAX_RECORDS_PER_MESSAGE records, and moves each entry by conditional writes
 * (store/submissions.ts, model/outcome.ts). Issue 16 item 3; reference/verifactu-sii.md §5, §7.
 *
 * For one company:
 *  a. not in the SII, or no SII configuration → nothing is sent; entries stay QUEUED and the sender
 *     item says why (the dashboard shows it). The same for a missing or expired certificate;
 *  b. the company's lease (store/lease.ts): a second delivery that cannot take it returns — the
 *     holder drains the books and the sweep (every minute) is the safety net;
 *  c. per book, SENT entries older than the SOAP time-out have an unknown outcome: ConsultaLR first
 *     (store/consulta.ts) — found → its state, never sent again; not found → QUEUED and sent again.
 *     A younger SENT one may still be in flight: the book waits (the next delivery asks);
 *  d. claim QUEUED → SENT under a new attemptId (`sentContentVersion` = the content sent, `attempts`
 *     + 1), with the source's `siiStatus` mirror, in transactions of at most 100 items. Records our
 *     writer refuses are REJECTED before any byte leaves (a schema-invalid message is refused whole);
 *     a change of a cobro/pago already sent cannot be sent at all (PENDING_CORRECTION);
 *  e. the message is archived BEFORE the call (store/archive.ts, `sii-archive`): if it cannot be
 *     stored nothing is sent (entries back to QUEUED, SQS retries); the raw answer after it;
 *  f. one `SiiSubmission` per exchange (also per ConsultaLR), written before the call and again with
 *     the answer, with the per-record results;
 *  g. per RespuestaLinea, the verdicts of model/outcome.ts: Correcto → ACCEPTED (registered, CSV);
 *     AceptadoConErrores → ACCEPTED with its errors; Incorrecto → REJECTED with the code, correctable;
 *     3000 duplicate of an A0 → ConsultaLR, ACCEPTED when the AEAT holds it; 3001/3002 to an A1 → the
 *     AEAT does not hold it: sent again as A0; to a BAJA → nothing left to remove: done. A content that
 *     changed while in flight is queued again with the operation due then. A record without a line
 *     stays SENT (ConsultaLR later);
 *  h. transport: certainly not delivered → QUEUED and throw (SQS redelivers with back-off — the
 *     visibility is changed to 20 s, 40 s, … — and the DLQ after 5 receives raises the manifest's
 *     alarm); maybe delivered (time-out, connection lost after sending, Server fault, unreadable
 *     answer) → stays SENT and throw, so the next run asks ConsultaLR before anything is resent;
 *     a SOAP Client fault on a message of n records → every record back to QUEUED without counting an
 *     attempt, and the next messages of that service and communication carry at most ⌈n/2⌉ until the
 *     bad record is alone: then it is REJECTED with the fault's text (PR #5142: one bad record must
 *     not sink the others);
 *  i. after MAX_ATTEMPTS technical failures of one content an entry ends ERROR; every move to
 *     REJECTED, ERROR or PENDING_CORRECTION notifies the company's staff once (the move is
 *     conditional: only one sender ever makes it).
 * A record is therefore never sent twice: only the holder of a successful QUEUED → SENT claim sends
 * it, and a SENT record is only sent again after ConsultaLR said the AEAT does not have it.
 */

import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { listCompanyMembers } from '@functions/lib/directory';
import { notifyUser } from '@functions/lib/notifications';
import {
  recordKey,
  SII_SOAP_TIMEOUT_MS,
  type SiiConsultaRecord,
  type SiiHeader,
  SiiRecordError,
  type SiiService,
  type SiiSuministroResponse,
  serviceOf,
  siiRecordProblem,
} from '@functions/lib/sii-xml';
import { once } from '@functions/platform/aws/env';
import type { Logger } from '@functions/platform/logger';
import { parseJsonBody, sqsHandler, workerErrorFields } from '@functions/platform/workers';
import {
  SII_BOOK_NAMES,
  SII_BOOKS,
  SII_MAX_RECORDS_PER_MESSAGE,
  type SiiBook,
  type SiiConfig,
  type SiiEntry,
  type SiiOperation,
  type SiiSubmission,
} from '@shared/schemas/sii';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import {
  claimChange,
  type LineVerdict,
  type Notice,
  noteChange,
  recordResult,
  settleChange,
  submissionStatus,
  UNSUPPORTED_CASH_CHANGE,
  type Verdict,
  verdictOfConsulta,
  verdictOfLine,
} from '../model/outcome';
import {
  type SiiGateway,
  type SiiMessage,
  type SiiTarget,
  SiiTransportError,
  siiTarget,
  xmlGateway,
} from '../store/aeat-client';
import {
  type ArchiveKeys,
  type ArchiveStore,
  ArchiveUnavailableError,
  exchangeRecorder,
  s3ArchiveStore,
} from '../store/archive';
import {
  CERTIFICATE_PROBLEM_TEXT,
  type CertificateProblem,
  loadSiiCertificate,
  type SiiCertificate,
} from '../store/certificates';
import { getSiiCompany, getSiiConfig, type SiiCompany } from '../store/config';
import { aeatProblemText, bookOfService, consultaLR, consultaSubmission, headerOf } from '../store/consulta';
import { makeDeps, type SiiDeps } from '../store/deps';
import {
  isolationKey,
  recordRun,
  releaseLease,
  type SiiSenderRun,
  setIsolation,
  takeLease,
} from '../store/lease';
import {
  applyMoves,
  type EntryMove,
  listPending,
  newSubmissionId,
  putSubmission,
} from '../store/submissions';
import { wakeSender } from '../store/trigger';

export interface SubmitDeps extends Pick<SiiDeps, 'db' | 'table' | 'now' | 'newId'> {
  gateway: SiiGateway;
  /** Where every exchange is archived (the sii-archive bucket). */
  archive: ArchiveStore;
  loadCertificate: (
    companyId: string,
    config: SiiConfig,
  ) => Promise<SiiCertificate | { problem: CertificateProblem }>;
  /** Tells the company's staff about an entry that needs them (rejected, error, pending correction). */
  notify: (entry: SiiEntry, notice: Exclude<Notice, null>) => Promise<void>;
  /** Wakes the sender again when a run stops with work left (budget, rounds). */
  wake: (companyId: string, dedupeId: string) => Promise<void>;
  soapTimeoutMs: number;
  /** Milliseconds since the message started (real time, also when `now` is fixed in tests). */
  elapsedMs: () => number;
  /** No SOAP call starts after this much time minus the SOAP time-out (the function has 29 s). */
  budgetMs: number;
  maxRecordsPerMessage: number;
}

/** An outcome SQS must retry (the message returns with back-off and, in the end, reaches the DLQ). */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
}

export type Stop =
  | 'not-enabled'
  | 'not-configured'
  | 'leased'
  | 'no-certificate'
  | 'invalid-header'
  | 'in-flight'
  | 'budget'
  | 'rounds'
  | 'idle';

export interface DrainResult {
  /** SOAP messages (Suministro / Baja) sent. */
  messages: number;
  /** Records in them. */
  sent: number;
  accepted: number;
  rejected: number;
  /** Entries settled by a ConsultaLR. */
  resolved: number;
  consultas: number;
  stop: Stop;
}

type Ctx = { log: Logger };

/** One run never goes beyond this many rounds (each sends at most one message or resolves one book's unknowns). */
const MAX_ROUNDS = 50;
/** Up to this many unknown entries of one service and period are asked one by one; more, by period. */
const PER_INVOICE_CONSULTA = 5;

/** What the sender carries while it holds the company's lease. */
interface Drain {
  deps: SubmitDeps;
  company: SiiCompany;
  config: SiiConfig;
  header: SiiHeader;
  leaseId: string;
  isolation: Record<string, number>;
  target: SiiTarget | null;
  ctx: Ctx;
  result: DrainResult;
  inFlight: boolean;
  stopMessage: string | null;
}

const emptyResult = (): DrainResult => ({
  messages: 0,
  sent: 0,
  accepted: 0,
  rejected: 0,
  resolved: 0,
  consultas: 0,
  stop: 'idle',
});

const NOT_ENABLED = 'La empresa no tiene activado el SII: no se envía nada.';
const NOT_CONFIGURED =
  'Falta la configuración SII de la empresa (entorno y certificado): los registros esperan en cola.';

/** Processes one trigger for one company; throws RetryLaterError when SQS must try again. */
export async function drainCompany(deps: SubmitDeps, companyId: string, ctx: Ctx): Promise<DrainResult> {
  const result = emptyResult();
  const at = () => deps.now().toISOString();
  const company = await getSiiCompany(deps, companyId);
  if (!company?.siiEnabled) {
    ctx.log.info('SII is off for this company; nothing is sent', { companyId });
    if (company) await recordRun(deps, companyId, { at: at(), stop: 'not-enabled', message: NOT_ENABLED });
    return { ...result, stop: 'not-enabled' };
  }
  const config = await getSiiConfig(deps, companyId);
  if (!config) {
    ctx.log.info('SII not configured for this company; records stay queued', { companyId });
    await recordRun(deps, companyId, { at: at(), stop: 'not-configured', message: NOT_CONFIGURED });
    return { ...result, stop: 'not-configured' };
  }
  const lease = await takeLease(deps, companyId);
  if (!lease) {
    ctx.log.info('Another SII sender holds the company; it drains the books', { companyId });
    return { ...result, stop: 'leased' };
  }
  const d: Drain = {
    deps,
    company,
    config,
    header: headerOf(company, config),
    leaseId: lease.leaseId,
    isolation: { ...(lease.state.isolation ?? {}) },
    target: null,
    ctx,
    result,
    inFlight: false,
    stopMessage: null,
  };
  let run: SiiSenderRun | undefined;
  try {
    result.stop = await drainBooks(d);
    run = { at: at(), stop: result.stop, message: d.stopMessage };
  } catch (e) {
    run = { at: at(), stop: 'retry', message: e instanceof RetryLaterError ? e.message.slice(0, 300) : null };
    throw e;
  } finally {
    await releaseLease(deps, companyId, lease.leaseId, run);
  }
  if (result.stop === 'budget' || result.stop === 'rounds')
    await deps.wake(companyId, `${companyId}:more:${newSubmissionId(deps.now(), deps.newId)}`);
  return result;
}

/** The books in order; a book ends when it has nothing to send now. */
async function drainBooks(d: Drain): Promise<Stop> {
  let rounds = 0;
  for (const book of SII_BOOKS) {
    for (;;) {
      if (rounds++ >= MAX_ROUNDS) return 'rounds';
      const step = await bookRound(d, book);
      if (step === 'next-book') break;
      if (step !== 'again') return step;
    }
  }
  return d.inFlight ? 'in-flight' : 'idle';
}

type Step =
  | 'again'
  | 'next-book'
  | Exclude<Stop, 'idle' | 'leased' | 'not-enabled' | 'not-configured' | 'rounds' | 'in-flight'>;

/** One round of one book: resolve the unknowns, or send one message. */
async function bookRound(d: Drain, book: SiiBook): Promise<Step> {
  const { deps } = d;
  const pending = await listPending(deps, d.company.companyId, book, deps.maxRecordsPerMessage);
  if (pending.length === 0) return 'next-book';
  const now = deps.now().getTime();
  const sent = pending.filter((e) => e.status === 'SENT');
  const young = sent.filter((e) => now - Date.parse(e.lastSentAt ?? e.updatedAt) < deps.soapTimeoutMs);
  if (young.length > 0) {
    d.ctx.log.info('SII records in flight; the book waits', {
      companyId: d.company.companyId,
      book,
      young: young.length,
    });
    d.inFlight = true;
    return 'next-book';
  }
  if (sent.length > 0) {
    const stop = await resolveUnknown(d, sent, null);
    return stop ?? 'again';
  }
  return sendNext(d, pending);
}

// --- certificate and budget -------------------------------------------------------------------------

/** The AEAT with the company's certificate (loaded once), or the reason there is none. */
async function targetOf(d: Drain): Promise<SiiTarget | Step> {
  if (d.target) return d.target;
  const cert = await d.deps.loadCertificate(d.company.companyId, d.config);
  if ('problem' in cert) {
    d.ctx.log.warn('SII: no usable certificate; records wait', {
      companyId: d.company.companyId,
      problem: cert.problem,
    });
    d.stopMessage = CERTIFICATE_PROBLEM_TEXT[cert.problem];
    return 'no-certificate';
  }
  d.target = siiTarget(d.config, cert, d.deps.soapTimeoutMs);
  return d.target;
}

/** A SOAP call may start: time is left and the company has a usable certificate. */
async function callable(d: Drain): Promise<SiiTarget | Step> {
  if (d.deps.elapsedMs() + d.deps.soapTimeoutMs + 2_000 > d.deps.budgetMs) return 'budget';
  return targetOf(d);
}

// --- sending ---------------------------------------------------------------------------------------

/** The entry as if its pending operation were being sent now (verdicts given before any claim). */
const asIfSent = (e: SiiEntry): SiiEntry => ({
  ...e,
  sentContentVersion: e.contentVersion,
  sentOperation: e.pendingOperation,
});

const isCash = (s: SiiService) => s === 'COBROS' || s === 'PAGOS';

/** What must happen to a queued entry before anything is claimed (null: it can be sent). */
function localVerdict(d: Drain, e: SiiEntry): Verdict | null {
  const op = e.pendingOperation;
  if (op === null)
    return { kind: 'NOT_DELIVERED', reason: 'NOTHING_DUE', message: 'No hay nada que comunicar a la AEAT.' };
  const service = serviceOf(e.record);
  if (isCash(service) && op !== 'A0') return { kind: 'UNSUPPORTED', message: UNSUPPORTED_CASH_CHANGE };
  const problem = siiRecordProblem(service, op === 'BAJA' ? 'ANULACION' : 'SUMINISTRO', d.header, e.record);
  if (problem) return { kind: 'REJECTED', code: 'VALIDACION', message: `No enviado: ${problem}` };
  return null;
}

interface Batch {
  service: SiiService;
  operation: SiiOperation;
  entries: SiiEntry[];
}

/** Sets aside the entries that cannot go, then takes the next message: one service and operation, distinct invoices. */
async function nextBatch(d: Drain, queued: SiiEntry[]): Promise<Batch | null> {
  const local: EntryMove[] = [];
  const notices: { entry: SiiEntry; notice: Notice }[] = [];
  const at = d.deps.now().toISOString();
  let batch: Batch | null = null;
  const keysInBatch = new Set<string>();
  for (const e of queued) {
    const verdict = localVerdict(d, e);
    if (verdict) {
      const { change, notice } = settleChange(asIfSent(e), verdict, at, null);
      local.push({ entry: e, change });
      notices.push({ entry: e, notice });
      continue;
    }
    const service = serviceOf(e.record);
    const operation = e.pendingOperation!;
    batch ??= { service, operation, entries: [] };
    if (batch.service !== service || batch.operation !== operation) continue;
    const cap = Math.min(
      d.deps.maxRecordsPerMessage,
      d.isolation[isolationKey(service, operation)] ?? Number.POSITIVE_INFINITY,
    );
    if (batch.entries.length >= cap) continue;
    // Two records of one invoice cannot share a message (the answer lines are matched by invoice).
    const key = recordKey(e.record);
    if (keysInBatch.has(key)) continue;
    keysInBatch.add(key);
    batch.entries.push(e);
  }
  if (local.length > 0) {
    const moved = await applyMoves(d.deps, local);
    for (const { entry, notice } of notices) {
      const after = moved.get(entry.entryId);
      if (after && notice) await notify(d, after, notice);
      if (after && notice === 'REJECTED') d.result.rejected += 1;
    }
  }
  return batch;
}

/** Claims, archives, sends and settles one message of the book; or sets aside what cannot go. */
async function sendNext(d: Drain, pending: SiiEntry[]): Promise<Step> {
  const queued = pending.filter((e) => e.status === 'QUEUED');
  if (queued.length === 0) return 'next-book';
  const ready = await callable(d);
  if (typeof ready === 'string') return ready;
  const batch = await nextBatch(d, queued);
  if (!batch) return 'again';
  const { deps } = d;
  const attemptId = deps.newId();
  const submissionId = newSubmissionId(deps.now(), deps.newId);
  const at = deps.now().toISOString();
  const claimed = await applyMoves(
    deps,
    batch.entries.map((e) => ({ entry: e, change: claimChange(e, attemptId, at, submissionId) })),
  );
  const toSend = batch.entries
    .map((e) => claimed.get(e.entryId))
    .filter((e): e is SiiEntry => e !== undefined);
  if (toSend.length === 0) return 'again';
  if (deps.elapsedMs() + deps.soapTimeoutMs + 2_000 > deps.budgetMs) {
    // Claiming a large message took the time the call needed: give the claims back, go on next run.
    const verdict: Verdict = {
      kind: 'RETRY_SPLIT',
      message: 'Sin tiempo para enviar en esta ejecución: se enviará en la siguiente.',
    };
    await settle(d, attemptId, null, new Map(toSend.map((e) => [e.entryId, verdict])), toSend);
    return 'budget';
  }
  const message: SiiMessage = {
    service: batch.service,
    operation: batch.operation,
    header: d.header,
    records: toSend.map((e) => e.record),
  };
  const submission = newSubmission(d, submissionId, message, toSend, at);
  await putSubmission(deps, submission);
  const recorder = exchangeRecorder(deps.archive, {
    companyId: d.company.companyId,
    exchangeId: submissionId,
    at: new Date(at),
    log: d.ctx.log,
  });
  d.result.messages += 1;
  d.result.sent += toSend.length;
  try {
    const answer = await deps.gateway.submit(ready, message, recorder);
    const exchange = { service: batch.service, submission, attemptId, toSend, archive: recorder.keys() };
    if (answer.kind === 'response') return await settleAnswer(d, exchange, answer.response);
    if (answer.faultCode === 'Client') return await settleClientFault(d, exchange, batch, answer);
    // A Server fault: the AEAT failed while processing; what it kept is unknown (ConsultaLR later).
    await settleUnknown(
      d,
      exchange,
      new SiiTransportError('MAYBE', 'HTTP', `SOAP Fault Server: ${answer.message}`.slice(0, 300)),
    );
  } catch (e) {
    const exchange = { service: batch.service, submission, attemptId, toSend, archive: recorder.keys() };
    if (e instanceof SiiTransportError) return settleUnknown(d, exchange, e);
    if (e instanceof ArchiveUnavailableError) return settleNotSent(d, exchange, 'ARCHIVE_FAILED', e.message);
    if (e instanceof SiiRecordError) return settleWriterRefusal(d, exchange, e);
    throw e;
  }
  return 'again';
}

interface Exchange {
  service: SiiService;
  submission: SiiSubmission;
  attemptId: string;
  toSend: SiiEntry[];
  archive: ArchiveKeys | null;
}

function newSubmission(
  d: Drain,
  submissionId: string,
  message: SiiMessage,
  entries: SiiEntry[],
  at: string,
): SiiSubmission {
  return {
    submissionId,
    companyId: d.company.companyId,
    book: bookOfService(message.service),
    operation: message.operation,
    environment: d.config.environment,
    status: 'SENT',
    recordCount: entries.length,
    acceptedCount: 0,
    acceptedWithErrorsCount: 0,
    rejectedCount: 0,
    aeatState: null,
    csv: null,
    periods: periodsOf(entries),
    records: entries.map((e) => ({
      entryId: e.entryId,
      documentId: e.documentId,
      documentNumber: e.documentNumber,
      status: 'SENT',
      code: null,
      message: null,
    })),
    error: null,
    archive: { request: null, response: null },
    sentAt: at,
    answeredAt: null,
    triggeredBy: null,
  };
}

const periodsOf = (entries: SiiEntry[]): string[] =>
  [...new Set(entries.map((e) => `${e.period.year}-${e.period.period}`))].sort();

const archiveOf = (keys: ArchiveKeys | null) => ({
  request: keys?.request ?? null,
  response: keys?.response ?? null,
});

/** Applies the verdicts of an attempt (conditional on it), recomputing for entries whose content changed meanwhile. */
async function settle(
  d: Drain,
  attemptId: string,
  submissionId: string | null,
  verdicts: Map<string, Verdict>,
  entries: SiiEntry[],
): Promise<Map<string, SiiEntry>> {
  const at = d.deps.now().toISOString();
  const notices = new Map<string, Notice>();
  const move = (e: SiiEntry): EntryMove | null => {
    const verdict = verdicts.get(e.entryId);
    if (!verdict || e.status !== 'SENT' || e.attemptId !== attemptId) return null;
    const { change, notice } = settleChange(e, verdict, at, submissionId);
    notices.set(e.entryId, notice);
    return { entry: e, change };
  };
  const moves = entries.map(move).filter((m): m is EntryMove => m !== null);
  const moved = await applyMoves(d.deps, moves, move);
  for (const [entryId, after] of moved) {
    const notice = notices.get(entryId);
    if (notice) await notify(d, after, notice);
  }
  return moved;
}

/** An answered message: each entry takes the verdict of its RespuestaLinea. */
async function settleAnswer(d: Drain, x: Exchange, response: SiiSuministroResponse): Promise<Step> {
  const byKey = new Map(response.lines.map((l) => [l.key, l]));
  const verdicts = new Map<string, Verdict>();
  const lineVerdicts = new Map<string, LineVerdict>();
  const ask: SiiEntry[] = [];
  const unanswered: SiiEntry[] = [];
  for (const e of x.toSend) {
    const line = byKey.get(recordKey(e.record));
    if (!line) {
      unanswered.push(e);
      continue;
    }
    const v = verdictOfLine(e, line, response.csv);
    lineVerdicts.set(e.entryId, v);
    if (v.kind === 'ASK') ask.push(e);
    else verdicts.set(e.entryId, v);
  }
  const moved = await settle(d, x.attemptId, x.submission.submissionId, verdicts, x.toSend);
  const at = d.deps.now().toISOString();
  const notes = [
    ...unanswered.map((e) => ({
      e,
      text: 'La respuesta de la AEAT no incluye este registro: se consultará (ConsultaLR).',
    })),
    ...ask.map((e) => ({
      e,
      text: 'Factura duplicada (3000): se consulta a la AEAT (ConsultaLR) antes de decidir.',
    })),
  ];
  const noted = await applyMoves(
    d.deps,
    notes.map(({ e, text }) => ({ entry: e, change: noteChange(e, at, x.submission.submissionId, text) })),
  );
  const results = x.toSend.map((e) => {
    const v = lineVerdicts.get(e.entryId);
    const r = v
      ? recordResult(v)
      : { status: 'SENT' as const, code: null, message: 'Sin línea de respuesta' };
    return { entryId: e.entryId, documentId: e.documentId, documentNumber: e.documentNumber, ...r };
  });
  const counted = [...lineVerdicts.values()];
  d.result.accepted += counted.filter((v) => v.kind === 'REGISTERED' || v.kind === 'REMOVED').length;
  d.result.rejected += counted.filter((v) => v.kind === 'REJECTED').length;
  await putSubmission(d.deps, {
    ...x.submission,
    status: submissionStatus(results.map((r) => r.status)),
    acceptedCount: counted.filter((v) => v.kind === 'REGISTERED' || v.kind === 'REMOVED').length,
    acceptedWithErrorsCount: counted.filter((v) => v.kind === 'REGISTERED' && v.withErrors).length,
    rejectedCount: counted.filter(
      (v) => v.kind === 'REJECTED' || v.kind === 'NOT_AT_AEAT' || v.kind === 'ASK',
    ).length,
    aeatState: response.state,
    csv: response.csv,
    records: results,
    archive: archiveOf(x.archive),
    answeredAt: at,
  });
  d.ctx.log.info('SII message answered', {
    companyId: d.company.companyId,
    submissionId: x.submission.submissionId,
    records: x.toSend.length,
    moved: moved.size,
    state: response.state,
  });
  await liftIsolationAfterAnswer(d, x);
  if (ask.length > 0) {
    const stop = await resolveUnknown(
      d,
      ask.map((e) => noted.get(e.entryId) ?? e),
      x.attemptId,
    );
    if (stop) return stop;
  }
  if (unanswered.length > 0)
    throw new RetryLaterError(
      `${unanswered.length} registros sin línea de respuesta; ConsultaLR los resolverá`,
    );
  return 'again';
}

/** A message smaller than its service's cap was the whole queue of it: the cap has done its job. */
async function liftIsolationAfterAnswer(d: Drain, x: Exchange): Promise<void> {
  const key = isolationKey(x.service, x.submission.operation);
  const cap = d.isolation[key];
  if (cap === undefined || x.toSend.length >= cap) return;
  delete d.isolation[key];
  await setIsolation(d.deps, d.company.companyId, d.leaseId, d.isolation);
}

/** A SOAP Client fault: the whole message was refused; split it (or the one record is the bad one). */
async function settleClientFault(
  d: Drain,
  x: Exchange,
  batch: Batch,
  fault: { code: string | null; message: string },
): Promise<Step> {
  const key = isolationKey(batch.service, batch.operation);
  const text = `SOAP Fault${fault.code ? ` ${fault.code}` : ''}: ${fault.message}`.slice(0, 500);
  const at = d.deps.now().toISOString();
  if (x.toSend.length > 1) {
    const verdict: Verdict = {
      kind: 'RETRY_SPLIT',
      message: `La AEAT rechazó el mensaje entero (${text}); se reenvía por partes para aislar el registro erróneo.`,
    };
    await settle(
      d,
      x.attemptId,
      x.submission.submissionId,
      new Map(x.toSend.map((e) => [e.entryId, verdict])),
      x.toSend,
    );
    d.isolation[key] = Math.ceil(x.toSend.length / 2);
    await setIsolation(d.deps, d.company.companyId, d.leaseId, d.isolation);
    d.ctx.log.warn('SOAP Client fault on an SII message; it is split', {
      companyId: d.company.companyId,
      records: x.toSend.length,
      code: fault.code,
    });
    await putSubmission(d.deps, {
      ...x.submission,
      status: 'ERROR',
      records: x.submission.records.map((r) => ({
        ...r,
        status: 'QUEUED',
        message: 'Se reenvía por partes',
      })),
      error: { code: fault.code ?? 'SOAP', message: text },
      archive: archiveOf(x.archive),
      answeredAt: at,
    });
    return 'again';
  }
  const verdict: Verdict = { kind: 'REJECTED', code: fault.code ?? 'SOAP', message: text };
  await settle(
    d,
    x.attemptId,
    x.submission.submissionId,
    new Map([[x.toSend[0]!.entryId, verdict]]),
    x.toSend,
  );
  d.result.rejected += 1;
  if (key in d.isolation) {
    delete d.isolation[key];
    await setIsolation(d.deps, d.company.companyId, d.leaseId, d.isolation);
  }
  await putSubmission(d.deps, {
    ...x.submission,
    status: 'REJECTED',
    rejectedCount: 1,
    records: x.submission.records.map((r) => ({ ...r, status: 'REJECTED', code: fault.code, message: text })),
    error: { code: fault.code ?? 'SOAP', message: text },
    archive: archiveOf(x.archive),
    answeredAt: at,
  });
  return 'again';
}

/** Our writer refused the message: the record it names is REJECTED, the others go again. */
async function settleWriterRefusal(d: Drain, x: Exchange, e: SiiRecordError): Promise<Step> {
  const bad = e.index === null ? null : (x.toSend[e.index] ?? null);
  const verdicts = new Map<string, Verdict>();
  for (const entry of x.toSend)
    verdicts.set(
      entry.entryId,
      entry === bad
        ? { kind: 'REJECTED', code: 'VALIDACION', message: `No enviado: ${e.problem}` }
        : {
            kind: 'RETRY_SPLIT',
            message: `No enviado: otro registro del mensaje no es válido (${e.problem}).`,
          },
    );
  await settle(d, x.attemptId, x.submission.submissionId, verdicts, x.toSend);
  await putSubmission(d.deps, {
    ...x.submission,
    status: 'ERROR',
    records: x.submission.records.map((r) => ({
      ...r,
      status: r.entryId === bad?.entryId ? 'REJECTED' : 'QUEUED',
    })),
    error: { code: 'VALIDACION', message: `No enviado: ${e.problem}`.slice(0, 500) },
    answeredAt: d.deps.now().toISOString(),
  });
  if (bad) return 'again';
  // The Cabecera itself (the company's name or NIF) cannot be written: nothing can go until it is fixed.
  d.stopMessage = `Los datos de la empresa no son válidos para el SII: ${e.problem}`;
  return 'invalid-header';
}

/** Nothing reached the AEAT: back to QUEUED (or ERROR after the last attempt) and SQS retries. */
async function settleNotSent(d: Drain, x: Exchange, reason: string, message: string): Promise<never> {
  const verdict: Verdict = { kind: 'NOT_DELIVERED', reason, message: `No enviado: ${message}` };
  await settle(
    d,
    x.attemptId,
    x.submission.submissionId,
    new Map(x.toSend.map((e) => [e.entryId, verdict])),
    x.toSend,
  );
  await putSubmission(d.deps, {
    ...x.submission,
    status: 'ERROR',
    records: x.submission.records.map((r) => ({ ...r, status: 'QUEUED', message: 'No enviado' })),
    error: { code: reason, message: message.slice(0, 500) },
    archive: archiveOf(x.archive),
  });
  throw new RetryLaterError(`SII: mensaje no enviado (${reason}); registros de nuevo en cola`);
}

/** No usable answer: certainly not delivered → QUEUED; maybe delivered → stays SENT (ConsultaLR first). */
async function settleUnknown(d: Drain, x: Exchange, e: SiiTransportError): Promise<never> {
  if (e.delivered === 'NO') return settleNotSent(d, x, e.reason, e.detail);
  const at = d.deps.now().toISOString();
  const text = `Resultado desconocido (${e.detail}): se consultará a la AEAT antes de reenviar.`;
  await applyMoves(
    d.deps,
    x.toSend.map((entry) => ({ entry, change: noteChange(entry, at, x.submission.submissionId, text) })),
  );
  await putSubmission(d.deps, {
    ...x.submission,
    status: 'SENT',
    error: { code: e.reason, message: e.detail.slice(0, 500) },
    archive: archiveOf(x.archive),
  });
  throw new RetryLaterError(`SII: resultado desconocido (${e.reason}); ConsultaLR antes de reenviar`);
}

// --- unknown outcomes: ConsultaLR ---------------------------------------------------------------------

interface ConsultaGroup {
  service: SiiService;
  period: { year: number; period: string };
  entries: SiiEntry[];
}

/** The query period of an entry: its record's, or (cobros/pagos, asked per invoice) its invoice month. */
const periodOfEntry = (e: SiiEntry) => {
  const r = e.record;
  if (r.book !== 'RECC') return r.period;
  return { year: Number(r.invoiceId.issueDate.slice(0, 4)), period: r.invoiceId.issueDate.slice(5, 7) };
};

function consultaGroups(entries: SiiEntry[]): ConsultaGroup[] {
  const groups = new Map<string, ConsultaGroup>();
  for (const e of entries) {
    const service = serviceOf(e.record);
    const period = periodOfEntry(e);
    const key = `${service}|${period.year}|${period.period}`;
    const g = groups.get(key) ?? { service, period, entries: [] };
    g.entries.push(e);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** The filter narrowing a query to one entry's invoice. */
function invoiceFilter(e: SiiEntry) {
  const r = e.record;
  if (r.book === 'RECC') return { invoiceId: r.invoiceId, issuerName: r.issuerName ?? null };
  if (r.book === 'BI') return { invoiceId: r.invoiceId, goodIdentification: r.goodIdentification };
  if (r.book === 'OI') return { invoiceId: r.invoiceId, counterparty: r.counterparty };
  return { invoiceId: r.invoiceId, counterparty: r.counterparty };
}

/**
 * Settles SENT entries whose attempt has no known outcome, by asking the AEAT what it holds. Each
 * entry keeps its own attemptId as the condition (`attemptId`: the one of a message just answered
 * 3000, or null for each entry's own). Returns a stop, or null when every group was asked.
 */
async function resolveUnknown(d: Drain, entries: SiiEntry[], attemptId: string | null): Promise<Step | null> {
  for (const g of consultaGroups(entries)) {
    const rowsOf = new Map<string, SiiConsultaRecord[]>();
    const asked: SiiSubmission[] = [];
    const stop = await askGroup(d, g, rowsOf, asked);
    // What was asked is settled even when the run stops before the whole group was asked.
    const verdicts = new Map<string, Verdict>();
    for (const e of g.entries) {
      const rows = rowsOf.get(e.entryId);
      if (rows) verdicts.set(e.entryId, verdictOfConsulta(e, rows));
    }
    // Each entry is settled under its own attempt: the one it was sent with.
    const byAttempt = new Map<string, SiiEntry[]>();
    for (const e of g.entries) {
      if (!verdicts.has(e.entryId)) continue;
      const a = attemptId ?? e.attemptId ?? '';
      byAttempt.set(a, [...(byAttempt.get(a) ?? []), e]);
    }
    for (const [a, list] of byAttempt) {
      const moved = await settle(d, a, null, verdicts, list);
      d.result.resolved += moved.size;
    }
    // Each query's record lists what it found for each entry asked.
    for (const submission of asked) {
      const records = submission.records.map((r) => {
        const v = verdicts.get(r.entryId);
        return v ? { ...r, ...consultaResult(v) } : r;
      });
      await putSubmission(d.deps, { ...submission, records });
    }
    d.ctx.log.info('SII unknown outcomes resolved with ConsultaLR', {
      companyId: d.company.companyId,
      service: g.service,
      entries: g.entries.length,
      resolved: verdicts.size,
    });
    if (stop) return stop;
  }
  return null;
}

/**
 * Fills `rowsOf` with what the AEAT holds for each entry of the group: one query of the period for
 * many entries (then one per invoice for those a cut-short answer did not show), one per invoice for
 * a few, and always per invoice for cobros/pagos. Returns a stop when the run must end first.
 */
async function askGroup(
  d: Drain,
  g: ConsultaGroup,
  rowsOf: Map<string, SiiConsultaRecord[]>,
  asked: SiiSubmission[],
): Promise<Step | null> {
  const perInvoice = isCash(g.service) || g.entries.length <= PER_INVOICE_CONSULTA;
  if (!perInvoice) {
    const ready = await callable(d);
    if (typeof ready === 'string') return ready;
    const { res, submission } = await consult(d, ready, g, null);
    asked.push(submission);
    for (const e of g.entries) {
      const rows = res.records.filter((r) => r.key === recordKey(e.record));
      if (rows.length > 0 || res.complete) rowsOf.set(e.entryId, rows);
    }
  }
  for (const e of g.entries) {
    if (rowsOf.has(e.entryId)) continue;
    const ready = await callable(d);
    if (typeof ready === 'string') return ready;
    const { res, submission } = await consult(d, ready, g, e);
    asked.push(submission);
    if (!res.complete && res.records.length === 0)
      throw new RetryLaterError('ConsultaLR incompleta: se volverá a consultar');
    rowsOf.set(
      e.entryId,
      res.records.filter((r) => r.key === recordKey(e.record)),
    );
  }
  return null;
}

/** What a query found for one entry, as its submission lists it. */
function consultaResult(v: Verdict): { status: SiiEntry['status']; code: string | null; message: string } {
  if (v.kind === 'REGISTERED' || v.kind === 'REMOVED')
    return { status: 'ACCEPTED', code: null, message: 'La AEAT tiene el registro: no se vuelve a enviar.' };
  return { status: 'QUEUED', code: null, message: 'La AEAT no tiene el registro: se enviará de nuevo.' };
}

/** One ConsultaLR (archived, recorded as a submission); any failure → RetryLaterError. */
async function consult(d: Drain, target: SiiTarget, g: ConsultaGroup, one: SiiEntry | null) {
  const { deps } = d;
  const exchangeId = newSubmissionId(deps.now(), deps.newId);
  const sentAt = deps.now().toISOString();
  d.result.consultas += 1;
  const records = (one ? [one] : g.entries).map((e) => ({
    entryId: e.entryId,
    documentId: e.documentId,
    documentNumber: e.documentNumber,
    status: e.status,
    code: null,
    message: null,
  }));
  const base = {
    companyId: d.company.companyId,
    service: g.service,
    environment: d.config.environment,
    exchangeId,
    periods: [`${g.period.year}-${g.period.period}`],
    sentAt,
    records,
    triggeredBy: null,
  };
  try {
    const res = await consultaLR(
      { gateway: deps.gateway, archive: deps.archive, now: deps.now, newId: deps.newId, log: d.ctx.log },
      {
        company: d.company,
        config: d.config,
        target,
        service: g.service,
        period: g.period,
        ...(one ? invoiceFilter(one) : {}),
        maxPages: one ? 2 : 10,
        exchangeId,
      },
    );
    const submission = consultaSubmission({
      ...base,
      answeredAt: deps.now().toISOString(),
      found: res.records.length,
      archive: res.archive,
      error: null,
    });
    await putSubmission(deps, submission);
    return { res, submission };
  } catch (e) {
    const message = aeatProblemText(e);
    if (message === null) throw e;
    await putSubmission(
      deps,
      consultaSubmission({
        ...base,
        answeredAt: null,
        found: 0,
        archive: null,
        error: { code: 'CONSULTA', message },
      }),
    );
    throw new RetryLaterError(`ConsultaLR sin respuesta (${message}); se volverá a consultar`);
  }
}

// --- notifications -----------------------------------------------------------------------------------

async function notify(d: Drain, entry: SiiEntry, notice: Exclude<Notice, null>): Promise<void> {
  try {
    await d.deps.notify(entry, notice);
  } catch (e) {
    // The state is recorded (and the dashboard counts it); a lost notification must not retry a send.
    d.ctx.log.error('SII notification not created', { entryId: entry.entryId, ...workerErrorFields(e) });
  }
}

/** The notification of an entry that needs the staff, in Spanish. */
export function siiNotice(entry: SiiEntry, notice: Exclude<Notice, null>) {
  const book = SII_BOOK_NAMES[entry.book].toLowerCase();
  const error = entry.lastError;
  const detail = error ? ` (${[error.code, error.message].filter(Boolean).join(': ')})` : '';
  const what = `${entry.documentNumber} en el ${book}`;
  switch (notice) {
    case 'REJECTED':
      return {
        type: 'sii_record_rejected',
        title: 'Registro SII rechazado',
        message: `La AEAT ha rechazado el registro de ${what}${detail}. Corrígelo y reinténtalo.`.slice(
          0,
          1000,
        ),
        severity: 'error' as const,
        link: '/app/tax/sii',
      };
    case 'ERROR':
      return {
        type: 'sii_record_error',
        title: 'Registro SII sin enviar',
        message:
          `No se ha podido enviar a la AEAT el registro de ${what} tras varios intentos${detail}. Revisa la conexión y reinténtalo.`.slice(
            0,
            1000,
          ),
        severity: 'error' as const,
        link: '/app/tax/sii',
      };
    case 'PENDING_CORRECTION':
      return {
        type: 'sii_record_pending_correction',
        title: 'Registro SII pendiente de corrección',
        message: `El registro de ${what} necesita una corrección manual${detail}.`.slice(0, 1000),
        severity: 'warning' as const,
        link: '/app/tax/sii',
      };
  }
}

/** The company's staff (not its CLIENTE users) hear about it. */
export function notifyStaff(deps: Pick<SiiDeps, 'db' | 'table' | 'now' | 'newId'>) {
  return async (entry: SiiEntry, notice: Exclude<Notice, null>) => {
    const staff = (await listCompanyMembers(deps, entry.companyId)).filter(
      (m) => m.isActive && m.companyRole !== 'CLIENTE',
    );
    const n = siiNotice(entry, notice);
    for (const member of staff)
      await notifyUser(deps, { userId: member.userId, companyId: entry.companyId, ...n });
  };
}

// --- SQS entry point ---------------------------------------------------------------------------------

/** Receive-count back-off of a message that must be retried: 20 s, 40 s, 80 s, … up to 5 minutes. */
export const retryDelaySeconds = (receiveCount: number): number =>
  Math.min(20 * 2 ** Math.max(0, receiveCount - 1), 300);

export function makeSubmitDeps(base: SiiDeps = makeDeps()): Omit<SubmitDeps, 'elapsedMs'> {
  return {
    db: base.db,
    table: base.table,
    now: base.now,
    newId: base.newId,
    gateway: xmlGateway(),
    archive: s3ArchiveStore(base),
    loadCertificate: (companyId, config) => loadSiiCertificate(base, companyId, config, base.now()),
    notify: notifyStaff(base),
    wake: (companyId, dedupeId) => wakeSender(base, companyId, dedupeId),
    soapTimeoutMs: SII_SOAP_TIMEOUT_MS,
    budgetMs: 27_000,
    maxRecordsPerMessage: SII_MAX_RECORDS_PER_MESSAGE,
  };
}

/** The company of a trigger message (`{ companyId }`). */
export function companyOfMessage(body: unknown): string | null {
  const companyId = (body as { companyId?: unknown } | null)?.companyId;
  return typeof companyId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(companyId) ? companyId : null;
}

export async function processMessage(
  deps: Omit<SubmitDeps, 'elapsedMs'>,
  record: SQSRecord,
  ctx: Ctx,
): Promise<DrainResult | null> {
  const companyId = companyOfMessage(parseJsonBody(record));
  if (!companyId) {
    ctx.log.warn('SII send message without a company; ignored');
    return null;
  }
  const started = Date.now();
  const result = await drainCompany({ ...deps, elapsedMs: () => Date.now() - started }, companyId, ctx);
  ctx.log.info('SII sender finished', { companyId, ...result });
  return result;
}

/**
 * The ordered SQS handler, then the failed messages get a back-off visibility (instead of the
 * queue's 540 s), so a retry (ConsultaLR, resend) comes soon and failures still reach the DLQ after
 * maxReceiveCount receives.
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

const base = once(makeDeps);
const deps = once(() => makeSubmitDeps(base()));
const inner = sqsHandler((record, ctx) => processMessage(deps(), record, ctx).then(() => undefined), {
  ordered: true,
});

export const handler = withBackoff(inner, async (receiptHandle, seconds) => {
  const b = base();
  await b.sqs.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: b.sendQueueUrl,
      ReceiptHandle: receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
});
