/**
 * The local AEAT (issue 5, item 7): an HTTPS server on loopback that speaks the VERI*FACTU SOAP
 * service (RegFactuSistemaFacturacion, ConsultaFactuSistemaFacturacion) like
 * `https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`: mutual TLS (a request
 * without a client certificate is refused), every body validated against the official XSDs, the
 * chain and the huella checked, answers per RespuestaSuministro.xsd / RespuestaConsultaLR.xsd.
 *
 * Tests steer it through a control API on the same server, `/_sim/*` (no client certificate
 * needed): reset, waiting time, injected faults, receptions per record, stored records, a page.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { validateXml } from '@functions/lib/verifactu-xml';
import type { Logger } from '../util/log';
import { silentLogger } from '../util/log';
import { preferPort } from '../util/ports';
import { ensureServerIdentity } from './certs';
import { queryRecords } from './consulta';
import { type ActiveFault, FaultList, FaultQueue, type FaultSpec } from './faults';
import { simulatorPage } from './page';
import { consultaResponseXml, regFactuResponseXml } from './responses';
import { processRegFactu, recordsOf } from './rules';
import { extractBodyElement, NS, parseXml, soapEnvelope, soapFault } from './soap';
import { type Presenter, SimulatorState } from './state';
import { madridTimestamp } from './time';

/** The path of the AEAT's VERI*FACTU service (any path is answered; this is the one handlers get). */
export const VERIFACTU_PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
export const DEFAULT_SIMULATOR_PORT = 4443;
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface AeatSimulatorOptions {
  /** Folder for the TLS identity and the state file (e.g. `<dataDir>/aeat-simulator`). */
  dir: string;
  host?: string;
  /** Exact port (0 = any free one). When absent, `preferredPort` if free, else any. */
  port?: number;
  preferredPort?: number;
  /** Keep the state in `<dir>/state.json` across starts (default true). */
  persist?: boolean;
  logger?: Logger;
}

export interface RunningAeatSimulator {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The SOAP endpoint handlers are given (envNames.aeatEndpoint). */
  endpoint: string;
  /** Base of the control API (`<url>/_sim`). */
  controlUrl: string;
  port: number;
  /** PEM file of the CA that signed the server certificate (envNames.aeatCaFile). */
  caFile: string;
  caPem: string;
  state: SimulatorState;
  faults: FaultQueue;
  stop(): Promise<void>;
}

function presenterOf(socket: TLSSocket): Presenter | null {
  const cert = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined;
  if (!cert?.raw) return null;
  const subject = (cert.subject ?? {}) as unknown as Record<string, string | string[] | undefined>;
  const one = (k: string) => {
    const v = subject[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const nifIn = (v: string | undefined, pattern: RegExp) =>
    v ? pattern.exec(v.toUpperCase())?.[1] : undefined;
  const nif =
    nifIn(one('organizationIdentifier') ?? one('2.5.4.97'), /^VATES-([0-9A-Z]{9})$/) ??
    nifIn(one('serialNumber'), /^(?:IDCES-|VATES-)?([0-9A-Z]{9})$/) ??
    nifIn(one('CN'), /[-(:]\s*([0-9A-Z]{9})\)?\s*$/) ??
    '';
  const parts = Object.entries(subject).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${k}=${x}`),
  );
  return { subject: parts.join(', '), serialNumber: cert.serialNumber ?? '', nif };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sendXml = (res: ServerResponse, status: number, xml: string) => {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'text/xml; charset=UTF-8' }).end(xml);
};
const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body, null, 2));
};

const ERROR_PAGE = `<!DOCTYPE html><html lang="es"><head><title>Error 500</title></head><body><h1>Error 500 - Internal Server Error</h1><p>Se ha producido un error en el servidor. Inténtelo de nuevo más tarde.</p></body></html>`;

export async function startAeatSimulator(opts: AeatSimulatorOptions): Promise<RunningAeatSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger ?? silentLogger;
  const identity = ensureServerIdentity(opts.dir);
  const state = new SimulatorState({
    file: opts.persist === false ? undefined : path.join(opts.dir, 'state.json'),
  });
  const faults = new FaultQueue();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  async function soap(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const presenter = presenterOf(req.socket as TLSSocket);
    const at = madridTimestamp();
    if (!presenter) {
      state.logMessage({
        at,
        operation: 'unknown',
        presenter,
        records: 0,
        result: 'rechazado: sin certificado',
      });
      state.save();
      return sendXml(
        res,
        403,
        soapFault(
          'Client',
          'Codigo[4103].No se ha presentado un certificado electrónico de cliente. El servicio exige autenticación con certificado.',
        ),
      );
    }
    const extracted = extractBodyElement(body);
    if (!extracted.ok) {
      state.logMessage({ at, operation: 'unknown', presenter, records: 0, result: 'fault Client 4102' });
      return sendXml(
        res,
        500,
        soapFault('Client', `Codigo[4102].El XML no cumple el esquema. ${extracted.reason}`),
      );
    }
    const kind =
      extracted.localName === 'RegFactuSistemaFacturacion' && extracted.namespace === NS.sfLR
        ? 'RegFactu'
        : extracted.localName === 'ConsultaFactuSistemaFacturacion' && extracted.namespace === NS.sfLRC
          ? 'Consulta'
          : undefined;
    if (!kind) {
      state.logMessage({ at, operation: 'unknown', presenter, records: 0, result: 'fault Client 4102' });
      return sendXml(
        res,
        500,
        soapFault(
          'Client',
          `Codigo[4102].El XML no cumple el esquema. Operación desconocida: {${extracted.namespace ?? ''}}${extracted.localName}.`,
        ),
      );
    }
    let parsed: ReturnType<typeof parseXml>;
    try {
      parsed = parseXml(extracted.xml)[extracted.localName] ?? {};
    } catch (e) {
      state.logMessage({ at, operation: kind, presenter, records: 0, result: 'fault Client 4102' });
      return sendXml(
        res,
        500,
        soapFault('Client', `Codigo[4102].El XML no cumple el esquema. ${(e as Error).message}`),
      );
    }
    const records = kind === 'RegFactu' ? recordsOf(parsed) : [];
    const unprocessed = (why: string) => {
      for (const r of records) state.notProcessed(r.key, r.huella, r.kind, why);
    };

    const validation = await validateXml(extracted.xml, kind === 'RegFactu' ? 'SuministroLR' : 'ConsultaLR');
    if (!validation.valid) {
      unprocessed('fault Client 4102');
      state.logMessage({
        at,
        operation: kind,
        presenter,
        records: records.length,
        result: 'fault Client 4102',
      });
      state.save();
      const detail = validation.errors.slice(0, 3).join(' ').slice(0, 1000);
      return sendXml(res, 500, soapFault('Client', `Codigo[4102].El XML no cumple el esquema. ${detail}`));
    }

    const fault = faults.takeMessageFault(
      kind,
      kind === 'RegFactu'
        ? records.map((r) => ({ nif: r.id.nif, numSerie: r.id.numSerie }))
        : [
            {
              nif: String(parsed.Cabecera?.ObligadoEmision?.NIF ?? ''),
              numSerie: String(parsed.FiltroConsulta?.NumSerieFactura ?? ''),
            },
          ],
    );
    const logFault = (f: ActiveFault, result: string) => {
      log.info(`AEAT simulator: injected ${f.kind} (${result})`);
      state.logMessage({ at, operation: kind, presenter, records: records.length, result });
      state.save();
    };
    if (
      fault &&
      (fault.kind === 'drop-before-accept' || (fault.kind === 'timeout' && fault.process === false))
    ) {
      unprocessed(`inyectado: ${fault.kind}`);
      logFault(fault, `inyectado: ${fault.kind}`);
      if (fault.kind === 'drop-before-accept') return void req.socket.destroy();
      return later(fault.ms ?? 30_000, () => req.socket.destroy());
    }
    if (fault?.kind === 'http-500') {
      unprocessed('inyectado: http-500');
      logFault(fault, 'inyectado: http-500');
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE);
      return;
    }
    if (fault?.kind === 'server-fault') {
      unprocessed('inyectado: fault Server');
      logFault(fault, 'inyectado: fault Server');
      return sendXml(
        res,
        500,
        soapFault('Server', 'Codigo[20009].Error interno en el servidor. Inténtelo de nuevo más tarde.'),
      );
    }

    let responseXml: string;
    if (kind === 'RegFactu') {
      const outcome = processRegFactu(state, faults, parsed, { presenter, presentedAt: at });
      const suffix = fault ? ` (inyectado: ${fault.kind})` : '';
      state.logMessage({
        at,
        operation: kind,
        presenter,
        records: records.length,
        result: `${outcome.estadoEnvio}${suffix}`,
        ...(outcome.csv ? { csv: outcome.csv } : {}),
      });
      state.save();
      log.info(
        `AEAT simulator: ${records.length} registro(s) de ${presenter.nif || 'sin NIF'} → ${outcome.estadoEnvio}${suffix}`,
      );
      responseXml = soapEnvelope(regFactuResponseXml(outcome, state.data.waitSeconds));
    } else {
      const result = queryRecords(state, parsed);
      state.logMessage({
        at,
        operation: kind,
        presenter,
        records: result.entries.length,
        result: `${result.entries.length ? 'ConDatos' : 'SinDatos'}${fault ? ` (inyectado: ${fault.kind})` : ''}`,
      });
      state.save();
      responseXml = soapEnvelope(consultaResponseXml(result));
    }

    if (fault?.kind === 'drop-after-accept') return void req.socket.destroy();
    if (fault?.kind === 'timeout') return later(fault.ms ?? 30_000, () => sendXml(res, 200, responseXml));
    sendXml(res, 200, responseXml);
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const route = `${req.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
    const json = async () => {
      const text = await readBody(req);
      return text.trim() ? (JSON.parse(text) as unknown) : {};
    };
    switch (route) {
      case 'GET /_sim':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(simulatorPage(state, faults.list()));
      case 'GET /_sim/state':
        return sendJson(res, 200, { ...state.data, faults: faults.list() });
      case 'POST /_sim/reset':
        state.reset();
        faults.clear();
        return sendJson(res, 200, { ok: true });
      case 'POST /_sim/wait': {
        const { seconds } = (await json()) as { seconds?: unknown };
        if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 9999) {
          return sendJson(res, 400, { error: 'seconds must be an integer between 0 and 9999' });
        }
        state.setWait(seconds);
        return sendJson(res, 200, { waitSeconds: seconds });
      }
      case 'POST /_sim/chain-rule': {
        const { rule } = (await json()) as { rule?: unknown };
        if (rule !== 'received' && rule !== 'stored') {
          return sendJson(res, 400, { error: "rule must be 'received' or 'stored'" });
        }
        state.setChainRule(rule);
        return sendJson(res, 200, { chainRule: rule });
      }
      case 'GET /_sim/faults':
        return sendJson(res, 200, faults.list());
      case 'DELETE /_sim/faults':
        faults.clear();
        return sendJson(res, 200, { ok: true });
      case 'POST /_sim/faults': {
        const parsed = FaultList.safeParse(await json());
        if (!parsed.success) return sendJson(res, 400, { error: parsed.error.message });
        const list: FaultSpec[] = Array.isArray(parsed.data)
          ? parsed.data
          : 'faults' in parsed.data
            ? parsed.data.faults
            : [parsed.data];
        return sendJson(res, 200, faults.add(list));
      }
      case 'GET /_sim/receptions': {
        const nif = url.searchParams.get('nif');
        const all = state.receptionList();
        return sendJson(res, 200, nif ? all.filter((r) => r.key.startsWith(`${nif}|`)) : all);
      }
      case 'GET /_sim/records':
        return sendJson(res, 200, state.recordsOf(url.searchParams.get('nif') ?? ''));
      case 'GET /_sim/messages':
        return sendJson(res, 200, state.data.messages);
      default:
        return sendJson(res, 404, { error: `unknown control route ${route}` });
    }
  }

  const server = https.createServer(
    { cert: identity.certPem, key: identity.keyPem, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const url = new URL(req.url ?? '/', 'https://localhost');
      const isControl = url.pathname === '/_sim' || url.pathname.startsWith('/_sim/');
      const work = isControl
        ? control(req, res, url)
        : req.method === 'POST'
          ? soap(req, res)
          : Promise.resolve(
              sendXml(
                res,
                405,
                soapFault('Client', 'El servicio VERI*FACTU solo admite peticiones SOAP por POST.'),
              ),
            );
      work.catch((e: unknown) => {
        log.error('AEAT simulator: request failed', e);
        if (!res.headersSent && !res.destroyed) {
          if (isControl) sendJson(res, 500, { error: (e as Error).message });
          else
            sendXml(
              res,
              500,
              soapFault('Server', `Codigo[20009].Error interno del simulador: ${(e as Error).message}`),
            );
        }
      });
    },
  );
  // A client that presents no certificate, or breaks the handshake, must not bring anything down.
  server.on('tlsClientError', () => {});

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (opts.port !== undefined) await listen(opts.port);
  else {
    // The preferred port may be taken between the check and the bind (another local cloud starting).
    await listen(await preferPort(opts.preferredPort ?? DEFAULT_SIMULATOR_PORT, host)).catch(
      (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EADDRINUSE') throw e;
        return listen(0);
      },
    );
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : 0;
  const url = `https://${host}:${actualPort}`;
  log.info(`AEAT simulator on ${url}${VERIFACTU_PATH}`);

  return {
    url,
    endpoint: `${url}${VERIFACTU_PATH}`,
    controlUrl: `${url}/_sim`,
    port: actualPort,
    caFile: identity.caFile,
    caPem: identity.caPem,
    state,
    faults,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
