/**
 * The simulated AEAT's SII services (issue 16, item 6), on the same HTTPS server and the same mutual
 * TLS as the VERI*FACTU service, at the AEAT's paths under SII_BASE_PATH (`/wlpl/SSII-FACT/ws`):
 *
 *   fe/SiiFactFEV1SOAP   SuministroLRFacturasEmitidas, BajaLRFacturasEmitidas, ConsultaLRFacturasEmitidas
 *   fr/SiiFactFRV1SOAP   …FacturasRecibidas
 *   bi/SiiFactBIV1SOAP   …BienesInversion
 *   oi/SiiFactOIV1SOAP   …DetOperacionIntracomunitaria (ConsultaLRDetOperIntracomunitarias)
 *   fe/SiiFactCOBV1SOAP  SuministroLRCobrosEmitidas, ConsultaCobros
 *   fr/SiiFactPAGV1SOAP  SuministroLRPagosRecibidas, ConsultaPagos
 *
 * A message goes through: the client certificate, the body element (it must belong to the path's
 * service: 4108 otherwise), IDVersionSii (4100), the XSDs (4102), the header (4122/4123/4104/4105/
 * 4101/4114), the injected message faults, then the rules (sii-rules.ts) or the query
 * (sii-consulta.ts). Every reception of every record is counted (sii-state.ts).
 *
 * Control (no certificate needed), under `/_sim/sii`: `GET` a summary, `GET /records`,
 * `GET /receptions`, `GET /messages`, `GET|POST /census`, `POST /reset`, `GET|POST|DELETE /faults`.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { SimulatorContext } from './context';
import { presenterOf, readBody, sendJson, sendXml } from './http-io';
import { querySiiBook, querySiiPayments } from './sii-consulta';
import {
  type ActiveSiiFault,
  SiiFaultList,
  SiiFaultQueue,
  type SiiFaultSpec,
  type SiiFaultTarget,
} from './sii-faults';
import { siiConsultaResponseXml, siiPaymentsResponseXml, siiSuministroResponseXml } from './sii-responses';
import {
  censusOf,
  type ParsedSiiRecord,
  processSiiMessage,
  SII_CODES,
  SII_SERVER_FAULT_TEXT,
  type SiiFault,
  type SiiMessage,
  siiHeaderFault,
  siiOperationOf,
  siiRecordsOf,
  siiVersionFault,
  titularOf,
} from './sii-rules';
import {
  parseSiiXml,
  SII_BASE_PATH,
  SII_SERVICE_SPECS,
  SII_SIM_SERVICES,
  type SiiSimBook,
  type SiiSimService,
  type SiiXml,
  siiExchangeOf,
  siiServiceOfPath,
  siiTimestamp,
} from './sii-soap';
import { type SiiMessageLog, SiiSimulatorState } from './sii-state';
import { SII_XSD_DIRECTORY, validateSiiXml } from './sii-xsd';
import { extractBodyElement, soapEnvelope, soapFault } from './soap';
import { madridTimestamp } from './time';

export const SII_CONTROL_PATH = '/_sim/sii';

/** The base the functions are given (envNames.siiAeatEndpoint), from the simulator's URL. */
export const siiEndpointOf = (simulatorUrl: string): string =>
  new URL(SII_BASE_PATH, simulatorUrl).toString();

/** What the SII services of one running simulator share. */
export interface SiiContext {
  sim: SimulatorContext;
  state: SiiSimulatorState;
  faults: SiiFaultQueue;
  /** Folder of the SII XSDs (default functions/lib/sii-xml/xsd/). */
  xsdDir: string;
  /** The AEAT's clock (dates in the future are refused against it). */
  now: () => Date;
}

export function createSiiContext(
  sim: SimulatorContext,
  dir: string | undefined,
  opts: { xsdDir?: string; now?: () => Date } = {},
): SiiContext {
  return {
    sim,
    state: new SiiSimulatorState({ file: dir ? path.join(dir, 'sii-state.json') : undefined }),
    faults: new SiiFaultQueue(),
    xsdDir: opts.xsdDir ?? SII_XSD_DIRECTORY,
    now: opts.now ?? (() => new Date()),
  };
}

/** Whether the SII services (or their control API) answer this path. */
export const isSiiPath = (pathname: string): boolean =>
  pathname === SII_BASE_PATH ||
  pathname.startsWith(`${SII_BASE_PATH}/`) ||
  pathname === SII_CONTROL_PATH ||
  pathname.startsWith(`${SII_CONTROL_PATH}/`);

export async function handleSii(
  ctx: SiiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (url.pathname === SII_CONTROL_PATH || url.pathname.startsWith(`${SII_CONTROL_PATH}/`)) {
    return handleSiiControl(ctx, req, res, url);
  }
  const service = siiServiceOfPath(url.pathname);
  if (!service) {
    return sendXml(res, 404, soapFault('Client', `No existe ningún servicio SII en ${url.pathname}.`));
  }
  if (req.method !== 'POST') {
    return sendXml(res, 405, soapFault('Client', 'Los servicios SII solo admiten peticiones SOAP por POST.'));
  }
  return handleSiiSoap(ctx, service, req, res);
}

// --- SOAP --------------------------------------------------------------------------------------------

interface Received {
  at: string;
  presenterNif: string | null;
  service: SiiSimService;
}

/** Logs a refused message (and marks its records as received but not processed), then answers the Fault. */
function refuse(
  ctx: SiiContext,
  res: ServerResponse,
  r: Received,
  f: SiiFault,
  message?: SiiMessage,
  status = 500,
): void {
  const { state } = ctx;
  const titular = message ? titularOf(message.parsed) : null;
  if (message) {
    for (const rec of message.records) {
      state.notProcessed(titular ?? '', message.service, rec.id, `fault Client ${f.code}`);
    }
  }
  state.logMessage({
    at: r.at,
    service: r.service,
    operation: message ? siiOperationOf(message) : 'unknown',
    titular,
    presenterNif: r.presenterNif,
    records: message?.records.length ?? 0,
    result: `fault Client ${f.code}`,
  });
  state.save();
  sendXml(res, status, soapFault('Client', f.text));
}

const faultOf = (code: keyof typeof SII_CODES, detail: string): SiiFault => ({
  code,
  text: `Codigo[${code}].${SII_CODES[code]} ${detail}`.trim(),
});

async function handleSiiSoap(
  ctx: SiiContext,
  service: SiiSimService,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readBody(req);
  const presenter = presenterOf(req.socket as TLSSocket);
  const at = siiTimestamp(madridTimestamp(ctx.now()));
  const received: Received = { at, presenterNif: presenter?.nif ?? null, service };
  if (!presenter) {
    const detail =
      'No se ha presentado un certificado electrónico de cliente. El servicio exige autenticación con certificado.';
    return refuse(ctx, res, received, faultOf(4110, detail), undefined, 403);
  }

  const extracted = extractBodyElement(body);
  if (!extracted.ok) return refuse(ctx, res, received, faultOf(4103, extracted.reason));
  const which = siiExchangeOf(extracted.localName, extracted.namespace);
  if (!which || which.service !== service) {
    const detail = `Elemento {${extracted.namespace ?? ''}}${extracted.localName} recibido en ${SII_BASE_PATH}${SII_SERVICE_SPECS[service].path}.`;
    return refuse(ctx, res, received, faultOf(4108, detail));
  }
  let parsed: SiiXml;
  try {
    parsed = parseSiiXml(extracted.xml)[extracted.localName] ?? {};
  } catch (e) {
    return refuse(ctx, res, received, faultOf(4103, (e as Error).message));
  }
  const message: SiiMessage = {
    service,
    exchange: which.exchange,
    parsed,
    records: siiRecordsOf(service, which.exchange, parsed),
  };

  const version = siiVersionFault(parsed);
  if (version) return refuse(ctx, res, received, version, message);
  const validation = await validateSiiXml(
    extracted.xml,
    which.exchange === 'CONSULTA' ? 'ConsultaLR' : 'SuministroLR',
    ctx.xsdDir,
  );
  if (!validation.valid) {
    const detail = validation.errors.slice(0, 3).join(' ').slice(0, 1000);
    return refuse(ctx, res, received, faultOf(4102, detail), message);
  }
  const census = censusOf(ctx.state);
  const header = siiHeaderFault(parsed, which.exchange, presenter.nif, census);
  if (header) return refuse(ctx, res, received, header, message);

  const fault = ctx.faults.takeMessageFault(faultTarget(message));
  if (fault?.kind === 'server-fault') return injectServerFault(ctx, res, received, message, fault);

  const answer =
    which.exchange === 'CONSULTA'
      ? answerConsulta(ctx, received, message, fault)
      : answerSuministro(ctx, received, message, presenter.nif, census, fault);
  if (fault?.kind === 'drop-response') {
    ctx.sim.log.info(`AEAT simulator (SII): injected drop-response after processing (${service})`);
    return void req.socket.destroy();
  }
  if (fault?.kind === 'delay') return ctx.sim.later(fault.ms ?? 30_000, () => sendXml(res, 200, answer));
  sendXml(res, 200, answer);
}

function faultTarget(message: SiiMessage): SiiFaultTarget {
  const records: ParsedSiiRecord[] = message.records;
  const filter =
    message.parsed?.FiltroConsulta ??
    message.parsed?.FiltroConsultaCobros ??
    message.parsed?.FiltroConsultaPagos;
  const queried = filter?.IDFactura;
  return {
    service: message.service,
    operation: siiOperationOf(message),
    titular: titularOf(message.parsed),
    records: queried
      ? [
          {
            issuer: String(queried.IDEmisorFactura?.NIF ?? ''),
            number: String(queried.NumSerieFacturaEmisor ?? ''),
          },
        ]
      : records.map((r) => ({ issuer: r.id.issuer, number: r.id.number })),
  };
}

function injectServerFault(
  ctx: SiiContext,
  res: ServerResponse,
  r: Received,
  message: SiiMessage,
  fault: ActiveSiiFault,
): void {
  const { state } = ctx;
  const titular = titularOf(message.parsed);
  for (const rec of message.records)
    state.notProcessed(titular, message.service, rec.id, 'inyectado: fault Server');
  state.logMessage({
    at: r.at,
    service: message.service,
    operation: siiOperationOf(message),
    titular,
    presenterNif: r.presenterNif,
    records: message.records.length,
    result: `inyectado: ${fault.kind}`,
  });
  state.save();
  ctx.sim.log.info(`AEAT simulator (SII): injected server-fault (${message.service})`);
  sendXml(res, 500, soapFault('Server', SII_SERVER_FAULT_TEXT));
}

function answerSuministro(
  ctx: SiiContext,
  r: Received,
  message: SiiMessage,
  presenterNif: string,
  census: ReturnType<typeof censusOf>,
  fault: ActiveSiiFault | undefined,
): string {
  const { state } = ctx;
  const outcome = processSiiMessage(state, ctx.faults, message, {
    presenterNif,
    presentedAt: r.at,
    now: ctx.now(),
    census,
  });
  const suffix = fault ? ` (inyectado: ${fault.kind})` : '';
  state.logMessage({
    at: r.at,
    service: message.service,
    operation: outcome.operation,
    titular: titularOf(message.parsed),
    presenterNif,
    records: message.records.length,
    result: `${outcome.estadoEnvio}${suffix}`,
    ...(outcome.csv ? { csv: outcome.csv } : {}),
  });
  state.save();
  ctx.sim.log.info(
    `AEAT simulator (SII): ${message.records.length} registro(s) ${message.service} ${outcome.operation} de ${titularOf(message.parsed)} → ${outcome.estadoEnvio}${suffix}`,
  );
  return soapEnvelope(siiSuministroResponseXml(outcome));
}

function answerConsulta(
  ctx: SiiContext,
  r: Received,
  message: SiiMessage,
  fault: ActiveSiiFault | undefined,
): string {
  const { state } = ctx;
  const { service, parsed } = message;
  let xml: string;
  let found: number;
  if (service === 'COBROS' || service === 'PAGOS') {
    const q = querySiiPayments(state, service, parsed);
    found = q.payments.length;
    xml = siiPaymentsResponseXml(service, q);
  } else {
    const q = querySiiBook(state, service, parsed);
    found = q.records.length;
    xml = siiConsultaResponseXml(service, q);
  }
  state.logMessage({
    at: r.at,
    service,
    operation: 'CONSULTA',
    titular: titularOf(parsed),
    presenterNif: r.presenterNif,
    records: found,
    result: `${found ? 'ConDatos' : 'SinDatos'}${fault ? ` (inyectado: ${fault.kind})` : ''}`,
  });
  state.save();
  return soapEnvelope(xml);
}

// --- control -----------------------------------------------------------------------------------------

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  return body.trim() ? (JSON.parse(body) as unknown) : {};
}

const isService = (v: string | null): v is SiiSimService =>
  v !== null && (SII_SIM_SERVICES as readonly string[]).includes(v);
const isBook = (v: string | null): v is SiiSimBook => v === 'FE' || v === 'FR' || v === 'BI' || v === 'OI';

async function handleSiiControl(
  ctx: SiiContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { state, faults } = ctx;
  const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
  const q = (k: string) => url.searchParams.get(k);
  switch (route) {
    case `GET ${SII_CONTROL_PATH}`:
      return sendJson(res, 200, {
        records: state.records().length,
        receptions: state.receptionList().length,
        messages: state.data.messages.slice(-200),
        census: censusList(ctx),
        faults: faults.list(),
      });
    case `GET ${SII_CONTROL_PATH}/records`: {
      const book = q('book');
      return sendJson(
        res,
        200,
        state.records({
          ...(q('titular') ? { titular: q('titular')! } : {}),
          ...(isBook(book) ? { book } : {}),
        }),
      );
    }
    case `GET ${SII_CONTROL_PATH}/receptions`: {
      const service = q('service') ?? q('book');
      return sendJson(
        res,
        200,
        state.receptionList({
          ...(q('titular') ? { titular: q('titular')! } : {}),
          ...(isService(service) ? { service } : {}),
        }),
      );
    }
    case `GET ${SII_CONTROL_PATH}/messages`:
      return sendJson(res, 200, state.data.messages satisfies SiiMessageLog[]);
    case `POST ${SII_CONTROL_PATH}/reset`:
      state.reset();
      faults.clear();
      return sendJson(res, 200, { ok: true });
    case `GET ${SII_CONTROL_PATH}/census`:
      return sendJson(res, 200, censusList(ctx));
    case `POST ${SII_CONTROL_PATH}/census`: {
      const body = (await readJson(req)) as { unidentified?: unknown; unregistered?: unknown };
      const list = (v: unknown) =>
        Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
      const unidentified = list(body.unidentified ?? []);
      const unregistered = list(body.unregistered ?? []);
      if (!unidentified || !unregistered) {
        return sendJson(res, 400, { error: 'unidentified and unregistered must be arrays of NIFs' });
      }
      state.addToCensus('unidentified', unidentified);
      state.addToCensus('unregistered', unregistered);
      return sendJson(res, 200, censusList(ctx));
    }
    case `GET ${SII_CONTROL_PATH}/faults`:
      return sendJson(res, 200, faults.list());
    case `DELETE ${SII_CONTROL_PATH}/faults`:
      faults.clear();
      return sendJson(res, 200, { ok: true });
    case `POST ${SII_CONTROL_PATH}/faults`: {
      const parsed = SiiFaultList.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: parsed.error.message });
      const list: SiiFaultSpec[] = Array.isArray(parsed.data)
        ? parsed.data
        : 'faults' in parsed.data
          ? parsed.data.faults
          : [parsed.data];
      return sendJson(res, 200, faults.add(list));
    }
    default:
      return sendJson(res, 404, { error: `unknown control route ${route}` });
  }
}

function censusList(ctx: SiiContext): { unidentified: string[]; unregistered: string[] } {
  const c = censusOf(ctx.state);
  return { unidentified: [...c.unidentified], unregistered: [...c.unregistered] };
}
