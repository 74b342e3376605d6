/**
 * A small client of the simulated SII's control API (`/_sim/sii/*`), for tests and the bench: reset
 * it, inject faults, read the records it holds and the receptions per record, extend its census.
 * `siiSimulatorClient({ controlUrl, caPem | caFile })` — the same target as the VERI*FACTU client
 * (infra/local/testing/aeat-simulator.ts), e.g. `inject('localCloud').aeatSimulator!`.
 */

import fs from 'node:fs';
import https from 'node:https';
import type { ActiveSiiFault, SiiFaultSpec } from './sii-faults';
import type { SiiSimBook, SiiSimService } from './sii-soap';
import type { SiiMessageLog, SiiReception, SiiStoredRecord } from './sii-state';

export type { ActiveSiiFault, SiiFaultSpec, SiiMessageLog, SiiReception, SiiStoredRecord };

export interface SiiSimulatorTarget {
  /** `<url>/_sim` (the simulator's controlUrl). */
  controlUrl: string;
  caPem?: string;
  caFile?: string;
}

function call<T>(url: string, method: string, ca: string | undefined, body?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        ...(ca ? { ca } : { rejectUnauthorized: false }),
        headers: body !== undefined ? { 'content-type': 'application/json' } : {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            reject(new Error(`${method} ${url} answered ${res.statusCode}: ${text}`));
          else resolve(JSON.parse(text) as T);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body !== undefined ? JSON.stringify(body) : undefined);
  });
}

const query = (params: Record<string, string | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
};

export function siiSimulatorClient(target: SiiSimulatorTarget) {
  const ca = target.caPem ?? (target.caFile ? fs.readFileSync(target.caFile, 'utf8') : undefined);
  const base = `${target.controlUrl.replace(/\/+$/, '')}/sii`;
  const to = <T>(method: string, path: string, body?: unknown) => call<T>(`${base}${path}`, method, ca, body);
  return {
    /** Forgets every record, reception and message and the census additions; clears the faults. */
    reset: () => to<{ ok: true }>('POST', '/reset'),
    /** Queues faults (see sii-faults.ts), e.g. `{ kind: 'drop-response', probability: 0.1, seed: 7 }`. */
    injectFault: (...faults: SiiFaultSpec[]) => to<ActiveSiiFault[]>('POST', '/faults', faults),
    clearFaults: () => to<{ ok: true }>('DELETE', '/faults'),
    pendingFaults: () => to<ActiveSiiFault[]>('GET', '/faults'),
    /** Per record (titular + service + issuer + number + date): times processed, accepted, outcomes. */
    receptions: (filter: { titular?: string; service?: SiiSimService } = {}) =>
      to<SiiReception[]>('GET', `/receptions${query(filter)}`),
    /** The records the books hold (Correcta, AceptadaConErrores, Anulada). */
    records: (filter: { titular?: string; book?: SiiSimBook } = {}) =>
      to<SiiStoredRecord[]>('GET', `/records${query(filter)}`),
    messages: () => to<SiiMessageLog[]>('GET', '/messages'),
    census: () => to<{ unidentified: string[]; unregistered: string[] }>('GET', '/census'),
    /** Adds NIFs the census does not identify (1117 / Fault 4104) or has not registered (2011). */
    addToCensus: (lists: { unidentified?: string[]; unregistered?: string[] }) =>
      to<{ unidentified: string[]; unregistered: string[] }>('POST', '/census', lists),
  };
}

export type SiiSimulatorClient = ReturnType<typeof siiSimulatorClient>;
