/**
 * Faults a test or the bench injects into the simulated SII (imitating faults.ts): one-shot, `times`
 * times, or — with `probability` — on a share of the matching messages until cleared (the issue's
 * bench loses 10 % of the answers: `{ kind: 'drop-response', probability: 0.1 }`). A `seed` makes
 * the draw reproducible.
 *
 *  - drop-response: the message is processed and its records stored, then the connection is
 *    destroyed without an answer (the sender cannot know what happened: it must ask ConsultaLR);
 *  - server-fault: a SOAP Fault soapenv:Server (HTTP 500), nothing stored;
 *  - delay: the message is processed, the answer held `ms` milliseconds;
 *  - reject-next: record fault — the next matching records come back Incorrecto with `code`
 *    (default 1100) and are not stored.
 */

import * as z from 'zod';
import { SII_SIM_SERVICES, type SiiSimService } from './sii-soap';

export const SII_MESSAGE_FAULTS = ['drop-response', 'server-fault', 'delay'] as const;
export const SII_RECORD_FAULTS = ['reject-next'] as const;

/** What a fault applies to: a communication type, bajas, cobros/pagos, queries, or any write. */
export const SII_FAULT_OPERATIONS = [
  'A0',
  'A1',
  'BAJA',
  'COBROS',
  'PAGOS',
  'CONSULTA',
  'WRITE',
  'ANY',
] as const;
export type SiiFaultOperation = (typeof SII_FAULT_OPERATIONS)[number];
export type SiiMessageOperation = Exclude<SiiFaultOperation, 'WRITE' | 'ANY'>;

export const SiiFaultSpec = z.object({
  kind: z.enum([...SII_MESSAGE_FAULTS, ...SII_RECORD_FAULTS]),
  /** How many messages (message faults) or records (reject-next) it applies to; default 1, or
   * unlimited with `probability`. */
  times: z.number().int().positive().optional(),
  /** Fire on this share of the matching messages/records (0 < p ≤ 1). */
  probability: z.number().gt(0).max(1).optional(),
  /** Seed of the draw (reproducible runs). */
  seed: z.number().int().optional(),
  /** Only this service (FE, FR, BI, OI, COBROS, PAGOS). */
  service: z.enum(SII_SIM_SERVICES).optional(),
  /** Default WRITE (every message but queries). */
  operation: z.enum(SII_FAULT_OPERATIONS).optional(),
  /** Only messages/records of this titular or issuer NIF. */
  nif: z.string().length(9).optional(),
  /** Only messages/records with this invoice number (NumSerieFacturaEmisor). */
  numSerie: z.string().min(1).optional(),
  /** delay: how long the answer is held (default 30,000 ms). */
  ms: z.number().int().nonnegative().max(600_000).optional(),
  /** reject-next: the AEAT code (default 1100) and text (default the code's). */
  code: z.number().int().positive().optional(),
  description: z.string().max(500).optional(),
});
export type SiiFaultSpec = z.infer<typeof SiiFaultSpec>;

export const SiiFaultList = z.union([
  SiiFaultSpec,
  z.array(SiiFaultSpec),
  z.object({ faults: z.array(SiiFaultSpec) }),
]);

export interface ActiveSiiFault extends SiiFaultSpec {
  id: number;
  /** Firings left; null = until cleared (a probability without `times`). */
  remaining: number | null;
  /** Matching messages/records seen, and how many times it fired. */
  seen: number;
  fired: number;
  /** State of the seeded draw. */
  rng?: number;
}

export interface SiiFaultTarget {
  service: SiiSimService;
  operation: SiiMessageOperation;
  titular: string;
  /** Issuer NIFs and numbers of the message's records (or of the record, for record faults). */
  records: { issuer: string; number: string }[];
}

const isMessageFault = (f: SiiFaultSpec) => (SII_MESSAGE_FAULTS as readonly string[]).includes(f.kind);

function operationMatches(f: SiiFaultSpec, op: SiiMessageOperation): boolean {
  const wanted = f.operation ?? 'WRITE';
  if (wanted === 'ANY') return true;
  if (wanted === 'WRITE') return op !== 'CONSULTA';
  return wanted === op;
}

function matches(f: SiiFaultSpec, t: SiiFaultTarget): boolean {
  if (f.service && f.service !== t.service) return false;
  if (!operationMatches(f, t.operation)) return false;
  if (f.nif && f.nif !== t.titular && !t.records.some((r) => r.issuer === f.nif)) return false;
  if (f.numSerie && !t.records.some((r) => r.number === f.numSerie)) return false;
  return true;
}

/** mulberry32: a small seeded generator, enough for a reproducible share of failures. */
function nextRandom(f: ActiveSiiFault): number {
  if (f.rng === undefined) return Math.random();
  f.rng = (f.rng + 0x6d2b79f5) | 0;
  let t = f.rng;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export class SiiFaultQueue {
  private faults: ActiveSiiFault[] = [];
  private nextId = 1;

  add(specs: SiiFaultSpec[]): ActiveSiiFault[] {
    const added = specs.map((s) => ({
      ...s,
      id: this.nextId++,
      remaining: s.times ?? (s.probability !== undefined ? null : 1),
      seen: 0,
      fired: 0,
      ...(s.seed !== undefined ? { rng: s.seed } : {}),
    }));
    this.faults.push(...added);
    return added.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveSiiFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Whether a matching fault fires now (the probability drawn); consumed when it does. */
  private take(candidates: ActiveSiiFault[]): ActiveSiiFault | undefined {
    for (const f of candidates) {
      f.seen += 1;
      if (f.probability !== undefined && nextRandom(f) >= f.probability) continue;
      f.fired += 1;
      if (f.remaining !== null) {
        f.remaining -= 1;
        if (f.remaining <= 0) this.faults = this.faults.filter((x) => x !== f);
      }
      return { ...f };
    }
    return undefined;
  }

  /** The message fault for this message, if one fires. */
  takeMessageFault(target: SiiFaultTarget): ActiveSiiFault | undefined {
    return this.take(this.faults.filter((f) => isMessageFault(f) && matches(f, target)));
  }

  /** The record fault for this record, if one fires. */
  takeRecordFault(target: SiiFaultTarget): ActiveSiiFault | undefined {
    return this.take(this.faults.filter((f) => !isMessageFault(f) && matches(f, target)));
  }
}
