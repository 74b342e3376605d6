/**
 * The sender end to end against the local AEAT simulator (infra/local/aeat-simulator): the real
 * SOAP transport with the company's certificate (mutual TLS), the real XML of functions/lib/sii-xml,
 * the simulator's schemas and rules, and its fault injection. A third of the answers are lost after
 * the simulator stored the records; the sender must ask ConsultaLR and never send a record twice:
 * the simulator's own count of receptions per record is the judge (issue 16 item 9).
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeClientCertificate } from '@infra/local/aeat-simulator/certs';
import { type RunningAeatSimulator, startAeatSimulator } from '@infra/local/aeat-simulator/server';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import type { SiiIssuedRecord } from '@shared/schemas/sii';
import forge from 'node-forge';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xmlGateway } from '../store/aeat-client';
import { entryFromItem } from '../store/entry-item';
import { COMPANY, companyItems, configItem, siiHarness, silentLog } from '../testing/harness';
import { entryItemOf, MemoryArchive, queuedEntry } from '../testing/sender-fakes';
import { drainCompany, RetryLaterError, type SubmitDeps } from './submit-records';

const TITULAR = { name: 'Transportes de Prueba SA', nif: 'A50342195' };
const h = siiHarness(new Date('2026-11-27T08:00:00.000Z'));
let sim: RunningAeatSimulator;
let dir: string;
const saved = { base: process.env[envNames.siiAeatEndpoint], ca: process.env[envNames.aeatCaFile] };

const cert = makeClientCertificate(TITULAR);
const PASSWORD = 'clave-1234';
const pfx = Buffer.from(
  forge.asn1
    .toDer(
      forge.pkcs12.toPkcs12Asn1(
        forge.pki.privateKeyFromPem(cert.keyPem),
        [forge.pki.certificateFromPem(cert.certPem)],
        PASSWORD,
        { algorithm: '3des' },
      ),
    )
    .getBytes(),
  'binary',
);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sii-sim-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
  process.env[envNames.siiAeatEndpoint] = sim.siiEndpoint;
  process.env[envNames.aeatCaFile] = sim.caFile;
});

afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of [
    [envNames.siiAeatEndpoint, saved.base],
    [envNames.aeatCaFile, saved.ca],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const issued = (n: number): SiiIssuedRecord => ({
  book: 'FE',
  period: { year: 2026, period: '10' },
  invoiceId: { issuerNif: TITULAR.nif, number: `SIM-${String(n).padStart(4, '0')}`, issueDate: '2026-10-15' },
  invoiceType: 'F1',
  regimeKeys: ['01'],
  description: 'Transporte Zaragoza – Valencia',
  totalCents: 121_000,
  counterparty: { name: 'Logística Ebro Distribución SL', nif: 'B50872340', otherId: null },
  rectification: null,
  operationDate: null,
  breakdown: {
    kind: 'INVOICE',
    invoice: {
      notExempt: { type: 'S1', details: [{ rateBp: 2100, baseCents: 100_000, vatCents: 21_000 }] },
      exempt: [],
      notSubjectArt7_14Cents: 0,
      notSubjectLocationCents: 0,
    },
  },
});

const deps = (): SubmitDeps => ({
  db: h.deps.db,
  table: h.deps.table,
  now: h.deps.now,
  newId: h.deps.newId,
  gateway: xmlGateway(),
  archive: new MemoryArchive(),
  loadCertificate: async () => ({ certificateId: 'cert-1', pfx, passphrase: PASSWORD, validTo: null }),
  notify: async () => {},
  wake: async () => {},
  soapTimeoutMs: 5_000,
  elapsedMs: () => 0,
  budgetMs: 60_000,
  maxRecordsPerMessage: 7,
});

beforeEach(() => {
  h.reset();
  sim.sii.state.reset();
  sim.sii.faults.clear();
  for (const item of companyItems({ name: TITULAR.name, nif: TITULAR.nif })) h.table.put(item);
  h.table.put(configItem());
});

describe('submit-records against the AEAT simulator', () => {
  it('with a third of the answers lost, every record is accepted and received exactly once', async () => {
    const N = 30;
    for (let n = 1; n <= N; n++)
      h.table.put(
        entryItemOf(
          queuedEntry(issued(n), {
            documentId: `inv-${n}`,
            entryId: `FE:inv-${n}`,
            createdAt: `2026-11-27T07:00:${String(n).padStart(2, '0')}.000Z`,
          }),
        ),
      );
    sim.sii.faults.add([{ kind: 'drop-response', probability: 0.34, seed: 7, operation: 'A0' }]);
    let retries = 0;
    for (let run = 0; run < 40; run++) {
      try {
        const r = await drainCompany(deps(), COMPANY, { log: silentLog });
        if (r.stop === 'idle') break;
      } catch (e) {
        if (!(e instanceof RetryLaterError)) throw e;
        retries += 1;
      }
      h.setNow(new Date(h.deps.now().getTime() + 20_000));
    }
    const entries = Array.from({ length: N }, (_, i) =>
      entryFromItem(h.table.get(keys.siiEntry(COMPANY, 'FE', `inv-${i + 1}`))!),
    );
    expect(entries.map((e) => e.status)).toEqual(Array(N).fill('ACCEPTED'));
    expect(entries.every((e) => e.registered && e.csv)).toBe(true);
    const receptions = sim.sii.state.receptionList({ titular: TITULAR.nif, service: 'FE' });
    expect(receptions).toHaveLength(N);
    expect(receptions.map((r) => [r.count, r.accepted])).toEqual(Array(N).fill([1, 1]));
    // The faults did fire, and the sender resolved them by asking.
    expect(retries).toBeGreaterThan(0);
    expect(sim.sii.state.data.messages.some((m) => m.operation === 'CONSULTA')).toBe(true);
  }, 60_000);

  it('a partly rejected message: the unknown customer is REJECTED 1117, the others accepted', async () => {
    h.table.put(entryItemOf(queuedEntry(issued(1), { documentId: 'inv-1', entryId: 'FE:inv-1' })));
    const bad = {
      ...issued(2),
      counterparty: { name: 'Comercial Moncayo Importaciones SL', nif: 'B99887762', otherId: null },
    };
    h.table.put(entryItemOf(queuedEntry(bad, { documentId: 'inv-2', entryId: 'FE:inv-2' })));
    await drainCompany(deps(), COMPANY, { log: silentLog });
    const e = (n: number) => entryFromItem(h.table.get(keys.siiEntry(COMPANY, 'FE', `inv-${n}`))!);
    expect(e(1).status).toBe('ACCEPTED');
    expect(e(2)).toMatchObject({ status: 'REJECTED', lastError: { code: '1117' } });
  });
});
