/**
 * The SOAP transport to the AEAT's SII (reference/verifactu-sii.md §5.2, §4.1): HTTPS with the
 * company's certificate (mutual TLS), SOAP 1.1, text/xml, `SOAPAction: ""` (every operation of the
 * v1.1 WSDLs is bound with an empty action). One request per call on its own connection (no
 * keep-alive pool shared between certificates).
 *
 * A call either returns the HTTP answer (any status: SOAP faults come with 500) or throws a
 * `SiiTransportError` saying what is KNOWN about delivery, which is what the exactly-once rule needs:
 *  - delivered 'NO': the request certainly did not reach the AEAT (TLS handshake refused, connection
 *    refused or lost before the whole request left, a 4xx without a SOAP answer): safe to send again;
 *  - delivered 'MAYBE': the request left and no usable answer came back (time-out, connection lost
 *    after sending, a 5xx or an unreadable answer): the AEAT may have registered it, so nothing is
 *    sent again before a ConsultaLR says it does not hold it.
 * Neither the certificate nor its passphrase nor any body is ever logged or put in an error.
 *
 * Above the transport, `xmlGateway` is the AEAT as the sender sees it: it writes the message with
 * functions/lib/sii-xml, archives the exact envelope BEFORE the call (store/archive.ts; if that
 * fails nothing is sent), archives the raw answer after it, and parses it.
 */

import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import {
  buildAnulacionXml,
  buildConsultaXml,
  buildSuministroXml,
  parseConsultaResponse,
  parseSuministroResponse,
  type SiiCommunication,
  type SiiConsultaQuery,
  type SiiConsultaResponse,
  type SiiExchangeKind,
  type SiiHeader,
  SiiResponseError,
  type SiiService,
  SiiSoapFaultError,
  type SiiSuministroResponse,
  siiEndpoint,
  soapActionOf,
  wrapSoap,
} from '@functions/lib/sii-xml';
import { envNames } from '@shared/config/env-names';
import type { SiiEnvironment, SiiOperation, SiiRecord } from '@shared/schemas/sii';
import type { ExchangeRecorder } from './archive';

// --- transport -----------------------------------------------------------------------------------

export type TransportReason = 'TLS' | 'CONNECTION' | 'TIMEOUT' | 'CONNECTION_LOST' | 'HTTP' | 'UNREADABLE';

/** No usable answer; `delivered` tells whether the AEAT may have the request. */
export class SiiTransportError extends Error {
  override name = 'SiiTransportError';
  constructor(
    readonly delivered: 'NO' | 'MAYBE',
    readonly reason: TransportReason,
    /** Spanish, safe to show and store (no certificate data, no body). */
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(detail);
  }
}

export interface SiiHttpCall {
  url: string;
  /** The PKCS#12 (.p12/.pfx) of the client certificate. */
  pfx: Buffer | Uint8Array;
  passphrase: string;
  /** PEM of an extra CA to trust besides the default ones (locally the simulator's). */
  ca?: string;
  soapAction: string;
  body: string;
  timeoutMs: number;
}

export interface SiiHttpAnswer {
  status: number;
  body: string;
}

export type SiiTransport = (call: SiiHttpCall) => Promise<SiiHttpAnswer>;

/** Answers beyond this are not AEAT answers (10,000 lines are far below it). */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|ERR_CRYPTO_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_|HOSTNAME_MISMATCH)/;

function isTlsError(e: unknown): boolean {
  const err = e as { code?: string; message?: string; library?: string };
  if (err.code && TLS_ERROR.test(err.code)) return true;
  if (err.library === 'SSL routines' || err.library === 'PKCS12 routines') return true;
  return /mac verify failure|pkcs12|certificate|ssl|tls alert/i.test(err.message ?? '');
}

/** An error code only: nothing of the certificate. */
const codeOf = (e: unknown): string => (e as { code?: string }).code ?? 'sin código';

let cachedCa: { file: string; pem: string } | undefined;

/** The extra CA named by `VERIFACTU_AEAT_CA_FILE` (the simulator's, locally), read once per container. */
export function extraCaFromEnv(): string | undefined {
  const file = process.env[envNames.aeatCaFile];
  if (!file) return undefined;
  if (cachedCa?.file !== file) cachedCa = { file, pem: fs.readFileSync(file, 'utf8') };
  return cachedCa.pem;
}

/** POSTs one SOAP envelope with the client certificate; throws SiiTransportError without an answer. */
export function postSoap(call: SiiHttpCall): Promise<SiiHttpAnswer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let requestSent = false;
    let secured = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      fn();
    };
    const fail = (delivered: 'NO' | 'MAYBE', reason: TransportReason, detail: string) =>
      settle(() => reject(new SiiTransportError(delivered, reason, detail)));
    const payload = Buffer.from(call.body, 'utf8');
    const ca = call.ca ?? extraCaFromEnv();
    let req: ReturnType<typeof https.request>;
    try {
      req = https.request(call.url, {
        method: 'POST',
        pfx: Buffer.from(call.pfx),
        passphrase: call.passphrase,
        ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
        agent: false,
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          SOAPAction: `"${call.soapAction}"`,
          'Content-Length': payload.length,
        },
      });
    } catch (e) {
      // A PKCS#12 that cannot be opened fails while the secure context is built.
      fail('NO', 'TLS', `El certificado no se pudo usar (${codeOf(e)}).`);
      return;
    }
    timer = setTimeout(() => {
      if (requestSent) fail('MAYBE', 'TIMEOUT', 'Sin respuesta de la AEAT en el tiempo límite.');
      else fail('NO', 'TIMEOUT', 'Tiempo límite agotado antes de enviar la petición.');
      req.destroy();
    }, call.timeoutMs);

    req.on('socket', (socket) => {
      socket.once('secureConnect', () => {
        secured = true;
      });
    });
    req.on('finish', () => {
      requestSent = true;
    });
    req.on('error', (e) => {
      if ((!secured && !requestSent && isTlsError(e)) || /^ERR_SSL_/.test(codeOf(e)))
        // A refused client certificate is reported by TLS 1.3 after the handshake: nothing was read.
        return fail('NO', 'TLS', `La conexión segura con la AEAT falló (${codeOf(e)}).`);
      if (requestSent) return fail('MAYBE', 'CONNECTION_LOST', 'Conexión perdida tras enviar la petición.');
      fail('NO', 'CONNECTION', `No se pudo conectar con la AEAT (${codeOf(e)}).`);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const lost = () => fail('MAYBE', 'CONNECTION_LOST', 'Conexión perdida mientras llegaba la respuesta.');
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          res.destroy();
          fail('MAYBE', 'UNREADABLE', 'La respuesta de la AEAT supera el tamaño admitido.');
          return;
        }
        chunks.push(chunk);
      });
      res.on('aborted', lost);
      res.on('error', lost);
      res.on('end', () => {
        if (!res.complete) return lost();
        settle(() => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
    });
    req.end(payload);
  });
}

// --- the gateway ----------------------------------------------------------------------------------

/** How to reach the AEAT for one company (the URL depends on the service). */
export interface SiiTarget {
  environment: SiiEnvironment;
  /** Base replacing the AEAT's (`SII_AEAT_ENDPOINT`, locally the simulator), or null. */
  base: string | null;
  pfx: Buffer | Uint8Array;
  passphrase: string;
  ca?: string;
  timeoutMs: number;
}

/** One Suministro (A0/A1) or Baja message. */
export interface SiiMessage {
  service: SiiService;
  operation: SiiOperation;
  header: SiiHeader;
  records: SiiRecord[];
}

/** What a message's call gave: the AEAT's answer, or the whole message refused (SOAP Fault). */
export type SubmitAnswer =
  | { kind: 'response'; response: SiiSuministroResponse }
  | { kind: 'fault'; faultCode: 'Client' | 'Server'; code: string | null; message: string };

/**
 * The AEAT as the sender sees it (a fake in the unit tests). `submit` throws SiiTransportError when
 * there is no usable answer and ArchiveUnavailableError (nothing sent) when the request could not be
 * archived; `consult` throws SiiTransportError, SiiSoapFaultError or ArchiveUnavailableError.
 */
export interface SiiGateway {
  submit(target: SiiTarget, message: SiiMessage, recorder?: ExchangeRecorder): Promise<SubmitAnswer>;
  consult(
    target: SiiTarget,
    service: SiiService,
    header: SiiHeader,
    query: SiiConsultaQuery,
    recorder?: ExchangeRecorder,
  ): Promise<SiiConsultaResponse>;
}

/** The SOAP body of a message: Suministro (A0/A1) or Baja. */
export function messageXml(message: SiiMessage): string {
  const { service, operation, header, records } = message;
  if (operation === 'BAJA') return buildAnulacionXml(service, header, records);
  return buildSuministroXml(service, header, operation as SiiCommunication, records);
}

/** The SII endpoint of a service for a target. */
export const urlOf = (target: SiiTarget, service: SiiService): string =>
  siiEndpoint(service, target.environment, target.base);

/** The AEAT base of this environment (`SII_AEAT_ENDPOINT`), or null for the AEAT's own. */
export const siiBaseFromEnv = (): string | null => process.env[envNames.siiAeatEndpoint] || null;

/** One HTTP exchange, archived before and after. */
async function exchange(
  transport: SiiTransport,
  target: SiiTarget,
  service: SiiService,
  kind: SiiExchangeKind,
  bodyXml: string,
  recorder: ExchangeRecorder | undefined,
): Promise<SiiHttpAnswer> {
  const body = wrapSoap(bodyXml);
  // The exact envelope is archived before it leaves (throws ArchiveUnavailableError: nothing sent).
  await recorder?.request(body);
  try {
    const answer = await transport({
      url: urlOf(target, service),
      pfx: target.pfx,
      passphrase: target.passphrase,
      ...(target.ca ? { ca: target.ca } : {}),
      soapAction: soapActionOf(service, kind),
      body,
      timeoutMs: target.timeoutMs,
    });
    await recorder?.response({ kind: 'http', status: answer.status, body: answer.body });
    return answer;
  } catch (e) {
    if (e instanceof SiiTransportError)
      await recorder?.response({
        kind: 'transport',
        delivered: e.delivered,
        reason: e.reason,
        detail: e.detail,
      });
    throw e;
  }
}

/** Reads an answer that is not a SOAP Fault: an unreadable one is a transport outcome. */
function unreadable(answer: SiiHttpAnswer, e: unknown): SiiTransportError {
  const detail = e instanceof SiiResponseError ? e.message : 'Respuesta del SII ilegible';
  // A 4xx the AEAT did not answer as SOAP: the request was refused before any processing.
  if (answer.status >= 400 && answer.status < 500)
    return new SiiTransportError('NO', 'HTTP', `HTTP ${answer.status}: ${detail}`, answer.status);
  return new SiiTransportError('MAYBE', 'UNREADABLE', `HTTP ${answer.status}: ${detail}`, answer.status);
}

export function xmlGateway(transport: SiiTransport = postSoap): SiiGateway {
  return {
    async submit(target, message, recorder) {
      const kind: SiiExchangeKind = message.operation === 'BAJA' ? 'ANULACION' : 'SUMINISTRO';
      const answer = await exchange(transport, target, message.service, kind, messageXml(message), recorder);
      try {
        return { kind: 'response', response: parseSuministroResponse(answer.body) };
      } catch (e) {
        if (e instanceof SiiSoapFaultError)
          return {
            kind: 'fault',
            faultCode: e.faultCode === 'Client' ? 'Client' : 'Server',
            code: e.code,
            message: e.faultString.slice(0, 500),
          };
        throw unreadable(answer, e);
      }
    },

    async consult(target, service, header, query, recorder) {
      const xml = buildConsultaXml(service, header, query);
      const answer = await exchange(transport, target, service, 'CONSULTA', xml, recorder);
      try {
        return parseConsultaResponse(answer.body);
      } catch (e) {
        if (e instanceof SiiSoapFaultError) throw e;
        throw unreadable(answer, e);
      }
    },
  };
}

/** The AEAT as reached with a company's certificate, in its configured environment. */
export function siiTarget(
  config: { environment: SiiEnvironment },
  certificate: { pfx: Buffer | Uint8Array; passphrase: string },
  timeoutMs: number,
): SiiTarget {
  const ca = extraCaFromEnv();
  return {
    environment: config.environment,
    base: siiBaseFromEnv(),
    pfx: certificate.pfx,
    passphrase: certificate.passphrase,
    ...(ca ? { ca } : {}),
    timeoutMs,
  };
}
