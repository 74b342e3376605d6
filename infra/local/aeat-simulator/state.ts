/**
 * What the simulated AEAT remembers: per obligado (NIF) the stored records and its chain (the last
 * stored record, alta or anulación), every reception of every record (to judge "each record reaches
 * the AEAT exactly once"), every message, the waiting time it answers with. Plain JSON, so it can be
 * kept in a file between starts of `npm start` and served as is by the control API.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { XmlNode } from './soap';

export type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface IdFacturaKey {
  nif: string;
  numSerie: string;
  /** dd-mm-yyyy */
  fecha: string;
}

export interface Presenter {
  /** The client certificate's subject, as `CN=…, serialNumber=…` (empty without a certificate). */
  subject: string;
  /** The certificate's serial number (hex). */
  serialNumber: string;
  /** The NIF read from the certificate (serialNumber attribute `IDCES-<NIF>` or CN `NAME - NIF`). */
  nif: string;
}

/** A record the AEAT stored (Correcto or AceptadoConErrores). */
export interface StoredRecord {
  /** Position in the obligado's chain (1 = first stored record). */
  seq: number;
  kind: 'alta' | 'anulacion';
  key: string;
  id: IdFacturaKey;
  huella: string;
  estado: 'Correcto' | 'AceptadoConErrores';
  codigo?: number;
  descripcion?: string;
  /** CSV of the message that brought it (also its IdPeticion). */
  csv: string;
  /** TimestampPresentacion of that message. */
  presentedAt: string;
  presenterNif: string;
  refExterna?: string;
  /** The record as parsed (element names without prefixes, values as strings). */
  fields: XmlNode;
}

/** What the AEAT holds for one invoice (NIF + number + date). */
export interface InvoiceEntry {
  key: string;
  id: IdFacturaKey;
  /** The latest stored alta (a subsanación replaces it; the original stays in `history`). */
  alta?: StoredRecord;
  anulacion?: StoredRecord;
  /** Every stored record of this invoice, in arrival order. */
  history: StoredRecord[];
  lastModifiedAt: string;
}

export interface ObligadoState {
  invoices: Record<string, InvoiceEntry>;
  /** Keys and huellas of every stored record of this NIF, in the order stored: the chain. */
  chain: { key: string; kind: 'alta' | 'anulacion'; huella: string }[];
  /** The last NEW record processed for this NIF, stored or rejected (a resent huella does not move it). */
  lastReceived?: { key: string; huella: string };
  /** Every huella processed for this NIF. */
  seen: string[];
}

/**
 * What RegistroAnterior.Huella must equal, or the record is AceptadoConErrores 2003:
 * - `received` (default): the last new record the AEAT processed for the NIF, stored or rejected.
 *   A SIF keeps a rejected record in its chain (reference §2.5), so the correction that follows it
 *   links to it; only a fork or a gap (a link to a record never received) is reported.
 * - `stored`: the last record the AEAT stored; a record chained to a rejected one is reported too.
 */
export type ChainRule = 'received' | 'stored';

export interface Reception {
  /** NIF|NumSerieFactura|FechaExpedicionFactura */
  key: string;
  huella: string;
  kind: 'alta' | 'anulacion';
  /** Times the AEAT processed this record (stored or rejected by its rules). */
  count: number;
  /** One per processed reception: `Correcto`, `AceptadoConErrores 2003`, `Incorrecto 3000`, … */
  outcomes: string[];
  /** Deliveries that never reached the rules (injected drop before accepting, 500, Server fault…). */
  unprocessed: string[];
}

export interface MessageLog {
  n: number;
  at: string;
  operation: 'RegFactu' | 'Consulta' | 'unknown';
  presenter: Presenter | null;
  records: number;
  /** The HTTP-level fate: an EstadoEnvio, a fault or an injected failure. */
  result: string;
  csv?: string;
}

export interface SimulatorSnapshot {
  waitSeconds: number;
  chainRule: ChainRule;
  obligados: Record<string, ObligadoState>;
  receptions: Record<string, Reception>;
  messages: MessageLog[];
  counters: { messages: number; csv: number };
}

export const DEFAULT_WAIT_SECONDS = 60;
const MAX_MESSAGES_KEPT = 2000;

export const invoiceKey = (id: IdFacturaKey): string => `${id.nif}|${id.numSerie}|${id.fecha}`;

const empty = (): SimulatorSnapshot => ({
  waitSeconds: DEFAULT_WAIT_SECONDS,
  chainRule: 'received',
  obligados: {},
  receptions: {},
  messages: [],
  counters: { messages: 0, csv: 0 },
});

export class SimulatorState {
  data: SimulatorSnapshot;
  /** When set, the state is written there after every change and read back at start. */
  private readonly file: string | undefined;

  constructor(opts: { file?: string } = {}) {
    this.file = opts.file;
    this.data = empty();
    if (this.file && fs.existsSync(this.file)) {
      try {
        this.data = { ...empty(), ...(JSON.parse(fs.readFileSync(this.file, 'utf8')) as SimulatorSnapshot) };
      } catch {
        // A damaged state file is set aside rather than blocking the start.
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

  setWait(seconds: number): void {
    this.data.waitSeconds = seconds;
    this.save();
  }

  obligado(nif: string): ObligadoState {
    this.data.obligados[nif] ??= { invoices: {}, chain: [], seen: [] };
    return this.data.obligados[nif];
  }

  invoice(id: IdFacturaKey): InvoiceEntry | undefined {
    return this.data.obligados[id.nif]?.invoices[invoiceKey(id)];
  }

  setChainRule(rule: ChainRule): void {
    this.data.chainRule = rule;
    this.save();
  }

  hasStored(nif: string): boolean {
    return (this.data.obligados[nif]?.chain.length ?? 0) > 0;
  }

  /** The record RegistroAnterior must point to, per the chain rule (undefined: nothing to compare). */
  lastOfChain(nif: string): { key: string; huella: string } | undefined {
    const ob = this.data.obligados[nif];
    if (!ob) return undefined;
    if (this.data.chainRule === 'received') return ob.lastReceived;
    return ob.chain[ob.chain.length - 1];
  }

  /** Moves the NIF's "last received" to this record unless its huella was processed before. */
  processed(nif: string, key: string, huella: string): void {
    const ob = this.obligado(nif);
    ob.seen ??= [];
    if (ob.seen.includes(huella)) return;
    ob.seen.push(huella);
    ob.lastReceived = { key, huella };
  }

  store(unnumbered: Omit<StoredRecord, 'seq'>): StoredRecord {
    const ob = this.obligado(unnumbered.id.nif);
    const record: StoredRecord = { seq: ob.chain.length + 1, ...unnumbered };
    const entry: InvoiceEntry = ob.invoices[record.key] ?? {
      key: record.key,
      id: record.id,
      history: [],
      lastModifiedAt: record.presentedAt,
    };
    ob.invoices[record.key] = entry;
    if (record.kind === 'alta') entry.alta = record;
    else entry.anulacion = record;
    entry.history.push(record);
    entry.lastModifiedAt = record.presentedAt;
    ob.chain.push({ key: record.key, kind: record.kind, huella: record.huella });
    return record;
  }

  private reception(key: string, huella: string, kind: 'alta' | 'anulacion'): Reception {
    const id = `${key}|${huella}`;
    this.data.receptions[id] ??= { key, huella, kind, count: 0, outcomes: [], unprocessed: [] };
    return this.data.receptions[id];
  }

  received(key: string, huella: string, kind: 'alta' | 'anulacion', outcome: string): void {
    const r = this.reception(key, huella, kind);
    r.count += 1;
    r.outcomes.push(outcome);
  }

  notProcessed(key: string, huella: string, kind: 'alta' | 'anulacion', why: string): void {
    this.reception(key, huella, kind).unprocessed.push(why);
  }

  logMessage(entry: Omit<MessageLog, 'n'>): MessageLog {
    this.data.counters.messages += 1;
    const logged = { n: this.data.counters.messages, ...entry };
    this.data.messages.push(logged);
    if (this.data.messages.length > MAX_MESSAGES_KEPT) this.data.messages.shift();
    return logged;
  }

  /** A 16-character CSV, unique in this simulator (letters and digits, like the AEAT's). */
  nextCsv(): string {
    this.data.counters.csv += 1;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let random = '';
    for (let i = 0; i < 10; i++) random += alphabet[Math.floor(Math.random() * alphabet.length)];
    return `${random}${this.data.counters.csv.toString(36).toUpperCase().padStart(6, '0')}`.slice(0, 16);
  }

  receptionList(): Reception[] {
    return Object.values(this.data.receptions);
  }

  /** Every stored record of a NIF, in arrival order. */
  recordsOf(nif: string): StoredRecord[] {
    const ob = this.data.obligados[nif];
    if (!ob) return [];
    return Object.values(ob.invoices)
      .flatMap((e) => e.history)
      .sort((a, b) => a.seq - b.seq);
  }
}
