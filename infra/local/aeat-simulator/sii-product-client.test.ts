/**
 * The product's SII XML (functions/lib/sii-xml: builders and answer parsers) against the simulated
 * SII: what the sender will send passes the simulator's schemas and rules, and what the simulator
 * answers is read back the way the sender reads the AEAT.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildAnulacionXml,
  buildConsultaXml,
  buildSuministroXml,
  parseConsultaResponse,
  parseSuministroResponse,
  SII_SERVICE_DEFS,
  type SiiHeader,
  type SiiService,
  SiiSoapFaultError,
  wrapSoap,
} from '@functions/lib/sii-xml';
import type {
  SiiCashRecord,
  SiiIntraEuRecord,
  SiiInvestmentRecord,
  SiiIssuedRecord,
  SiiReceivedRecord,
} from '@shared/schemas/sii';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postSoap } from '../testing/aeat-simulator';
import { makeClientCertificate } from './certs';
import { type RunningAeatSimulator, startAeatSimulator } from './server';
import { siiSimulatorClient } from './sii-client';
import { SII_DEMO_UNIDENTIFIED_CUSTOMER } from './sii-rules';

const TITULAR = { name: 'Transportes de Prueba SA', nif: 'A50342195' };
const header: SiiHeader = { titular: TITULAR };
const SUPPLIER = { name: 'Gasóleos del Ebro SL', nif: 'B50239870' };

const issued = (number: string, over: Partial<SiiIssuedRecord> = {}): SiiIssuedRecord => ({
  book: 'FE',
  period: { year: 2026, period: '10' },
  invoiceId: { issuerNif: TITULAR.nif, number, issueDate: '2026-10-15' },
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
  ...over,
});

const received: SiiReceivedRecord = {
  book: 'FR',
  period: { year: 2026, period: '10' },
  invoiceId: { issuerNif: SUPPLIER.nif, number: 'G-2026/118', issueDate: '2026-10-02' },
  invoiceType: 'F1',
  regimeKeys: ['07'],
  description: 'Gasóleo para la flota',
  totalCents: 60_500,
  counterparty: { name: SUPPLIER.name, nif: SUPPLIER.nif, otherId: null },
  rectification: null,
  operationDate: null,
  reverseCharge: [],
  vat: [{ rateBp: 2100, baseCents: 50_000, vatCents: 10_500 }],
  accountingDate: '2026-10-05',
  deductibleVatCents: 10_500,
};

const investment: SiiInvestmentRecord = {
  book: 'BI',
  period: { year: 2026, period: '0A' },
  invoiceId: { issuerNif: 'A12543906', number: 'CAM-2026/7', issueDate: '2026-03-01' },
  goodIdentification: 'Tractora 1234-LMN',
  startOfUseDate: '2026-03-15',
  definitiveProrrataBp: 10_000,
  annualAdjustmentCents: null,
  issuerName: 'Camiones del Ebro SA',
};

const intraEu: SiiIntraEuRecord = {
  book: 'OI',
  period: { year: 2026, period: '10' },
  invoiceId: {
    issuerNif: null,
    issuerOtherId: { countryCode: 'FR', idType: '02', id: 'FR40303265045' },
    number: 'TG-2026-33',
    issueDate: '2026-10-19',
  },
  counterparty: {
    name: 'Transports Garonne SARL',
    nif: null,
    otherId: { countryCode: 'FR', idType: '02', id: 'FR40303265045' },
  },
  operationType: 'A',
  declaredKey: 'R',
  memberState: 'FR',
  termDays: 90,
  goodsDescription: 'Remolque para reparación',
  operatorAddress: '12 Rue des Entrepôts, 31200 Toulouse',
  invoicesOrDocuments: 'Albarán 2026/118',
};

let dir: string;
let sim: RunningAeatSimulator;
const cert = makeClientCertificate({ nif: TITULAR.nif, name: TITULAR.name });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aeat-sim-sii-product-'));
  sim = await startAeatSimulator({ dir, port: 0, persist: false });
});

afterAll(async () => {
  await sim?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await siiSimulatorClient({ controlUrl: sim.controlUrl, caPem: sim.caPem }).reset();
});

async function send(service: SiiService, body: string): Promise<string> {
  const res = await postSoap(`${sim.siiEndpoint}${SII_SERVICE_DEFS[service].path}`, wrapSoap(body), {
    caPem: sim.caPem,
    certPem: cert.certPem,
    keyPem: cert.keyPem,
  });
  return res.body;
}

describe('the product’s SII messages against the simulator', () => {
  it('FE: A0 accepted, the same A0 again a duplicate the sender can read, A1 and the baja accepted', async () => {
    const first = parseSuministroResponse(
      await send('FE', buildSuministroXml('FE', header, 'A0', [issued('F-1')])),
    );
    expect(first).toMatchObject({ service: 'FE', kind: 'SUMINISTRO', state: 'Correcto' });
    expect(first.csv).toMatch(/^[A-Z0-9]{16}$/);
    expect(first.lines[0]).toMatchObject({ key: `${TITULAR.nif}|F-1|2026-10-15`, state: 'Correcto' });
    const again = parseSuministroResponse(
      await send('FE', buildSuministroXml('FE', header, 'A0', [issued('F-1')])),
    );
    expect(again.lines[0]).toMatchObject({
      state: 'Incorrecto',
      code: '3000',
      duplicate: { state: 'Correcta' },
      csv: first.csv,
    });
    const a1 = parseSuministroResponse(
      await send('FE', buildSuministroXml('FE', header, 'A1', [issued('F-1', { description: 'Corregida' })])),
    );
    expect(a1.state).toBe('Correcto');
    const baja = parseSuministroResponse(await send('FE', buildAnulacionXml('FE', header, [issued('F-1')])));
    expect(baja).toMatchObject({ kind: 'ANULACION', state: 'Correcto' });
  });

  it('a partly rejected batch: the unknown customer Incorrecto 1117, the others accepted', async () => {
    const answer = parseSuministroResponse(
      await send(
        'FE',
        buildSuministroXml('FE', header, 'A0', [
          issued('F-1'),
          issued('F-2', { counterparty: { ...SII_DEMO_UNIDENTIFIED_CUSTOMER, otherId: null } }),
          issued('F-3'),
        ]),
      ),
    );
    expect(answer.state).toBe('ParcialmenteCorrecto');
    expect(answer.lines.map((l) => [l.invoiceId.number, l.state, l.code])).toEqual([
      ['F-1', 'Correcto', null],
      ['F-2', 'Incorrecto', '1117'],
      ['F-3', 'Correcto', null],
    ]);
  });

  it('FR (with a pago), BI and OI are accepted, and ConsultaLR reads them back', async () => {
    expect(
      parseSuministroResponse(await send('FR', buildSuministroXml('FR', header, 'A0', [received]))).state,
    ).toBe('Correcto');
    const pago: SiiCashRecord = {
      book: 'RECC',
      direction: 'PAYMENT',
      invoiceId: received.invoiceId,
      issuerName: SUPPLIER.name,
      payments: [{ date: '2026-10-20', amountCents: 60_500, method: '02', account: 'Cheque 0012345' }],
    };
    expect(
      parseSuministroResponse(await send('PAGOS', buildSuministroXml('PAGOS', header, 'A0', [pago]))).state,
    ).toBe('Correcto');
    expect(
      parseSuministroResponse(await send('BI', buildSuministroXml('BI', header, 'A0', [investment]))).state,
    ).toBe('Correcto');
    expect(
      parseSuministroResponse(await send('OI', buildSuministroXml('OI', header, 'A0', [intraEu]))).state,
    ).toBe('Correcto');

    const fr = parseConsultaResponse(
      await send('FR', buildConsultaXml('FR', header, { period: received.period })),
    );
    expect(fr.records.map((r) => [r.key, r.state])).toEqual([
      [`${SUPPLIER.nif}|G-2026/118|2026-10-02`, 'Correcta'],
    ]);
    const pagos = parseConsultaResponse(
      await send(
        'PAGOS',
        buildConsultaXml('PAGOS', header, {
          period: received.period,
          invoiceId: received.invoiceId,
          counterparty: received.counterparty,
        }),
      ),
    );
    expect(pagos.records).toHaveLength(1);
    const bi = parseConsultaResponse(
      await send('BI', buildConsultaXml('BI', header, { period: investment.period })),
    );
    expect(bi.records.map((r) => r.goodIdentification)).toEqual(['Tractora 1234-LMN']);
    const oi = parseConsultaResponse(
      await send('OI', buildConsultaXml('OI', header, { period: intraEu.period })),
    );
    expect(oi.records).toHaveLength(1);
  });

  it('a refused message reaches the sender as a SOAP Fault with its AEAT code', async () => {
    const other = { titular: { name: 'Otra Empresa SL', nif: 'B50872340' } };
    const body = await send('FE', buildSuministroXml('FE', other, 'A0', [issued('F-1')]));
    expect(() => parseSuministroResponse(body)).toThrow(SiiSoapFaultError);
    try {
      parseSuministroResponse(body);
    } catch (e) {
      expect(e).toMatchObject({ faultCode: 'Client', code: '4114' });
    }
  });
});
