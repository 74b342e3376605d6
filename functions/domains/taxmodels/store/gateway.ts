/**
 * The submission gateway (issue 14 item 4): how a model file reaches the AEAT. The port says what the
 * submissions need and nothing of the transport:
 *
 *   submit({ requestId, companyNif, modelType, year, period, file, certificate | collaborator })
 *     → { outcome: 'ACCEPTED', csv, receiptNumber, presentedAt, receiptPdf? }
 *     | { outcome: 'REJECTED', errors: [{ code, message }] }
 *     | throws GatewayTechnicalError (no answer, or one that is not the AEAT's: `requestSent` says
 *       whether the AEAT may have registered it — an ambiguous outcome)
 *   status({ companyNif, modelType, year, period, certificate | collaborator })
 *     → { filed: false } | { filed: true, csv, receiptNumber, presentedAt, requestId }
 *
 * `requestId` is deterministic (`<company NIF>-<submission id>`, the same on every attempt): the
 * service answers a repeated id with its first answer, and `status` tells, before filing again after an ambiguous outcome, whether the
 * period is already filed — so one model is never filed twice.
 *
 * The HTTP adapter posts the file over mutual TLS with the presenter's certificate (the company's own
 * .p12, or the colaborador social's), one connection per call as the VeriFacTu client does, to
 * `TAX_MODELS_AEAT_ENDPOINT` (locally the AEAT simulator's model-filing service, whose CA is
 * `VERIFACTU_AEAT_CA_FILE`). Neither certificate nor passphrase nor file is ever logged.
 */

import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import { envNames } from '@shared/config/env-names';
import type { TaxModelType } from '@shared/schemas/tax-models';

export interface PresenterCertificate {
  pfx: Buffer;
  passphrase: string;
}

export interface FilingTarget {
  companyNif: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  /** The company's own certificate (mode CERTIFICATE)… */
  certificate?: PresenterCertificate;
  /** …or a colaborador social presenting on its behalf (mode COLLABORATOR). */
  collaborator?: { nif: string; certificate: PresenterCertificate };
}

export interface SubmissionRequest extends FilingTarget {
  /** The same id for every attempt of one submission (idempotency at the AEAT's side). */
  requestId: string;
  /** The model file, exactly as filed (ISO-8859-1 bytes). */
  file: Buffer;
}

export interface GatewayError {
  code: string;
  message: string;
}

export type SubmissionOutcome =
  | {
      outcome: 'ACCEPTED';
      csv: string;
      receiptNumber: string;
      presentedAt: string;
      receiptPdf?: Buffer;
      /** The service had this request already: this is its first answer again. */
      repeated?: boolean;
    }
  | { outcome: 'REJECTED'; errors: GatewayError[] };

export type FilingStatus =
  | { filed: false }
  | { filed: true; csv: string; receiptNumber: string; presentedAt: string; requestId: string | null };

export type TechnicalKind =
  | 'configuration'
  | 'tls-error'
  | 'timeout'
  | 'connection-lost'
  | 'http'
  | 'unreadable';

/** No answer from the AEAT (or one that is not its answer). Retryable. */
export class GatewayTechnicalError extends Error {
  readonly kind: TechnicalKind;
  /** The whole request left this process: the AEAT may have registered it. */
  readonly requestSent: boolean;
  constructor(kind: TechnicalKind, message: string, requestSent: boolean) {
    super(message);
    this.name = 'GatewayTechnicalError';
    this.kind = kind;
    this.requestSent = requestSent;
  }
}

export const isGatewayTechnicalError = (e: unknown): e is GatewayTechnicalError =>
  e instanceof GatewayTechnicalError;

export interface SubmissionGateway {
  /** Whether filing is possible in this environment at all (an endpoint is configured). */
  readonly available: boolean;
  submit(request: SubmissionRequest): Promise<SubmissionOutcome>;
  status(target: FilingTarget): Promise<FilingStatus>;
}

// --- the HTTPS transport ----------------------------------------------------------------------------

export interface HttpsCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  pfx: Buffer;
  passphrase: string;
  ca?: string;
  timeoutMs: number;
}

export type HttpsResult =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'timeout'; requestSent: boolean }
  | { kind: 'connection-lost'; requestSent: boolean }
  | { kind: 'tls-error'; message: string };

const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|ERR_CRYPTO_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_|HOSTNAME_MISMATCH)/;

function isTlsError(e: unknown): boolean {
  const err = e as { code?: string; message?: string; library?: string };
  if (err.code && TLS_ERROR.test(err.code)) return true;
  if (err.library === 'SSL routines' || err.library === 'PKCS12 routines') return true;
  return /mac verify failure|pkcs12|certificate|ssl|tls alert/i.test(err.message ?? '');
}

/** The code of a TLS error, never anything of the certificate. */
const tlsMessage = (e: unknown): string => (e as { code?: string }).code ?? 'TLS handshake failed';

/** One request with the client certificate, on its own connection; never throws for network outcomes. */
export function httpsCall(input: HttpsCall): Promise<HttpsResult> {
  return new Promise((resolve) => {
    let settled = false;
    let requestSent = false;
    let secured = false;
    const done = (r: HttpsResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    let req: ReturnType<typeof https.request>;
    try {
      req = https.request(input.url, {
        method: input.method,
        pfx: input.pfx,
        passphrase: input.passphrase,
        ...(input.ca ? { ca: [...tls.rootCertificates, input.ca] } : {}),
        agent: false,
        headers: { ...input.headers, ...(input.body ? { 'Content-Length': input.body.length } : {}) },
      });
    } catch (e) {
      // A PKCS#12 that cannot be opened fails while the secure context is built.
      resolve({ kind: 'tls-error', message: tlsMessage(e) });
      return;
    }
    const timer = setTimeout(() => {
      done({ kind: 'timeout', requestSent });
      req.destroy();
    }, input.timeoutMs);
    req.on('socket', (socket) => socket.once('secureConnect', () => (secured = true)));
    req.on('finish', () => (requestSent = true));
    req.on('error', (e) => {
      if (!secured && !requestSent && isTlsError(e))
        return done({ kind: 'tls-error', message: tlsMessage(e) });
      // A refused client certificate is reported by TLS 1.3 after the handshake.
      if (/^ERR_SSL_/.test((e as { code?: string }).code ?? ''))
        return done({ kind: 'tls-error', message: tlsMessage(e) });
      done({ kind: 'connection-lost', requestSent });
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          res.destroy();
          return done({ kind: 'http', status: res.statusCode ?? 0, body: '' });
        }
        chunks.push(chunk);
      });
      res.on('aborted', () => done({ kind: 'connection-lost', requestSent: true }));
      res.on('error', () => done({ kind: 'connection-lost', requestSent: true }));
      res.on('end', () => {
        if (!res.complete) return done({ kind: 'connection-lost', requestSent: true });
        done({ kind: 'http', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.end(input.body);
  });
}

// --- the adapter ----------------------------------------------------------------------------------

export interface HttpGatewayOptions {
  /** The filing URL; its query service is `consulta` beside it. Null: filing is unavailable. */
  endpoint: string | null;
  /** An extra CA to trust (PEM), besides the system's. */
  ca?: string;
  timeoutMs?: number;
  call?: (input: HttpsCall) => Promise<HttpsResult>;
}

/** A filing is held at most this long; the Lambda has 29 s. */
export const SUBMIT_TIMEOUT_MS = 20_000;
const STATUS_TIMEOUT_MS = 10_000;

function presenterOf(target: FilingTarget): { cert: PresenterCertificate; collaboratorNif: string | null } {
  if (target.collaborator)
    return { cert: target.collaborator.certificate, collaboratorNif: target.collaborator.nif };
  if (target.certificate) return { cert: target.certificate, collaboratorNif: null };
  throw new GatewayTechnicalError('configuration', 'No certificate to present', false);
}

const queryUrlOf = (endpoint: string): string =>
  new URL('consulta', endpoint.replace(/\/?$/, '/').replace(/[^/]+\/$/, '')).toString();

function technical(result: Exclude<HttpsResult, { kind: 'http' }>): GatewayTechnicalError {
  if (result.kind === 'tls-error')
    return new GatewayTechnicalError('tls-error', `Conexión TLS rechazada (${result.message})`, false);
  const what =
    result.kind === 'timeout' ? 'La AEAT no respondió a tiempo' : 'Se perdió la conexión con la AEAT';
  return new GatewayTechnicalError(result.kind, what, result.requestSent);
}

interface AcceptedBody {
  estado: 'ACEPTADA';
  csv: string;
  numeroJustificante: string;
  fechaPresentacion: string;
  justificantePdf?: string;
  repetida?: boolean;
}
interface RejectedBody {
  estado: 'RECHAZADA';
  errores: { codigo: string; descripcion: string }[];
}

const CSV_PATTERN = /^[0-9A-Z]{16}$/;
const RECEIPT_PATTERN = /^\d{13}$/;

/** The service's answer to a filing, or a technical error when it is not one. */
export function readSubmitAnswer(status: number, body: string): SubmissionOutcome {
  let parsed: AcceptedBody | RejectedBody;
  try {
    parsed = JSON.parse(body) as AcceptedBody | RejectedBody;
  } catch {
    // An HTML error page, a proxy's answer: the AEAT did not answer this filing.
    throw new GatewayTechnicalError('http', `Respuesta no válida de la AEAT (HTTP ${status})`, true);
  }
  if (parsed?.estado === 'ACEPTADA') {
    if (!CSV_PATTERN.test(parsed.csv ?? '') || !RECEIPT_PATTERN.test(parsed.numeroJustificante ?? ''))
      throw new GatewayTechnicalError(
        'unreadable',
        'La AEAT aceptó la presentación sin un CSV o justificante legible',
        true,
      );
    return {
      outcome: 'ACCEPTED',
      csv: parsed.csv,
      receiptNumber: parsed.numeroJustificante,
      presentedAt: parsed.fechaPresentacion,
      ...(parsed.justificantePdf ? { receiptPdf: Buffer.from(parsed.justificantePdf, 'base64') } : {}),
      ...(parsed.repetida ? { repeated: true } : {}),
    };
  }
  if (parsed?.estado === 'RECHAZADA' && Array.isArray(parsed.errores) && parsed.errores.length > 0) {
    return {
      outcome: 'REJECTED',
      errors: parsed.errores.map((e) => ({ code: String(e.codigo), message: String(e.descripcion) })),
    };
  }
  throw new GatewayTechnicalError('http', `Respuesta no reconocida de la AEAT (HTTP ${status})`, true);
}

export function httpSubmissionGateway(options: HttpGatewayOptions): SubmissionGateway {
  const call = options.call ?? httpsCall;
  const endpoint = options.endpoint;
  const unavailable = () =>
    new GatewayTechnicalError('configuration', 'La presentación telemática no está configurada', false);
  return {
    available: endpoint !== null,

    async submit(request) {
      if (!endpoint) throw unavailable();
      const { cert, collaboratorNif } = presenterOf(request);
      const result = await call({
        url: endpoint,
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain; charset=ISO-8859-1',
          Accept: 'application/json',
          'X-AEAT-Modelo': request.modelType,
          'X-AEAT-Ejercicio': String(request.year),
          'X-AEAT-Periodo': request.period,
          'X-AEAT-NIF-Declarante': request.companyNif,
          'X-AEAT-Id-Peticion': request.requestId,
          ...(collaboratorNif ? { 'X-AEAT-NIF-Colaborador': collaboratorNif } : {}),
        },
        body: request.file,
        pfx: cert.pfx,
        passphrase: cert.passphrase,
        ...(options.ca ? { ca: options.ca } : {}),
        timeoutMs: options.timeoutMs ?? SUBMIT_TIMEOUT_MS,
      });
      if (result.kind !== 'http') throw technical(result);
      if (result.status >= 500)
        throw new GatewayTechnicalError(
          'http',
          `La AEAT respondió con un error temporal (HTTP ${result.status})`,
          true,
        );
      return readSubmitAnswer(result.status, result.body);
    },

    async status(target) {
      if (!endpoint) throw unavailable();
      const { cert, collaboratorNif } = presenterOf(target);
      const url = new URL(queryUrlOf(endpoint));
      url.search = new URLSearchParams({
        nif: target.companyNif,
        modelo: target.modelType,
        ejercicio: String(target.year),
        periodo: target.period,
      }).toString();
      const result = await call({
        url: url.toString(),
        method: 'GET',
        headers: {
          Accept: 'application/json',
          ...(collaboratorNif ? { 'X-AEAT-NIF-Colaborador': collaboratorNif } : {}),
        },
        pfx: cert.pfx,
        passphrase: cert.passphrase,
        ...(options.ca ? { ca: options.ca } : {}),
        timeoutMs: options.timeoutMs ?? STATUS_TIMEOUT_MS,
      });
      if (result.kind !== 'http') throw technical(result);
      let parsed: {
        presentada?: boolean;
        csv?: string;
        numeroJustificante?: string;
        fechaPresentacion?: string;
        idPeticion?: string | null;
      };
      try {
        parsed = JSON.parse(result.body);
      } catch {
        throw new GatewayTechnicalError(
          'http',
          `Respuesta no válida de la consulta (HTTP ${result.status})`,
          false,
        );
      }
      if (result.status !== 200 || typeof parsed.presentada !== 'boolean')
        throw new GatewayTechnicalError(
          'http',
          `La consulta no se pudo completar (HTTP ${result.status})`,
          false,
        );
      if (!parsed.presentada) return { filed: false };
      return {
        filed: true,
        csv: String(parsed.csv),
        receiptNumber: String(parsed.numeroJustificante),
        presentedAt: String(parsed.fechaPresentacion),
        requestId: parsed.idPeticion ?? null,
      };
    },
  };
}

let cachedCa: { file: string; pem: string } | undefined;

/** The extra CA named by `VERIFACTU_AEAT_CA_FILE` (the local simulator's), read once per container. */
function caFromEnv(): string | undefined {
  const file = process.env[envNames.aeatCaFile];
  if (!file) return undefined;
  if (cachedCa?.file !== file) cachedCa = { file, pem: fs.readFileSync(file, 'utf8') };
  return cachedCa.pem;
}

/** The gateway of this environment: `TAX_MODELS_AEAT_ENDPOINT` (unset: filing is unavailable). */
export function defaultSubmissionGateway(): SubmissionGateway {
  const endpoint = process.env[envNames.taxModelsAeatEndpoint]?.trim() || null;
  const ca = caFromEnv();
  return httpSubmissionGateway({ endpoint, ...(ca ? { ca } : {}) });
}
