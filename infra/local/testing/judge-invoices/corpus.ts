/**
 * The judge's corpus of Spanish purchase invoices (issue 17, "How it will be judged"): the kinds a
 * gestoría receives for a bakery SL (Panadería La Espiga SL, B46128732, the demo company), each with
 * its ground truth in the judged `Extraction` shape (shared/schemas/documents.ts): NIFs uppercase
 * without the ES prefix (a foreign VAT id keeps its prefix), names = the legal name printed beside the
 * tax id (not the trade name on the logo), ISO dates, céntimos, one base per rate (0 for exempt and
 * reverse charge), recargo per rate, IRPF as a positive amount, total = what the invoice says is
 * payable (after IRPF).
 *
 * The law behind the cases: art. 6 and 7 RD 1619/2012 (what an invoice and a factura simplificada
 * must show), art. 15 (rectificativas), art. 154-163 LIVA (recargo de equivalencia 5,2 % / 1,4 % /
 * 0,5 %, RD-ley 20/2012), art. 20.Uno LIVA (exemptions), art. 84.Uno.2º and 69 LIVA (reverse charge of
 * an EU supplier's services), art. 101 LIRPF / art. 95 RIRPF (retención 15 %, 7 % the first years).
 *
 * Every amount is worked out here from the printed lines; the product's own arithmetic is never used.
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';
import type { Extraction } from '@shared/schemas/documents';
import { type DateStyle, type MoneyStyle, quotaOf } from './format';

/** The fields the judge compares (confidence and source are reported, not judged). */
export type Truth = Omit<Extraction, 'confidence' | 'source'>;

export interface Party {
  legalName: string;
  /** The brand on the logo, when it differs from the legal name (never the expected name). */
  tradeName?: string;
  /** The canonical id (the truth). */
  nif: string;
  /** How the invoice prints it ("B-46128732", "ESB46128732", "IE 3668997OH"). */
  nifPrinted: string;
  /** The label before it ("CIF", "N.I.F.", "VAT No.", "DNI"). */
  nifLabel: string;
  address: string[];
}

export interface Line {
  description: string;
  /** Quantity × price as printed (the amount is what counts). */
  detail?: string;
  amountCents: number;
  rateBp: number;
  /** What a ticket prints on the line: the price with VAT included (the summary gives the base). */
  grossCents?: number;
}

export type Layout = 'utility' | 'minuta' | 'classic' | 'ticket' | 'english';
export type FontFamily = 'Helvetica' | 'Times' | 'Courier';

export interface InvoiceSpec {
  /** Stable key of the case ("utility", "minuta-15", ...); scans add "-scan". */
  key: string;
  /** What kind of invoice it is, for the report. */
  kind: string;
  layout: Layout;
  /** Layout variant (label set), 0..2. */
  variant: number;
  font: FontFamily;
  fontSize: number;
  money: MoneyStyle;
  dateStyle: DateStyle;
  supplier: Party;
  /** null: a factura simplificada without the customer's data (art. 7 RD 1619/2012). */
  customer: Party | null;
  number: string;
  issueDate: string;
  /** Other dates printed on the page (billing period, due date): they must not be taken for the issue date. */
  otherDates?: { label: string; iso: string }[];
  lines: Line[];
  recargo: boolean;
  irpfBp: number | null;
  /** The legal mention printed for exempt / reverse-charge operations. */
  mention?: string;
  /** A rectificativa: the invoice it corrects. */
  rectifies?: { number: string; issueDate: string };
  /** Lines on page 1; the rest and the tax summary go on page 2. */
  linesOnFirstPage?: number;
  /** A VeriFacTu QR on the page: drawn as vector modules or embedded as a PNG image. */
  qr?: 'vector' | 'image';
}

/** Recargo de equivalencia per VAT rate (art. 161 LIVA as worded by RD-ley 20/2012). */
export const RECARGO_OF_RATE: Readonly<Record<number, number>> = { 2100: 520, 1000: 140, 400: 50 };

export interface TaxSummaryRow {
  rateBp: number;
  baseCents: number;
  quotaCents: number;
  recargoBp: number;
  recargoCents: number;
}

/** One row per VAT rate, highest rate first: what the invoice's summary prints. */
export function taxSummary(spec: InvoiceSpec): TaxSummaryRow[] {
  const byRate = new Map<number, number>();
  for (const l of spec.lines) byRate.set(l.rateBp, (byRate.get(l.rateBp) ?? 0) + l.amountCents);
  return [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rateBp, baseCents]) => {
      const recargoBp = spec.recargo ? (RECARGO_OF_RATE[rateBp] ?? 0) : 0;
      return {
        rateBp,
        baseCents,
        quotaCents: quotaOf(baseCents, rateBp),
        recargoBp,
        recargoCents: quotaOf(baseCents, recargoBp),
      };
    });
}

export function totalsOf(spec: InvoiceSpec) {
  const rows = taxSummary(spec);
  const base = rows.reduce((s, r) => s + r.baseCents, 0);
  const vat = rows.reduce((s, r) => s + r.quotaCents, 0);
  const recargo = rows.reduce((s, r) => s + r.recargoCents, 0);
  const irpf = spec.irpfBp ? quotaOf(base, spec.irpfBp) : 0;
  return { rows, base, vat, recargo, irpf, gross: base + vat + recargo, total: base + vat + recargo - irpf };
}

/** The ground truth of a spec, in the judged shape. */
export function truthOf(spec: InvoiceSpec): Truth {
  const t = totalsOf(spec);
  return {
    supplierName: spec.supplier.legalName,
    supplierNif: spec.supplier.nif,
    customerName: spec.customer?.legalName ?? null,
    customerNif: spec.customer?.nif ?? null,
    invoiceNumber: spec.number,
    issueDate: spec.issueDate,
    bases: t.rows.map((r) => ({ rateBp: r.rateBp, baseCents: r.baseCents, quotaCents: r.quotaCents })),
    recargo: t.rows
      .filter((r) => r.recargoBp > 0)
      .map((r) => ({ rateBp: r.recargoBp, quotaCents: r.recargoCents })),
    irpf: spec.irpfBp ? { rateBp: spec.irpfBp, amountCents: t.irpf } : null,
    totalCents: t.total,
    currency: 'EUR',
  };
}

// --- parties ------------------------------------------------------------------------------------

/** The demo company (infra/local/demo-data.ts): the customer of every purchase. */
export const ESPIGA = {
  companyId: 'demo-panaderia-espiga',
  name: 'Panadería La Espiga SL',
  nif: 'B46128732',
};

const espiga = (nifPrinted: string, nifLabel = 'CIF'): Party => ({
  legalName: ESPIGA.name,
  nif: ESPIGA.nif,
  nifPrinted,
  nifLabel,
  address: ['Carrer de Sueca 18', '46006 València (Valencia)'],
});

/** A valid CIF of letter `letter` from a number (the control digit computed as the AEAT does). */
function cif(letter: 'A' | 'B', n: number): string {
  const seven = String(n % 10_000_000).padStart(7, '0');
  return `${letter}${seven}${cifControl(seven).digit}`;
}
function dni(n: number): string {
  const eight = n % 100_000_000;
  return `${String(eight).padStart(8, '0')}${dniLetter(eight)}`;
}

/** The corpus's parties; `seed` varies the tax ids so two runs never share a supplier. */
function parties(seed: number) {
  const s = (k: number) => (seed * 7_919 + k * 104_729) % 10_000_000;
  const electric = cif('A', 4_650_000 + s(1));
  const telecom = cif('B', 9_812_000 + s(2));
  const lawyer = dni(20_400_000 + s(3));
  const architect = dni(73_900_000 + s(4));
  const wholesaler = cif('B', 9_630_000 + s(5));
  const bar = cif('B', 9_871_000 + s(6));
  const academy = cif('B', 9_655_000 + s(7));
  const builder = cif('B', 9_744_000 + s(8));
  const mill = cif('A', 4_611_000 + s(9));
  const packaging = cif('B', 9_802_000 + s(10));
  const ieVat = `IE${String(3_000_000 + (s(11) % 999_999)).padStart(7, '0')}WH`;
  const nlVat = `NL${String(800_000_000 + (s(12) % 99_999_999)).padStart(9, '0')}B01`;
  return {
    electric: {
      legalName: 'Energía Verde Levante, S.A.U.',
      tradeName: 'luzverde',
      nif: electric,
      nifPrinted: `${electric.slice(0, 1)}-${electric.slice(1)}`,
      nifLabel: 'CIF',
      address: ['Avenida de Aragón 30, planta 7', '46021 Valencia'],
    },
    telecom: {
      legalName: 'Comunicaciones Serranos Telecom, S.L.',
      tradeName: 'serranet',
      nif: telecom,
      nifPrinted: telecom,
      nifLabel: 'N.I.F.',
      address: ['Calle de Quart 12', '46001 Valencia'],
    },
    lawyer: {
      legalName: 'Lucía Ferrer Climent',
      nif: lawyer,
      nifPrinted: lawyer,
      nifLabel: 'NIF',
      address: ['Gran Vía Marqués del Turia 49, 3ª', '46005 Valencia'],
    },
    architect: {
      legalName: 'Andreu Martí Soler',
      tradeName: 'AMS Arquitectura Técnica',
      nif: architect,
      nifPrinted: `${architect.slice(0, 8)}-${architect.slice(8)}`,
      nifLabel: 'DNI',
      address: ['Carrer de la Pau 7, 2n', '46002 València'],
    },
    wholesaler: {
      legalName: 'Distribuciones Alimentarias del Turia, S.L.',
      tradeName: 'DATURSA',
      nif: wholesaler,
      nifPrinted: `ES${wholesaler}`,
      nifLabel: 'NIF',
      address: ['Polígono Fuente del Jarro, C/ Ciudad de Sevilla 22', '46988 Paterna (Valencia)'],
    },
    bar: {
      legalName: 'Restauración Ruzafa 2019, S.L.',
      tradeName: 'LA TASCA DE RUZAFA',
      nif: bar,
      nifPrinted: bar,
      nifLabel: 'CIF',
      address: ['C/ Sueca 41', '46006 Valencia'],
    },
    academy: {
      legalName: 'Centro de Formación Alimentaria Levante, S.L.',
      tradeName: 'Escuela de Panadería Levante',
      nif: academy,
      nifPrinted: `${academy.slice(0, 1)} ${academy.slice(1)}`,
      nifLabel: 'C.I.F.',
      address: ['Calle del Doctor Zamenhof 18', '46008 Valencia'],
    },
    builder: {
      legalName: 'Reformas y Hornos Industriales Mediterráneo, S.L.',
      tradeName: 'HornoMed',
      nif: builder,
      nifPrinted: builder,
      nifLabel: 'NIF',
      address: ['Camí Reial 101', '46470 Catarroja (Valencia)'],
    },
    mill: {
      legalName: 'Harinera del Júcar, S.A.',
      nif: mill,
      nifPrinted: `${mill.slice(0, 1)}-${mill.slice(1, 3)}.${mill.slice(3, 6)}.${mill.slice(6)}`,
      nifLabel: 'CIF',
      address: ['Carretera de Alzira km 3', '46600 Alzira (Valencia)'],
    },
    packaging: {
      legalName: 'Envases y Embalajes Albufera, S.L.',
      tradeName: 'Albupack',
      nif: packaging,
      nifPrinted: packaging,
      nifLabel: 'NIF',
      address: ['Av. de la Albufera 5', '46012 Valencia'],
    },
    ieSaas: {
      legalName: 'Doughflow Software Ireland Limited',
      tradeName: 'Doughflow',
      nif: ieVat,
      nifPrinted: ieVat,
      nifLabel: 'VAT No.',
      address: ['2 Grand Canal Square', 'Dublin 2, D02 A342, Ireland'],
    },
    nlSaas: {
      legalName: 'Bakerscloud B.V.',
      nif: nlVat,
      nifPrinted: nlVat,
      nifLabel: 'VAT ID',
      address: ['Keizersgracht 221', '1016 DV Amsterdam, The Netherlands'],
    },
  } satisfies Record<string, Party>;
}

// --- the cases ----------------------------------------------------------------------------------

/** Variation of invoice numbers per run (duplicates are found by issuer + number + date). */
const runNo = (seed: number, k: number) => String(((seed * 31 + k * 977) % 9_000) + 1_000);

export interface Corpus {
  /** Digital PDFs (a text layer). */
  digital: InvoiceSpec[];
  /** The same kinds, other numbers and dates: rendered, degraded and uploaded as JPEG (or an image-only PDF). */
  scanned: InvoiceSpec[];
  /** PDFs with a VeriFacTu QR. */
  qr: InvoiceSpec[];
}

export function buildCorpus(seed: number): Corpus {
  const p = parties(seed);
  const n = (k: number) => runNo(seed, k);

  const utility = (number: string, issueDate: string, from: string, to: string): InvoiceSpec => ({
    key: 'utility',
    kind: 'factura de electricidad (muchas líneas, un IVA 21 %)',
    layout: 'utility',
    variant: 0,
    font: 'Helvetica',
    fontSize: 8.5,
    money: 'es',
    dateStyle: 'slash',
    supplier: p.electric,
    customer: espiga('B-46128732', 'NIF/CIF'),
    number,
    issueDate,
    otherDates: [
      { label: 'Periodo de facturación: del', iso: from },
      { label: 'al', iso: to },
      { label: 'Fecha de cargo', iso: '2026-10-20' },
    ],
    lines: [
      {
        description: 'Término de potencia P1',
        detail: '15,000 kW x 30 días x 0,087637 €/kW día',
        amountCents: 3944,
        rateBp: 2100,
      },
      {
        description: 'Término de potencia P2',
        detail: '15,000 kW x 30 días x 0,011337 €/kW día',
        amountCents: 510,
        rateBp: 2100,
      },
      {
        description: 'Energía consumida P1 (punta)',
        detail: '612 kWh x 0,161843 €/kWh',
        amountCents: 9905,
        rateBp: 2100,
      },
      {
        description: 'Energía consumida P2 (llano)',
        detail: '845 kWh x 0,125120 €/kWh',
        amountCents: 10573,
        rateBp: 2100,
      },
      {
        description: 'Energía consumida P3 (valle)',
        detail: '1.120 kWh x 0,087301 €/kWh',
        amountCents: 9778,
        rateBp: 2100,
      },
      {
        description: 'Descuento sobre consumo 5 %',
        detail: 'sobre 302,56 €',
        amountCents: -1513,
        rateBp: 2100,
      },
      {
        description: 'Financiación del bono social',
        detail: '30 días x 0,019121 €/día',
        amountCents: 57,
        rateBp: 2100,
      },
      {
        description: 'Impuesto sobre la electricidad',
        detail: '5,11269632 % s/ 332,54 €',
        amountCents: 1700,
        rateBp: 2100,
      },
      {
        description: 'Alquiler de equipos de medida',
        detail: '30 días x 0,044712 €/día',
        amountCents: 134,
        rateBp: 2100,
      },
      { description: 'Servicio Mantenimiento Plus', detail: 'cuota mensual', amountCents: 895, rateBp: 2100 },
    ],
    recargo: false,
    irpfBp: null,
  });

  const telecom = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'telecom',
    kind: 'factura de telecomunicaciones (fibra + móvil, descuento)',
    layout: 'utility',
    variant: 1,
    font: 'Times',
    fontSize: 10,
    money: 'es-eur',
    dateStyle: 'long-es',
    supplier: p.telecom,
    customer: espiga('B46128732'),
    number,
    issueDate,
    otherDates: [{ label: 'Vencimiento', iso: '2026-11-05' }],
    lines: [
      { description: 'Fibra 1 Gb Negocio', detail: 'cuota mensual octubre', amountCents: 4950, rateBp: 2100 },
      { description: 'Línea móvil 612 345 001 - Tarifa Pro 50 GB', amountCents: 1990, rateBp: 2100 },
      { description: 'Línea móvil 612 345 002 - Tarifa Pro 50 GB', amountCents: 1990, rateBp: 2100 },
      { description: 'Centralita virtual (3 extensiones)', amountCents: 1500, rateBp: 2100 },
      { description: 'Llamadas a numeración especial 902', detail: '14 min', amountCents: 412, rateBp: 2100 },
      { description: 'Promoción fidelidad -20 % fibra', amountCents: -990, rateBp: 2100 },
    ],
    recargo: false,
    irpfBp: null,
  });

  const minuta15 = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'minuta-irpf-15',
    kind: 'minuta de abogada (IRPF 15 %)',
    layout: 'minuta',
    variant: 0,
    font: 'Times',
    fontSize: 11,
    money: 'es',
    dateStyle: 'dash',
    supplier: p.lawyer,
    customer: espiga('B-46128732'),
    number,
    issueDate,
    lines: [
      {
        description: 'Honorarios por la redacción y revisión del contrato de arrendamiento del obrador',
        amountCents: 65000,
        rateBp: 2100,
      },
      { description: 'Asistencia a la firma ante notario', amountCents: 12000, rateBp: 2100 },
    ],
    recargo: false,
    irpfBp: 1500,
  });

  const minuta7 = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'minuta-irpf-7',
    kind: 'minuta de arquitecto técnico (IRPF 7 %, inicio de actividad)',
    layout: 'minuta',
    variant: 1,
    font: 'Helvetica',
    fontSize: 10,
    money: 'es-plain',
    dateStyle: 'dot',
    supplier: p.architect,
    customer: espiga('B46128732', 'NIF'),
    number,
    issueDate,
    lines: [
      {
        description: 'Memoria técnica y certificado de instalación del nuevo horno de leña',
        amountCents: 48000,
        rateBp: 2100,
      },
    ],
    recargo: false,
    irpfBp: 700,
  });

  const wholesaler = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'recargo-equivalencia',
    kind: 'mayorista a minorista en recargo de equivalencia (21 % + 5,2 %, 10 % + 1,4 %)',
    layout: 'classic',
    variant: 0,
    font: 'Helvetica',
    fontSize: 9,
    money: 'es',
    dateStyle: 'slash',
    supplier: p.wholesaler,
    customer: espiga('B46128732'),
    number,
    issueDate,
    otherDates: [{ label: 'Fecha de entrega', iso: '2026-10-08' }],
    lines: [
      {
        description: 'Aceite de oliva virgen extra 5 L',
        detail: '6 x 38,50',
        amountCents: 23100,
        rateBp: 1000,
      },
      { description: 'Azúcar blanco 25 kg', detail: '4 x 31,20', amountCents: 12480, rateBp: 1000 },
      {
        description: 'Levadura fresca 500 g (caja 20)',
        detail: '3 x 24,75',
        amountCents: 7425,
        rateBp: 1000,
      },
      { description: 'Bolsas de papel kraft 1000 u.', detail: '5 x 42,00', amountCents: 21000, rateBp: 2100 },
      { description: 'Detergente industrial 20 L', detail: '2 x 36,90', amountCents: 7380, rateBp: 2100 },
    ],
    recargo: true,
    irpfBp: null,
  });

  const ticket = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'ticket-restaurante',
    kind: 'ticket de restaurante (factura simplificada, sin NIF del cliente)',
    layout: 'ticket',
    variant: 0,
    font: 'Courier',
    fontSize: 8,
    money: 'es-plain',
    dateStyle: 'slash',
    supplier: p.bar,
    customer: null,
    number,
    issueDate,
    lines: [
      // IVA incluido per line; Σ bases 29,36 -> cuota 2,94 -> total 32,30 = Σ lines.
      {
        description: '2 MENU DEL DIA',
        detail: '2 x 13,50',
        amountCents: 2455,
        rateBp: 1000,
        grossCents: 2700,
      },
      { description: '1 AGUA 1,5L', amountCents: 227, rateBp: 1000, grossCents: 250 },
      { description: '2 CAFE CORTADO', detail: '2 x 1,40', amountCents: 254, rateBp: 1000, grossCents: 280 },
    ],
    recargo: false,
    irpfBp: null,
  });

  const exempt = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'exenta-formacion',
    kind: 'formación exenta (art. 20.Uno.9º LIVA)',
    layout: 'classic',
    variant: 1,
    font: 'Times',
    fontSize: 10,
    money: 'es-eur',
    dateStyle: 'long-es',
    supplier: p.academy,
    customer: espiga('B 46128732', 'C.I.F.'),
    number,
    issueDate,
    lines: [
      {
        description: 'Curso de manipulador de alimentos y alérgenos (3 alumnos)',
        detail: '3 x 95,00',
        amountCents: 28500,
        rateBp: 0,
      },
      { description: 'Material didáctico del curso', detail: '3 x 15,00', amountCents: 4500, rateBp: 0 },
    ],
    recargo: false,
    irpfBp: null,
    mention: 'Operación exenta de IVA según el artículo 20.Uno.9º de la Ley 37/1992, del IVA.',
  });

  const ieSaas = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'intracomunitaria-ie',
    kind: 'SaaS intracomunitario en inglés (Irlanda, inversión del sujeto pasivo)',
    layout: 'english',
    variant: 0,
    font: 'Helvetica',
    fontSize: 9.5,
    money: 'en',
    dateStyle: 'long-en',
    supplier: p.ieSaas,
    customer: espiga('ESB46128732', 'VAT No.'),
    number,
    issueDate,
    otherDates: [{ label: 'Service period start', iso: '2026-10-01' }],
    lines: [
      {
        description: 'Doughflow Bakery POS - Business plan (annual)',
        detail: '1 x 1,188.00',
        amountCents: 118800,
        rateBp: 0,
      },
      { description: 'Additional terminal licence', detail: '2 x 120.00', amountCents: 24000, rateBp: 0 },
    ],
    recargo: false,
    irpfBp: null,
    mention:
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  });

  const nlSaas = (number: string, issueDate: string): InvoiceSpec => ({
    key: 'intracomunitaria-nl',
    kind: 'SaaS intracomunitario en inglés (Países Bajos, reverse charge)',
    layout: 'english',
    variant: 1,
    font: 'Times',
    fontSize: 10,
    money: 'en-eur',
    dateStyle: 'iso',
    supplier: p.nlSaas,
    customer: espiga('ES-B46128732', 'Customer VAT'),
    number,
    issueDate,
    lines: [{ description: 'Recipe costing platform, monthly subscription', amountCents: 8900, rateBp: 0 }],
    recargo: false,
    irpfBp: null,
    mention: 'VAT reverse charged - intra-Community supply of services.',
  });

  const twoPage = (number: string, issueDate: string): InvoiceSpec => {
    const items: Line[] = [];
    const products: [string, number, number][] = [
      ['Harina de trigo panificable T-65 saco 25 kg', 1895, 400],
      ['Harina integral de espelta saco 25 kg', 3240, 400],
      ['Sal marina fina 10 kg', 690, 1000],
      ['Semillas de sésamo 5 kg', 2275, 1000],
      ['Mantequilla láminas 2 kg', 2890, 1000],
      ['Papel sulfurizado rollo 300 m', 1575, 2100],
      ['Guantes de nitrilo caja 100', 845, 2100],
    ];
    for (let i = 0; i < 42; i++) {
      const [d, price, r] = products[i % products.length]!;
      const qty = 1 + ((i * 7) % 5);
      items.push({
        description: `${d} - lote ${String(1001 + i)}`,
        detail: `${qty} x ${(price / 100).toFixed(2).replace('.', ',')}`,
        amountCents: qty * price,
        rateBp: r,
      });
    }
    return {
      key: 'dos-paginas',
      kind: 'factura de dos páginas (resumen de impuestos en la página 2; 21/10/4 %)',
      layout: 'classic',
      variant: 2,
      font: 'Helvetica',
      fontSize: 8,
      money: 'es',
      dateStyle: 'slash',
      supplier: p.mill,
      customer: espiga('B46128732'),
      number,
      issueDate,
      lines: items,
      linesOnFirstPage: 30,
      recargo: false,
      irpfBp: null,
    };
  };

  const rectificativa = (number: string, issueDate: string, original: string): InvoiceSpec => ({
    key: 'rectificativa',
    kind: 'factura rectificativa con importes negativos',
    layout: 'classic',
    variant: 0,
    font: 'Times',
    fontSize: 10,
    money: 'es',
    dateStyle: 'dash',
    supplier: p.packaging,
    customer: espiga('B46128732'),
    number,
    issueDate,
    rectifies: { number: original, issueDate: '2026-09-12' },
    otherDates: [],
    lines: [
      {
        description: 'Devolución: cajas de cartón para tartas 30x30 (defectuosas)',
        detail: '-200 x 0,45',
        amountCents: -9000,
        rateBp: 2100,
      },
      { description: 'Abono portes del pedido', amountCents: -1250, rateBp: 2100 },
    ],
    recargo: false,
    irpfBp: null,
  });

  const withQr = (number: string, issueDate: string, qr: 'vector' | 'image'): InvoiceSpec => ({
    key: qr === 'vector' ? 'verifactu-qr-vectorial' : 'verifactu-qr-imagen',
    kind: `factura VERI*FACTU con QR (${qr === 'vector' ? 'dibujado' : 'imagen PNG'})`,
    layout: qr === 'vector' ? 'classic' : 'utility',
    variant: qr === 'vector' ? 1 : 2,
    font: qr === 'vector' ? 'Helvetica' : 'Times',
    fontSize: 9,
    money: 'es',
    dateStyle: 'slash',
    supplier: qr === 'vector' ? p.builder : p.packaging,
    customer: espiga('B46128732'),
    number,
    issueDate,
    lines:
      qr === 'vector'
        ? [
            { description: 'Revisión anual del horno rotativo', amountCents: 18500, rateBp: 2100 },
            {
              description: 'Sustitución de resistencia 6 kW',
              detail: '1 x 96,40',
              amountCents: 9640,
              rateBp: 2100,
            },
            { description: 'Desplazamiento', amountCents: 3500, rateBp: 2100 },
          ]
        : [
            {
              description: 'Cajas para pan de molde (500 u.)',
              detail: '2 x 64,00',
              amountCents: 12800,
              rateBp: 2100,
            },
            { description: 'Bandejas de cartón para bollería (1000 u.)', amountCents: 5930, rateBp: 2100 },
          ],
    recargo: false,
    irpfBp: null,
    qr,
  });

  const y = '2026';
  return {
    digital: [
      utility(`FE${y}0${n(1)}77`, '2026-10-03', '2026-09-01', '2026-09-30'),
      telecom(`ST-${y}-10-${n(2)}`, '2026-10-01'),
      minuta15(`${y}/${n(3)}`, '2026-10-14'),
      minuta7(`AM-${n(4)}/26`, '2026-10-09'),
      wholesaler(`A-${n(5)}`, '2026-10-08'),
      ticket(`T1-${n(6)}`, '2026-10-17'),
      exempt(`FOR-${y}-${n(7)}`, '2026-10-20'),
      ieSaas(`DF-IE-${n(8)}`, '2026-10-01'),
      nlSaas(`BC${n(9)}`, '2026-10-05'),
      twoPage(`HJ/${y}/${n(10)}`, '2026-10-22'),
      rectificativa(`R-${y}-${n(11)}`, '2026-10-12', `${y}-${n(12)}`),
    ],
    scanned: [
      { ...utility(`FE${y}0${n(21)}78`, '2026-11-04', '2026-10-01', '2026-10-31'), key: 'utility-scan' },
      { ...telecom(`ST-${y}-11-${n(22)}`, '2026-11-01'), key: 'telecom-scan-pdf' },
      { ...minuta15(`${y}/${n(23)}`, '2026-11-10'), key: 'minuta-irpf-15-scan' },
      { ...wholesaler(`A-${n(25)}`, '2026-11-06'), key: 'recargo-equivalencia-scan' },
      { ...ticket(`T1-${n(26)}`, '2026-11-13'), key: 'ticket-restaurante-scan' },
      { ...exempt(`FOR-${y}-${n(27)}`, '2026-11-16'), key: 'exenta-formacion-scan' },
      { ...rectificativa(`R-${y}-${n(31)}`, '2026-11-02', `${y}-${n(32)}`), key: 'rectificativa-scan' },
    ],
    qr: [withQr(`HM-${y}-${n(41)}`, '2026-10-27', 'vector'), withQr(`AP${n(42)}-26`, '2026-10-29', 'image')],
  };
}
