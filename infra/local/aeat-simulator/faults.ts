/**
 * Faults a test can inject into the simulated AEAT, one-shot or n times, optionally only for
 * messages carrying a given invoice number. Message faults decide the fate of the whole HTTP
 * exchange; record faults change the answer for the matching records only.
 */

import * as z from 'zod';

export const MESSAGE_FAULTS = [
  /** Hold the answer `ms` milliseconds; `process` (default true) stores the records first. Without
   * `process`, nothing is stored and the connection is dropped when the time is up. */
  'timeout',
  /** Store the records, then destroy the connection without answering. */
  'drop-after-accept',
  /** Destroy the connection without storing anything. */
  'drop-before-accept',
  /** An HTML error page with HTTP 500; nothing stored. */
  'http-500',
  /** A SOAP Fault soapenv:Server (HTTP 500); nothing stored. */
  'server-fault',
] as const;

export const RECORD_FAULTS = [
  /** The matching records come back Incorrecto with `code` (default 1100) and are not stored. */
  'reject',
  /** The matching records are stored AceptadoConErrores with `code` (default 2001). */
  'accept-with-errors',
] as const;

export const FaultSpec = z.object({
  kind: z.enum([...MESSAGE_FAULTS, ...RECORD_FAULTS]),
  /** How many messages (message faults) or records (record faults) it applies to; default 1. */
  times: z.number().int().positive().optional(),
  /** Only messages/records with this NumSerieFactura (or NumSerieFacturaAnulada). */
  numSerie: z.string().min(1).optional(),
  /** Only records of this issuer NIF. */
  nif: z.string().length(9).optional(),
  /** Which service it applies to (default RegFactu; message faults only). */
  operation: z.enum(['RegFactu', 'Consulta']).optional(),
  /** timeout: how long the answer is held (default 30,000 ms). */
  ms: z.number().int().nonnegative().max(600_000).optional(),
  /** timeout: store the records before holding (default true). */
  process: z.boolean().optional(),
  /** reject / accept-with-errors: the AEAT error code. */
  code: z.number().int().positive().optional(),
  description: z.string().max(500).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

export const FaultList = z.union([FaultSpec, z.array(FaultSpec), z.object({ faults: z.array(FaultSpec) })]);

export interface ActiveFault extends FaultSpec {
  id: number;
  remaining: number;
  /** How many times it has fired. */
  fired: number;
}

export interface RecordRef {
  nif: string;
  numSerie: string;
}

const isMessageFault = (f: FaultSpec) => (MESSAGE_FAULTS as readonly string[]).includes(f.kind);

const matches = (f: FaultSpec, r: RecordRef) =>
  (f.numSerie === undefined || f.numSerie === r.numSerie) && (f.nif === undefined || f.nif === r.nif);

export class FaultQueue {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(specs: FaultSpec[]): ActiveFault[] {
    const added = specs.map((s) => ({ ...s, id: this.nextId++, remaining: s.times ?? 1, fired: 0 }));
    this.faults.push(...added);
    return added;
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  private consume(f: ActiveFault): ActiveFault {
    f.remaining -= 1;
    f.fired += 1;
    if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
    return { ...f };
  }

  /** The first message fault matching this message (any of its records), consumed once. */
  takeMessageFault(operation: 'RegFactu' | 'Consulta', records: RecordRef[]): ActiveFault | undefined {
    const f = this.faults.find(
      (x) =>
        isMessageFault(x) &&
        (x.operation ?? 'RegFactu') === operation &&
        ((x.numSerie === undefined && x.nif === undefined) || records.some((r) => matches(x, r))),
    );
    return f ? this.consume(f) : undefined;
  }

  /** The first record fault matching this record, consumed once. */
  takeRecordFault(record: RecordRef): ActiveFault | undefined {
    const f = this.faults.find((x) => !isMessageFault(x) && matches(x, record));
    return f ? this.consume(f) : undefined;
  }
}
