/**
 * Demo VAT books for `npm start`: every demo company other than Panadería La Espiga (whose invoices
 * come from infra/local/seed-invoicing.ts) gets the issued and received invoices of every month
 * from January of last year to the last month closed before today (Madrid), so its 303s, the
 * fiscal calendar and the gestor's cockpit (Fiscal → Presentación por lotes) compare real figures:
 * quarters that vary with each business's season and grow from last year to this one, and one
 * quarter clearly off-trend (Javier Romero's last closed quarter: a hotel's bathroom renovation).
 *
 * Each company's books follow its tax profile (infra/local/seed-tax.ts):
 *  - Marta Sánchez, graphic designer (professional): 21 % and the 15 % IRPF withholding on her
 *    invoices to businesses (art. 101.5.a LIRPF), none to private individuals; a software licence
 *    bought from Ireland (servicio intracomunitario, art. 84.Uno.2º LIVA: self-assessed).
 *  - Javier Romero, plumber (business activity): no withholding on his invoices; 10 % on repairs of
 *    dwellings for individuals and communities of owners (art. 91.Uno.2.10º LIVA), 21 % for
 *    businesses; his adviser's fees with 15 % IRPF withheld (he files the 111, art. 75.1.c RIRPF);
 *    his workshop rented from a private landlord every month, 21 % VAT and 19 % withheld (art. 75.2.a
 *    RIRPF, art. 101.8 LIRPF: the 115 and its 180); a van bought last year as an investment good
 *    (art. 108 LIVA).
 *  - Transportes Levante Norte SA (monthly, SII): domestic haulage at 21 %, transport services to
 *    businesses of other member states not subject in Spain (N2, art. 69.Uno.1º LIVA) to customers
 *    identified by their NIF-IVA, one exempt intra-EU delivery of a used semi-trailer (E5, art. 25
 *    LIVA), tyres acquired from Germany (adquisición intracomunitaria, art. 13 LIVA) and a tractor
 *    unit as an investment good. Not sent to VeriFacTu (no configuration): its records wait.
 *  - Navarro Asesores SL: monthly bookkeeping fees at 21 % (a company: no withholding on them),
 *    income-tax returns of individuals in the second quarter, annual accounts and Impuesto sobre
 *    Sociedades in the third; a collaborating lawyer with 15 % IRPF withheld (art. 75.1.c RIRPF);
 *    the interest of a partner's loan every quarter, 19 % withheld (art. 75.1.b RIRPF, art. 101.4
 *    LIRPF: the 123 and its 193, key B.03), not subject to VAT (a private lender is no empresario,
 *    art. 5.Uno LIVA).
 *
 * Everything goes through the REST API as the company's gestor (or owner) would, with the calls of
 * seed-invoicing.ts: a series, customers, invoices created and confirmed in date order, received
 * invoices. Idempotent across restarts: a company that already has the demo series (code
 * `DEMO_BOOKS_SERIES`, active or not) is skipped, so a restart never duplicates a book; the series
 * is created first, so a start interrupted half-way leaves that company as it got (never twice).
 * Javier Romero's series is not the default one: the integration tests confirm invoices of earlier
 * dates on that company in its default series (RD 1619/2012 art. 6.1.a: numbers follow dates).
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';
import type { WithholdingKind } from '@shared/fiscal/withholdings';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

/** The series of the demo books: its existence marks a company as seeded. */
export const DEMO_BOOKS_SERIES = 'V';

const cif = (letter: string, seven: string) => {
  const { digit, letter: control } = cifControl(seven);
  return `${letter}${seven}${'ABEH'.includes(letter) ? digit : control}`;
};
const dni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Madrid (the tax domains' "today"), ISO. */
function madridToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

export interface BookMonth {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..4 */
  quarter: number;
  /** This year (the year of the last closed month) rather than last year. */
  current: boolean;
  /** The last quarter closed before today (the cockpit's period). */
  lastClosedQuarter: boolean;
}

/** Every month from January of the year before the last closed month's year to that month. */
export function bookMonths(today: string): BookMonth[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const [lastYear, lastMonth] = m === 1 ? [y - 1, 12] : [y, m - 1];
  const q = Math.ceil(m / 3) - 1;
  const [closedQYear, closedQ] = q === 0 ? [y - 1, 4] : [y, q];
  const out: BookMonth[] = [];
  for (let year = lastYear - 1; year <= lastYear; year++) {
    for (let month = 1; month <= (year === lastYear ? lastMonth : 12); month++) {
      const quarter = Math.ceil(month / 3);
      out.push({
        year,
        month,
        quarter,
        current: year === lastYear,
        lastClosedQuarter: year === closedQYear && quarter === closedQ,
      });
    }
  }
  return out;
}

/** A deterministic factor in [1 − spread, 1 + spread] for a key (the same figures on every start). */
function vary(key: string, spread = 0.15): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return 1 + (((h >>> 0) % 2001) / 1000 - 1) * spread;
}
const cents = (euros: number) => Math.round(euros * 100);

interface IssuedLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  exemptionCause?: 'E5';
  notSubject?: 'N2';
}
interface Issued {
  day: number;
  customer: string;
  lines: IssuedLine[];
  irpfRateBp?: number;
  paymentMethod?: 'TRANSFER' | 'DIRECT_DEBIT' | 'CARD';
}
type SupplierRef = string | { type: 'NIF_IVA'; value: string; country: string };
interface Received {
  day: number;
  supplier: { name: string; taxId: SupplierRef; country?: string };
  number: string;
  lines: {
    description: string;
    quantity: number;
    unitPriceCents: number;
    vatRateBp: number;
    kind?: 'DOMESTIC' | 'INTRA_EU_GOODS' | 'INTRA_EU_SERVICES' | 'NOT_SUBJECT';
    investmentGoods?: boolean;
  }[];
  irpfRateBp?: number;
  /** The withholding's kind and 190/180 key (issue 15 item 1): what the 111/115 and their summaries read. */
  withholding?: { kind: WithholdingKind; key: string };
  paymentMethod: 'TRANSFER' | 'DIRECT_DEBIT' | 'CARD';
}

interface DemoBook {
  companyId: string;
  email: string;
  series: { description: string; isDefault: boolean };
  customers: Record<string, Record<string, unknown>>;
  month(m: BookMonth): { issued: Issued[]; received: Received[] };
}

const es = (street: string, postalCode: string, city: string, province: string) => ({
  street,
  postalCode,
  city,
  province,
});
const eu = (street: string, postalCode: string, city: string, country: string) => ({
  street,
  postalCode,
  city,
  country,
});
const nifIva = (country: string, value: string) => ({ type: 'NIF_IVA' as const, value, country });

/** Jobs of a month: `count` of `jobs`, rotating through the list so every customer appears. */
function pick<T>(jobs: T[], m: BookMonth, count: number): T[] {
  const start = (m.year * 12 + m.month) * 2;
  return Array.from({ length: count }, (_, i) => jobs[(start + i) % jobs.length]!);
}
/** Invoice days spread over the month, ascending. */
const daysOf = (count: number) => Array.from({ length: count }, (_, i) => 3 + Math.floor((i * 25) / count));

// --- Marta Sánchez: graphic designer ------------------------------------------------------------

const MARTA_IRPF_BP = 1500;
const marta: DemoBook = {
  companyId: 'demo-marta-sanchez',
  email: 'autonomo@cuadra.test',
  series: { description: 'Facturas de diseño', isDefault: true },
  customers: {
    ebro: {
      name: 'Estudio Ebro Arquitectura SLP',
      taxId: cif('B', '5034871'),
      address: es('Paseo de la Independencia 24', '50004', 'Zaragoza', 'Zaragoza'),
      email: 'estudio@ebroarquitectura.example',
    },
    bodegas: {
      name: 'Bodegas Cariñena Alta SL',
      taxId: cif('B', '5098123'),
      address: es('Carretera de Valencia km 46', '50400', 'Cariñena', 'Zaragoza'),
      email: 'marketing@carinenaalta.example',
    },
    ilustra: {
      name: 'Asociación Cultural Zaragoza Ilustra',
      taxId: cif('G', '5076412'),
      address: es('Calle Predicadores 70', '50003', 'Zaragoza', 'Zaragoza'),
    },
    portales: {
      name: 'Carmen Lasheras Pueyo (Librería Los Portales)',
      taxId: dni(17_654_321),
      address: es('Calle Don Jaime I 31', '50001', 'Zaragoza', 'Zaragoza'),
      paymentTermsDays: 15,
    },
    particular: {
      name: 'Lucía Gómez Bernal',
      taxId: dni(73_215_498),
      address: es('Calle Delicias 12, 4º C', '50017', 'Zaragoza', 'Zaragoza'),
      paymentTermsDays: 0,
    },
  },
  month(m) {
    // Festival posters in spring, wine labels for the harvest in autumn, a quiet August.
    const season = [0.9, 1.25, 0.8, 1.1][m.quarter - 1]! * (m.current ? 1.1 : 1);
    const jobs: { customer: string; description: string; euros: number; business: boolean }[] = [
      { customer: 'ebro', description: 'Maquetación de dossier de proyecto', euros: 780, business: true },
      {
        customer: 'bodegas',
        description: 'Diseño de etiqueta y contraetiqueta',
        euros: 1_150,
        business: true,
      },
      {
        customer: 'ilustra',
        description: 'Cartelería y programa de actividades',
        euros: 640,
        business: true,
      },
      {
        customer: 'portales',
        description: 'Diseño de escaparate y marcapáginas',
        euros: 420,
        business: true,
      },
      {
        customer: 'ebro',
        description: 'Infografías para concurso de arquitectura',
        euros: 960,
        business: true,
      },
      { customer: 'particular', description: 'Diseño de invitaciones de boda', euros: 310, business: false },
    ];
    const count = m.current ? (m.month % 3 === 0 ? 3 : 4) : m.month % 3 === 1 ? 2 : 3;
    const days = daysOf(count);
    const issued = pick(jobs, m, count).map((j, i) => ({
      day: days[i]!,
      customer: j.customer,
      lines: [
        {
          description: j.description,
          quantity: 1,
          unitPriceCents: cents(j.euros * season * vary(`marta|${m.year}-${m.month}|${i}`)),
          vatRateBp: 2100,
        },
      ],
      ...(j.business ? { irpfRateBp: MARTA_IRPF_BP } : {}),
      paymentMethod: 'TRANSFER' as const,
    }));
    const received: Received[] = [];
    if (m.month % 3 === 1) {
      received.push({
        day: 2,
        supplier: { name: 'Espacio Pilar Coworking SL', taxId: cif('B', '5061239') },
        number: `EPC-${m.year}-${pad(m.month)}`,
        lines: [
          {
            description: 'Puesto fijo de coworking (trimestre)',
            quantity: 3,
            unitPriceCents: 17_500,
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'DIRECT_DEBIT',
      });
      received.push({
        day: 6,
        supplier: {
          name: 'Adobe Systems Software Ireland Ltd',
          taxId: nifIva('IE', 'IE6364992H'),
          country: 'IE',
        },
        number: `IEE${m.year}${pad(m.month)}4417`,
        lines: [
          {
            description: 'Creative Cloud Todas las aplicaciones (3 meses)',
            quantity: 3,
            unitPriceCents: 7_259,
            vatRateBp: 2100,
            kind: 'INTRA_EU_SERVICES',
          },
        ],
        paymentMethod: 'CARD',
      });
    }
    if (m.month % 3 === 2) {
      received.push({
        day: 20,
        supplier: { name: 'Telecomunicaciones del Ebro SA', taxId: cif('A', '5012345') },
        number: `TE-${m.year}${pad(m.month)}-88213`,
        lines: [
          { description: 'Fibra y móvil (bimestre)', quantity: 2, unitPriceCents: 5_370, vatRateBp: 2100 },
        ],
        paymentMethod: 'DIRECT_DEBIT',
      });
    }
    return { issued, received };
  },
};

// --- Javier Romero: plumber ---------------------------------------------------------------------

const ROMERO_ADVISER = { name: 'Lucía Martínez Ortega', taxId: dni(50_123_456) };
/** The owner of the workshop Javier Romero rents: a private person (the rent carries VAT and 19 % IRPF). */
const ROMERO_LANDLORD = { name: 'Rosa María Delgado Pons', taxId: dni(5_284_137) };
/** The workshop's monthly rent, excluding VAT. */
export const ROMERO_RENT_CENTS = 45_000;
const romero: DemoBook = {
  companyId: 'demo-romero-fontaneria',
  email: 'gestor@cuadra.test',
  series: { description: 'Facturas de fontanería (demo)', isDefault: false },
  customers: {
    comunidad: {
      name: 'Comunidad de Propietarios Calle Toledo 88',
      taxId: cif('H', '2876543'),
      address: es('Calle de Toledo 88', '28005', 'Madrid', 'Madrid'),
    },
    alvarez: {
      name: 'Pedro Álvarez Ruiz',
      taxId: dni(2_345_678),
      address: es('Calle de Lavapiés 17, 3º izq.', '28012', 'Madrid', 'Madrid'),
      paymentTermsDays: 0,
    },
    castro: {
      name: 'Elena Castro Díaz',
      taxId: dni(51_987_654),
      address: es('Calle del Amparo 54, bajo', '28012', 'Madrid', 'Madrid'),
      paymentTermsDays: 0,
    },
    rastro: {
      name: 'Bar Restaurante El Rastro SL',
      taxId: cif('B', '8654321'),
      address: es('Calle de la Ribera de Curtidores 9', '28005', 'Madrid', 'Madrid'),
    },
    lavapies: {
      name: 'Gestión Inmobiliaria Lavapiés SL',
      taxId: cif('B', '8712093'),
      address: es('Calle de Argumosa 30', '28012', 'Madrid', 'Madrid'),
    },
    hotel: {
      name: 'Hotel Gran Vía Suites SA',
      taxId: cif('A', '8765432'),
      address: es('Gran Vía 58', '28013', 'Madrid', 'Madrid'),
      paymentTermsDays: 45,
    },
  },
  month(m) {
    // Boilers in winter, slow summer; a dwelling's repair for a person or a community is at 10 %.
    const season = [1.2, 0.95, 0.8, 1.05][m.quarter - 1]! * (m.current ? 1.08 : 1);
    const jobs: { customer: string; description: string; hours: number; material: number; rate: number }[] = [
      {
        customer: 'comunidad',
        description: 'Reparación de fuga en bajante comunitaria',
        hours: 9,
        material: 240,
        rate: 1000,
      },
      {
        customer: 'alvarez',
        description: 'Sustitución de calentador de gas',
        hours: 4,
        material: 420,
        rate: 1000,
      },
      {
        customer: 'rastro',
        description: 'Instalación de fregadero industrial y desagüe',
        hours: 7,
        material: 380,
        rate: 2100,
      },
      {
        customer: 'castro',
        description: 'Reparación de cisterna y grifería de baño',
        hours: 3,
        material: 95,
        rate: 1000,
      },
      {
        customer: 'lavapies',
        description: 'Mantenimiento de fontanería de pisos en alquiler',
        hours: 12,
        material: 210,
        rate: 2100,
      },
    ];
    const count = m.current ? (m.month % 3 === 2 ? 4 : 3) : 3;
    const days = daysOf(count);
    const issued: Issued[] = pick(jobs, m, count).map((j, i) => {
      const f = season * vary(`romero|${m.year}-${m.month}|${i}`);
      return {
        day: days[i]!,
        customer: j.customer,
        lines: [
          {
            description: `${j.description}: mano de obra (horas)`,
            quantity: j.hours,
            unitPriceCents: cents(38 * f),
            vatRateBp: j.rate,
          },
          {
            description: `${j.description}: material`,
            quantity: 1,
            unitPriceCents: cents(j.material * f),
            vatRateBp: j.rate,
          },
        ],
        paymentMethod: 'TRANSFER',
      };
    });
    const received: Received[] = [
      {
        day: 1,
        supplier: ROMERO_LANDLORD,
        number: `ALQ-${m.year}-${pad(m.month)}`,
        lines: [
          {
            description: `Alquiler del local-almacén de Calle de Embajadores 74, bajo (${pad(m.month)}/${m.year})`,
            quantity: 1,
            unitPriceCents: ROMERO_RENT_CENTS,
            vatRateBp: 2100,
          },
        ],
        irpfRateBp: 1900,
        // The rent of urban premises: 115 [01]-[03], 180 (art. 101.8 LIRPF: 19 %).
        withholding: { kind: 'RENT', key: '-' },
        paymentMethod: 'TRANSFER',
      },
      {
        day: 2,
        supplier: { name: 'Saneamientos Centro SA', taxId: cif('A', '2810954') },
        number: `SC${m.year}/${pad(m.month)}-01`,
        lines: [
          {
            description: 'Material de fontanería (tubería multicapa, racores, grifería)',
            quantity: 1,
            unitPriceCents: cents(520 * season * vary(`romero-mat|${m.year}-${m.month}`)),
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'TRANSFER',
      },
    ];
    if (m.lastClosedQuarter) {
      // The off-trend quarter: the 24 bathrooms of a hotel, invoiced by monthly certification.
      const certification = m.month - (m.quarter - 1) * 3;
      issued.push({
        day: 28,
        customer: 'hotel',
        lines: [
          {
            description: `Renovación de fontanería de 24 baños, certificación ${certification} de 3`,
            quantity: 1,
            unitPriceCents: cents([14_200, 15_800, 11_600][certification - 1]!),
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'TRANSFER',
      });
      received.push({
        day: 5,
        supplier: { name: 'Saneamientos Centro SA', taxId: cif('A', '2810954') },
        number: `SC${m.year}/${pad(m.month)}-H${certification}`,
        lines: [
          {
            description: 'Platos de ducha, sanitarios y grifería (obra Hotel Gran Vía)',
            quantity: 8,
            unitPriceCents: 62_500,
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'TRANSFER',
      });
    }
    if (m.month % 3 === 0) {
      received.push({
        day: 25,
        supplier: ROMERO_ADVISER,
        number: `LMO-${m.year}-T${m.quarter}-${m.current ? 27 : 21}`,
        lines: [
          {
            description: `Asesoramiento fiscal y contable, ${m.quarter}T ${m.year}`,
            quantity: 3,
            unitPriceCents: 6_500,
            vatRateBp: 2100,
          },
        ],
        irpfRateBp: 1500,
        // A professional's fees: 111 [07]-[09], 190 key G.01 (art. 101.5.a LIRPF).
        withholding: { kind: 'PROFESSIONAL', key: 'G01' },
        paymentMethod: 'DIRECT_DEBIT',
      });
      received.push({
        day: 28,
        supplier: { name: 'Estaciones de Servicio Meseta SL', taxId: cif('B', '2899017') },
        number: `TJ-${m.year}-${m.quarter}-5521`,
        lines: [
          {
            description: 'Carburante furgoneta (tarjeta, trimestre)',
            quantity: 1,
            unitPriceCents: cents(310 * vary(`romero-fuel|${m.year}-${m.quarter}`)),
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'CARD',
      });
    }
    if (!m.current && m.month === 4) {
      received.push({
        day: 14,
        supplier: { name: 'Automóviles Manzanares SA', taxId: cif('A', '2856731') },
        number: `AM-${m.year}-00387`,
        lines: [
          {
            description: 'Furgoneta Citroën Berlingo Van L1 (bastidor VF7...4411)',
            quantity: 1,
            unitPriceCents: 2_190_000,
            vatRateBp: 2100,
            investmentGoods: true,
          },
        ],
        paymentMethod: 'TRANSFER',
      });
    }
    return { issued, received };
  },
};

// --- Transportes Levante Norte SA: haulier, monthly, SII, intra-EU -----------------------------

const transportes: DemoBook = {
  companyId: 'demo-transportes-levante',
  email: 'gestor@cuadra.test',
  series: { description: 'Facturas de transporte', isDefault: true },
  customers: {
    ebro: {
      name: 'Logística Ebro Distribución SL',
      taxId: cif('B', '5087234'),
      address: es('Plataforma Logística PLAZA, Calle Osaka 4', '50197', 'Zaragoza', 'Zaragoza'),
      paymentTermsDays: 60,
    },
    ceramicas: {
      name: 'Cerámicas Castellón Exportación SA',
      taxId: cif('A', '1254390'),
      address: es('Carretera de Alcora km 7', '12006', 'Castellón de la Plana', 'Castellón'),
      paymentTermsDays: 60,
    },
    fresco: {
      name: 'Supermercados Aragón Fresco SL',
      taxId: cif('B', '5023987'),
      address: es('Avenida de Cataluña 301', '50014', 'Zaragoza', 'Zaragoza'),
      paymentTermsDays: 30,
    },
    garonne: {
      name: 'Transports Garonne SARL',
      taxId: nifIva('FR', 'FR40303265045'),
      address: eu('12 Rue des Entrepôts', '31200', 'Toulouse', 'FR'),
      vatTreatment: 'INTRA_EU',
      paymentTermsDays: 45,
    },
    rhein: {
      name: 'Spedition Rhein-Main GmbH',
      taxId: nifIva('DE', 'DE811569869'),
      address: eu('Hanauer Landstraße 200', '60314', 'Frankfurt am Main', 'DE'),
      vatTreatment: 'INTRA_EU',
      paymentTermsDays: 45,
    },
    padana: {
      name: 'Logistica Padana SRL',
      taxId: nifIva('IT', 'IT02345670966'),
      address: eu('Via dell’Industria 15', '20090', 'Segrate', 'IT'),
      vatTreatment: 'INTRA_EU',
      paymentTermsDays: 60,
    },
  },
  month(m) {
    // Harvest and ceramics exports peak in the autumn; August is slow.
    const season = [0.95, 1.05, 0.85, 1.15][m.quarter - 1]! * (m.current ? 1.06 : 1);
    const key = `${m.year}-${m.month}`;
    const domestic: { customer: string; route: string; trips: number; price: number }[] = [
      { customer: 'ebro', route: 'Zaragoza – Valencia (puerto)', trips: 22, price: 640 },
      { customer: 'ceramicas', route: 'Castellón – Zaragoza – Bilbao', trips: 14, price: 980 },
      {
        customer: 'fresco',
        route: 'Distribución refrigerada Zaragoza – Huesca – Teruel',
        trips: 30,
        price: 410,
      },
    ];
    const international: { customer: string; route: string; trips: number; price: number }[] = [
      { customer: 'garonne', route: 'Zaragoza – Toulouse', trips: 8, price: 1_150 },
      { customer: 'rhein', route: 'Zaragoza – Frankfurt am Main', trips: 4, price: 2_900 },
      { customer: 'padana', route: 'Zaragoza – Milán', trips: 5, price: 2_350 },
    ];
    const nDomestic = 2;
    const nInternational = m.current && m.month % 2 === 0 ? 2 : 1;
    const rows = [
      ...pick(domestic, m, nDomestic).map((r) => ({ ...r, eu: false })),
      ...pick(international, m, nInternational).map((r) => ({ ...r, eu: true })),
    ];
    const days = daysOf(rows.length);
    const issued: Issued[] = rows.map((r, i) => ({
      day: days[i]!,
      customer: r.customer,
      lines: [
        {
          description: `Transporte de mercancías ${r.route} (${pad(m.month)}/${m.year})`,
          quantity: Math.max(1, Math.round(r.trips * season * vary(`tl-trips|${key}|${i}`, 0.2))),
          unitPriceCents: cents(r.price),
          vatRateBp: r.eu ? 0 : 2100,
          ...(r.eu ? { notSubject: 'N2' as const } : {}),
        },
      ],
      paymentMethod: 'TRANSFER',
    }));
    if (m.current && m.month === 5) {
      issued.push({
        day: 29,
        customer: 'garonne',
        lines: [
          {
            description:
              'Semirremolque frigorífico usado Lamberet SR2 (matrícula Z-4587-R), expedido a Toulouse',
            quantity: 1,
            unitPriceCents: 1_850_000,
            vatRateBp: 0,
            exemptionCause: 'E5',
          },
        ],
        paymentMethod: 'TRANSFER',
      });
    }
    const received: Received[] = [
      {
        day: 1,
        supplier: { name: 'Gasóleos del Ebro SL', taxId: cif('B', '5045127') },
        number: `GE-${m.year}-${pad(m.month)}-1190`,
        lines: [
          {
            description: `Gasóleo A profesional (${pad(m.month)}/${m.year})`,
            quantity: Math.round(9_500 * season * vary(`tl-fuel|${key}`, 0.1)),
            unitPriceCents: 118,
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'DIRECT_DEBIT',
      },
    ];
    if (m.current || m.month % 3 === 2) {
      received.push(
        m.month % 2 === 0
          ? {
              day: 10,
              supplier: { name: 'Reifen Handel Süd GmbH', taxId: nifIva('DE', 'DE129273398'), country: 'DE' },
              number: `RHS-${m.year}${pad(m.month)}-207`,
              lines: [
                {
                  description: 'Neumáticos 315/70 R22.5 para tractora',
                  quantity: 12,
                  unitPriceCents: 41_500,
                  vatRateBp: 2100,
                  kind: 'INTRA_EU_GOODS',
                },
              ],
              paymentMethod: 'TRANSFER',
            }
          : {
              day: 10,
              supplier: { name: 'Renting Industrial Aragón SA', taxId: cif('A', '5090876') },
              number: `RIA-${m.year}-${pad(m.month)}-033`,
              lines: [
                {
                  description: 'Renting de 4 tractoras (cuota mensual)',
                  quantity: 4,
                  unitPriceCents: 185_000,
                  vatRateBp: 2100,
                },
              ],
              paymentMethod: 'DIRECT_DEBIT',
            },
      );
    }
    if (!m.current && m.month === 11) {
      received.push({
        day: 18,
        supplier: { name: 'Camiones Valle del Ebro SA', taxId: cif('A', '5071452') },
        number: `CVE-${m.year}-0412`,
        lines: [
          {
            description: 'Tractora Volvo FH 500 4x2 (nueva)',
            quantity: 1,
            unitPriceCents: 9_600_000,
            vatRateBp: 2100,
            investmentGoods: true,
          },
        ],
        paymentMethod: 'TRANSFER',
      });
    }
    return { issued, received };
  },
};

// --- Navarro Asesores SL: the second gestor's firm -------------------------------------------

/** The partner who lent the firm 60.000,00 € (a private person: the interest carries no VAT). */
const NAVARRO_PARTNER = { name: 'Francisco Javier Navarro Ortiz', taxId: dni(28_391_027) };
/** A quarter's interest of that loan. */
export const NAVARRO_LOAN_INTEREST_CENTS = 60_000;

const navarro: DemoBook = {
  companyId: 'demo-navarro-asesores',
  email: 'gestor2@cuadra.test',
  series: { description: 'Honorarios', isDefault: true },
  customers: {
    giralda: {
      name: 'Cafetería La Giralda SL',
      taxId: cif('B', '4123456'),
      address: es('Calle Mateos Gago 8', '41004', 'Sevilla', 'Sevilla'),
    },
    triana: {
      name: 'Cerámica Triana Artesanos SL',
      taxId: cif('B', '4187213'),
      address: es('Calle Antillano Campos 14', '41010', 'Sevilla', 'Sevilla'),
    },
    aljarafe: {
      name: 'Construcciones Aljarafe 2010 SL',
      taxId: cif('B', '4165098'),
      address: es('Avenida de Andalucía 45', '41927', 'Mairena del Aljarafe', 'Sevilla'),
    },
    clinica: {
      name: 'Clínica Dental Nervión SLP',
      taxId: cif('B', '4199321'),
      address: es('Avenida Luis de Morales 32', '41018', 'Sevilla', 'Sevilla'),
    },
    moreno: {
      name: 'Rafael Moreno Vidal',
      taxId: dni(28_765_432),
      address: es('Calle Feria 102', '41002', 'Sevilla', 'Sevilla'),
      paymentTermsDays: 0,
    },
  },
  month(m) {
    const growth = m.current ? 1.07 : 1;
    const key = `${m.year}-${m.month}`;
    const igualas: { customer: string; euros: number }[] = [
      { customer: 'giralda', euros: 180 },
      { customer: 'triana', euros: 240 },
      { customer: 'aljarafe', euros: 420 },
      { customer: 'clinica', euros: 310 },
    ];
    const count = m.current && m.month % 3 === 1 ? 4 : 3;
    const days = daysOf(count + 1);
    const issued: Issued[] = pick(igualas, m, count).map((g, i) => ({
      day: days[i]!,
      customer: g.customer,
      lines: [
        {
          description: `Iguala de asesoría contable, fiscal y laboral (${pad(m.month)}/${m.year}, 2 meses)`,
          quantity: 2,
          unitPriceCents: cents(g.euros * growth),
          vatRateBp: 2100,
        },
      ],
      paymentMethod: 'DIRECT_DEBIT',
    }));
    // Second quarter: personal income-tax returns; third: annual accounts and Impuesto sobre Sociedades.
    if (m.month === 5 || m.month === 6) {
      issued.push({
        day: days[count]!,
        customer: 'moreno',
        lines: [
          {
            description: `Declaración del IRPF ${m.year - 1} y patrimonio (familia Moreno)`,
            quantity: 1,
            unitPriceCents: cents(260 * growth * vary(`nav-renta|${key}`)),
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'CARD',
      });
    }
    if (m.month === 7) {
      for (const customer of ['triana', 'aljarafe', 'clinica']) {
        issued.push({
          day: days[count]! + (customer === 'triana' ? 0 : customer === 'aljarafe' ? 1 : 2),
          customer,
          lines: [
            {
              description: `Cuentas anuales ${m.year - 1}, depósito en el Registro Mercantil y modelo 200`,
              quantity: 1,
              unitPriceCents: cents(850 * growth * vary(`nav-is|${key}|${customer}`)),
              vatRateBp: 2100,
            },
          ],
          paymentMethod: 'TRANSFER',
        });
      }
    }
    issued.sort((a, b) => a.day - b.day);
    const received: Received[] = [];
    if (m.month % 3 === 1) {
      received.push({
        day: 4,
        supplier: { name: 'Software Fiscal del Sur SA', taxId: cif('A', '4134567') },
        number: `SFS-${m.year}-T${m.quarter}-2290`,
        lines: [
          {
            description: 'Licencias de programa de contabilidad y nóminas (trimestre)',
            quantity: 3,
            unitPriceCents: 18_900,
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'DIRECT_DEBIT',
      });
    }
    if (m.month % 3 === 2) {
      received.push({
        day: 15,
        supplier: { name: 'Suministros Eléctricos Guadalquivir SA', taxId: cif('A', '4109876') },
        number: `SEG${m.year}${pad(m.month)}7781`,
        lines: [
          {
            description: 'Suministro eléctrico de la oficina (bimestre)',
            quantity: 1,
            unitPriceCents: cents(290 * vary(`nav-luz|${key}`)),
            vatRateBp: 2100,
          },
        ],
        paymentMethod: 'DIRECT_DEBIT',
      });
    }
    if (m.month % 3 === 0) {
      received.push({
        day: 27,
        supplier: { name: 'Inmaculada Ortiz Lara', taxId: dni(28_456_789) },
        number: `IOL-${m.year}-${m.quarter}`,
        lines: [
          {
            description: `Colaboración jurídica mercantil, ${m.quarter}T ${m.year}`,
            quantity: 1,
            unitPriceCents: cents(900 * vary(`nav-abog|${key}`)),
            vatRateBp: 2100,
          },
        ],
        irpfRateBp: 1500,
        withholding: { kind: 'PROFESSIONAL', key: 'G01' },
        paymentMethod: 'TRANSFER',
      });
    }
    if (m.month % 3 === 0) {
      // The partner's loan of 60.000,00 € at 4 % a year: 600,00 € of interest paid each quarter.
      received.push({
        day: 30,
        supplier: NAVARRO_PARTNER,
        number: `INT-${m.year}-T${m.quarter}`,
        lines: [
          {
            description: `Intereses del préstamo del socio (60.000,00 € al 4 %), ${m.quarter}T ${m.year}`,
            quantity: 1,
            unitPriceCents: NAVARRO_LOAN_INTEREST_CENTS,
            vatRateBp: 0,
            kind: 'NOT_SUBJECT',
          },
        ],
        irpfRateBp: 1900,
        // Interest of a non-bank loan: 123 [02]/[05]/[08], 193 key B.03 (art. 101.4 LIRPF: 19 %).
        withholding: { kind: 'CAPITAL', key: 'B03' },
        paymentMethod: 'TRANSFER',
      });
    }
    if (!m.current && m.month === 2) {
      received.push({
        day: 11,
        supplier: { name: 'Informática Hispalense SL', taxId: cif('B', '4156432') },
        number: `IH-${m.year}-0098`,
        lines: [
          {
            description: 'Servidor de ficheros y puestos de trabajo para la oficina',
            quantity: 1,
            unitPriceCents: 680_000,
            vatRateBp: 2100,
            investmentGoods: true,
          },
        ],
        paymentMethod: 'TRANSFER',
      });
    }
    return { issued, received };
  },
};

export const demoTaxBooks: DemoBook[] = [marta, romero, transportes, navarro];

export async function seedDemoTaxBooks(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const t0 = performance.now();
  const months = bookMonths(madridToday());
  // The companies are independent: their books are written side by side.
  const calls = await Promise.all(demoTaxBooks.map((book) => seedBook(info, book, months, log)));
  if (process.env.CUADRA_TIMING) {
    const total = calls.reduce((a, b) => a + b, 0);
    console.log(`[timing] demo tax books: ${total} API calls in ${Math.round(performance.now() - t0)} ms`);
  }
}

/** Writes one company's books unless its demo series exists; returns the API calls it made. */
async function seedBook(
  info: Pick<LocalCloudInfo, 'url'>,
  book: DemoBook,
  months: BookMonth[],
  log: (msg: string) => void,
): Promise<number> {
  const api = apiClient(info.url);
  const token = await api.login(book.email);
  let calls = 0;
  const call = async <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => {
    calls++;
    const res = await api.request<T>(method, path, { token, companyId: book.companyId, body, query });
    if (!res.body.success) {
      throw new Error(
        `demo tax books (${book.companyId}): ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`,
      );
    }
    return res.body.data;
  };

  const series = await call<{ code: string }[]>('GET', '/api/v1/invoice-series', undefined, {
    includeInactive: 'true',
  });
  if (series.some((s) => s.code === DEMO_BOOKS_SERIES)) return calls;
  const created = await call<{ seriesId: string }>('POST', '/api/v1/invoice-series', {
    code: DEMO_BOOKS_SERIES,
    ...book.series,
  });

  const customerIds = new Map<string, string>();
  for (const [key, body] of Object.entries(book.customers)) {
    customerIds.set(key, (await call<{ customerId: string }>('POST', '/api/v1/customers', body)).customerId);
  }

  let issuedCount = 0;
  let receivedCount = 0;
  for (const m of months) {
    const { issued, received } = book.month(m);
    const date = (day: number) => `${m.year}-${pad(m.month)}-${pad(day)}`;
    for (const inv of [...issued].sort((a, b) => a.day - b.day)) {
      await call(
        'POST',
        '/api/v1/invoices/create-and-confirm',
        {
          invoiceType: 'F1',
          invoiceDate: date(inv.day),
          customerId: customerIds.get(inv.customer),
          invoiceLines: inv.lines,
          ...(inv.irpfRateBp ? { irpfRateBp: inv.irpfRateBp } : {}),
          ...(inv.paymentMethod ? { paymentMethod: inv.paymentMethod } : {}),
        },
        { series: created.seriesId },
      );
      issuedCount++;
    }
    for (const r of received) {
      await call('POST', '/api/v1/received-invoices', {
        supplier: r.supplier,
        supplierInvoiceNumber: r.number,
        issueDate: date(r.day),
        lines: r.lines,
        ...(r.irpfRateBp ? { irpfRateBp: r.irpfRateBp } : {}),
        ...(r.withholding ? { withholdingKind: r.withholding.kind, withholdingKey: r.withholding.key } : {}),
        paymentMethod: r.paymentMethod,
        approvalStatus: 'APPROVED',
      });
      receivedCount++;
    }
  }
  log(`demo tax books seeded (${book.companyId}: ${issuedCount} issued, ${receivedCount} received)`);
  return calls;
}
