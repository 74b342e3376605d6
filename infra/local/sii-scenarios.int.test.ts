/**
 * Judge's SII scenarios (issue 16) on the local cloud: a fresh SII company (siiEnabled) of the demo
 * gestor uploads a certificate and saves its SII configuration through the API (as seed-sii.ts does),
 * then issues and registers invoices of every kind the books distinguish. What the AEAT got is read
 * from the simulator's stored records (GET <simulator>/_sim/sii/records, sii-client.ts) and compared
 * field by field with what the AEAT's design and the law say it must be, with amounts worked out by
 * hand here (never computed by the product); the product's own view of each record is read from
 * GET /api/v1/sii/entries/{book}/{documentId} (state, period, total and `deadline`).
 *
 * Sources (the SII schemas in ../shared/data/aeat/sii/SuministroInformacion.xsd and the notes
 * ../shared/reference/verifactu-sii.md §5):
 *  - DesgloseFactura for a Spanish counterparty, DesgloseTipoOperacion {PrestacionServicios, Entrega}
 *    when the counterparty is identified with IDOtro (§5.3); an intra-EU delivery is Entrega / Sujeta /
 *    Exenta with CausaExencion E5 (art. 25 LIVA), an export E2 (art. 21 LIVA) with
 *    ClaveRegimenEspecialOTrascendencia 02; a service to an EU business located outside Spain
 *    (art. 69.Uno.1º LIVA) is PrestacionServicios / NoSujeta / ImporteTAIReglasLocalizacion;
 *  - TipoRectificativa I (differences: the Desglose carries the differences) and S (substitution:
 *    the Desglose carries the new amounts and ImporteRectificacion what the rectified invoice had);
 *  - received: DesgloseFactura / DesgloseIVA (CuotaSoportada) or InversionSujetoPasivo (intra-EU
 *    acquisitions, ClaveRegimen 09, and domestic ISP art. 84.Uno.2º LIVA), FechaRegContable and
 *    CuotaDeducible (the deductible part only: art. 95 LIVA for a 50 % deductible line);
 *  - imports: TipoFactura F5, the importer's own NIF as IDEmisorFactura and Contraparte and the DUA
 *    number as NumSerieFacturaEmisor (the AEAT's "¿Cómo se registra una importación?" as implemented
 *    by OCA l10n_es_dua_sii, OCA/l10n-spain PR #543 and #524, found with the `search` tool, corpus
 *    "issues"; error 1270 "NumSerieFacturaEmisor no cumple el formato DUA");
 *  - ImporteTotal: base + cuota + recargo, never minus the IRPF withheld (AEAT validations of
 *    2021, errors 2024/2025 "ImporteTotal no coincide con el sumatorio de BaseImponible, Cuota…":
 *    OCA/l10n-spain issues #1490, #1547, #4390, PR #1414, found with `search`, corpus "issues").
 *    For reverse-charge receipts the AEAT accepts both the base alone and base + self-assessed quota
 *    (OCA/l10n-spain issue #2669): either is taken;
 *  - the deadline: four working days (Saturdays, Sundays and national holidays excluded) from the
 *    issue, or for received invoices from the accounting registration (art. 69.Tres RIVA); see
 *    shared/fiscal/sii-deadlines.judge.test.ts for the holiday list.
 * All dates are in the past (27-11-2026 when written): the AEAT refuses future ones.
 */

import { randomBytes } from 'node:crypto';
import { cifControl, dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { SiiBook, SiiEntry } from '@shared/schemas/sii';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type SiiStoredRecord, siiSimulatorClient } from './aeat-simulator/sii-client';
import { demoP12 } from './seed-verifactu';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const simTarget = cloud.aeatSimulator;
const api = apiClient(cloud.url);
const run = Date.now().toString(36).toUpperCase().slice(-4);

type Body = Record<string, unknown>;
type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what: string): T => {
  if (!res.body.success) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
const noise = () => Date.now() * 31 + ++seq * 7919 + Math.floor(Math.random() * 1_000_000);
const freshCif = () => {
  const seven = String(noise() % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const freshDni = () => {
  const n = noise() % 100_000_000;
  return `${String(n).padStart(8, '0')}${dniLetter(n)}`;
};

/** dd-mm-yyyy of an ISO date (SII `fecha`). */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
/** An SII amount (ImporteSgn12.2Type) in céntimos; the text must match the XSD pattern. */
const cents = (v: unknown): number => {
  expect(typeof v, `amount ${JSON.stringify(v)}`).toBe('string');
  expect(v as string).toMatch(/^(\+|-)?\d{1,12}(\.\d{0,2})?$/);
  return Math.round(Number(v) * 100);
};
/** An SII rate (Tipo2.2Type) in basis points. */
const bp = (v: unknown): number => {
  expect(v as string).toMatch(/^\d{1,3}(\.\d{0,2})?$/);
  return Math.round(Number(v) * 100);
};
const arr = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

// biome-ignore lint/suspicious/noExplicitAny: the simulator's parsed XML is untyped.
type Xml = any;

/** The DetalleIVA rows as { rate, base, quota, recargoRate, recargo } in bp / céntimos. */
const vatRows = (detalle: Xml, quotaField: 'CuotaRepercutida' | 'CuotaSoportada') =>
  arr<Xml>(detalle).map((d) => ({
    rate: bp(d.TipoImpositivo),
    base: cents(d.BaseImponible),
    quota: cents(d[quotaField]),
    ...(d.TipoRecargoEquivalencia !== undefined ? { recargoRate: bp(d.TipoRecargoEquivalencia) } : {}),
    ...(d.CuotaRecargoEquivalencia !== undefined ? { recargo: cents(d.CuotaRecargoEquivalencia) } : {}),
  }));
const byRate = <T extends { rate: number }>(rows: T[]) => [...rows].sort((a, b) => b.rate - a.rate);

describe.skipIf(!simTarget)('SII scenarios: what the AEAT (simulator) got for each kind of invoice', () => {
  const sim = siiSimulatorClient(simTarget ?? { controlUrl: 'https://127.0.0.1:1/_sim' });
  let gestor: string;
  let companyId: string;
  const NIF = freshCif();
  const NAME = `Suministros Juez ${run} SL`;
  const ES_CUSTOMER = { nif: freshCif(), name: `Hostelería Marina ${run} SL` };
  const RE_DNI = freshDni();
  const RE_NAME = `Ultramarinos Pérez ${run}`;
  const FR_VAT = 'FR40303265045';
  const DE_VAT = 'DE129273398';
  const US_ID = 'US987654321';
  const DE_SUPPLIER_VAT = 'DE811128135';
  const NL_VAT = 'NL004495445B01';
  const DUA = '26ES00461110054321';
  const PROVIDER = { name: `Asesoría Romero ${run}`, taxId: freshDni() };
  const BUILDER = { name: `Reformas Turia ${run} SL`, taxId: freshCif() };

  const call = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId, ...opts });
  const ok = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => dataOf(await call<T>(method, path, opts), `${method} ${path}`);

  const inv: Record<string, Invoice> = {};
  const rec: Record<string, ReceivedInvoice> = {};
  let reCustomer: Customer;

  /** A draft in `series` (code), then its confirmation. */
  async function issue(series: string, body: Body): Promise<Invoice> {
    const draft = await ok<Invoice>('POST', '/api/v1/invoices', {
      body: { invoiceType: 'F1', ...body },
      query: { series },
    });
    return ok<Invoice>('POST', `/api/v1/invoices/${draft.invoiceId}/confirm`);
  }
  const line = (
    description: string,
    quantity: number,
    unitPriceCents: number,
    vatRateBp: number,
    over: Body = {},
  ) => ({
    description,
    quantity,
    unitPriceCents,
    vatRateBp,
    ...over,
  });
  async function receive(body: Body): Promise<ReceivedInvoice> {
    return ok<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
      body: { approvalStatus: 'APPROVED', paymentMethod: 'TRANSFER', ...body },
    });
  }

  async function entry(book: SiiBook, documentId: string): Promise<SiiEntry | undefined> {
    const res = await call<SiiEntry | { entry: SiiEntry }>(
      'GET',
      `/api/v1/sii/entries/${book}/${documentId}`,
    );
    if (!res.body.success) return undefined;
    const d = res.body.data as SiiEntry | { entry: SiiEntry };
    return 'entry' in d ? d.entry : d;
  }

  const entries = new Map<string, SiiEntry>();
  let records: SiiStoredRecord[] = [];

  /** Waits until every entry reached a final state (running the sweep now and then). */
  async function settle(wanted: { book: SiiBook; id: string }[], timeoutMs = 180_000) {
    const until = Date.now() + timeoutMs;
    let lastSweep = 0;
    for (;;) {
      let pending = 0;
      for (const w of wanted) {
        const e = await entry(w.book, w.id);
        if (e) entries.set(`${w.book}:${w.id}`, e);
        if (!e || !['ACCEPTED', 'REJECTED', 'ERROR', 'PENDING_CORRECTION'].includes(e.status)) pending++;
      }
      if (pending === 0) return;
      if (Date.now() > until) {
        const states = wanted.map((w) => `${w.book}:${w.id}=${entries.get(`${w.book}:${w.id}`)?.status}`);
        throw new Error(`SII entries not settled: ${states.join(', ')}`);
      }
      if (Date.now() - lastSweep > 4_000) {
        lastSweep = Date.now();
        await fetch(new URL('/_dev/schedules/sii-sweep/run', cloud.url), {
          method: 'POST',
          headers: { accept: 'application/json' },
        }).catch(() => undefined);
      }
      await sleep(750);
    }
  }

  const entryOf = (book: SiiBook, id: string): SiiEntry => {
    const e = entries.get(`${book}:${id}`);
    if (!e) throw new Error(`no entry ${book}:${id}`);
    return e;
  };
  /** The simulator's record of an issued invoice (by number) or a received one (by issuer + number). */
  const stored = (book: 'FE' | 'FR', number: string): SiiStoredRecord => {
    const found = records.filter((r) => r.book === book && r.id.number === number);
    expect(found, `${book} ${number} held by the AEAT once`).toHaveLength(1);
    return found[0]!;
  };
  /** The registro's parts whatever wrapper the parsed XML keeps. */
  const partsOf = (r: SiiStoredRecord) => {
    const f: Xml = r.fields;
    const reg: Xml = f.RegistroLRFacturasEmitidas ?? f.RegistroLRFacturasRecibidas ?? f;
    return {
      periodo: reg.PeriodoLiquidacion as Xml,
      id: reg.IDFactura as Xml,
      fe: reg.FacturaExpedida as Xml,
      fr: reg.FacturaRecibida as Xml,
    };
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const company = dataOf(
      await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
        token: gestor,
        body: {
          name: NAME,
          nif: NIF,
          companyType: 'SL',
          address: {
            street: 'Avenida del Puerto 120',
            postalCode: '46023',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
          siiEnabled: true,
        },
      }),
      'company',
    );
    companyId = company.companyId;
    // The SII configuration as seed-sii.ts writes it: a certificate of the company, test environment.
    const password = randomBytes(12).toString('base64url');
    const p12 = demoP12({ nif: NIF, name: NAME.toUpperCase(), password });
    const cert = await ok<{ certificateId: string }>('POST', `/api/v1/companies/${companyId}/certificates`, {
      body: {
        file: {
          fileName: 'certificado-sii.p12',
          contentType: 'application/x-pkcs12',
          contentBase64: p12.toString('base64'),
        },
        password,
      },
    });
    await ok('PUT', `/api/v1/companies/${companyId}/sii-config`, {
      body: {
        environment: 'TEST',
        certificateId: cert.certificateId,
        submissionMode: 'AUTOMATIC',
        holdUnapprovedReceived: false,
      },
    });
    for (const [code, purpose] of [
      [`F${run}`, 'ORDINARY'],
      [`R${run}`, 'RECTIFICATIVA'],
      [`T${run}`, 'SIMPLIFICADA'],
    ] as const) {
      await ok('POST', '/api/v1/invoice-series', {
        body: { code, description: `${purpose} ${run}`, purpose, isDefault: true },
      });
    }
    reCustomer = await ok<Customer>('POST', '/api/v1/customers', {
      body: {
        name: RE_NAME,
        taxId: RE_DNI,
        address: { street: 'Plaza Mayor 2', postalCode: '46002', city: 'Valencia', province: 'Valencia' },
        vatTreatment: 'RECARGO_EQUIVALENCIA',
      },
    });

    const F = `F${run}`;
    const esCustomer = {
      customer: { ...ES_CUSTOMER, address: 'Calle Mayor 1', postalCode: '46001', city: 'Valencia' },
    };
    // Wed 1 Apr 2026, the day before Jueves Santo (regional) and two before Viernes Santo (national).
    inv.april = await issue(F, {
      invoiceDate: '2026-04-01',
      ...esCustomer,
      invoiceLines: [line('Suministro de material de oficina', 1, 40_000, 2100)],
    });
    // Fri 9 Oct 2026, before the national holiday of Mon 12 Oct: 21 % and 10 %.
    //   21 %: 2 × 437,50 + 250,00 = 1.125,00 → 236,25; 10 %: 4 × 30,25 = 121,00 → 12,10.
    //   Total 1.125,00 + 236,25 + 121,00 + 12,10 = 1.494,35.
    inv.domestic = await issue(F, {
      invoiceDate: '2026-10-09',
      ...esCustomer,
      invoiceLines: [
        line('Menaje de cocina industrial', 2, 43_750, 2100),
        line('Instalación del menaje', 1, 25_000, 2100),
        line('Cestas de pan (alimentación)', 4, 3_025, 1000),
      ],
    });
    // Recargo de equivalencia (art. 154 LIVA) to a retailer: 21 % + 5,2 %, 10 % + 1,4 %.
    //   1.000,00 → 210,00 + 52,00; 200,00 → 20,00 + 2,80. Total 1.484,80.
    inv.recargo = await issue(F, {
      invoiceDate: '2026-10-13',
      customerId: reCustomer.customerId,
      invoiceLines: [
        line('Vajilla para reventa', 1, 100_000, 2100),
        line('Conservas para reventa', 1, 20_000, 1000),
      ],
    });
    // Intra-EU delivery of goods (art. 25 LIVA) to a French business with its NIF-IVA: 2.500,00 E5.
    inv.intraEu = await issue(F, {
      invoiceDate: '2026-10-14',
      customer: {
        idOtro: { type: 'NIF_IVA', value: FR_VAT, country: 'FR' },
        name: 'Société Parisienne SARL',
        address: '12 rue de Rivoli',
        postalCode: '75001',
        city: 'Paris',
        country: 'FR',
      },
      invoiceLines: [line('Hornos industriales', 1, 250_000, 0, { exemptionCause: 'E5' })],
    });
    // Service to a German business (art. 69.Uno.1º LIVA: located in Germany): 800,00 not subject.
    inv.euService = await issue(F, {
      invoiceDate: '2026-10-15',
      customer: {
        idOtro: { type: 'NIF_IVA', value: DE_VAT, country: 'DE' },
        name: 'Berliner Handel GmbH',
        address: 'Hauptstrasse 1',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
      },
      invoiceLines: [line('Consultoría de implantación', 1, 80_000, 0, { notSubject: 'N2' })],
    });
    // Delivered Wed 30 Sep 2026 (accrual, art. 75.Uno.1º LIVA), invoiced Thu 15 Oct: 1.000,00 at 21 %
    // → 210,00, total 1.210,00. FechaOperacion is due (AEAT SII FAQ 2.12: "cuando la fecha de
    // realización de la operación sea distinta a la fecha de expedición"), the record belongs to the
    // period of the accrual (September, where the 303 declares it), and its deadline is capped by
    // "antes del día 16 del mes siguiente a aquel en que se hubiera producido el devengo": 15 Oct.
    inv.lateAccrual = await issue(F, {
      invoiceDate: '2026-10-15',
      operationDate: '2026-09-30',
      ...esCustomer,
      invoiceLines: [line('Cámara frigorífica entregada el 30-09', 1, 100_000, 2100)],
    });
    // Export (art. 21 LIVA) to a US company: 3.000,00 E2.
    inv.export = await issue(F, {
      invoiceDate: '2026-10-16',
      customer: {
        idOtro: { type: 'OTHER_ID', value: US_ID, country: 'US' },
        name: 'Acme Imports Inc',
        address: '1 Main Street',
        postalCode: '10001',
        city: 'New York',
        country: 'US',
      },
      invoiceLines: [line('Maquinaria de panadería', 1, 300_000, 0, { exemptionCause: 'E2' })],
    });
    // A domestic invoice mixing taxed, exempt (art. 20.Uno.9º LIVA, training: E1) and not-subject
    // (art. 7 LIVA: N1) lines: DesgloseFactura with Sujeta { Exenta, NoExenta } and NoSujeta
    // { ImportePorArticulos7_14_Otros }. 600,00 at 21 % → 126,00; 300,00 E1; 150,00 N1. Total 1.176,00.
    inv.mixed = await issue(F, {
      invoiceDate: '2026-10-16',
      ...esCustomer,
      invoiceLines: [
        line('Horno de convección', 1, 60_000, 2100),
        line('Curso de formación reglada', 1, 30_000, 0, { exemptionCause: 'E1' }),
        line('Indemnización por resolución de contrato', 1, 15_000, 0, { notSubject: 'N1' }),
      ],
    });
    // A domestic sale with inversión del sujeto pasivo (art. 84.Uno.2º.f LIVA, construction work for
    // a builder): S2, the customer self-assesses; 5.000,00, no VAT charged, total 5.000,00.
    inv.ispSale = await issue(F, {
      invoiceDate: '2026-10-16',
      ...esCustomer,
      invoiceLines: [
        line('Ejecución de obra: instalación de obrador', 1, 500_000, 0, { reverseCharge: true }),
      ],
    });
    // Goods and services to the same French business in one invoice: Entrega E5 2.000,00 and
    // PrestacionServicios not subject (location rules) 400,00. Total 2.400,00.
    inv.euMixed = await issue(F, {
      invoiceDate: '2026-10-16',
      customer: {
        idOtro: { type: 'NIF_IVA', value: FR_VAT, country: 'FR' },
        name: 'Société Parisienne SARL',
        address: '12 rue de Rivoli',
        postalCode: '75001',
        city: 'Paris',
        country: 'FR',
      },
      invoiceLines: [
        line('Amasadoras', 1, 200_000, 0, { exemptionCause: 'E5' }),
        line('Puesta en marcha (servicio)', 1, 40_000, 0, { notSubject: 'N2' }),
      ],
    });
    // To be replaced by a rectificativa by substitution: 500,00 at 21 % → 105,00, 605,00.
    inv.toSubstitute = await issue(F, {
      invoiceDate: '2026-10-19',
      ...esCustomer,
      invoiceLines: [line('Mantenimiento de cámaras frigoríficas', 1, 50_000, 2100)],
    });
    // To a retailer in recargo de equivalencia, replaced below: 300,00 at 21 % → 63,00 + 15,60 = 378,60.
    inv.reToSubstitute = await issue(F, {
      invoiceDate: '2026-10-19',
      customerId: reCustomer.customerId,
      invoiceLines: [line('Cristalería para reventa', 1, 30_000, 2100)],
    });
    // With IRPF withheld by the customer (19 %, e.g. a rent): 1.000,00 at 21 % → 210,00; the invoice
    // asks 1.020,00 but ImporteTotal is 1.210,00 (the withholding is not VAT: AEAT errors 2024/2025).
    inv.withIrpf = await issue(F, {
      invoiceDate: '2026-10-19',
      ...esCustomer,
      irpfRateBp: 1900,
      invoiceLines: [line('Arrendamiento de nave industrial, octubre', 1, 100_000, 2100)],
    });
    // Simplified invoice (art. 7 RD 1619/2012), no customer: 2 × 12,40 at 21 % = 24,80 → 5,21 (5,208);
    // 8,00 at 10 % → 0,80. Total 38,81.
    inv.simplified = await issue(`T${run}`, {
      invoiceType: 'F2',
      invoiceDate: '2026-10-20',
      invoiceLines: [line('Bolsas de café', 2, 1_240, 2100), line('Bollería', 1, 800, 1000)],
      paymentMethod: 'CASH',
    });
    // R1 by differences of the 9 Oct invoice: the installation (250,00 at 21 %) is not due:
    // −250,00 / −52,50, total −302,50.
    inv.byDifferences = await ok<Invoice>('POST', `/api/v1/invoices/${inv.domestic.invoiceId}/rectify`, {
      body: {
        rectificationType: 'R1',
        method: 'DIFFERENCES',
        reason: 'Instalación no realizada',
        invoiceDate: '2026-10-22',
        invoiceLines: [line('Instalación del menaje (anulada)', -1, 25_000, 2100)],
      },
    });
    // Credit note of the intra-EU delivery (art. 80.Dos LIVA: goods returned): R1 by differences,
    // −500,00 E5, total −500,00, the same DesgloseTipoOperacion and IDOtro.
    inv.e5CreditNote = await ok<Invoice>('POST', `/api/v1/invoices/${inv.intraEu.invoiceId}/rectify`, {
      body: {
        rectificationType: 'R1',
        method: 'DIFFERENCES',
        reason: 'Devolución de un horno',
        invoiceDate: '2026-10-22',
        invoiceLines: [line('Horno devuelto', -1, 50_000, 0, { exemptionCause: 'E5' })],
      },
    });
    // A volume discount granted in October on the April invoice (art. 80.Dos LIVA): R1 by differences
    // declared in the period of the rectification (October), −40,00 / −8,40, total −48,40.
    inv.aprilDiscount = await ok<Invoice>('POST', `/api/v1/invoices/${inv.april.invoiceId}/rectify`, {
      body: {
        rectificationType: 'R1',
        method: 'DIFFERENCES',
        reason: 'Rappel por volumen de compras',
        invoiceDate: '2026-10-22',
        invoiceLines: [line('Rappel sobre la factura de abril', -1, 4_000, 2100)],
      },
    });
    // R1 by substitution of the 19 Oct invoice: 450,00 instead of 500,00 → 94,50, total 544,50;
    // ImporteRectificacion: what the rectified invoice had, 500,00 / 105,00.
    inv.bySubstitution = await ok<Invoice>('POST', `/api/v1/invoices/${inv.toSubstitute.invoiceId}/rectify`, {
      body: {
        rectificationType: 'R1',
        method: 'SUBSTITUTION',
        reason: 'Precio pactado erróneo',
        invoiceDate: '2026-10-23',
        invoiceLines: [line('Mantenimiento de cámaras frigoríficas', 1, 45_000, 2100, { changed: true })],
      },
    });
    // Substitution of the recargo invoice: 250,00 → 52,50 + 13,00, total 315,50; ImporteRectificacion
    // 300,00 / 63,00 / CuotaRecargoRectificado 15,60.
    inv.reSubstitution = await ok<Invoice>(
      'POST',
      `/api/v1/invoices/${inv.reToSubstitute.invoiceId}/rectify`,
      {
        body: {
          rectificationType: 'R1',
          method: 'SUBSTITUTION',
          reason: 'Precio pactado erróneo',
          invoiceDate: '2026-10-23',
          invoiceLines: [line('Cristalería para reventa', 1, 25_000, 2100, { changed: true })],
        },
      },
    );
    // R5: rectificativa of the simplified invoice (art. 15 RD 1619/2012), by differences: the bollería
    // is refunded, −8,00 / −0,80, total −8,80.
    inv.r5 = await ok<Invoice>('POST', `/api/v1/invoices/${inv.simplified.invoiceId}/rectify`, {
      body: {
        rectificationType: 'R5',
        method: 'DIFFERENCES',
        reason: 'Devolución de bollería',
        invoiceDate: '2026-10-23',
        invoiceLines: [line('Bollería devuelta', -1, 800, 1000)],
      },
    });

    // Received: issued 10 Sep 2026, booked Thu 8 Oct (before Mon 12 Oct). A professional's invoice
    // with IRPF 15 %: 1.000,00 at 21 % (210,00, deductible), 200,00 at 21 % 50 % deductible (42,00,
    // 21,00 deductible), 100,00 at 10 % (10,00). VAT 262,00, deductible 241,00, total 1.562,00 (the
    // 195,00 withheld is not part of ImporteTotal).
    rec.domestic = await receive({
      supplier: PROVIDER,
      supplierInvoiceNumber: `AR-${run}-117`,
      issueDate: '2026-09-10',
      accountingDate: '2026-10-08',
      irpfRateBp: 1500,
      lines: [
        line('Asesoramiento contable septiembre', 1, 100_000, 2100),
        line('Uso de vehículo (50 % afecto)', 1, 20_000, 2100, { deductibleBp: 5000 }),
        line('Publicaciones técnicas', 1, 10_000, 1000),
      ],
    });
    // Intra-EU acquisition of goods (art. 13 LIVA) from Germany: 3.000,00 at 21 % self-assessed 630,00.
    rec.intraEu = await receive({
      supplier: {
        name: 'Rheinland Werkzeuge GmbH',
        taxId: { type: 'NIF_IVA', value: DE_SUPPLIER_VAT, country: 'DE' },
      },
      supplierInvoiceNumber: `RW-${run}-5`,
      issueDate: '2026-10-06',
      accountingDate: '2026-10-07',
      lines: [line('Herramientas de corte', 1, 300_000, 2100, { kind: 'INTRA_EU_GOODS' })],
    });
    // Intra-EU services received (art. 84.Uno.2º.a LIVA with art. 69.Uno.1º): from a Dutch business,
    // 1.000,00 at 21 % self-assessed 210,00; ClaveRegimen 09 as for goods.
    rec.intraEuServices = await receive({
      supplier: { name: 'Amsterdam Cloud BV', taxId: { type: 'NIF_IVA', value: NL_VAT, country: 'NL' } },
      supplierInvoiceNumber: `AC-${run}-12`,
      issueDate: '2026-10-09',
      accountingDate: '2026-10-09',
      lines: [line('Alojamiento de servidores', 1, 100_000, 2100, { kind: 'INTRA_EU_SERVICES' })],
    });
    // Domestic reverse charge (art. 84.Uno.2º.f LIVA, construction): 2.000,00 at 21 % → 420,00.
    rec.isp = await receive({
      supplier: BUILDER,
      supplierInvoiceNumber: `OB-${run}-3`,
      issueDate: '2026-10-13',
      accountingDate: '2026-10-13',
      lines: [line('Reforma del obrador', 1, 200_000, 2100, { kind: 'REVERSE_CHARGE' })],
    });
    // Import with its DUA, booked Fri 16 Oct: 4.000,00 at 21 % paid at customs → 840,00.
    rec.import = await receive({
      supplier: {
        name: 'Shenzhen Machinery Co Ltd',
        taxId: { type: 'OTHER_ID', value: 'CN91440300MA5', country: 'CN' },
      },
      supplierInvoiceNumber: `SZ-${run}-88`,
      customsDocument: DUA,
      issueDate: '2026-10-14',
      accountingDate: '2026-10-16',
      lines: [line('Amasadora industrial', 1, 400_000, 2100, { kind: 'IMPORT' })],
    });
    // Investment good (art. 108 LIVA) and a current purchase at the same rate: 8.000,00 at 21 % →
    // 1.680,00 with BienInversion S, and 500,00 at 21 % → 105,00 in a row of its own (one flag per
    // DetalleIVA row: merged, the whole rate would be flagged or not). Total 10.285,00, deductible 1.785,00.
    rec.investment = await receive({
      supplier: BUILDER,
      supplierInvoiceNumber: `OB-${run}-4`,
      issueDate: '2026-10-19',
      accountingDate: '2026-10-19',
      lines: [
        line('Horno túnel (inmovilizado)', 1, 800_000, 2100, { investmentGoods: true }),
        line('Bandejas de horno (consumibles)', 1, 50_000, 2100),
      ],
    });
    // The supplier's credit note (R1, by differences) of the September invoice: the publications are
    // returned, −100,00 at 10 % → −10,00, deductible −10,00, total −110,00.
    rec.creditNote = await receive({
      supplier: PROVIDER,
      supplierInvoiceNumber: `AR-${run}-R1`,
      invoiceType: 'R1',
      rectification: {
        reason: 'Devolución de publicaciones',
        rectified: [{ receivedInvoiceId: rec.domestic.receivedInvoiceId }],
      },
      issueDate: '2026-10-22',
      accountingDate: '2026-10-22',
      lines: [line('Publicaciones técnicas devueltas', -1, 10_000, 1000)],
    });
    // Two plain received invoices the last test modifies (A1) and deletes (baja).
    rec.toModify = await receive({
      supplier: PROVIDER,
      supplierInvoiceNumber: `AR-${run}-118`,
      issueDate: '2026-10-21',
      accountingDate: '2026-10-21',
      lines: [line('Asesoramiento contable octubre', 1, 50_000, 2100)],
    });
    rec.toDelete = await receive({
      supplier: PROVIDER,
      supplierInvoiceNumber: `AR-${run}-119`,
      issueDate: '2026-10-21',
      accountingDate: '2026-10-21',
      lines: [line('Gestión de nóminas octubre', 1, 10_000, 2100)],
    });

    await settle([
      ...Object.values(inv).map((i) => ({ book: 'FE' as const, id: i.invoiceId })),
      ...Object.values(rec).map((r) => ({ book: 'FR' as const, id: r.receivedInvoiceId })),
    ]);
    records = await sim.records({ titular: NIF });
  }, 600_000);

  it('every record was accepted (Correcta) and each entry says ACCEPTED', () => {
    for (const [k, i] of Object.entries(inv)) {
      const e = entryOf('FE', i.invoiceId);
      expect.soft(e.status, `FE ${k} ${JSON.stringify(e.lastError)}`).toBe('ACCEPTED');
      expect.soft(e.acceptedWithErrors, `FE ${k} ${JSON.stringify(e.lastError)}`).toBe(false);
      expect.soft(stored('FE', i.invoiceNumber!).estado, `FE ${k}`).toBe('Correcta');
    }
    for (const [k, r] of Object.entries(rec)) {
      const e = entryOf('FR', r.receivedInvoiceId);
      expect.soft(e.status, `FR ${k} ${JSON.stringify(e.lastError)}`).toBe('ACCEPTED');
      expect.soft(e.acceptedWithErrors, `FR ${k} ${JSON.stringify(e.lastError)}`).toBe(false);
    }
  });

  /** IDFactura, period, type, key, total and counterparty of an issued record. */
  function expectIssuedHeader(
    i: Invoice,
    want: {
      type: string;
      key: string;
      totalCents: number;
      period: [string, string];
      counterparty: Xml | null;
    },
  ) {
    const r = stored('FE', i.invoiceNumber!);
    const { periodo, id, fe } = partsOf(r);
    expect.soft(id.IDEmisorFactura?.NIF, 'IDEmisorFactura').toBe(NIF);
    expect.soft(id.NumSerieFacturaEmisor).toBe(i.invoiceNumber);
    expect.soft(id.FechaExpedicionFacturaEmisor).toBe(ddmmyyyy(i.invoiceDate));
    expect.soft([periodo.Ejercicio, periodo.Periodo], 'PeriodoLiquidacion').toEqual(want.period);
    expect.soft(fe.TipoFactura).toBe(want.type);
    expect.soft(fe.ClaveRegimenEspecialOTrascendencia, 'ClaveRegimenEspecialOTrascendencia').toBe(want.key);
    expect.soft(cents(fe.ImporteTotal), 'ImporteTotal').toBe(want.totalCents);
    if (want.counterparty === null) expect.soft(fe.Contraparte, 'no Contraparte').toBeUndefined();
    else expect.soft(fe.Contraparte, 'Contraparte').toEqual(want.counterparty);
    const e = entryOf('FE', i.invoiceId);
    expect.soft(e.totalCents, 'entry totalCents').toBe(want.totalCents);
    expect.soft(e.period, 'entry period').toEqual({ year: Number(want.period[0]), period: want.period[1] });
    expect.soft(e.documentNumber).toBe(i.invoiceNumber);
    return fe;
  }

  it('domestic F1 at 21 % and 10 %: DesgloseFactura, S1, two DetalleIVA rows to the cent', () => {
    const fe = expectIssuedHeader(inv.domestic!, {
      type: 'F1',
      key: '01',
      totalCents: 149_435,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    expect.soft(fe.TipoDesglose?.DesgloseTipoOperacion, 'no DesgloseTipoOperacion').toBeUndefined();
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect.soft(noExenta?.TipoNoExenta).toBe('S1');
    expect.soft(byRate(vatRows(noExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))).toEqual([
      { rate: 2100, base: 112_500, quota: 23_625 },
      { rate: 1000, base: 12_100, quota: 1_210 },
    ]);
  });

  it('recargo de equivalencia: TipoRecargoEquivalencia 5,20 / 1,40 and their quotas; total includes them', () => {
    const fe = expectIssuedHeader(inv.recargo!, {
      type: 'F1',
      key: '01',
      totalCents: 148_480,
      period: ['2026', '10'],
      counterparty: { NombreRazon: RE_NAME, NIF: RE_DNI },
    });
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect.soft(noExenta?.TipoNoExenta).toBe('S1');
    expect.soft(byRate(vatRows(noExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))).toEqual([
      { rate: 2100, base: 100_000, quota: 21_000, recargoRate: 520, recargo: 5_200 },
      { rate: 1000, base: 20_000, quota: 2_000, recargoRate: 140, recargo: 280 },
    ]);
  });

  it('simplified F2 without a customer: DesgloseFactura, no Contraparte', () => {
    const fe = expectIssuedHeader(inv.simplified!, {
      type: 'F2',
      key: '01',
      totalCents: 3_881,
      period: ['2026', '10'],
      counterparty: null,
    });
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect.soft(noExenta?.TipoNoExenta).toBe('S1');
    expect.soft(byRate(vatRows(noExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))).toEqual([
      { rate: 2100, base: 2_480, quota: 521 },
      { rate: 1000, base: 800, quota: 80 },
    ]);
  });

  it('intra-EU delivery of goods: DesgloseTipoOperacion / Entrega / Exenta E5, IDOtro 02', () => {
    const fe = expectIssuedHeader(inv.intraEu!, {
      type: 'F1',
      key: '01',
      totalCents: 250_000,
      period: ['2026', '10'],
      counterparty: {
        NombreRazon: 'Société Parisienne SARL',
        IDOtro: { CodigoPais: 'FR', IDType: '02', ID: FR_VAT },
      },
    });
    expect.soft(fe.TipoDesglose?.DesgloseFactura, 'no DesgloseFactura').toBeUndefined();
    const op = fe.TipoDesglose?.DesgloseTipoOperacion;
    expect.soft(op?.PrestacionServicios, 'no services').toBeUndefined();
    const exenta = arr<Xml>(op?.Entrega?.Sujeta?.Exenta?.DetalleExenta).map((d) => ({
      cause: d.CausaExencion,
      base: cents(d.BaseImponible),
    }));
    expect.soft(exenta).toEqual([{ cause: 'E5', base: 250_000 }]);
    expect.soft(op?.Entrega?.Sujeta?.NoExenta).toBeUndefined();
  });

  it('service to an EU business: PrestacionServicios / NoSujeta / ImporteTAIReglasLocalizacion', () => {
    const fe = expectIssuedHeader(inv.euService!, {
      type: 'F1',
      key: '01',
      totalCents: 80_000,
      period: ['2026', '10'],
      counterparty: {
        NombreRazon: 'Berliner Handel GmbH',
        IDOtro: { CodigoPais: 'DE', IDType: '02', ID: DE_VAT },
      },
    });
    const op = fe.TipoDesglose?.DesgloseTipoOperacion;
    expect.soft(op?.Entrega, 'no goods').toBeUndefined();
    const noSujeta = op?.PrestacionServicios?.NoSujeta;
    expect.soft(cents(noSujeta?.ImporteTAIReglasLocalizacion)).toBe(80_000);
    expect.soft(noSujeta?.ImportePorArticulos7_14_Otros, 'not art. 7/14').toBeUndefined();
    expect.soft(op?.PrestacionServicios?.Sujeta).toBeUndefined();
  });

  it('export: Entrega / Exenta E2 with ClaveRegimenEspecialOTrascendencia 02', () => {
    const fe = expectIssuedHeader(inv.export!, {
      type: 'F1',
      key: '02',
      totalCents: 300_000,
      period: ['2026', '10'],
      counterparty: {
        NombreRazon: 'Acme Imports Inc',
        IDOtro: { CodigoPais: 'US', IDType: '04', ID: US_ID },
      },
    });
    const op = fe.TipoDesglose?.DesgloseTipoOperacion;
    const exenta = arr<Xml>(op?.Entrega?.Sujeta?.Exenta?.DetalleExenta).map((d) => ({
      cause: d.CausaExencion,
      base: cents(d.BaseImponible),
    }));
    expect.soft(exenta).toEqual([{ cause: 'E2', base: 300_000 }]);
  });

  it('R1 by differences (I): the differences, the rectified invoice, no ImporteRectificacion', () => {
    const original = inv.domestic!;
    const fe = expectIssuedHeader(inv.byDifferences!, {
      type: 'R1',
      key: '01',
      totalCents: -30_250,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    expect.soft(fe.TipoRectificativa).toBe('I');
    expect.soft(fe.ImporteRectificacion, 'no ImporteRectificacion by differences').toBeUndefined();
    expect
      .soft(arr<Xml>(fe.FacturasRectificadas?.IDFacturaRectificada))
      .toEqual([
        { NumSerieFacturaEmisor: original.invoiceNumber, FechaExpedicionFacturaEmisor: '09-10-2026' },
      ]);
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect
      .soft(vatRows(noExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))
      .toEqual([{ rate: 2100, base: -25_000, quota: -5_250 }]);
  });

  it('a rectificativa of an April invoice issued in October belongs to October', () => {
    const fe = expectIssuedHeader(inv.aprilDiscount!, {
      type: 'R1',
      key: '01',
      totalCents: -4_840,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    expect.soft(fe.TipoRectificativa).toBe('I');
    expect
      .soft(arr<Xml>(fe.FacturasRectificadas?.IDFacturaRectificada))
      .toEqual([
        { NumSerieFacturaEmisor: inv.april!.invoiceNumber, FechaExpedicionFacturaEmisor: '01-04-2026' },
      ]);
    expect
      .soft(
        vatRows(
          fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta?.DesgloseIVA?.DetalleIVA,
          'CuotaRepercutida',
        ),
      )
      .toEqual([{ rate: 2100, base: -4_000, quota: -840 }]);
  });

  it('R1 by substitution (S): the new amounts and ImporteRectificacion of the rectified invoice', () => {
    const original = inv.toSubstitute!;
    const fe = expectIssuedHeader(inv.bySubstitution!, {
      type: 'R1',
      key: '01',
      totalCents: 54_450,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    expect.soft(fe.TipoRectificativa).toBe('S');
    expect
      .soft(arr<Xml>(fe.FacturasRectificadas?.IDFacturaRectificada))
      .toEqual([
        { NumSerieFacturaEmisor: original.invoiceNumber, FechaExpedicionFacturaEmisor: '19-10-2026' },
      ]);
    const ir = fe.ImporteRectificacion;
    expect.soft(cents(ir?.BaseRectificada), 'BaseRectificada').toBe(50_000);
    expect.soft(cents(ir?.CuotaRectificada), 'CuotaRectificada').toBe(10_500);
    if (ir?.CuotaRecargoRectificado !== undefined) expect.soft(cents(ir.CuotaRecargoRectificado)).toBe(0);
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect
      .soft(vatRows(noExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))
      .toEqual([{ rate: 2100, base: 45_000, quota: 9_450 }]);
  });

  it('operation accrued the month before the issue: FechaOperacion, the period of the accrual, the 15th cap', () => {
    const fe = expectIssuedHeader(inv.lateAccrual!, {
      type: 'F1',
      key: '01',
      totalCents: 121_000,
      period: ['2026', '09'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    expect.soft(fe.FechaOperacion, 'FechaOperacion').toBe('30-09-2026');
    // Thu 15 Oct: four working days end Wed 21 Oct, but the September accrual caps it at 15 Oct.
    expect.soft(entryOf('FE', inv.lateAccrual!.invoiceId).deadline.slice(0, 10)).toBe('2026-10-15');
    // An invoice without another operation date sends none.
    expect.soft(partsOf(stored('FE', inv.domestic!.invoiceNumber!)).fe.FechaOperacion).toBeUndefined();
  });

  it('domestic invoice with taxed, exempt E1 and not-subject (art. 7) lines', () => {
    const fe = expectIssuedHeader(inv.mixed!, {
      type: 'F1',
      key: '01',
      totalCents: 117_600,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    const d = fe.TipoDesglose?.DesgloseFactura;
    expect.soft(d?.Sujeta?.NoExenta?.TipoNoExenta).toBe('S1');
    expect
      .soft(vatRows(d?.Sujeta?.NoExenta?.DesgloseIVA?.DetalleIVA, 'CuotaRepercutida'))
      .toEqual([{ rate: 2100, base: 60_000, quota: 12_600 }]);
    expect
      .soft(
        arr<Xml>(d?.Sujeta?.Exenta?.DetalleExenta).map((x) => ({
          cause: x.CausaExencion,
          base: cents(x.BaseImponible),
        })),
      )
      .toEqual([{ cause: 'E1', base: 30_000 }]);
    expect
      .soft(cents(d?.NoSujeta?.ImportePorArticulos7_14_Otros), 'ImportePorArticulos7_14_Otros')
      .toBe(15_000);
    expect.soft(d?.NoSujeta?.ImporteTAIReglasLocalizacion).toBeUndefined();
  });

  it('domestic sale with inversión del sujeto pasivo: NoExenta S2, no VAT charged', () => {
    const fe = expectIssuedHeader(inv.ispSale!, {
      type: 'F1',
      key: '01',
      totalCents: 500_000,
      period: ['2026', '10'],
      counterparty: { NombreRazon: ES_CUSTOMER.name, NIF: ES_CUSTOMER.nif },
    });
    const noExenta = fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta;
    expect.soft(noExenta?.TipoNoExenta).toBe('S2');
    // AEAT SII FAQ 3.5: "tipo impositivo con importe cero y cuota repercutida en blanco" (or 0).
    const rows = arr<Xml>(noExenta?.DesgloseIVA?.DetalleIVA);
    expect.soft(rows).toHaveLength(1);
    expect.soft(cents(rows[0]?.BaseImponible)).toBe(500_000);
    expect.soft(Number(rows[0]?.TipoImpositivo ?? 0)).toBe(0);
    expect.soft(Number(rows[0]?.CuotaRepercutida ?? 0)).toBe(0);
  });

  it('goods and services to an EU business in one invoice: both branches of DesgloseTipoOperacion', () => {
    const fe = expectIssuedHeader(inv.euMixed!, {
      type: 'F1',
      key: '01',
      totalCents: 240_000,
      period: ['2026', '10'],
      counterparty: {
        NombreRazon: 'Société Parisienne SARL',
        IDOtro: { CodigoPais: 'FR', IDType: '02', ID: FR_VAT },
      },
    });
    const op = fe.TipoDesglose?.DesgloseTipoOperacion;
    expect
      .soft(
        arr<Xml>(op?.Entrega?.Sujeta?.Exenta?.DetalleExenta).map((x) => ({
          cause: x.CausaExencion,
          base: cents(x.BaseImponible),
        })),
      )
      .toEqual([{ cause: 'E5', base: 200_000 }]);
    expect.soft(op?.Entrega?.NoSujeta, 'no goods not subject').toBeUndefined();
    expect.soft(cents(op?.PrestacionServicios?.NoSujeta?.ImporteTAIReglasLocalizacion)).toBe(40_000);
    expect.soft(op?.PrestacionServicios?.Sujeta, 'no services subject').toBeUndefined();
  });

  it('IRPF withheld is not subtracted from ImporteTotal', () => {
    const fe = partsOf(stored('FE', inv.withIrpf!.invoiceNumber!)).fe;
    expect.soft(cents(fe.ImporteTotal), 'ImporteTotal').toBe(121_000);
    expect
      .soft(
        vatRows(
          fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta?.DesgloseIVA?.DetalleIVA,
          'CuotaRepercutida',
        ),
      )
      .toEqual([{ rate: 2100, base: 100_000, quota: 21_000 }]);
  });

  it('substitution of an invoice with recargo: CuotaRecargoRectificado', () => {
    const fe = expectIssuedHeader(inv.reSubstitution!, {
      type: 'R1',
      key: '01',
      totalCents: 31_550,
      period: ['2026', '10'],
      counterparty: { NombreRazon: RE_NAME, NIF: RE_DNI },
    });
    expect.soft(fe.TipoRectificativa).toBe('S');
    const ir = fe.ImporteRectificacion;
    expect
      .soft([cents(ir?.BaseRectificada), cents(ir?.CuotaRectificada), cents(ir?.CuotaRecargoRectificado)])
      .toEqual([30_000, 6_300, 1_560]);
    expect
      .soft(
        vatRows(
          fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta?.DesgloseIVA?.DetalleIVA,
          'CuotaRepercutida',
        ),
      )
      .toEqual([{ rate: 2100, base: 25_000, quota: 5_250, recargoRate: 520, recargo: 1_300 }]);
  });

  it('credit note of an intra-EU delivery: R1 I, negative E5 in Entrega, IDOtro', () => {
    const fe = expectIssuedHeader(inv.e5CreditNote!, {
      type: 'R1',
      key: '01',
      totalCents: -50_000,
      period: ['2026', '10'],
      counterparty: {
        NombreRazon: 'Société Parisienne SARL',
        IDOtro: { CodigoPais: 'FR', IDType: '02', ID: FR_VAT },
      },
    });
    expect.soft(fe.TipoRectificativa).toBe('I');
    expect
      .soft(arr<Xml>(fe.FacturasRectificadas?.IDFacturaRectificada))
      .toEqual([
        { NumSerieFacturaEmisor: inv.intraEu!.invoiceNumber, FechaExpedicionFacturaEmisor: '14-10-2026' },
      ]);
    expect
      .soft(
        arr<Xml>(fe.TipoDesglose?.DesgloseTipoOperacion?.Entrega?.Sujeta?.Exenta?.DetalleExenta).map((x) => ({
          cause: x.CausaExencion,
          base: cents(x.BaseImponible),
        })),
      )
      .toEqual([{ cause: 'E5', base: -50_000 }]);
  });

  it('R5: rectificativa of a simplified invoice', () => {
    const fe = expectIssuedHeader(inv.r5!, {
      type: 'R5',
      key: '01',
      totalCents: -880,
      period: ['2026', '10'],
      counterparty: null,
    });
    expect.soft(fe.TipoRectificativa).toBe('I');
    expect
      .soft(arr<Xml>(fe.FacturasRectificadas?.IDFacturaRectificada))
      .toEqual([
        { NumSerieFacturaEmisor: inv.simplified!.invoiceNumber, FechaExpedicionFacturaEmisor: '20-10-2026' },
      ]);
    expect
      .soft(
        vatRows(
          fe.TipoDesglose?.DesgloseFactura?.Sujeta?.NoExenta?.DesgloseIVA?.DetalleIVA,
          'CuotaRepercutida',
        ),
      )
      .toEqual([{ rate: 1000, base: -800, quota: -80 }]);
  });

  /** IDFactura, period, type, key, total, counterparty, booking date and deductible quota of a received record. */
  function expectReceived(
    r: ReceivedInvoice,
    want: {
      issuer: Xml;
      number: string;
      type: string;
      key: string;
      totals: number[];
      period: [string, string];
      counterparty: Xml;
      deductibleCents: number;
    },
  ) {
    const s = stored('FR', want.number);
    const { periodo, id, fr } = partsOf(s);
    expect.soft(id.IDEmisorFactura, 'IDEmisorFactura').toEqual(want.issuer);
    expect.soft(id.FechaExpedicionFacturaEmisor).toBe(ddmmyyyy(r.issueDate));
    expect.soft([periodo.Ejercicio, periodo.Periodo], 'PeriodoLiquidacion').toEqual(want.period);
    expect.soft(fr.TipoFactura).toBe(want.type);
    expect.soft(fr.ClaveRegimenEspecialOTrascendencia, 'ClaveRegimenEspecialOTrascendencia').toBe(want.key);
    expect.soft(want.totals, `ImporteTotal ${fr.ImporteTotal}`).toContain(cents(fr.ImporteTotal));
    expect.soft(fr.Contraparte, 'Contraparte').toEqual(want.counterparty);
    expect.soft(fr.FechaRegContable, 'FechaRegContable').toBe(ddmmyyyy(r.accountingDate));
    expect.soft(cents(fr.CuotaDeducible), 'CuotaDeducible').toBe(want.deductibleCents);
    const e = entryOf('FR', r.receivedInvoiceId);
    expect.soft(want.totals, 'entry totalCents').toContain(e.totalCents);
    expect.soft(e.period, 'entry period').toEqual({ year: Number(want.period[0]), period: want.period[1] });
    return fr;
  }

  it('received domestic invoice booked late: DesgloseIVA, CuotaDeducible of the deductible part, IRPF outside the total', () => {
    const r = rec.domestic!;
    const fr = expectReceived(r, {
      issuer: { NIF: PROVIDER.taxId },
      number: r.supplierInvoiceNumber,
      type: 'F1',
      key: '01',
      totals: [156_200],
      // The period of the registration (October), not of the issue (September).
      period: ['2026', '10'],
      counterparty: { NombreRazon: PROVIDER.name, NIF: PROVIDER.taxId },
      deductibleCents: 24_100,
    });
    expect.soft(fr.DesgloseFactura?.InversionSujetoPasivo, 'no ISP').toBeUndefined();
    const rows = vatRows(fr.DesgloseFactura?.DesgloseIVA?.DetalleIVA, 'CuotaSoportada');
    // Rows of one rate may come apart (deductible and partly deductible lines): compare per rate.
    const perRate = new Map<number, { rate: number; base: number; quota: number }>();
    for (const row of rows) {
      const acc = perRate.get(row.rate) ?? { rate: row.rate, base: 0, quota: 0 };
      perRate.set(row.rate, { rate: row.rate, base: acc.base + row.base, quota: acc.quota + row.quota });
    }
    expect.soft(byRate([...perRate.values()])).toEqual([
      { rate: 2100, base: 120_000, quota: 25_200 },
      { rate: 1000, base: 10_000, quota: 1_000 },
    ]);
  });

  it("the supplier's credit note: R1, TipoRectificativa I, the rectified invoice, negative deductible quota", () => {
    const r = rec.creditNote!;
    const fr = expectReceived(r, {
      issuer: { NIF: PROVIDER.taxId },
      number: r.supplierInvoiceNumber,
      type: 'R1',
      key: '01',
      totals: [-11_000],
      period: ['2026', '10'],
      counterparty: { NombreRazon: PROVIDER.name, NIF: PROVIDER.taxId },
      deductibleCents: -1_000,
    });
    expect.soft(fr.TipoRectificativa).toBe('I');
    expect.soft(arr<Xml>(fr.FacturasRectificadas?.IDFacturaRectificada)).toEqual([
      {
        NumSerieFacturaEmisor: rec.domestic!.supplierInvoiceNumber,
        FechaExpedicionFacturaEmisor: '10-09-2026',
      },
    ]);
    expect
      .soft(vatRows(fr.DesgloseFactura?.DesgloseIVA?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 1000, base: -10_000, quota: -1_000 }]);
  });

  it('intra-EU acquisition: ClaveRegimen 09, InversionSujetoPasivo, IDOtro 02 for issuer and counterparty', () => {
    const r = rec.intraEu!;
    const deSupplier = { CodigoPais: 'DE', IDType: '02', ID: DE_SUPPLIER_VAT };
    const fr = expectReceived(r, {
      issuer: { IDOtro: deSupplier },
      number: r.supplierInvoiceNumber,
      type: 'F1',
      key: '09',
      totals: [300_000, 363_000],
      period: ['2026', '10'],
      counterparty: { NombreRazon: 'Rheinland Werkzeuge GmbH', IDOtro: deSupplier },
      deductibleCents: 63_000,
    });
    expect.soft(fr.DesgloseFactura?.DesgloseIVA, 'no VAT charged').toBeUndefined();
    expect
      .soft(vatRows(fr.DesgloseFactura?.InversionSujetoPasivo?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 2100, base: 300_000, quota: 63_000 }]);
  });

  it('intra-EU services received: ClaveRegimen 09, InversionSujetoPasivo', () => {
    const r = rec.intraEuServices!;
    const nl = { CodigoPais: 'NL', IDType: '02', ID: NL_VAT };
    const fr = expectReceived(r, {
      issuer: { IDOtro: nl },
      number: r.supplierInvoiceNumber,
      type: 'F1',
      key: '09',
      totals: [100_000, 121_000],
      period: ['2026', '10'],
      counterparty: { NombreRazon: 'Amsterdam Cloud BV', IDOtro: nl },
      deductibleCents: 21_000,
    });
    expect.soft(fr.DesgloseFactura?.DesgloseIVA, 'no VAT charged').toBeUndefined();
    expect
      .soft(vatRows(fr.DesgloseFactura?.InversionSujetoPasivo?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 2100, base: 100_000, quota: 21_000 }]);
  });

  it('investment good received: BienInversion S on its own DetalleIVA row', () => {
    const r = rec.investment!;
    const fr = expectReceived(r, {
      issuer: { NIF: BUILDER.taxId },
      number: r.supplierInvoiceNumber,
      type: 'F1',
      key: '01',
      totals: [1_028_500],
      period: ['2026', '10'],
      counterparty: { NombreRazon: BUILDER.name, NIF: BUILDER.taxId },
      deductibleCents: 178_500,
    });
    const rows = arr<Xml>(fr.DesgloseFactura?.DesgloseIVA?.DetalleIVA)
      .map((d) => ({ ...vatRows(d, 'CuotaSoportada')[0]!, investment: d.BienInversion === 'S' }))
      .sort((a, b) => b.base - a.base);
    expect.soft(rows).toEqual([
      { rate: 2100, base: 800_000, quota: 168_000, investment: true },
      { rate: 2100, base: 50_000, quota: 10_500, investment: false },
    ]);
  });

  it('domestic reverse charge (ISP): InversionSujetoPasivo with the self-assessed quota, deductible', () => {
    const r = rec.isp!;
    const fr = expectReceived(r, {
      issuer: { NIF: BUILDER.taxId },
      number: r.supplierInvoiceNumber,
      type: 'F1',
      key: '01',
      totals: [200_000, 242_000],
      period: ['2026', '10'],
      counterparty: { NombreRazon: BUILDER.name, NIF: BUILDER.taxId },
      deductibleCents: 42_000,
    });
    expect.soft(fr.DesgloseFactura?.DesgloseIVA, 'no VAT charged').toBeUndefined();
    expect
      .soft(vatRows(fr.DesgloseFactura?.InversionSujetoPasivo?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 2100, base: 200_000, quota: 42_000 }]);
  });

  it('import with DUA: F5, the importer as issuer and counterparty, the DUA as number', () => {
    const r = rec.import!;
    const fr = expectReceived(r, {
      issuer: { NIF },
      number: DUA,
      type: 'F5',
      key: '01',
      totals: [484_000],
      period: ['2026', '10'],
      counterparty: { NombreRazon: NAME, NIF },
      deductibleCents: 84_000,
    });
    expect
      .soft(vatRows(fr.DesgloseFactura?.DesgloseIVA?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 2100, base: 400_000, quota: 84_000 }]);
  });

  it('deadlines of records dated just before national holidays (art. 69.Tres RIVA)', () => {
    // Wed 1 Apr 2026: Thu 2 (1, Jueves Santo is regional), [Fri 3 Viernes Santo], Mon 6 (2, Lunes de
    // Pascua is regional), Tue 7 (3), Wed 8 (4).
    expect.soft(entryOf('FE', inv.april!.invoiceId).deadline.slice(0, 10)).toBe('2026-04-08');
    // Fri 9 Oct 2026: [Mon 12 Oct], Tue 13 (1), Wed 14 (2), Thu 15 (3), Fri 16 (4).
    expect.soft(entryOf('FE', inv.domestic!.invoiceId).deadline.slice(0, 10)).toBe('2026-10-16');
    // Received, issued 10 Sep, booked Thu 8 Oct: Fri 9 (1), [Mon 12], Tue 13 (2), Wed 14 (3), Thu 15 (4).
    expect.soft(entryOf('FR', rec.domestic!.receivedInvoiceId).deadline.slice(0, 10)).toBe('2026-10-15');
    // Received, booked Wed 7 Oct: Thu 8 (1), Fri 9 (2), [Mon 12], Tue 13 (3), Wed 14 (4).
    expect.soft(entryOf('FR', rec.intraEu!.receivedInvoiceId).deadline.slice(0, 10)).toBe('2026-10-14');
    // Import booked Fri 16 Oct: Mon 19, Tue 20, Wed 21, Thu 22.
    expect.soft(entryOf('FR', rec.import!.receivedInvoiceId).deadline.slice(0, 10)).toBe('2026-10-22');
    // Tue 13 Oct (recargo invoice): Wed 14, Thu 15, Fri 16, Mon 19.
    expect.soft(entryOf('FE', inv.recargo!.invoiceId).deadline.slice(0, 10)).toBe('2026-10-19');
  });

  it('a modified received invoice goes as A1, a deleted one as a baja (the AEAT keeps one record each)', {
    timeout: 240_000,
  }, async () => {
    const mod = rec.toModify!;
    const before = entryOf('FR', mod.receivedInvoiceId);
    // 600,00 instead of 500,00 at 21 % → 126,00, total 726,00.
    await ok('PUT', `/api/v1/received-invoices/${mod.receivedInvoiceId}`, {
      body: {
        supplier: PROVIDER,
        supplierInvoiceNumber: mod.supplierInvoiceNumber,
        issueDate: mod.issueDate,
        accountingDate: mod.accountingDate,
        paymentMethod: 'TRANSFER',
        lines: [line('Asesoramiento contable octubre (revisado)', 1, 60_000, 2100)],
      },
    });
    const del = rec.toDelete!;
    await ok('DELETE', `/api/v1/received-invoices/${del.receivedInvoiceId}`);

    const until = Date.now() + 180_000;
    let lastSweep = 0;
    let modified: SiiStoredRecord | undefined;
    let deleted: SiiStoredRecord | undefined;
    for (;;) {
      const all = await sim.records({ titular: NIF, book: 'FR' });
      modified = all.find((r) => r.id.number === mod.supplierInvoiceNumber);
      deleted = all.find((r) => r.id.number === del.supplierInvoiceNumber);
      const e = await entry('FR', mod.receivedInvoiceId);
      const done =
        modified?.history.some((h) => h.operation === 'A1') &&
        deleted?.estado === 'Anulada' &&
        e?.status === 'ACCEPTED' &&
        e.contentVersion > before.contentVersion;
      if (done) break;
      if (Date.now() > until) break;
      if (Date.now() - lastSweep > 4_000) {
        lastSweep = Date.now();
        await fetch(new URL('/_dev/schedules/sii-sweep/run', cloud.url), { method: 'POST' }).catch(
          () => undefined,
        );
      }
      await sleep(750);
    }
    expect
      .soft(
        modified?.history.map((h) => h.operation),
        'A0 then A1',
      )
      .toEqual(['A0', 'A1']);
    expect.soft(modified?.estado).toBe('Correcta');
    const fr = modified ? partsOf(modified).fr : undefined;
    expect.soft(cents(fr?.ImporteTotal), 'modified ImporteTotal').toBe(72_600);
    expect
      .soft(vatRows(fr?.DesgloseFactura?.DesgloseIVA?.DetalleIVA, 'CuotaSoportada'))
      .toEqual([{ rate: 2100, base: 60_000, quota: 12_600 }]);
    expect.soft(cents(fr?.CuotaDeducible)).toBe(12_600);
    const after = await entry('FR', mod.receivedInvoiceId);
    expect.soft(after?.status).toBe('ACCEPTED');
    expect.soft(after?.sentOperation).toBe('A1');
    expect.soft(deleted?.estado, 'baja').toBe('Anulada');
    const receptions = await sim.receptions({ titular: NIF });
    // One A0 and one A1 of the modified record; one A0 and one baja of the deleted one: never more.
    expect
      .soft(receptions.filter((r) => r.number === mod.supplierInvoiceNumber).map((r) => r.count))
      .toEqual([2]);
    expect
      .soft(receptions.filter((r) => r.number === del.supplierInvoiceNumber).reduce((n, r) => n + r.count, 0))
      .toBe(2);
  });

  it('each record reached the AEAT exactly once', async () => {
    const receptions = await sim.receptions({ titular: NIF });
    const numbers = [
      ...Object.values(inv).map((i) => i.invoiceNumber!),
      ...Object.entries(rec)
        .filter(([k]) => k !== 'toModify' && k !== 'toDelete')
        .map(([, r]) => (r.customsDocument ? DUA : r.supplierInvoiceNumber)),
    ];
    for (const n of numbers) {
      const got = receptions.filter((r) => r.number === n);
      expect
        .soft(
          got.map((r) => r.count),
          n,
        )
        .toEqual([1]);
    }
  });
});
