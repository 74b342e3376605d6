/**
 * The sender tests' stand-ins for the AEAT and the archive (the table is the in-memory one of
 * testing/harness.ts, so every conditional write is the real one):
 *  - `FakeAeat`: an SII that keeps what each titular's books hold per service and invoice, judges
 *    each record as the AEAT does (A0 on a held record → 3000 duplicate, A1 or BAJA on a missing one
 *    → 3002, BAJA on an annulled one → 3001), counts every reception of every record (also the
 *    refused ones: a reception is a record that went through the rules, as the simulator counts),
 *    and fails on demand: the request never leaves, the answer is lost after the records were
 *    stored, a Server fault, a SOAP Client fault for a malformed record, a line missing. The
 *    envelopes it "receives" are written by the real functions/lib/sii-xml;
 *  - `MemoryArchive`: the archive bucket as a map, that can refuse writes.
 */

import {
  buildConsultaXml,
  recordKey,
  type SiiConsultaRecord,
  type SiiConsultaResponse,
  type SiiResponseLine,
  type SiiService,
  serviceOf,
  wrapSoap,
} from '@functions/lib/sii-xml';
import { keys } from '@shared/db/keys';
import type { SiiBook, SiiEntry, SiiRecord } from '@shared/schemas/sii';
import {
  messageXml,
  type SiiGateway,
  type SiiMessage,
  SiiTransportError,
  type SubmitAnswer,
} from '../store/aeat-client';
import type { ArchiveStore } from '../store/archive';
import { entryItem } from '../store/entry-item';
import { COMPANY, COMPANY_NAME, COMPANY_NIF } from './harness';

export type AeatBehaviour =
  /** Processed and answered. */
  | 'ok'
  /** The connection failed before the request left: certainly not delivered. */
  | 'refused'
  /** The request left and nothing came back, and the AEAT did not process it (it was down). */
  | 'timeout-before'
  /** Processed (records stored), then the connection dropped: the answer is lost. */
  | 'drop-response'
  /** A SOAP Fault soapenv:Server, nothing stored. */
  | 'server-fault'
  /** Processed and answered, but the answer lacks the last line. */
  | 'lose-line';

interface Held {
  service: SiiService;
  key: string;
  record: SiiRecord;
  state: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
  code: string | null;
  message: string | null;
  csv: string;
  timestamp: string;
  /** Cobros / pagos added (RECC). */
  payments: { date: string; amountCents: number; method: string; account: string }[];
}

const numberOf = (r: SiiRecord) => r.invoiceId.number;

export class FakeAeat implements SiiGateway {
  held = new Map<string, Held>();
  /** Receptions of each record (`<service>|<recordKey>`), stored or refused. */
  receptions = new Map<string, number>();
  /** Every message that reached the rules: service, operation and invoice numbers. */
  messages: { service: SiiService; operation: string; numbers: string[] }[] = [];
  /** Every call, also those that failed before the rules. */
  calls = 0;
  consults: { service: SiiService; number: string | null }[] = [];
  next: AeatBehaviour[] = [];
  consultNext: ('ok' | 'fail')[] = [];
  /** Invoice numbers answered Incorrecto with this code (not stored). */
  reject = new Map<string, { code: string; message: string }>();
  /** Invoice numbers stored AceptadoConErrores 2011. */
  acceptWithErrors = new Set<string>();
  /** Invoice numbers that make the whole message a SOAP Client fault 4102. */
  malformed = new Set<string>();
  /** Runs when a message arrives, before it is processed (a change made meanwhile). */
  onSubmit: ((message: SiiMessage) => void) | null = null;
  private csvs = 0;
  constructor(private readonly clock: () => Date) {}

  static keyOf(service: SiiService, record: SiiRecord): string {
    return `${service}|${recordKey(record)}`;
  }

  receptionsOf(record: SiiRecord): number {
    return this.receptions.get(FakeAeat.keyOf(serviceOf(record), record)) ?? 0;
  }

  heldOf(record: SiiRecord): Held | undefined {
    return this.held.get(FakeAeat.keyOf(serviceOf(record), record));
  }

  async submit(
    _t: unknown,
    message: SiiMessage,
    recorder?: Parameters<SiiGateway['submit']>[2],
  ): Promise<SubmitAnswer> {
    const body = wrapSoap(messageXml(message));
    await recorder?.request(body);
    this.calls += 1;
    this.onSubmit?.(message);
    const behaviour = this.next.shift() ?? 'ok';
    if (behaviour === 'refused') {
      const e = new SiiTransportError('NO', 'CONNECTION', 'No se pudo conectar con la AEAT (ECONNREFUSED).');
      await recorder?.response({ kind: 'transport', delivered: 'NO', reason: e.reason, detail: e.detail });
      throw e;
    }
    if (behaviour === 'timeout-before')
      throw new SiiTransportError('MAYBE', 'TIMEOUT', 'Sin respuesta de la AEAT en el tiempo límite.');
    if (behaviour === 'server-fault')
      return {
        kind: 'fault',
        faultCode: 'Server',
        code: '20009',
        message: 'Codigo[20009].Error interno en el servidor.',
      };
    if (message.records.some((r) => this.malformed.has(numberOf(r))))
      return {
        kind: 'fault',
        faultCode: 'Client',
        code: '4102',
        message: 'Codigo[4102].El XML no cumple el esquema.',
      };
    this.messages.push({
      service: message.service,
      operation: message.operation,
      numbers: message.records.map(numberOf),
    });
    const csv = `CSV${String(++this.csvs).padStart(13, '0')}`;
    const lines = message.records.map((r) => this.judge(message, r, csv));
    if (behaviour === 'drop-response')
      throw new SiiTransportError('MAYBE', 'CONNECTION_LOST', 'Conexión perdida tras enviar la petición.');
    if (behaviour === 'lose-line') lines.pop();
    await recorder?.response({ kind: 'http', status: 200, body: '<respuesta/>' });
    const incorrect = lines.filter((l) => l.state === 'Incorrecto').length;
    const correct = lines.filter((l) => l.state === 'Correcto').length;
    return {
      kind: 'response',
      response: {
        service: message.service,
        kind: message.operation === 'BAJA' ? 'ANULACION' : 'SUMINISTRO',
        csv: incorrect === lines.length ? null : csv,
        state:
          correct === lines.length
            ? 'Correcto'
            : incorrect === lines.length
              ? 'Incorrecto'
              : 'ParcialmenteCorrecto',
        presentation: null,
        lines,
      },
    };
  }

  private judge(message: SiiMessage, r: SiiRecord, csv: string): SiiResponseLine {
    const key = FakeAeat.keyOf(message.service, r);
    this.receptions.set(key, (this.receptions.get(key) ?? 0) + 1);
    const existing = this.held.get(key);
    const line = (
      state: SiiResponseLine['state'],
      code: string | null = null,
      text: string | null = null,
    ): SiiResponseLine => ({
      invoiceId: { ...r.invoiceId, issuerName: null },
      goodIdentification: r.book === 'BI' ? r.goodIdentification : null,
      key: recordKey(r),
      state,
      code,
      message: text,
      duplicate: code === '3000' && existing ? { state: existing.state, code: null, message: null } : null,
      csv: code === '3000' && existing ? existing.csv : null,
    });
    const rejected = this.reject.get(numberOf(r));
    if (rejected) return line('Incorrecto', rejected.code, rejected.message);
    const timestamp = this.clock().toISOString();
    const op = message.operation;
    if (op === 'BAJA') {
      if (!existing) return line('Incorrecto', '3002', 'No existe el Registro.');
      if (existing.state === 'Anulada')
        return line('Incorrecto', '3001', 'El registro está ya dado de baja.');
      this.held.set(key, { ...existing, state: 'Anulada', csv, timestamp });
      return line('Correcto');
    }
    if (message.service === 'COBROS' || message.service === 'PAGOS') {
      if (r.book !== 'RECC') throw new Error('fake AEAT: a cobro/pago record expected');
      const payments = [...(existing?.payments ?? []), ...r.payments];
      this.held.set(key, {
        service: message.service,
        key,
        record: r,
        state: 'Correcta',
        code: null,
        message: null,
        csv,
        timestamp,
        payments,
      });
      return line('Correcto');
    }
    if (op === 'A0' && existing && existing.state !== 'Anulada')
      return line('Incorrecto', '3000', 'Factura duplicada.');
    if (op === 'A1' && !existing) return line('Incorrecto', '3002', 'No existe el Registro.');
    if (op === 'A1' && existing?.state === 'Anulada')
      return line('Incorrecto', '3001', 'El registro está ya dado de baja.');
    const withErrors = this.acceptWithErrors.has(numberOf(r));
    this.held.set(key, {
      service: message.service,
      key,
      record: r,
      state: withErrors ? 'AceptadaConErrores' : 'Correcta',
      code: withErrors ? '2011' : null,
      message: withErrors ? 'El NIF de la contraparte no está censado.' : null,
      csv,
      timestamp,
      payments: [],
    });
    return withErrors
      ? line('AceptadoConErrores', '2011', 'El NIF de la contraparte no está censado.')
      : line('Correcto');
  }

  async consult(
    _t: unknown,
    service: SiiService,
    header: Parameters<SiiGateway['consult']>[2],
    query: Parameters<SiiGateway['consult']>[3],
    recorder?: Parameters<SiiGateway['consult']>[4],
  ): Promise<SiiConsultaResponse> {
    await recorder?.request(wrapSoap(buildConsultaXml(service, header, query)));
    this.consults.push({ service, number: query.invoiceId?.number ?? null });
    if ((this.consultNext.shift() ?? 'ok') === 'fail')
      throw new SiiTransportError('MAYBE', 'TIMEOUT', 'Sin respuesta de la AEAT en el tiempo límite.');
    await recorder?.response({ kind: 'http', status: 200, body: '<consulta/>' });
    const records: SiiConsultaRecord[] = [];
    for (const h of this.held.values()) {
      if (h.service !== service) continue;
      const id = h.record.invoiceId;
      if (
        query.invoiceId &&
        (query.invoiceId.number !== id.number || query.invoiceId.issueDate !== id.issueDate)
      )
        continue;
      if (h.record.book !== 'RECC' && !query.invoiceId) {
        const p = h.record.period;
        if (p.year !== query.period.year || p.period !== query.period.period) continue;
      }
      const base = {
        invoiceId: { ...id, issuerName: null },
        goodIdentification: h.record.book === 'BI' ? h.record.goodIdentification : null,
        key: h.key.slice(h.key.indexOf('|') + 1),
        state: h.state,
        code: h.code,
        message: h.message,
        timestamp: h.timestamp,
        csv: h.csv,
      };
      if (h.payments.length > 0)
        for (const p of h.payments)
          records.push({
            ...base,
            state: 'Correcta',
            payment: { date: p.date, amountCents: p.amountCents, method: p.method, account: p.account },
          });
      else records.push({ ...base, payment: null });
    }
    return { service, records, more: false, paginationKey: null };
  }
}

/** The archive bucket as a map; `failing` refuses every write. */
export class MemoryArchive implements ArchiveStore {
  objects = new Map<string, { body: string; contentType: string }>();
  failing = false;
  async put(key: string, body: string, contentType: string): Promise<void> {
    if (this.failing) throw Object.assign(new Error('S3 unavailable'), { name: 'ServiceUnavailable' });
    this.objects.set(key, { body, contentType });
  }
  async get(key: string) {
    const o = this.objects.get(key);
    return o ? { body: new TextEncoder().encode(o.body), contentType: o.contentType } : null;
  }
}

/** An entry of the company, QUEUED with its A0 due (override anything). */
export function queuedEntry(record: SiiRecord, over: Partial<SiiEntry> = {}): SiiEntry {
  const book: SiiBook = record.book;
  const documentId = over.documentId ?? `doc-${numberOf(record).replace(/[^A-Za-z0-9]/g, '')}`;
  const at = '2026-03-10T08:00:00.000Z';
  return {
    entryId: `${book}:${documentId}`,
    companyId: COMPANY,
    book,
    documentId,
    source: { type: book === 'FR' ? 'RECEIVED_INVOICE' : 'INVOICE', id: documentId, invoiceId: documentId },
    documentNumber: numberOf(record),
    counterpartyName: null,
    counterpartyTaxId: null,
    issueDate: record.invoiceId.issueDate,
    totalCents: 121_000,
    period: record.book === 'RECC' ? { year: 2026, period: '03' } : record.period,
    record,
    contentVersion: 1,
    status: 'QUEUED',
    pendingOperation: 'A0',
    registered: false,
    withdrawn: false,
    held: false,
    deadline: '2026-03-13',
    sentContentVersion: null,
    sentOperation: null,
    attemptId: null,
    attempts: 0,
    lastSubmissionId: null,
    lastSentAt: null,
    acceptedAt: null,
    acceptedWithErrors: false,
    csv: null,
    lastError: null,
    reconciliation: null,
    history: [],
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** The stored item of an entry (keys, indexes). */
export const entryItemOf = (e: SiiEntry) => entryItem(e);

/** The key of an entry. */
export const entryKeyOf = (e: Pick<SiiEntry, 'book' | 'documentId'>) =>
  keys.siiEntry(COMPANY, e.book, e.documentId);

/** The titular of the harness's company. */
export const TITULAR = { name: COMPANY_NAME, nif: COMPANY_NIF };
