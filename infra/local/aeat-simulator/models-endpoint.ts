/**
 * The simulated AEAT's model-filing service (issue 14 item 4), on the same HTTPS server and the same
 * mutual TLS as the VERI*FACTU service. It is what the tax models' submission gateway
 * (functions/domains/taxmodels/store/gateway.ts) talks to locally:
 *
 *   POST <MODELS_FILING_PATH>   the model file (ISO-8859-1) as the body; headers name the filing:
 *        X-AEAT-Modelo, X-AEAT-Ejercicio, X-AEAT-Periodo, X-AEAT-NIF-Declarante,
 *        X-AEAT-NIF-Colaborador (a colaborador social presenting for the declarant),
 *        X-AEAT-Id-Peticion (the presenter's request id: the same id again, for the same declarant,
 *        gets the same answer).
 *        200 JSON `{ estado: 'ACEPTADA', csv, numeroJustificante, fechaPresentacion, justificantePdf }`
 *        or `{ estado: 'RECHAZADA', errores: [{ codigo, descripcion }] }`.
 *   GET  <MODELS_QUERY_PATH>?nif=&modelo=&ejercicio=&periodo=   whether the period is filed, and its
 *        justificante (what a presenter asks before filing again after an answer it never got).
 *
 * The checks are in models-rules.ts. A period is filed once: a second filing of the same NIF, model,
 * year and period is refused ('Ya existe una declaración presentada para este ejercicio y periodo').
 *
 * Control (no certificate needed), under `/_sim/modelos`: `GET` the filings and messages, `POST
 * /reset`, `GET|POST|DELETE /faults` (one-shot or `times` faults, optionally for one NIF or model:
 * timeout, drop-after-accept, drop-before-accept, http-500, server-fault, reject).
 */

import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as z from 'zod';
import type { SimulatorContext } from './context';
import { presenterOf, sendJson } from './http-io';
import {
  checkHeaders,
  checkModelFile,
  checkPresenter,
  DUPLICATE_FILING_TEXT,
  FILING_ERRORS,
  type FilingHeaders,
  type ModelFilingError,
} from './models-rules';
import { madridTimestamp } from './time';

export const MODELS_FILING_PATH = '/modelos/presentacion';
export const MODELS_QUERY_PATH = '/modelos/consulta';
export const MODELS_CONTROL_PATH = '/_sim/modelos';

/** The filing endpoint the functions are given (envNames.taxModelsAeatEndpoint), from the simulator's URL. */
export const modelsEndpointOf = (simulatorUrl: string): string =>
  new URL(MODELS_FILING_PATH, simulatorUrl).toString();

// --- faults ---------------------------------------------------------------------------------------

export const MODEL_FAULTS = [
  /** Hold the answer `ms` ms; with `process` (default true) the filing is registered first. */
  'timeout',
  /** Register the filing, then drop the connection without answering. */
  'drop-after-accept',
  /** Drop the connection; nothing registered. */
  'drop-before-accept',
  /** An HTML error page with HTTP 500; nothing registered. */
  'http-500',
  /** HTTP 503 with a JSON error; nothing registered. */
  'server-fault',
  /** The filing is refused with `code` (default 1099) and `description`. */
  'reject',
] as const;

export const ModelFaultSpec = z.object({
  kind: z.enum(MODEL_FAULTS),
  times: z.number().int().positive().optional(),
  /** Only filings (or queries) of this declarant NIF. */
  nif: z.string().length(9).optional(),
  /** Only this model. */
  modelo: z.string().length(3).optional(),
  /** Which service (default the filing). */
  operation: z.enum(['Presentacion', 'Consulta']).optional(),
  ms: z.number().int().nonnegative().max(600_000).optional(),
  process: z.boolean().optional(),
  code: z.string().min(1).max(10).optional(),
  description: z.string().max(500).optional(),
});
export type ModelFaultSpec = z.infer<typeof ModelFaultSpec>;
const ModelFaultList = z.union([ModelFaultSpec, z.array(ModelFaultSpec)]);

export interface ActiveModelFault extends ModelFaultSpec {
  id: number;
  remaining: number;
  fired: number;
}

export class ModelFaultQueue {
  private faults: ActiveModelFault[] = [];
  private nextId = 1;

  add(specs: ModelFaultSpec[]): ActiveModelFault[] {
    const added = specs.map((s) => ({ ...s, id: this.nextId++, remaining: s.times ?? 1, fired: 0 }));
    this.faults.push(...added);
    return added;
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveModelFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** The first fault for this operation, NIF and model, consumed once. */
  take(operation: 'Presentacion' | 'Consulta', nif: string, modelo: string): ActiveModelFault | undefined {
    const f = this.faults.find(
      (x) =>
        (x.operation ?? 'Presentacion') === operation &&
        (x.nif === undefined || x.nif === nif) &&
        (x.modelo === undefined || x.modelo === modelo),
    );
    if (!f) return undefined;
    f.remaining -= 1;
    f.fired += 1;
    if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
    return { ...f };
  }
}

// --- state ----------------------------------------------------------------------------------------

export interface ModelFiling {
  nif: string;
  modelo: string;
  ejercicio: string;
  periodo: string;
  csv: string;
  numeroJustificante: string;
  fechaPresentacion: string;
  idPeticion: string | null;
  presentador: string;
  colaborador: string | null;
  /** The exact file, base64 of its ISO-8859-1 bytes. */
  fichero: string;
}

export type FilingAnswer =
  | {
      estado: 'ACEPTADA';
      csv: string;
      numeroJustificante: string;
      fechaPresentacion: string;
      idPeticion: string | null;
      /** The same request id was answered before: this is that answer again. */
      repetida?: boolean;
    }
  | { estado: 'RECHAZADA'; errores: ModelFilingError[]; idPeticion: string | null };

export interface ModelsMessage {
  n: number;
  at: string;
  operation: 'Presentacion' | 'Consulta';
  presenter: string | null;
  filing: string;
  result: string;
}

interface ModelsSnapshot {
  /** `<nif>|<modelo>|<ejercicio>|<periodo>` → the filing the AEAT holds. */
  filings: Record<string, ModelFiling>;
  /** `<declarant NIF>|<request id>` → the filing it registered (its key) and the request's fingerprint. */
  requests: Record<string, { key: string; fingerprint: string }>;
  messages: ModelsMessage[];
  counters: { messages: number; filings: number };
}

const MAX_MESSAGES_KEPT = 1000;
const empty = (): ModelsSnapshot => ({
  filings: {},
  requests: {},
  messages: [],
  counters: { messages: 0, filings: 0 },
});

export const filingKey = (nif: string, modelo: string, ejercicio: string, periodo: string): string =>
  `${nif}|${modelo}|${ejercicio}|${periodo}`;

/** What the simulated AEAT holds of model filings, kept in `<dir>/models-state.json` between starts. */
export class ModelFilingState {
  data: ModelsSnapshot = empty();
  private readonly file: string | undefined;

  constructor(opts: { file?: string } = {}) {
    this.file = opts.file;
    if (this.file && fs.existsSync(this.file)) {
      try {
        this.data = { ...empty(), ...(JSON.parse(fs.readFileSync(this.file, 'utf8')) as ModelsSnapshot) };
      } catch {
        fs.renameSync(this.file, `${this.file}.damaged-${Date.now()}`);
      }
    }
  }

  save(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(`${this.file}.tmp`, JSON.stringify(this.data));
    fs.renameSync(`${this.file}.tmp`, this.file);
  }

  reset(): void {
    this.data = empty();
    this.save();
  }

  log(entry: Omit<ModelsMessage, 'n'>): void {
    this.data.counters.messages += 1;
    this.data.messages.push({ n: this.data.counters.messages, ...entry });
    if (this.data.messages.length > MAX_MESSAGES_KEPT) this.data.messages.shift();
  }

  /** A new CSV (16 letters and digits) and justificante number (13 digits, the model first). */
  nextReceipt(modelo: string): { csv: string; numeroJustificante: string } {
    this.data.counters.filings += 1;
    const n = this.data.counters.filings;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let random = '';
    for (let i = 0; i < 10; i++) random += alphabet[Math.floor(Math.random() * alphabet.length)];
    const csv = `${random}${n.toString(36).toUpperCase().padStart(6, '0')}`.slice(0, 16);
    const digits = `${Math.floor(Math.random() * 1e4)
      .toString()
      .padStart(4, '0')}${String(n % 1e6).padStart(6, '0')}`;
    return { csv, numeroJustificante: `${modelo}${digits}` };
  }
}

/** What the model-filing service of one running simulator shares. */
export interface ModelsContext {
  sim: SimulatorContext;
  state: ModelFilingState;
  faults: ModelFaultQueue;
}

export function createModelsContext(sim: SimulatorContext, dir: string | undefined): ModelsContext {
  return {
    sim,
    state: new ModelFilingState({ file: dir ? path.join(dir, 'models-state.json') : undefined }),
    faults: new ModelFaultQueue(),
  };
}

// --- routing ----------------------------------------------------------------------------------------

/** Whether the model-filing service (or its control API) answers this path. */
export const isModelsPath = (pathname: string): boolean =>
  pathname === MODELS_FILING_PATH ||
  pathname === MODELS_QUERY_PATH ||
  pathname === MODELS_CONTROL_PATH ||
  pathname.startsWith(`${MODELS_CONTROL_PATH}/`);

export async function handleModels(
  ctx: ModelsContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const route = `${req.method} ${url.pathname.replace(/\/+$/, '')}`;
  if (route === `POST ${MODELS_FILING_PATH}`) return handleFiling(ctx, req, res);
  if (route === `GET ${MODELS_QUERY_PATH}`) return handleQuery(ctx, req, res, url);
  if (url.pathname.startsWith(MODELS_CONTROL_PATH)) return handleControl(ctx, req, res, route);
  sendJson(res, 405, { error: `${req.method} no se admite en ${url.pathname}` });
}

// --- the filing -------------------------------------------------------------------------------------

function readBytes(req: IncomingMessage, max = 16 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const header = (req: IncomingMessage, name: string): string => {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim().toUpperCase() ?? '';
};

function filingHeaders(req: IncomingMessage): FilingHeaders {
  return {
    modelo: header(req, 'x-aeat-modelo'),
    ejercicio: header(req, 'x-aeat-ejercicio'),
    periodo: header(req, 'x-aeat-periodo'),
    nifDeclarante: header(req, 'x-aeat-nif-declarante'),
    nifColaborador: header(req, 'x-aeat-nif-colaborador') || null,
  };
}

const ERROR_PAGE = `<!DOCTYPE html><html lang="es"><head><title>Error 500</title></head><body><h1>Error 500 - Internal Server Error</h1><p>Se ha producido un error en el servidor. Inténtelo de nuevo más tarde.</p></body></html>`;

async function handleFiling(ctx: ModelsContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { state, sim } = ctx;
  const bytes = await readBytes(req);
  const at = madridTimestamp();
  const h = filingHeaders(req);
  const idPeticion = (req.headers['x-aeat-id-peticion'] as string | undefined)?.trim() || null;
  const presenter = presenterOf(req.socket as TLSSocket);
  const label = `${h.nifDeclarante} ${h.modelo} ${h.ejercicio} ${h.periodo}`;
  const log = (result: string) => {
    state.log({ at, operation: 'Presentacion', presenter: presenter?.nif ?? null, filing: label, result });
    state.save();
  };
  const reject = (errores: ModelFilingError[], status = 200) => {
    log(`RECHAZADA ${errores.map((e) => e.codigo).join(',')}`);
    sendJson(res, status, { estado: 'RECHAZADA', errores, idPeticion } satisfies FilingAnswer);
  };

  if (!presenter) {
    return reject(
      [
        {
          codigo: FILING_ERRORS.noCertificate,
          descripcion:
            'No se ha presentado un certificado electrónico de cliente. El servicio exige autenticación con certificado.',
        },
      ],
      403,
    );
  }
  const file = bytes.toString('latin1');
  const fingerprint = `${label}|${bytes.length}|${hashOf(bytes)}`;

  // The same request again (the presenter never got the first answer): the same answer.
  const requestKey = idPeticion ? `${h.nifDeclarante}|${idPeticion}` : null;
  const seen = requestKey ? state.data.requests[requestKey] : undefined;
  if (seen) {
    const filed = state.data.filings[seen.key];
    if (seen.fingerprint !== fingerprint || !filed) {
      return reject([
        {
          codigo: FILING_ERRORS.requestReused,
          descripcion: 'El identificador de la petición ya se usó para otra declaración.',
        },
      ]);
    }
    log(`ACEPTADA (repetida) ${filed.csv}`);
    return sendAccepted(res, filed, true);
  }

  const fault = ctx.faults.take('Presentacion', h.nifDeclarante, h.modelo);
  if (fault && failBeforeProcessing(ctx, req, res, fault, log)) return;

  const errors = [...checkHeaders(h)];
  if (errors.length === 0) errors.push(...checkPresenter(h, presenter.nif), ...checkModelFile(file, h));
  if (errors.length === 0 && fault?.kind === 'reject') {
    errors.push({
      codigo: fault.code ?? '1099',
      descripcion: fault.description ?? 'La declaración no supera las validaciones de la AEAT.',
    });
  }
  const key = filingKey(h.nifDeclarante, h.modelo, h.ejercicio, h.periodo);
  const previous = state.data.filings[key];
  if (errors.length === 0 && previous) {
    errors.push({
      codigo: FILING_ERRORS.duplicate,
      descripcion: `${DUPLICATE_FILING_TEXT} (justificante ${previous.numeroJustificante}, presentada el ${previous.fechaPresentacion.slice(0, 10)}).`,
    });
  }
  if (errors.length > 0) return reject(errors);

  const filing: ModelFiling = {
    nif: h.nifDeclarante,
    modelo: h.modelo,
    ejercicio: h.ejercicio,
    periodo: h.periodo,
    ...state.nextReceipt(h.modelo),
    fechaPresentacion: at,
    idPeticion,
    presentador: presenter.nif,
    colaborador: h.nifColaborador,
    fichero: bytes.toString('base64'),
  };
  state.data.filings[key] = filing;
  if (requestKey) state.data.requests[requestKey] = { key, fingerprint };
  log(`ACEPTADA ${filing.csv}${fault ? ` (inyectado: ${fault.kind})` : ''}`);
  sim.log.info(`AEAT simulator: modelo ${label} presentado por ${presenter.nif} → ${filing.csv}`);

  if (fault?.kind === 'drop-after-accept') return void req.socket.destroy();
  if (fault?.kind === 'timeout')
    return sim.later(fault.ms ?? 30_000, () => void sendAccepted(res, filing, false));
  await sendAccepted(res, filing, false);
}

/** Faults that stop a filing before it is registered; true when one was applied. */
function failBeforeProcessing(
  ctx: ModelsContext,
  req: IncomingMessage,
  res: ServerResponse,
  fault: ActiveModelFault,
  log: (result: string) => void,
): boolean {
  if (fault.kind === 'drop-before-accept' || (fault.kind === 'timeout' && fault.process === false)) {
    log(`inyectado: ${fault.kind}`);
    if (fault.kind === 'drop-before-accept') req.socket.destroy();
    else ctx.sim.later(fault.ms ?? 30_000, () => req.socket.destroy());
    return true;
  }
  if (fault.kind === 'http-500') {
    log('inyectado: http-500');
    res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE);
    return true;
  }
  if (fault.kind === 'server-fault') {
    log('inyectado: server-fault');
    sendJson(res, 503, { error: 'Servicio no disponible temporalmente. Inténtelo de nuevo más tarde.' });
    return true;
  }
  return false;
}

async function sendAccepted(res: ServerResponse, filing: ModelFiling, repeated: boolean): Promise<void> {
  const pdf = await receiptPdf(filing);
  if (res.destroyed || res.writableEnded) return;
  sendJson(res, 200, {
    estado: 'ACEPTADA',
    csv: filing.csv,
    numeroJustificante: filing.numeroJustificante,
    fechaPresentacion: filing.fechaPresentacion,
    idPeticion: filing.idPeticion,
    ...(repeated ? { repetida: true } : {}),
    justificantePdf: Buffer.from(pdf).toString('base64'),
  });
}

/** A one-page justificante de presentación, like the one the Sede gives. */
async function receiptPdf(f: ModelFiling): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Justificante de presentación ${f.numeroJustificante}`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Agencia Tributaria (simulador local)', { x: 50, y: 780, size: 12, font: bold });
  page.drawText('Justificante de presentación', { x: 50, y: 750, size: 18, font: bold });
  const lines: [string, string][] = [
    ['Modelo', f.modelo],
    ['Ejercicio', f.ejercicio],
    ['Periodo', f.periodo],
    ['NIF del declarante', f.nif],
    ['Presentador', f.colaborador ? `${f.presentador} (colaborador social)` : f.presentador],
    ['Número de justificante', f.numeroJustificante],
    ['Código seguro de verificación (CSV)', f.csv],
    ['Fecha y hora de presentación', f.fechaPresentacion],
  ];
  lines.forEach(([k, v], i) => {
    const y = 700 - i * 24;
    page.drawText(`${k}:`, { x: 50, y, size: 11, font });
    page.drawText(v, { x: 260, y, size: 11, font: bold });
  });
  page.drawText('Documento generado por el simulador local de la AEAT: sin validez fiscal.', {
    x: 50,
    y: 60,
    size: 9,
    font,
  });
  return doc.save();
}

function hashOf(bytes: Buffer): string {
  // FNV-1a 32: enough to tell two files apart in a local simulator.
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

// --- the query ----------------------------------------------------------------------------------------

async function handleQuery(
  ctx: ModelsContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const at = madridTimestamp();
  const p = (k: string) => (url.searchParams.get(k) ?? '').trim().toUpperCase();
  const [nif, modelo, ejercicio, periodo] = [p('nif'), p('modelo'), p('ejercicio'), p('periodo')];
  const colaborador = header(req, 'x-aeat-nif-colaborador') || null;
  const presenter = presenterOf(req.socket as TLSSocket);
  const label = `${nif} ${modelo} ${ejercicio} ${periodo}`;
  const log = (result: string) => {
    ctx.state.log({ at, operation: 'Consulta', presenter: presenter?.nif ?? null, filing: label, result });
    ctx.state.save();
  };
  if (!presenter) {
    log('rechazada: sin certificado');
    return sendJson(res, 403, { error: 'No se ha presentado un certificado electrónico de cliente.' });
  }
  const h: FilingHeaders = { modelo, ejercicio, periodo, nifDeclarante: nif, nifColaborador: colaborador };
  const refused = [...checkHeaders(h), ...checkPresenter(h, presenter.nif)];
  if (refused.length > 0) {
    log(`rechazada ${refused.map((e) => e.codigo).join(',')}`);
    return sendJson(res, 200, { estado: 'RECHAZADA', errores: refused });
  }
  const fault = ctx.faults.take('Consulta', nif, modelo);
  if (fault && failBeforeProcessing(ctx, req, res, fault, log)) return;
  const filed = ctx.state.data.filings[filingKey(nif, modelo, ejercicio, periodo)];
  log(filed ? `presentada ${filed.csv}` : 'sin presentar');
  const answer = filed
    ? {
        presentada: true,
        csv: filed.csv,
        numeroJustificante: filed.numeroJustificante,
        fechaPresentacion: filed.fechaPresentacion,
        idPeticion: filed.idPeticion,
      }
    : { presentada: false };
  if (fault?.kind === 'timeout') return ctx.sim.later(fault.ms ?? 30_000, () => sendJson(res, 200, answer));
  sendJson(res, 200, answer);
}

// --- control -------------------------------------------------------------------------------------------

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBytes(req, 1024 * 1024)).toString('utf8');
  return text.trim() ? (JSON.parse(text) as unknown) : {};
}

async function handleControl(
  ctx: ModelsContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
): Promise<void> {
  const { state, faults } = ctx;
  switch (route) {
    case `GET ${MODELS_CONTROL_PATH}`:
      return sendJson(res, 200, {
        filings: Object.values(state.data.filings).map(({ fichero: _f, ...f }) => f),
        messages: state.data.messages.slice(-200),
        faults: faults.list(),
      });
    case `GET ${MODELS_CONTROL_PATH}/filings`:
      return sendJson(res, 200, Object.values(state.data.filings));
    case `POST ${MODELS_CONTROL_PATH}/reset`:
      state.reset();
      faults.clear();
      return sendJson(res, 200, { ok: true });
    case `GET ${MODELS_CONTROL_PATH}/faults`:
      return sendJson(res, 200, faults.list());
    case `DELETE ${MODELS_CONTROL_PATH}/faults`:
      faults.clear();
      return sendJson(res, 200, { ok: true });
    case `POST ${MODELS_CONTROL_PATH}/faults`: {
      const parsed = ModelFaultList.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: parsed.error.message });
      return sendJson(res, 200, faults.add(Array.isArray(parsed.data) ? parsed.data : [parsed.data]));
    }
    default:
      return sendJson(res, 404, { error: `unknown control route ${route}` });
  }
}
