/**
 * The SOAP transport to the AEAT (reference/verifactu-sii.md §4.1–4.2): HTTPS with the company's
 * certificate (mutual TLS), SOAP 1.1, `SOAPAction: ""`, text/xml. One request per call on its own
 * connection (no keep-alive pool shared between certificates).
 *
 * The result says what is KNOWN about the exchange, which is what the no-double-send rule needs:
 *  - `http`: an answer arrived (any status; SOAP faults come with 500);
 *  - `timeout` / `connection-lost`: no complete answer; `requestSent` tells whether the whole
 *    request left this process (if it did, the AEAT may have registered it: ambiguous);
 *  - `tls-error`: the handshake failed (certificate, trust), nothing was sent.
 * Neither the certificate nor its passphrase nor the bodies are ever logged or put in a result.
 */

import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import {
  buildConsultaXml,
  buildRegFactuXml,
  type Party,
  parseConsultaResponse,
  parseRegFactuResponse,
  verifactuEndpoint,
  wrapSoap,
} from '@functions/lib/verifactu-xml';
import { envNames } from '@shared/config/env-names';
import type { IdFactura, VerifactuConfig, VerifactuRecord } from '@shared/schemas/verifactu';
import { parseFaultString } from '../model/aeat-codes';
import {
  type ConsultaAnswer,
  type ConsultaRow,
  consultaMatch,
  idFacturaOfRecord,
  type RegisteredState,
  type ResponseLine,
  type SubmitAnswer,
} from '../model/outcome';
import type { ExchangeRecorder } from './archive';

export interface AeatCallInput {
  url: string;
  /** The PKCS#12 (.p12/.pfx) of the client certificate. */
  pfx: Buffer | Uint8Array;
  passphrase: string;
  /**
   * PEM of an extra CA to trust besides the default ones; defaults to the file named by
   * `VERIFACTU_AEAT_CA_FILE` (locally the simulator's CA).
   */
  ca?: string;
  body: string;
  timeoutMs: number;
}

export type AeatCallResult =
  | { kind: 'http'; status: number; body: string }
  | { kind: 'timeout'; requestSent: boolean }
  | { kind: 'connection-lost'; requestSent: boolean }
  | { kind: 'tls-error'; message: string };

/** Answers beyond this are not AEAT answers (1,000 lines are far below it). */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|ERR_CRYPTO_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_|HOSTNAME_MISMATCH)/;

function isTlsError(e: unknown): boolean {
  const err = e as { code?: string; message?: string; library?: string };
  if (err.code && TLS_ERROR.test(err.code)) return true;
  if (err.library === 'SSL routines' || err.library === 'PKCS12 routines') return true;
  return /mac verify failure|pkcs12|certificate|ssl|tls alert/i.test(err.message ?? '');
}

/** The message of a TLS error, without anything of the certificate. */
const tlsMessage = (e: unknown): string => {
  const err = e as { code?: string; message?: string };
  return err.code ? `${err.code}` : 'TLS handshake failed';
};

let cachedCa: { file: string; pem: string } | undefined;

/** The extra CA named by `VERIFACTU_AEAT_CA_FILE` (read once per container), if set. */
export function extraCaFromEnv(): string | undefined {
  const file = process.env[envNames.aeatCaFile];
  if (!file) return undefined;
  if (cachedCa?.file !== file) cachedCa = { file, pem: fs.readFileSync(file, 'utf8') };
  return cachedCa.pem;
}

/** POSTs one SOAP envelope with the client certificate; never throws for network outcomes. */
export function callAeat(input: AeatCallInput): Promise<AeatCallResult> {
  return new Promise((resolve) => {
    let settled = false;
    let requestSent = false;
    let secured = false;
    const done = (r: AeatCallResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const payload = Buffer.from(input.body, 'utf8');
    const ca = input.ca ?? extraCaFromEnv();
    let req: ReturnType<typeof https.request>;
    try {
      req = https.request(input.url, {
        method: 'POST',
        pfx: Buffer.from(input.pfx),
        passphrase: input.passphrase,
        ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
        agent: false,
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          SOAPAction: '""',
          'Content-Length': payload.length,
        },
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

    req.on('socket', (socket) => {
      socket.once('secureConnect', () => {
        secured = true;
      });
    });
    req.on('finish', () => {
      requestSent = true;
    });
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
    req.end(payload);
  });
}

// --- endpoints ----------------------------------------------------------------------------------

/**
 * The VERI*FACTU SOAP endpoint of a company: `VERIFACTU_AEAT_ENDPOINT` when set (locally the
 * simulator), otherwise the AEAT's by environment and certificate kind (reference §4.2).
 */
export function endpointFor(config: Pick<VerifactuConfig, 'environment' | 'sealCertificate'>): string {
  const override = process.env[envNames.aeatEndpoint];
  if (override) return override;
  return verifactuEndpoint({ environment: config.environment, sealCertificate: config.sealCertificate });
}

// --- the two operations the sender needs, over callAeat and the XML module ---------------------

/** What a message carries in its Cabecera. */
export interface Cabecera {
  obligado: Party;
  representante: Party | null;
}

/** How to reach the AEAT for one company. */
export interface AeatTarget {
  url: string;
  pfx: Buffer | Uint8Array;
  passphrase: string;
  ca?: string;
  timeoutMs: number;
}

export interface SubmitResult {
  call: AeatCallResult;
  /** The parsed answer when an answer arrived (http). */
  answer: SubmitAnswer | null;
}

/**
 * The AEAT as the sender sees it (a fake in the unit tests). With a `recorder` (store/archive.ts)
 * every envelope is archived BEFORE it is sent and every raw answer after: `submit` throws
 * ArchiveUnavailableError (nothing sent) when the request cannot be archived; `consult` then
 * answers `ambiguous` without calling.
 */
export interface AeatGateway {
  submit(
    target: AeatTarget,
    cabecera: Cabecera,
    records: VerifactuRecord[],
    recorder?: ExchangeRecorder,
  ): Promise<SubmitResult>;
  /** Where the AEAT stands on one record: ConsultaFactuSistemaFacturacion by period and number. */
  consult(
    target: AeatTarget,
    cabecera: Cabecera,
    record: VerifactuRecord,
    recorder?: ExchangeRecorder,
  ): Promise<ConsultaAnswer>;
}

const registeredState = (estado: string): RegisteredState | null => {
  if (/^Correct/i.test(estado)) return 'Correcta';
  if (/^Aceptad/i.test(estado)) return 'AceptadaConErrores';
  if (/^Anulad/i.test(estado)) return 'Anulada';
  return null;
};

const toAeatId = (id: { nif: string; numSerie: string; fecha: string }) => ({
  IDEmisorFactura: id.nif,
  NumSerieFactura: id.numSerie,
  FechaExpedicionFactura: id.fecha,
});

/** Adapts the XML module's parsed answer to the sender's neutral shape. */
export function toSubmitAnswer(body: string): SubmitAnswer {
  let parsed: ReturnType<typeof parseRegFactuResponse>;
  try {
    parsed = parseRegFactuResponse(body);
  } catch (e) {
    return { kind: 'unreadable', message: e instanceof Error ? e.message : 'unreadable' };
  }
  if (parsed.kind === 'fault') {
    const { code, text } = parseFaultString(parsed.faultstring);
    return {
      kind: 'fault',
      faultCode: parsed.faultcode === 'Client' ? 'Client' : 'Server',
      code: parsed.code ?? code,
      message: text,
    };
  }
  const lines: ResponseLine[] = parsed.lines.map((l) => {
    const dupState = l.duplicado ? registeredState(l.duplicado.estado) : null;
    return {
      idFactura: toAeatId(l.idFactura),
      operation: l.tipoOperacion,
      estadoRegistro: l.estadoRegistro,
      code: l.code,
      message: l.message,
      duplicate:
        l.duplicado && dupState
          ? { estado: dupState, code: l.duplicado.code, message: l.duplicado.message }
          : null,
    };
  });
  return {
    kind: 'response',
    estadoEnvio: parsed.estadoEnvio,
    csv: parsed.csv,
    waitSeconds: parsed.tiempoEsperaEnvio,
    lines,
  };
}

/** Ejercicio and Periodo of a record's invoice date (dd-mm-yyyy in the IDFactura). */
export function periodOf(record: VerifactuRecord): { ejercicio: string; periodo: string } {
  const fecha = idFacturaOfRecord(record).FechaExpedicionFactura;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(fecha);
  if (m) return { ejercicio: m[3]!, periodo: m[2]! };
  return { ejercicio: record.invoiceDate.slice(0, 4), periodo: record.invoiceDate.slice(5, 7) };
}

/** Pages of a ConsultaLR the sender reads for one invoice number before giving up. */
const MAX_CONSULTA_PAGES = 5;

export function xmlGateway(call: (input: AeatCallInput) => Promise<AeatCallResult> = callAeat): AeatGateway {
  return {
    async submit(target, cabecera, records, recorder) {
      const body = wrapSoap(
        buildRegFactuXml({
          cabecera: { obligado: cabecera.obligado, representante: cabecera.representante },
          records: records.map((r) => r.fields),
        }),
      );
      // The exact envelope is archived before it leaves (throws: nothing is sent).
      await recorder?.request(body);
      const result = await call({ ...target, body });
      await recorder?.response(result);
      return { call: result, answer: result.kind === 'http' ? toSubmitAnswer(result.body) : null };
    },

    async consult(target, cabecera, record, recorder) {
      const id = idFacturaOfRecord(record);
      const rows: ConsultaRow[] = [];
      let clave: IdFactura | null = null;
      for (let page = 0; page < MAX_CONSULTA_PAGES; page++) {
        const body = wrapSoap(
          buildConsultaXml({
            obligado: cabecera.obligado,
            ...periodOf(record),
            numSerie: id.NumSerieFactura,
            clavePaginacion: clave,
            indicadorRepresentante: false,
          }),
        );
        try {
          await recorder?.request(body);
        } catch {
          return { kind: 'ambiguous', message: 'ConsultaLR: no se pudo archivar la petición' };
        }
        const result = await call({ ...target, body });
        await recorder?.response(result);
        if (result.kind !== 'http') return { kind: 'ambiguous', message: `ConsultaLR: ${result.kind}` };
        let parsed: ReturnType<typeof parseConsultaResponse>;
        try {
          parsed = parseConsultaResponse(result.body);
        } catch {
          return { kind: 'ambiguous', message: `ConsultaLR: respuesta ilegible (HTTP ${result.status})` };
        }
        if (parsed.kind === 'fault')
          return { kind: 'ambiguous', message: `ConsultaLR: ${parsed.faultstring}` };
        for (const r of parsed.records) {
          const estado = registeredState(r.estadoRegistro);
          if (!estado) continue;
          rows.push({
            idFactura: toAeatId(r.idFactura),
            estado,
            huella: r.huella,
            code: r.code,
            message: r.message,
          });
        }
        const found = consultaMatch(record, rows);
        if (found.kind === 'found' || !parsed.paginacion || !parsed.clavePaginacion) return found;
        clave = parsed.clavePaginacion;
      }
      return consultaMatch(record, rows);
    },
  };
}
