/**
 * ConsultaLR: what the AEAT holds of a book (ConsultaLR.xsd v1.1), for a period, optionally one
 * invoice, or the cobros/pagos of one invoice. Used by the sender (before resending anything whose
 * outcome is unknown, and after a 3000 duplicate), and by the API (the book query, the connection
 * test). Every query is an archived exchange like a message (store/archive.ts): the envelope of each
 * page before its call, the raw answer after.
 */

import {
  SII_SOAP_TIMEOUT_MS,
  type SiiConsultaRecord,
  type SiiHeader,
  type SiiService,
} from '@functions/lib/sii-xml';
import type { Logger } from '@functions/platform/logger';
import type {
  SiiBook,
  SiiConfig,
  SiiCounterparty,
  SiiInvoiceId,
  SiiPeriod,
  SiiSubmission,
} from '@shared/schemas/sii';
import { type SiiGateway, type SiiTarget, siiTarget, xmlGateway } from './aeat-client';
import { type ArchiveKeys, type ArchiveStore, exchangeRecorder, s3ArchiveStore } from './archive';
import { CERTIFICATE_PROBLEM_TEXT, type CertificateProblem, loadSiiCertificate } from './certificates';
import { getSiiCompany, getSiiConfig, type SiiCompany } from './config';
import type { SiiDeps } from './deps';
import { newSubmissionId, putSubmission } from './submissions';

/** What an archived exchange needs. */
export interface ExchangeDeps {
  gateway: SiiGateway;
  /** Where exchanges are archived (the sii-archive bucket); null only in tests that do not look. */
  archive: ArchiveStore | null;
  now: () => Date;
  newId: () => string;
  log: Logger;
}

export interface ConsultaInput {
  company: Pick<SiiCompany, 'companyId' | 'name' | 'nif'>;
  config: Pick<SiiConfig, 'environment' | 'representative'>;
  target: SiiTarget;
  service: SiiService;
  period: SiiPeriod;
  invoiceId?: SiiInvoiceId | null;
  /** The issuer's name (FR, BI, OI, PAGOS by invoice). */
  issuerName?: string | null;
  counterparty?: SiiCounterparty | null;
  goodIdentification?: string | null;
  /** Pages read at most (10,000 records each); default 5. */
  maxPages?: number;
  /** The exchange's id (archive keys, submission id); a new time-sortable one by default. */
  exchangeId?: string;
}

export interface ConsultaResult {
  exchangeId: string;
  records: SiiConsultaRecord[];
  /** False when more pages remained after `maxPages`. */
  complete: boolean;
  pages: number;
  archive: ArchiveKeys | null;
}

/** The Cabecera of the company's messages: the company as titular, the configured representative. */
export const headerOf = (
  company: Pick<SiiCompany, 'name' | 'nif'>,
  config: Pick<SiiConfig, 'representative'> | null,
): SiiHeader => ({
  titular: { name: company.name, nif: company.nif },
  representative: config?.representative ?? null,
});

/**
 * One ConsultaLR with its pages. Throws SiiTransportError (no answer), SiiSoapFaultError (refused),
 * ArchiveUnavailableError (the request could not be archived: not sent) or SiiRecordError (a query
 * the schema would refuse).
 */
export async function consultaLR(deps: ExchangeDeps, input: ConsultaInput): Promise<ConsultaResult> {
  const exchangeId = input.exchangeId ?? newSubmissionId(deps.now(), deps.newId);
  const recorder = deps.archive
    ? exchangeRecorder(deps.archive, {
        companyId: input.company.companyId,
        exchangeId,
        at: deps.now(),
        log: deps.log,
      })
    : undefined;
  const header = headerOf(input.company, input.config);
  const maxPages = input.maxPages ?? 5;
  const records: SiiConsultaRecord[] = [];
  let paginationKey = null as Parameters<SiiGateway['consult']>[3]['paginationKey'];
  let pages = 0;
  for (;;) {
    const page = await deps.gateway.consult(
      input.target,
      input.service,
      header,
      {
        period: input.period,
        invoiceId: input.invoiceId ?? null,
        counterparty: input.counterparty ?? null,
        issuerName: input.issuerName ?? null,
        goodIdentification: input.goodIdentification ?? null,
        paginationKey,
      },
      recorder,
    );
    pages += 1;
    records.push(...page.records);
    if (!page.more || !page.paginationKey)
      return { exchangeId, records, complete: true, pages, archive: recorder?.keys() ?? null };
    if (pages >= maxPages)
      return { exchangeId, records, complete: false, pages, archive: recorder?.keys() ?? null };
    paginationKey = page.paginationKey;
  }
}

/** The SII book a service's records belong to (cobros and pagos: RECC). */
export const bookOfService = (service: SiiService): SiiBook =>
  service === 'COBROS' || service === 'PAGOS' ? 'RECC' : service;

/** The record of a ConsultaLR exchange (operation CONSULTA). */
export function consultaSubmission(a: {
  companyId: string;
  service: SiiService;
  environment: SiiSubmission['environment'];
  exchangeId: string;
  periods: string[];
  sentAt: string;
  answeredAt: string | null;
  found: number;
  records: SiiSubmission['records'];
  archive: ArchiveKeys | null;
  error: SiiSubmission['error'];
  triggeredBy: string | null;
}): SiiSubmission {
  return {
    submissionId: a.exchangeId,
    companyId: a.companyId,
    book: bookOfService(a.service),
    operation: 'CONSULTA',
    environment: a.environment,
    status: a.error ? 'ERROR' : 'ACCEPTED',
    recordCount: a.error ? a.records.length : Math.max(a.found, a.records.length),
    acceptedCount: a.error ? 0 : a.found,
    acceptedWithErrorsCount: 0,
    rejectedCount: 0,
    aeatState: a.error ? null : a.found > 0 ? 'ConDatos' : 'SinDatos',
    csv: null,
    periods: a.periods,
    records: a.records,
    error: a.error,
    archive: { request: a.archive?.request ?? null, response: a.archive?.response ?? null },
    sentAt: a.sentAt,
    answeredAt: a.answeredAt,
    triggeredBy: a.triggeredBy,
  };
}

// --- for the API: a query with the company's own configuration and certificate ---------------------

export type CompanyConsulta =
  | { ok: true; result: ConsultaResult; submissionId: string }
  | { ok: false; problem: 'NOT_CONFIGURED' | 'NOT_IN_SII' | CertificateProblem | 'AEAT'; message: string };

export interface CompanyConsultaQuery {
  service: SiiService;
  period: SiiPeriod;
  invoiceId?: SiiInvoiceId | null;
  issuerName?: string | null;
  counterparty?: SiiCounterparty | null;
  goodIdentification?: string | null;
  maxPages?: number;
  /** Who asked (userId), for the submission record. */
  triggeredBy?: string | null;
}

/** Deps of the company-level calls: the SII deps, and optionally another gateway (tests). */
export type CompanyConsultaDeps = SiiDeps & {
  log: Logger;
  gateway?: SiiGateway;
  archive?: ArchiveStore | null;
};

/**
 * A ConsultaLR for a company, loading its configuration and certificate itself (the API's book query
 * and connection test). Records the exchange as a SiiSubmission (operation CONSULTA). Never throws
 * for the AEAT's side: a transport problem or a fault is `{ ok: false, problem: 'AEAT' }`.
 */
export async function consultaForCompany(
  deps: CompanyConsultaDeps,
  companyId: string,
  query: CompanyConsultaQuery,
): Promise<CompanyConsulta> {
  const [company, config] = await Promise.all([
    getSiiCompany(deps, companyId),
    getSiiConfig(deps, companyId),
  ]);
  if (!company) return { ok: false, problem: 'NOT_CONFIGURED', message: 'La empresa no existe.' };
  if (!company.siiEnabled)
    return { ok: false, problem: 'NOT_IN_SII', message: 'La empresa no tiene activado el SII.' };
  const environment = config?.environment ?? 'TEST';
  const certificate = await loadSiiCertificate(deps, companyId, config, deps.now());
  if ('problem' in certificate)
    return {
      ok: false,
      problem: certificate.problem,
      message: CERTIFICATE_PROBLEM_TEXT[certificate.problem],
    };
  const exchange: ExchangeDeps = {
    gateway: deps.gateway ?? xmlGateway(),
    archive: deps.archive === undefined ? s3ArchiveStore(deps) : deps.archive,
    now: deps.now,
    newId: deps.newId,
    log: deps.log,
  };
  const exchangeId = newSubmissionId(deps.now(), deps.newId);
  const sentAt = deps.now().toISOString();
  const period = `${query.period.year}-${query.period.period}`;
  const base = {
    companyId,
    service: query.service,
    environment,
    exchangeId,
    periods: [period],
    sentAt,
    triggeredBy: query.triggeredBy ?? null,
    records: [],
  };
  try {
    const result = await consultaLR(exchange, {
      company,
      config: { environment, representative: config?.representative ?? null },
      target: siiTarget({ environment }, certificate, SII_SOAP_TIMEOUT_MS),
      ...query,
      exchangeId,
    });
    await putSubmission(deps, {
      ...consultaSubmission({
        ...base,
        answeredAt: deps.now().toISOString(),
        found: result.records.length,
        archive: result.archive,
        error: null,
      }),
    });
    return { ok: true, result, submissionId: exchangeId };
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
    return { ok: false, problem: 'AEAT', message };
  }
}

/** The Spanish text of an AEAT-side failure of a query, or null for anything else (a bug: rethrown). */
export function aeatProblemText(e: unknown): string | null {
  const err = e as { name?: string; message?: string; detail?: string; faultString?: string };
  switch (err.name) {
    case 'SiiTransportError':
      return err.detail ?? err.message ?? 'Sin respuesta de la AEAT';
    case 'SiiSoapFaultError':
      return `La AEAT rechazó la consulta: ${err.faultString ?? err.message}`.slice(0, 500);
    case 'ArchiveUnavailableError':
      return 'No se pudo archivar la consulta: no se ha enviado.';
    case 'SiiRecordError':
      return `Consulta no válida: ${err.message}`.slice(0, 500);
    default:
      return null;
  }
}

/**
 * The connection test: a ConsultaLR of the issued book of this month for an invoice number that
 * cannot exist. Any answer (with or without data) proves the certificate, the endpoint and the
 * AEAT's acceptance of the titular; the caller stores the result in the configuration.
 */
export async function testSiiConnection(
  deps: CompanyConsultaDeps,
  companyId: string,
  triggeredBy: string | null = null,
): Promise<{ at: string; ok: boolean; message: string }> {
  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  const company = await getSiiCompany(deps, companyId);
  const result = await consultaForCompany(deps, companyId, {
    service: 'FE',
    period: { year: now.getUTCFullYear(), period: today.slice(5, 7) },
    invoiceId: { issuerNif: company?.nif ?? null, number: 'CUADRA-PRUEBA-CONEXION', issueDate: today },
    maxPages: 1,
    triggeredBy,
  });
  return {
    at: now.toISOString(),
    ok: result.ok,
    message: result.ok ? 'Conexión correcta con el SII de la AEAT.' : result.message,
  };
}
