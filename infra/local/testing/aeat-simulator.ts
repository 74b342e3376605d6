/**
 * A small client of the local AEAT simulator's control API (`/_sim/*`), for unit and integration
 * tests: reset it, set the waiting time it answers with, inject faults, read what it received.
 * In integration tests: `aeatSimulatorClient(inject('localCloud').aeatSimulator!)`.
 * Also `postSoap`, to send a SOAP message with (or without) a client certificate.
 */

import fs from 'node:fs';
import https from 'node:https';
import type { FaultSpec } from '../aeat-simulator/faults';
import type { MessageLog, Reception, SimulatorSnapshot, StoredRecord } from '../aeat-simulator/state';

export type { FaultSpec, MessageLog, Reception, StoredRecord };

export interface AeatSimulatorTarget {
  controlUrl: string;
  /** The CA that signed the simulator's certificate (PEM text or a file); without it TLS is not verified. */
  caPem?: string;
  caFile?: string;
}

interface HttpResult {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function request(
  url: string,
  opts: {
    method?: string;
    body?: string;
    contentType?: string;
    ca?: string;
    cert?: string;
    key?: string;
    timeoutMs?: number;
  },
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? 'GET',
        ...(opts.ca ? { ca: opts.ca } : { rejectUnauthorized: false }),
        ...(opts.cert ? { cert: opts.cert, key: opts.key } : {}),
        headers: opts.body !== undefined ? { 'content-type': opts.contentType ?? 'application/json' } : {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    if (opts.timeoutMs) {
      req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`)));
    }
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** POSTs a SOAP 1.1 message; rejects when the connection is dropped (e.g. "socket hang up"). */
export function postSoap(
  endpoint: string,
  xml: string,
  opts: { certPem?: string; keyPem?: string; caPem?: string; timeoutMs?: number } = {},
): Promise<HttpResult> {
  return request(endpoint, {
    method: 'POST',
    body: xml,
    contentType: 'text/xml; charset=UTF-8',
    ca: opts.caPem,
    cert: opts.certPem,
    key: opts.keyPem,
    timeoutMs: opts.timeoutMs,
  });
}

export function aeatSimulatorClient(target: AeatSimulatorTarget) {
  const ca = target.caPem ?? (target.caFile ? fs.readFileSync(target.caFile, 'utf8') : undefined);
  const base = target.controlUrl.replace(/\/+$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await request(`${base}${path}`, {
      method,
      ca,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status !== 200) throw new Error(`${method} /_sim${path} answered ${res.status}: ${res.body}`);
    return JSON.parse(res.body) as T;
  }
  return {
    /** Forgets every record, reception and message, clears the faults, waiting time back to 60 s. */
    reset: () => call<{ ok: true }>('POST', '/reset'),
    /** The TiempoEsperaEnvio the simulator answers with from now on. */
    setWait: (seconds: number) => call<{ waitSeconds: number }>('POST', '/wait', { seconds }),
    /**
     * What RegistroAnterior must match (2003 otherwise): the last new record received (default) or
     * the last one stored (see aeat-simulator/state.ts ChainRule). Back to `received` on reset.
     */
    setChainRule: (rule: 'received' | 'stored') =>
      call<{ chainRule: string }>('POST', '/chain-rule', { rule }),
    /** Queues one or more faults (see aeat-simulator/faults.ts). */
    injectFault: (...faults: FaultSpec[]) => call<unknown[]>('POST', '/faults', faults),
    clearFaults: () => call<{ ok: true }>('DELETE', '/faults'),
    pendingFaults: () => call<(FaultSpec & { id: number; remaining: number })[]>('GET', '/faults'),
    /** Per record (key `NIF|NumSerie|Fecha` + huella): times processed, outcomes, unprocessed deliveries. */
    receptions: (nif?: string) =>
      call<Reception[]>('GET', `/receptions${nif ? `?nif=${encodeURIComponent(nif)}` : ''}`),
    /** The records the simulated AEAT stored for a NIF, in chain order. */
    records: (nif: string) => call<StoredRecord[]>('GET', `/records?nif=${encodeURIComponent(nif)}`),
    messages: () => call<MessageLog[]>('GET', '/messages'),
    state: () => call<SimulatorSnapshot & { faults: unknown[] }>('GET', '/state'),
    /** The HTML page for people (`GET /_sim`). */
    page: async () => (await request(base, { ca })).body,
  };
}

export type AeatSimulatorClient = ReturnType<typeof aeatSimulatorClient>;
