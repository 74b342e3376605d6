/**
 * The invoices of the generated corpus, as data: who issues, who receives, what is sold at which rate,
 * and the ground truth (`Extraction`-shaped) that follows from it by the rules of LIVA/RIRPF — quota per
 * rate rounded half up, recargo per rate (art. 161 LIVA), IRPF on the sum of bases. Deterministic by seed.
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';
import { allowedRecargoBps } from '@shared/fiscal/vat';
import type { ExtractionBase, ExtractionRecargo } from '@shared/schemas/documents';
import type { Truth } from './accuracy';

export const LAYOUTS = [
  'classic',
  'right-header',
  'boxes',
  'english',
  'long',
  'compact',
  // Issue 17 item 2, the classes an independent corpus showed: the legal name only in the footer
  // beside the CIF, a header-led summary table with bare rates (and R.E.), that table on page 2, a
  // professional's minuta with its college number, an English EU invoice with long dates.
  'utility',
  'summary-table',
  'two-page',
  'minuta',
  'english-eu',
] as const;
export type Layout = (typeof LAYOUTS)[number];
export const SCENARIOS = [
  'standard',
  'multi',
  'recargo',
  'irpf',
  'exempt',
  'intra-eu',
  'igic',
  'temporary',
  'rectificativa',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
export type DateStyle = 'slash' | 'dash' | 'dots' | 'long' | 'month' | 'long-en' | 'month-first-en';

export interface CorpusParty {
  name: string;
  nif: string;
  /** How the tax id is printed (dots, ES prefix...). */
  printedNif: string;
  address: string[];
  /** A trade name printed big over the legal name (logo text), if any. */
  tradeName: string | null;
}
export interface CorpusItem {
  description: string;
  quantity: number;
  unitCents: number;
  rateBp: number;
}
export interface CorpusInvoice {
  id: string;
  layout: Layout;
  scenario: Scenario;
  dateStyle: DateStyle;
  /** Label set / column order / sign style of the layout (0..2). */
  variant: number;
  /** A rectificativa: the invoice it corrects (art. 15 RD 1619/2012). */
  rectifies: { number: string; issueDate: string } | null;
  supplier: CorpusParty;
  customer: CorpusParty;
  items: CorpusItem[];
  taxName: 'IVA' | 'IGIC';
  recargo: boolean;
  irpfBp: number | null;
  mention: string | null;
  orderNumber: string;
  dueDate: string;
  truth: Truth;
}

/** mulberry32: a small seeded generator, enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Rand, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');

const COMPANY_WORDS = [
  'Distribuciones',
  'Suministros',
  'Comercial',
  'Servicios',
  'Talleres',
  'Hostelería',
  'Logística',
  'Papelería',
  'Construcciones',
  'Asesores',
];
const PLACES = [
  'Levante',
  'del Norte',
  'Ibérica',
  'Atlántica',
  'Mediterráneo',
  'La Espiga',
  'El Olivar',
  'Castellana',
  'del Sur',
  'Montaña',
];
const FORMS = ['S.L.', 'SL', 'S.A.', 'S.L.U.', 'SA', 'S.C.P.', 'C.B.'];
const FIRST = ['María', 'José', 'Lucía', 'Javier', 'Carmen', 'Andrés', 'Elena', 'Raúl'];
const LAST = [
  'García',
  'Fernández',
  'López',
  'Martín',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Ruiz',
  'Navarro',
  'Ortega',
];
const STREETS = [
  'C/ Mayor',
  'Avda. de la Constitución',
  'Calle Real',
  'Plaza de España',
  'Paseo del Prado',
  'C/ San Juan',
];
const TOWNS = [
  ['28013', 'Madrid'],
  ['46002', 'Valencia'],
  ['41001', 'Sevilla'],
  ['50001', 'Zaragoza'],
  ['35002', 'Las Palmas de Gran Canaria'],
  ['38003', 'Santa Cruz de Tenerife'],
  ['08010', 'Barcelona'],
] as const;
const GOODS = [
  'Harina de trigo 25 kg',
  'Aceite de oliva 5 l',
  'Papel A4 80 g',
  'Tóner impresora',
  'Servicio de mantenimiento',
  'Horas de consultoría',
  'Transporte de mercancía',
  'Licencia de software anual',
  'Material de oficina',
  'Reparación de maquinaria',
  'Diseño gráfico',
  'Limpieza de oficinas',
];

const cif = (r: Rand, letter: string) => {
  const seven = digits(r, 7);
  const c = cifControl(seven);
  return letter + seven + ('PQRSNW'.includes(letter) ? c.letter : c.digit);
};
const dni = (r: Rand) => {
  const n = int(r, 10_000_000, 99_999_999);
  return `${n}${dniLetter(n)}`;
};

function address(r: Rand, canary = false): string[] {
  const [cp, town] = canary ? pick(r, TOWNS.slice(4, 6)) : pick(r, TOWNS);
  return [`${pick(r, STREETS)}, ${int(r, 1, 120)}`, `${cp} ${town}`];
}

function company(r: Rand, canary = false): CorpusParty {
  const name = `${pick(r, COMPANY_WORDS)} ${pick(r, PLACES)} ${pick(r, FORMS)}`;
  const nif = cif(r, pick(r, ['A', 'B', 'B', 'B', 'E', 'J']));
  // As invoices print it: plain, "ESB…", "B-…", "B 63041859", "B-63.041.859", "ES B63041859".
  const printedNif = pick(r, [
    nif,
    nif,
    `ES${nif}`,
    `${nif[0]}-${nif.slice(1)}`,
    `${nif[0]} ${nif.slice(1)}`,
    `${nif[0]}-${nif.slice(1, 3)}.${nif.slice(3, 6)}.${nif.slice(6)}`,
    `ES ${nif}`,
  ]);
  const tradeName = r() < 0.3 ? pick(r, PLACES).toUpperCase() : null;
  return { name, nif, printedNif, address: address(r, canary), tradeName };
}

function person(r: Rand): CorpusParty {
  const name = `${pick(r, FIRST)} ${pick(r, LAST)} ${pick(r, LAST)}`;
  const nif = dni(r);
  const printedNif = r() < 0.3 ? `${nif.slice(0, 2)}.${nif.slice(2, 5)}.${nif.slice(5, 8)}-${nif[8]}` : nif;
  return { name, nif, printedNif, address: address(r), tradeName: null };
}

const FOREIGN: readonly [string, string][] = [
  ['FR', 'Solutions Numériques SAS'],
  ['DE', 'Datentechnik Berlin GmbH'],
  ['IE', 'Cloudware Services Limited'],
  ['PT', 'Tecnologias Lusas Lda'],
  ['NL', 'Digital Tools B.V.'],
  ['IT', 'Servizi Web S.r.l.'],
];
function foreignCompany(r: Rand): CorpusParty {
  const [country, name] = pick(r, FOREIGN);
  const id =
    country === 'FR'
      ? `FR${digits(r, 11)}`
      : country === 'DE'
        ? `DE${digits(r, 9)}`
        : country === 'IE'
          ? `IE${digits(r, 7)}W`
          : country === 'PT'
            ? `PT${digits(r, 9)}`
            : country === 'NL'
              ? `NL${digits(r, 9)}B01`
              : `IT${digits(r, 11)}`;
  return {
    name,
    nif: id,
    printedNif: id,
    address: ['Business Park 12', country === 'IE' ? 'Dublin 2' : 'EU'],
    tradeName: null,
  };
}

/** Half up, symmetric for the negative bases of a rectificativa. */
const quotaOf = (base: number, bp: number) =>
  Math.sign(base) * Math.floor((Math.abs(base) * bp + 5000) / 10_000);

function isoDate(r: Rand, scenario: Scenario, rates: number[]): string {
  if (rates.includes(500)) return `2024-0${int(r, 1, 9)}-${String(int(r, 10, 28))}`;
  if (rates.includes(200)) return `2024-${pick(r, ['10', '11', '12'])}-${String(int(r, 10, 28))}`;
  const y = scenario === 'igic' ? 2025 : pick(r, [2024, 2025, 2025]);
  return `${y}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`;
}

function invoiceNumber(r: Rand, year: string): string {
  const n = int(r, 1, 999);
  return pick(r, [
    `F-${year}/${String(n).padStart(3, '0')}`,
    `${year}-A-${String(n).padStart(4, '0')}`,
    `FV${year.slice(2)}/${String(n).padStart(4, '0')}`,
    `FRA-${year}-${n}`,
    `${year}${String(n).padStart(5, '0')}`,
  ]);
}

const RATES_OF: Record<Scenario, number[][]> = {
  standard: [[2100], [1000], [400]],
  multi: [
    [2100, 1000],
    [2100, 400],
    [2100, 1000, 400],
    [1000, 400],
  ],
  recargo: [[2100], [2100, 1000], [1000, 400]],
  irpf: [[2100]],
  exempt: [[0]],
  'intra-eu': [[0]],
  igic: [[700], [700, 300], [700, 300, 0]],
  temporary: [
    [500, 2100],
    [200, 1000],
  ],
  rectificativa: [[2100], [1000], [2100, 1000]],
};

export function makeInvoice(r: Rand, index: number, layout: Layout, scenario: Scenario): CorpusInvoice {
  const rates = pick(r, RATES_OF[scenario]);
  const canary = scenario === 'igic';
  const supplier =
    scenario === 'intra-eu'
      ? foreignCompany(r)
      : scenario === 'irpf' || (scenario === 'exempt' && r() < 0.5)
        ? person(r)
        : company(r, canary);
  const customer = company(r, canary);
  const date = isoDate(r, scenario, rates);
  const count = layout === 'long' || layout === 'two-page' ? int(r, 34, 42) : int(r, 1, 5);
  // A rectificativa returns goods: negative quantities, so negative bases, quotas and total.
  const sign = scenario === 'rectificativa' ? -1 : 1;
  const items: CorpusItem[] = Array.from({ length: count }, (_, i) => ({
    description: pick(r, GOODS),
    quantity: sign * int(r, 1, 12),
    unitCents: int(r, 150, 250_000),
    rateBp: rates[i % rates.length]!,
  }));
  const byRate = new Map<number, number>();
  for (const it of items) byRate.set(it.rateBp, (byRate.get(it.rateBp) ?? 0) + it.quantity * it.unitCents);
  const bases: ExtractionBase[] = [...byRate].map(([rateBp, baseCents]) => ({
    rateBp,
    baseCents,
    quotaCents: quotaOf(baseCents, rateBp),
  }));
  const recargo: ExtractionRecargo[] =
    scenario === 'recargo'
      ? bases.map((b) => ({
          rateBp: allowedRecargoBps(b.rateBp)[0]!,
          quotaCents: quotaOf(b.baseCents, allowedRecargoBps(b.rateBp)[0]!),
        }))
      : [];
  const irpfBp = scenario === 'irpf' ? pick(r, [1500, 700]) : null;
  const baseSum = bases.reduce((a, b) => a + b.baseCents, 0);
  const irpf = irpfBp ? { rateBp: irpfBp, amountCents: quotaOf(baseSum, irpfBp) } : null;
  const totalCents =
    baseSum +
    bases.reduce((a, b) => a + b.quotaCents, 0) +
    recargo.reduce((a, b) => a + b.quotaCents, 0) -
    (irpf?.amountCents ?? 0);
  const mention =
    scenario === 'exempt'
      ? 'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992'
      : scenario === 'intra-eu'
        ? 'Inversión del sujeto pasivo - Operación intracomunitaria (art. 25 LIVA / reverse charge)'
        : scenario === 'recargo'
          ? 'Recargo de equivalencia'
          : null;
  const number = invoiceNumber(r, date.slice(0, 4));
  const variant = int(r, 0, 2);
  const rectifies =
    scenario === 'rectificativa'
      ? { number: invoiceNumber(r, date.slice(0, 4)), issueDate: `${date.slice(0, 8)}01` }
      : null;
  return {
    id: `corpus-${String(index).padStart(3, '0')}`,
    layout,
    scenario,
    dateStyle:
      layout === 'english-eu'
        ? pick(r, ['long-en', 'month-first-en'] as const)
        : pick(r, ['slash', 'dash', 'dots', 'long', 'month'] as const),
    variant,
    rectifies,
    supplier,
    customer,
    items,
    taxName: canary ? 'IGIC' : 'IVA',
    recargo: scenario === 'recargo',
    irpfBp,
    mention,
    orderNumber: `P-${digits(r, 5)}`,
    dueDate: date.replace(/-(\d\d)$/, '-28'),
    truth: {
      supplierName: supplier.name,
      supplierNif: supplier.nif,
      customerName: customer.name,
      customerNif: customer.nif,
      invoiceNumber: number,
      issueDate: date,
      bases,
      recargo,
      irpf,
      totalCents,
      currency: 'EUR',
    },
  };
}
