/**
 * What the simulated AEAT remembers of the SII (issue 16, item 6), per titular and book: the records
 * it holds (Correcta, AceptadaConErrores, Anulada) with the cobros and pagos added to them, every
 * reception of every record (to judge "each record reaches the AEAT exactly once", also for refused
 * ones), every message, and the NIFs added to its census at run time. Plain JSON, kept in
 * `<dir>/sii-state.json` between starts of `npm start` and served as is by the control API.
 */

import fs from 'node:fs';
import path from 'node:path';
import type { SiiSimBook, SiiSimService, SiiXml } from './sii-soap';

/** EstadoRegistro of a stored record (EstadoRegistroSIIType of RespuestaConsultaLR.xsd). */
export type SiiStoredState = 'Correcta' | 'AceptadaConErrores' | 'Anulada';

/** How a record of a book is identified: the issuer (NIF or IDOtro's ID), number and issue date. */
export interface SiiRecordId {
  issuer: string;
  number: string;
  /** dd-mm-yyyy */
  date: string;
  /** IdentificacionBien (BI: one invoice may carry several investment goods). */
  good?: string;
}

/** One cobro (FE) or pago (FR) the AEAT holds, with the presentation that brought it. */
export interface SiiStoredPayment {
  /** DatosPagoCobroType as parsed: Fecha, Importe, Medio, Cuenta_O_Medio. */
  fields: SiiXml;
  csv: string;
  presentedAt: string;
  presenterNif: string;
}

export interface SiiStoredRecord {
  titular: string;
  book: SiiSimBook;
  key: string;
  id: SiiRecordId;
  ejercicio: string;
  periodo: string;
  estado: SiiStoredState;
  codigo?: number;
  descripcion?: string;
  /** CSV of the message that brought the current content (or the baja). */
  csv: string;
  /** TimestampPresentacion (dd-mm-yyyy hh:mm:ss) of that message. */
  presentedAt: string;
  presenterNif: string;
  lastModifiedAt: string;
  /** The registro as parsed (element names without prefixes, values as strings), latest A0/A1. */
  fields: SiiXml;
  /** Cobros (FE) or pagos (FR) added by the RECC services. */
  payments: SiiStoredPayment[];
  history: {
    at: string;
    operation: 'A0' | 'A1' | 'BAJA';
    csv: string;
    estado: SiiStoredState;
    codigo?: number;
  }[];
}

export interface SiiReception {
  /** `<titular>|<service>|<issuer>|<number>|<date>` (+ `|<IdentificacionBien>` for BI). */
  key: string;
  titular: string;
  service: SiiSimService;
  issuer: string;
  number: string;
  date: string;
  good?: string;
  /** Times a message carrying this record went through the rules (stored or refused). */
  count: number;
  /** Of those, how many were stored (Correcto or AceptadoConErrores). */
  accepted: number;
  /** One per processed reception: `A0 Correcto`, `A0 Incorrecto 3000`, `BAJA Correcto`, `COBRO Correcto`, … */
  outcomes: string[];
  /** Deliveries that never reached the rules (schema or header fault, injected server fault…). */
  unprocessed: string[];
}

export interface SiiMessageLog {
  n: number;
  /** TimestampPresentacion of the message. */
  at: string;
  service: SiiSimService | 'unknown';
  operation: 'A0' | 'A1' | 'BAJA' | 'COBROS' | 'PAGOS' | 'CONSULTA' | 'unknown';
  titular: string | null;
  presenterNif: string | null;
  records: number;
  /** EstadoEnvio, ConDatos/SinDatos, a fault or an injected failure. */
  result: string;
  csv?: string;
}

export interface SiiSnapshot {
  /** titular → book → record key → record. */
  books: Record<string, Partial<Record<SiiSimBook, Record<string, SiiStoredRecord>>>>;
  receptions: Record<string, SiiReception>;
  messages: SiiMessageLog[];
  /** NIFs added to the census through the control API (on top of sii-rules.ts's lists). */
  census: { unidentified: string[]; unregistered: string[] };
  counters: { messages: number; csv: number };
}

const MAX_MESSAGES_KEPT = 2000;

const empty = (): SiiSnapshot => ({
  books: {},
  receptions: {},
  messages: [],
  census: { unidentified: [], unregistered: [] },
  counters: { messages: 0, csv: 0 },
});

export const siiRecordKey = (id: SiiRecordId): string =>
  `${id.issuer}|${id.number}|${id.date}${id.good !== undefined ? `|${id.good}` : ''}`;

export const siiReceptionKey = (titular: string, service: SiiSimService, id: SiiRecordId): string =>
  `${titular}|${service}|${siiRecordKey(id)}`;

export class SiiSimulatorState {
  data: SiiSnapshot;
  private readonly file: string | undefined;

  constructor(opts: { file?: string } = {}) {
    this.file = opts.file;
    this.data = empty();
    if (this.file && fs.existsSync(this.file)) {
      try {
        this.data = { ...empty(), ...(JSON.parse(fs.readFileSync(this.file, 'utf8')) as SiiSnapshot) };
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

  record(titular: string, book: SiiSimBook, id: SiiRecordId): SiiStoredRecord | undefined {
    return this.data.books[titular]?.[book]?.[siiRecordKey(id)];
  }

  put(record: SiiStoredRecord): void {
    this.data.books[record.titular] ??= {};
    const byBook = this.data.books[record.titular]!;
    byBook[record.book] ??= {};
    byBook[record.book]![record.key] = record;
  }

  /** Every stored record, optionally of one titular and book, ordered by issue date and number. */
  records(filter: { titular?: string; book?: SiiSimBook } = {}): SiiStoredRecord[] {
    const out: SiiStoredRecord[] = [];
    for (const [titular, books] of Object.entries(this.data.books)) {
      if (filter.titular && filter.titular !== titular) continue;
      for (const [book, records] of Object.entries(books)) {
        if (filter.book && filter.book !== book) continue;
        out.push(...Object.values(records ?? {}));
      }
    }
    const order = (r: SiiStoredRecord) =>
      `${r.titular}|${r.book}|${r.id.date.slice(6)}${r.id.date.slice(3, 5)}${r.id.date.slice(0, 2)}|${r.key}`;
    return out.sort((a, b) => order(a).localeCompare(order(b)));
  }

  private reception(titular: string, service: SiiSimService, id: SiiRecordId): SiiReception {
    const key = siiReceptionKey(titular, service, id);
    this.data.receptions[key] ??= {
      key,
      titular,
      service,
      issuer: id.issuer,
      number: id.number,
      date: id.date,
      ...(id.good !== undefined ? { good: id.good } : {}),
      count: 0,
      accepted: 0,
      outcomes: [],
      unprocessed: [],
    };
    return this.data.receptions[key];
  }

  received(titular: string, service: SiiSimService, id: SiiRecordId, outcome: string, stored: boolean): void {
    const r = this.reception(titular, service, id);
    r.count += 1;
    if (stored) r.accepted += 1;
    r.outcomes.push(outcome);
  }

  notProcessed(titular: string, service: SiiSimService, id: SiiRecordId, why: string): void {
    this.reception(titular, service, id).unprocessed.push(why);
  }

  receptionList(filter: { titular?: string; service?: SiiSimService } = {}): SiiReception[] {
    return Object.values(this.data.receptions).filter(
      (r) =>
        (!filter.titular || r.titular === filter.titular) &&
        (!filter.service || r.service === filter.service),
    );
  }

  logMessage(entry: Omit<SiiMessageLog, 'n'>): SiiMessageLog {
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

  addToCensus(list: 'unidentified' | 'unregistered', nifs: string[]): void {
    const current = new Set(this.data.census[list]);
    for (const n of nifs) current.add(n.toUpperCase());
    this.data.census[list] = [...current];
    this.save();
  }
}
