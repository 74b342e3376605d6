/**
 * The simulator's model-filing service (issue 14 item 4), spoken to by the tax models' own HTTP
 * gateway adapter (functions/domains/taxmodels/store/gateway.ts) over mutual TLS: what it accepts (a
 * CSV of 16 letters and digits, a 13-digit justificante, a PDF), what it refuses with the AEAT's kind
 * of errors (the presenter's NIF, the file's format and lengths, the period, a second filing of the
 * same period), its answer to a repeated request id, the query, and the faults tests switch on.
 */

import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import {
  type FilingTarget,
  GatewayTechnicalError,
  httpSubmissionGateway,
  type SubmissionGateway,
  type SubmissionRequest,
} from '@functions/domains/taxmodels/store/gateway';
import { makeClientP12 } from '@functions/domains/taxmodels/testing/filing-fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODELS_CONTROL_PATH, type ModelFaultSpec, type ModelFiling } from './models-endpoint';
import { DUPLICATE_FILING_TEXT } from './models-rules';
import { type RunningAeatSimulator, startAeatSimulator } from './server';

const NIF = 'B12345674';
const FIRM = 'B87654323';
const PASSWORD = 'clave';
const own = {
  pfx: makeClientP12({ nif: NIF, name: 'EMPRESA SL', password: PASSWORD }),
  passphrase: PASSWORD,
};
const firm = {
  pfx: makeClientP12({ nif: FIRM, name: 'GESTORIA SL', password: PASSWORD }),
  passphrase: PASSWORD,
};

const third = {
  pfx: makeClientP12({ nif: '12345678Z', name: 'OTRA PERSONA', password: PASSWORD }),
  passphrase: PASSWORD,
};
let dir: string;
let sim: RunningAeatSimulator;
let gateway: SubmissionGateway;

/** The control API (no client certificate), trusting the simulator's CA. */
const control = (method: string, sub: string, body?: unknown): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const req = https.request(
      `${sim.url}${MODELS_CONTROL_PATH}${sub}`,
      {
        method,
        ca: sim.caPem,
        agent: false,
        headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body !== undefined ? JSON.stringify(body) : undefined);
  });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-models-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
  gateway = httpSubmissionGateway({ endpoint: sim.modelsEndpoint, ca: sim.caPem, timeoutMs: 3_000 });
});

afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await control('POST', '/reset');
});

const pad = (s: string, n: number) => s.padEnd(n, ' ').slice(0, n);

/** A 303 "<T" file with pages 01000 and 03000 of their design lengths (DR303e24v200). */
function file303(opts: { nif?: string; year?: string; period?: string; page01Length?: number } = {}): Buffer {
  const year = opts.year ?? '2026';
  const period = opts.period ?? '1T';
  const nif = opts.nif ?? NIF;
  const head = `<T3030${year}${period}0000>`;
  const aux = `<AUX>${' '.repeat(70)}1.00${' '.repeat(4)}B00000034${' '.repeat(213)}</AUX>`;
  const page = (code: string, length: number, fill: string) => {
    const open = `<T303${code}>`;
    const close = `</T303${code}>`;
    return `${open}${pad(fill, length - open.length - close.length)}${close}`;
  };
  // Page 01: position 12 complementary (blank), 13 type, 14 NIF, 23 name, 103 year, 107 period.
  const p01 = page(
    '01000',
    opts.page01Length ?? 1581,
    ` I${pad(nif, 9)}${pad('EMPRESA SL', 80)}${year}${period}`,
  );
  const p03 = page('03000', 1017, '');
  return Buffer.from(`${head}${aux}${p01}${p03}</T3030${year}${period}0000>`, 'latin1');
}

const target = (over: Partial<FilingTarget> = {}): FilingTarget => ({
  companyNif: NIF,
  modelType: '303',
  year: 2026,
  period: '1T',
  certificate: own,
  ...over,
});
const filing = (over: Partial<SubmissionRequest> = {}): SubmissionRequest => ({
  ...target(),
  requestId: 'req-1',
  file: file303(),
  ...over,
});

const rejection = async (request: SubmissionRequest) => {
  const answer = await gateway.submit(request);
  if (answer.outcome !== 'REJECTED') throw new Error(`expected a rejection, got ${JSON.stringify(answer)}`);
  return answer.errors;
};

describe('filing a model', () => {
  it('accepts a valid 303 presented with the declarant’s certificate: CSV, justificante, PDF', async () => {
    const answer = await gateway.submit(filing());
    expect(answer).toMatchObject({ outcome: 'ACCEPTED' });
    if (answer.outcome !== 'ACCEPTED') return;
    expect(answer.csv).toMatch(/^[0-9A-Z]{16}$/);
    expect(answer.receiptNumber).toMatch(/^303\d{10}$/);
    expect(answer.presentedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(answer.receiptPdf!.subarray(0, 5).toString()).toBe('%PDF-');
    const filings = (await control('GET', '/filings')) as ModelFiling[];
    expect(filings).toMatchObject([
      { nif: NIF, modelo: '303', ejercicio: '2026', periodo: '1T', presentador: NIF, csv: answer.csv },
    ]);
    expect(Buffer.from(filings[0]!.fichero, 'base64').equals(file303())).toBe(true);
  });

  it('the same request id gets the same answer; another filing of the period is refused', async () => {
    const first = await gateway.submit(filing());
    const repeated = await gateway.submit(filing());
    expect(repeated).toMatchObject({ outcome: 'ACCEPTED', repeated: true });
    if (first.outcome === 'ACCEPTED' && repeated.outcome === 'ACCEPTED') expect(repeated.csv).toBe(first.csv);

    const errors = await rejection(filing({ requestId: 'req-2' }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('1005');
    expect(errors[0]!.message.startsWith(DUPLICATE_FILING_TEXT)).toBe(true);

    // The same id with another file is not the same request.
    expect((await rejection(filing({ file: file303({ period: '1T' }).fill(0x58, 352, 356) })))[0]!.code).toBe(
      '1011',
    );
  });

  it('refuses a presenter that is neither the declarant nor the colaborador social it says it is', async () => {
    const stranger = await rejection(filing({ certificate: firm }));
    expect(stranger[0]).toMatchObject({ code: '1003' });
    expect(stranger[0]!.message).toContain('no actúa como colaborador social');

    const { certificate: _c, ...rest } = filing();
    const asCollaborator = await gateway.submit({ ...rest, collaborator: { nif: FIRM, certificate: firm } });
    expect(asCollaborator).toMatchObject({ outcome: 'ACCEPTED' });

    const impostor = await rejection({
      ...rest,
      period: '2T',
      file: file303({ period: '2T' }),
      requestId: 'r3',
      collaborator: { nif: FIRM, certificate: third },
    });
    expect(impostor[0]!.message).toContain('no coincide con el del certificado de presentación');
  });

  it('checks the file: envelope, page lengths, the NIF and period inside it', async () => {
    expect((await rejection(filing({ file: Buffer.from('hola', 'latin1') })))[0]).toMatchObject({
      code: '1001',
    });
    const short = await rejection(filing({ file: file303({ page01Length: 1580 }) }));
    expect(short[0]).toEqual({
      code: '1002',
      message: 'La página 01000 del modelo 303 mide 1580 caracteres; el diseño de registro exige 1581.',
    });
    expect((await rejection(filing({ file: file303({ period: '2T' }) })))[0]).toMatchObject({ code: '1004' });
    expect((await rejection(filing({ file: file303({ nif: 'B87654323' }) })))[0]!.message).toContain(
      'El NIF del declarante del fichero (B87654323)',
    );
    expect((await rejection(filing({ period: '13' })))[0]).toMatchObject({ code: '1007' });
    expect((await rejection(filing({ companyNif: 'B12345675' })))[0]).toMatchObject({ code: '1006' });
  });

  it('checks the 500-character records of an informative return (349)', async () => {
    // Type 1: period at 136, operators at 138 (9), rectifications at 162 (9, blank = 0).
    const head = pad(`13492026${pad(NIF, 9)}${pad('EMPRESA SL', 40)}T`, 135);
    const declarant = `${head}1T000000001`;
    const record1 = declarant.padEnd(500, ' ');
    const operator = '2349'.padEnd(500, ' ');
    const ok = await gateway.submit(
      filing({ modelType: '349', file: Buffer.from(`${record1}\r\n${operator}\r\n`, 'latin1') }),
    );
    expect(ok).toMatchObject({ outcome: 'ACCEPTED' });
    const wrongCount = await rejection(
      filing({
        modelType: '349',
        period: '2T',
        requestId: 'r9',
        file: Buffer.from(`${record1.replace('1T000000001', '2T000000002')}\r\n${operator}\r\n`, 'latin1'),
      }),
    );
    expect(wrongCount[0]).toMatchObject({ code: '1010' });
    const shortRecord = await rejection(
      filing({
        modelType: '349',
        period: '3T',
        requestId: 'r10',
        file: Buffer.from(`${record1.slice(0, 499)}\r\n`, 'latin1'),
      }),
    );
    expect(shortRecord[0]).toMatchObject({ code: '1002' });
  });
});

describe('the query', () => {
  it('tells whether the period is filed, and by which request', async () => {
    await expect(gateway.status(target())).resolves.toEqual({ filed: false });
    const accepted = await gateway.submit(filing());
    const status = await gateway.status(target());
    expect(status).toMatchObject({ filed: true, requestId: 'req-1' });
    if (status.filed && accepted.outcome === 'ACCEPTED') expect(status.csv).toBe(accepted.csv);
  });
});

describe('faults', () => {
  const fault = (spec: ModelFaultSpec) => control('POST', '/faults', spec);

  it('http-500 and server-fault: technical, nothing registered', async () => {
    await fault({ kind: 'http-500' });
    await expect(gateway.submit(filing())).rejects.toBeInstanceOf(GatewayTechnicalError);
    await fault({ kind: 'server-fault' });
    await expect(gateway.submit(filing())).rejects.toMatchObject({ kind: 'http' });
    await expect(gateway.status(target())).resolves.toEqual({ filed: false });
  });

  it('drop-after-accept: no answer, but the AEAT has it; asked, it tells', async () => {
    await fault({ kind: 'drop-after-accept', nif: NIF });
    await expect(gateway.submit(filing())).rejects.toMatchObject({
      kind: 'connection-lost',
      requestSent: true,
    });
    await expect(gateway.status(target())).resolves.toMatchObject({ filed: true, requestId: 'req-1' });
  });

  it('reject with a chosen code, only for the NIF it names', async () => {
    await fault({ kind: 'reject', nif: 'B87654323', code: '2001' });
    await fault({
      kind: 'reject',
      nif: NIF,
      code: '2002',
      description: 'El importe de la casilla 71 no cuadra.',
    });
    expect(await rejection(filing())).toEqual([
      { code: '2002', message: 'El importe de la casilla 71 no cuadra.' },
    ]);
    expect(((await control('GET', '/faults')) as unknown[]).length).toBe(1);
  });

  it('timeout without processing: no answer in time, nothing registered', async () => {
    await fault({ kind: 'timeout', ms: 5_000, process: false });
    const quick = httpSubmissionGateway({ endpoint: sim.modelsEndpoint, ca: sim.caPem, timeoutMs: 300 });
    await expect(quick.submit(filing())).rejects.toMatchObject({ kind: 'timeout' });
    await expect(gateway.status(target())).resolves.toEqual({ filed: false });
  });
});
