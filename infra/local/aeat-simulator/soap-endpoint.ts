/**
 * The VERI*FACTU SOAP service of the simulator, in the order a message goes through it: the client
 * certificate, the operation in the Body, the XSDs, the injected message faults, then the answer
 * of RegFactuSistemaFacturacion or ConsultaFactuSistemaFacturacion (each message logged in the state).
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { validateXml } from '@functions/lib/verifactu-xml';
import { queryRecords } from './consulta';
import type { SimulatorContext } from './context';
import type { ActiveFault } from './faults';
import { presenterOf, readBody, sendXml } from './http-io';
import { consultaResponseXml, regFactuResponseXml } from './responses';
import { type ParsedRecord, processRegFactu, recordsOf } from './rules';
import { extractBodyElement, NS, parseXml, soapEnvelope, soapFault, type XmlNode } from './soap';
import type { MessageLog, Presenter } from './state';
import { madridTimestamp } from './time';

const ERROR_PAGE = `<!DOCTYPE html><html lang="es"><head><title>Error 500</title></head><body><h1>Error 500 - Internal Server Error</h1><p>Se ha producido un error en el servidor. Inténtelo de nuevo más tarde.</p></body></html>`;

type Operation = 'RegFactu' | 'Consulta';

/** A message that names a known operation and parses. */
interface SoapMessage {
  at: string;
  presenter: Presenter;
  kind: Operation;
  /** The Body's element as a document of its own (what the XSDs validate). */
  xml: string;
  parsed: XmlNode;
  /** The registros of a RegFactu (none for a Consulta). */
  records: ParsedRecord[];
}

export async function handleSoap(
  sim: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readBody(req);
  const presenter = presenterOf(req.socket as TLSSocket);
  const at = madridTimestamp();
  if (!presenter) return refuseWithoutCertificate(sim, res, at);
  const message = readOperation(sim, res, body, presenter, at);
  if (!message) return;
  if (!(await validAgainstXsd(sim, res, message))) return;
  const fault = takeMessageFault(sim, message);
  if (fault && failBeforeProcessing(sim, req, res, message, fault)) return;
  const responseXml =
    message.kind === 'RegFactu' ? answerRegFactu(sim, message, fault) : answerConsulta(sim, message, fault);
  if (fault?.kind === 'drop-after-accept') return void req.socket.destroy();
  if (fault?.kind === 'timeout') return sim.later(fault.ms ?? 30_000, () => sendXml(res, 200, responseXml));
  sendXml(res, 200, responseXml);
}

function refuseWithoutCertificate(sim: SimulatorContext, res: ServerResponse, at: string): void {
  sim.state.logMessage({
    at,
    operation: 'unknown',
    presenter: null,
    records: 0,
    result: 'rechazado: sin certificado',
  });
  sim.state.save();
  sendXml(
    res,
    403,
    soapFault(
      'Client',
      'Codigo[4103].No se ha presentado un certificado electrónico de cliente. El servicio exige autenticación con certificado.',
    ),
  );
}

/** Logs a message that breaks the schema and answers the AEAT's 4102 fault. */
function rejectSchema(
  sim: SimulatorContext,
  res: ServerResponse,
  entry: Omit<MessageLog, 'n' | 'result'>,
  detail: string,
  save = false,
): void {
  sim.state.logMessage({ ...entry, result: 'fault Client 4102' });
  if (save) sim.state.save();
  sendXml(res, 500, soapFault('Client', `Codigo[4102].El XML no cumple el esquema. ${detail}`));
}

/** The operation in the Body, parsed; null when a 4102 fault was answered instead. */
function readOperation(
  sim: SimulatorContext,
  res: ServerResponse,
  body: string,
  presenter: Presenter,
  at: string,
): SoapMessage | null {
  const extracted = extractBodyElement(body);
  const unknown = { at, operation: 'unknown' as const, presenter, records: 0 };
  if (!extracted.ok) {
    rejectSchema(sim, res, unknown, extracted.reason);
    return null;
  }
  const kind = operationOf(extracted.localName, extracted.namespace);
  if (!kind) {
    const detail = `Operación desconocida: {${extracted.namespace ?? ''}}${extracted.localName}.`;
    rejectSchema(sim, res, unknown, detail);
    return null;
  }
  let parsed: XmlNode;
  try {
    parsed = parseXml(extracted.xml)[extracted.localName] ?? {};
  } catch (e) {
    rejectSchema(sim, res, { ...unknown, operation: kind }, (e as Error).message);
    return null;
  }
  const records = kind === 'RegFactu' ? recordsOf(parsed) : [];
  return { at, presenter, kind, xml: extracted.xml, parsed, records };
}

const operationOf = (localName: string, namespace: string | undefined): Operation | undefined => {
  if (localName === 'RegFactuSistemaFacturacion' && namespace === NS.sfLR) return 'RegFactu';
  if (localName === 'ConsultaFactuSistemaFacturacion' && namespace === NS.sfLRC) return 'Consulta';
  return undefined;
};

/** Every registro of the message is marked as received but not processed, with the reason. */
function markUnprocessed(sim: SimulatorContext, message: SoapMessage, why: string): void {
  for (const r of message.records) sim.state.notProcessed(r.key, r.huella, r.kind, why);
}

/** The official XSDs (SuministroLR / ConsultaLR); false when a 4102 fault was answered. */
async function validAgainstXsd(
  sim: SimulatorContext,
  res: ServerResponse,
  message: SoapMessage,
): Promise<boolean> {
  const validation = await validateXml(
    message.xml,
    message.kind === 'RegFactu' ? 'SuministroLR' : 'ConsultaLR',
  );
  if (validation.valid) return true;
  markUnprocessed(sim, message, 'fault Client 4102');
  const { at, kind, presenter, records } = message;
  const detail = validation.errors.slice(0, 3).join(' ').slice(0, 1000);
  rejectSchema(sim, res, { at, operation: kind, presenter, records: records.length }, detail, true);
  return false;
}

/** The injected fault aimed at this message (by the NIF and number of its invoices), if any. */
function takeMessageFault(sim: SimulatorContext, message: SoapMessage): ActiveFault | undefined {
  const { kind, records, parsed } = message;
  const refs =
    kind === 'RegFactu'
      ? records.map((r) => ({ nif: r.id.nif, numSerie: r.id.numSerie }))
      : [
          {
            nif: String(parsed.Cabecera?.ObligadoEmision?.NIF ?? ''),
            numSerie: String(parsed.FiltroConsulta?.NumSerieFactura ?? ''),
          },
        ];
  return sim.faults.takeMessageFault(kind, refs);
}

/** Injected faults that stop a message before it is processed; true when one was applied. */
function failBeforeProcessing(
  sim: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  message: SoapMessage,
  fault: ActiveFault,
): boolean {
  const fail = (result: string) => {
    markUnprocessed(sim, message, result);
    sim.log.info(`AEAT simulator: injected ${fault.kind} (${result})`);
    sim.state.logMessage({
      at: message.at,
      operation: message.kind,
      presenter: message.presenter,
      records: message.records.length,
      result,
    });
    sim.state.save();
  };
  if (fault.kind === 'drop-before-accept' || (fault.kind === 'timeout' && fault.process === false)) {
    fail(`inyectado: ${fault.kind}`);
    if (fault.kind === 'drop-before-accept') req.socket.destroy();
    else sim.later(fault.ms ?? 30_000, () => req.socket.destroy());
    return true;
  }
  if (fault.kind === 'http-500') {
    fail('inyectado: http-500');
    res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE);
    return true;
  }
  if (fault.kind === 'server-fault') {
    fail('inyectado: fault Server');
    const text = 'Codigo[20009].Error interno en el servidor. Inténtelo de nuevo más tarde.';
    sendXml(res, 500, soapFault('Server', text));
    return true;
  }
  return false;
}

/** RegFactuSistemaFacturacion: the records are checked and stored; the RespuestaSuministro. */
function answerRegFactu(sim: SimulatorContext, message: SoapMessage, fault: ActiveFault | undefined): string {
  const { state } = sim;
  const { at, presenter, records } = message;
  const outcome = processRegFactu(state, sim.faults, message.parsed, { presenter, presentedAt: at });
  const suffix = fault ? ` (inyectado: ${fault.kind})` : '';
  state.logMessage({
    at,
    operation: message.kind,
    presenter,
    records: records.length,
    result: `${outcome.estadoEnvio}${suffix}`,
    ...(outcome.csv ? { csv: outcome.csv } : {}),
  });
  state.save();
  sim.log.info(
    `AEAT simulator: ${records.length} registro(s) de ${presenter.nif || 'sin NIF'} → ${outcome.estadoEnvio}${suffix}`,
  );
  return soapEnvelope(regFactuResponseXml(outcome, state.data.waitSeconds));
}

/** ConsultaFactuSistemaFacturacion: the stored records that match the filter. */
function answerConsulta(sim: SimulatorContext, message: SoapMessage, fault: ActiveFault | undefined): string {
  const result = queryRecords(sim.state, message.parsed);
  sim.state.logMessage({
    at: message.at,
    operation: message.kind,
    presenter: message.presenter,
    records: result.entries.length,
    result: `${result.entries.length ? 'ConDatos' : 'SinDatos'}${fault ? ` (inyectado: ${fault.kind})` : ''}`,
  });
  sim.state.save();
  return soapEnvelope(consultaResponseXml(result));
}
