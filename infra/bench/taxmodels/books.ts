/**
 * Synthetic books for the tax models bench (issue 14 item 6): a year of a bakery-and-pastry
 * manufacturer's issued and received invoices, built by the product's own pure builders so every
 * item is what the API would have stored:
 *  - issued: `CreateInvoiceBody` parsed, `buildDraft` (lines, totals, breakdown, legal mentions),
 *    then confirmed by `confirmed` (issuer snapshot, series, number); rectificativas by
 *    `RectifyInvoiceBody` + `buildRectificativa` over the regenerated invoice they rectify;
 *  - received: `CreateReceivedInvoiceBody` parsed and `buildReceivedInvoice`.
 * Deterministic: invoice `i` depends only on `i` (a hash of it), so a rectificativa can rebuild the
 * earlier invoice it corrects, and two runs write the same books.
 *
 * The mix, by share of the issued invoices (dates spread evenly over the year, in number order):
 *  - 55 % tickets (F2, series T, no customer) at 4 %, 10 % and 21 %;
 *  - ~31 % complete invoices to 20 Spanish businesses (F1, series F) at 4 %, 10 % and 21 %;
 *  - 8 % to 6 retailers in recargo de equivalencia (art. 154 LIVA: 4 %+0,5 %, 10 %+1,4 %, 21 %+5,2 %);
 *  - 3 % intra-EU deliveries (E5, art. 25 LIVA) and 1 % services located in another member state
 *    (N2, art. 69 LIVA) to 4 EU customers; 2 % exports (E2, art. 21 LIVA) to 2 customers outside the EU;
 *  - about 0,15 % rectificativas (series R): R1 by differences (goods returned) and R4 by substitution
 *    cancelling the whole invoice, of an invoice of an earlier quarter (70 %) or of the same quarter.
 * Received: supplies at 4/10/21 % from 8 suppliers, utilities, intra-EU goods and services, an import
 * with its DUA, a professional with IRPF withheld, construction work with reverse charge (art.
 * 84.Uno.2º.f LIVA), an investment good (art. 108 LIVA), a car deductible at 50 % (art. 95.Tres LIVA)
 * and suppliers' credit notes (R1 by differences).
 */

import { buildReceivedInvoice } from '@functions/domains/expenses/model/received-invoices';
import { buildDraft } from '@functions/domains/invoices/model/build-invoice';
import { buildRectificativa } from '@functions/domains/invoices/model/rectification';
import { confirmed } from '@functions/domains/invoices/store/invoices';
import type { NumberClaim } from '@functions/domains/invoices/store/series';
import type { Company } from '@shared/db/records';
import { cifControl, dniLetter } from '@shared/fiscal/nif';
import { taxIdCountry } from '@shared/fiscal/received-invoice-totals';
import type { Customer, VatTreatment } from '@shared/schemas/customers';
import type { InvoiceSeries, SeriesPurpose } from '@shared/schemas/invoice-series';
import { CreateInvoiceBody, type Invoice } from '@shared/schemas/invoices';
import { CreateReceivedInvoiceBody, type ReceivedInvoice } from '@shared/schemas/received-invoices';
import { RectifyInvoiceBody } from '@shared/schemas/rectificativas';

// --- deterministic randomness ----------------------------------------------------------------------

/** A number in [0, 1) that depends only on (i, salt): a 32-bit integer hash (lowbias32). */
export function hash01(i: number, salt: number): number {
  let x = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  x ^= x >>> 16;
  return (x >>> 0) / 2 ** 32;
}
const pick = <T>(xs: readonly T[], i: number, salt: number): T =>
  xs[Math.floor(hash01(i, salt) * xs.length)]!;
const between = (lo: number, hi: number, i: number, salt: number) =>
  lo + Math.floor(hash01(i, salt) * (hi - lo + 1));

const DAY_MS = 86_400_000;
const daysIn = (year: number) => (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS;
/** The date of document `i` of `n` spread evenly over `year` (non-decreasing in `i`). */
const dateOf = (year: number, i: number, n: number): string =>
  new Date(Date.UTC(year, 0, 1) + Math.floor((i * daysIn(year)) / n) * DAY_MS).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// --- counterparties --------------------------------------------------------------------------------

const cif = (letter: string, n: number) => {
  const seven = String(n).padStart(7, '0');
  return `${letter}${seven}${cifControl(seven).digit}`;
};
const dni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;

/** A stored customer, as `POST /customers` keeps it (the invoice names it by `customerId`). */
const customer = (
  customerId: string,
  name: string,
  taxId: Customer['taxId'],
  address: Customer['address'],
  vatTreatment: VatTreatment,
): Customer => ({
  customerId,
  companyId: '',
  name,
  taxId,
  address,
  paymentTermsDays: 30,
  vatTreatment,
  isActive: true,
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
});
const valencia = (postalCode: string) => ({
  street: 'Calle Mayor 10',
  postalCode,
  city: 'València',
  province: 'Valencia',
  country: 'ES',
});

const B2B_CUSTOMERS = [
  'Hotel Mediterráneo',
  'Restaurante El Puerto',
  'Cafetería Central',
  'Catering Levante',
  'Supermercados Huerta',
  'Colegio San Vicente',
  'Hospital La Malvarrosa',
  'Bar La Plaza',
  'Hostal Las Arenas',
  'Residencia El Carmen',
  'Cafés del Turia',
  'Eventos Albufera',
  'Comedores Escolares Sur',
  'Gasolineras Ruta 7',
  'Autoservicio Benimaclet',
  'Club Náutico Valencia',
  'Hotel Ciudad de las Artes',
  'Cantina Universitaria',
  'Panes del Camino',
  'Gastrobar Ruzafa',
].map((name, k) =>
  customer(`cus-b2b-${k}`, `${name} SL`, cif('B', 4_610_000 + k * 37), valencia('46001'), 'DOMESTIC'),
);

/** Retailers in recargo de equivalencia (art. 154 LIVA): natural persons (DNI). */
const SHOPS = [
  'Ultramarinos Ruiz',
  'Alimentación Pérez',
  'Frutería Marisa',
  'Colmado Sanchis',
  'Tienda La Esquina',
  'Despensa Navarro',
].map((name, k) =>
  customer(`cus-shop-${k}`, name, dni(24_870_000 + k * 101), valencia('46011'), 'RECARGO_EQUIVALENCIA'),
);

const foreign = (
  customerId: string,
  name: string,
  type: 'NIF_IVA' | 'OTHER_ID',
  value: string,
  country: string,
  city: string,
  vatTreatment: VatTreatment,
) =>
  customer(
    customerId,
    name,
    { type, value, country },
    { street: 'Harbour Road 3', postalCode: '10001', city, province: city, country },
    vatTreatment,
  );
const EU_CUSTOMERS = [
  foreign(
    'cus-eu-fr',
    'Boulangeries du Sud SARL',
    'NIF_IVA',
    'FR40303265045',
    'FR',
    'Montpellier',
    'INTRA_EU',
  ),
  foreign('cus-eu-de', 'Backwaren Rhein GmbH', 'NIF_IVA', 'DE129273398', 'DE', 'Köln', 'INTRA_EU'),
  foreign('cus-eu-it', 'Forno Italiano Srl', 'NIF_IVA', 'IT00743110157', 'IT', 'Milano', 'INTRA_EU'),
  foreign('cus-eu-pt', 'Padarias do Norte Lda', 'NIF_IVA', 'PT501964843', 'PT', 'Porto', 'INTRA_EU'),
];
/** Intra-EU services (N2): two of the EU customers. */
const EU_SERVICE_CUSTOMERS = [EU_CUSTOMERS[0]!, EU_CUSTOMERS[2]!];
const EXPORT_CUSTOMERS = [
  foreign('cus-x-us', 'Iberian Bakery Imports LLC', 'OTHER_ID', '27-1234567', 'US', 'Boston', 'EXPORT'),
  foreign('cus-x-ch', 'Bäckerei Alpen AG', 'OTHER_ID', 'CHE116281710', 'CH', 'Zürich', 'EXPORT'),
];

// --- issued invoices -------------------------------------------------------------------------------

export type IssuedKind = 'TICKET' | 'B2B' | 'SHOP' | 'EU_GOODS' | 'EU_SERVICES' | 'EXPORT' | 'RECT';

/** The kind of issued invoice `i` before rectificativas are placed. */
function baseKind(i: number): Exclude<IssuedKind, 'RECT'> {
  const r = hash01(i, 1);
  if (r < 0.55) return 'TICKET';
  if (r < 0.63) return 'SHOP';
  if (r < 0.66) return 'EU_GOODS';
  if (r < 0.67) return 'EU_SERVICES';
  if (r < 0.69) return 'EXPORT';
  return 'B2B';
}

const line = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  vatRateBp: number,
  extra = {},
) => ({
  description,
  quantity,
  unitPriceCents,
  vatRateBp,
  ...extra,
});

function issuedLines(kind: Exclude<IssuedKind, 'RECT'>, i: number) {
  switch (kind) {
    case 'TICKET': {
      const lines = [];
      if (hash01(i, 10) < 0.8)
        lines.push(line('Pan de barra', between(1, 6, i, 11), between(60, 140, i, 12), 400));
      if (hash01(i, 13) < 0.5)
        lines.push(line('Bollería', between(1, 4, i, 14), between(120, 380, i, 15), 1000));
      if (hash01(i, 16) < 0.25 || lines.length === 0)
        lines.push(line('Bebida', between(1, 2, i, 17), between(150, 450, i, 18), 2100));
      return lines;
    }
    case 'B2B':
    case 'SHOP': {
      // A SHOP customer is in recargo de equivalencia: its S1 lines bear it (buildDraft).
      const discount = hash01(i, 20) < 0.3 ? { discountBp: 500 } : {};
      const lines = [
        line('Pan de barra (caja)', between(20, 120, i, 21), between(55, 80, i, 22), 400, discount),
        line('Croissants de mantequilla', between(10, 60, i, 23), between(85, 140, i, 24), 1000),
      ];
      if (hash01(i, 25) < 0.3) lines.push(line('Servicio de reparto', 1, between(1_500, 6_000, i, 26), 2100));
      return lines;
    }
    case 'EU_GOODS':
      return [
        line('Pan precocido congelado (palé)', between(1, 3, i, 30), between(8_000, 20_000, i, 31), 0, {
          exemptionCause: 'E5',
        }),
      ];
    case 'EU_SERVICES':
      return [
        line('Asistencia técnica de obrador', 1, between(30_000, 90_000, i, 32), 0, { notSubject: 'N2' }),
      ];
    case 'EXPORT':
      return [
        line('Bollería congelada (exportación)', between(1, 4, i, 33), between(12_000, 30_000, i, 34), 0, {
          exemptionCause: 'E2',
        }),
      ];
  }
}

function customerOf(kind: Exclude<IssuedKind, 'RECT'>, i: number): Customer | undefined {
  switch (kind) {
    case 'TICKET':
      return undefined;
    case 'B2B':
      return pick(B2B_CUSTOMERS, i, 40);
    case 'SHOP':
      return pick(SHOPS, i, 41);
    case 'EU_GOODS':
      return pick(EU_CUSTOMERS, i, 42);
    case 'EU_SERVICES':
      return pick(EU_SERVICE_CUSTOMERS, i, 43);
    case 'EXPORT':
      return pick(EXPORT_CUSTOMERS, i, 44);
  }
}

const SERIES: Record<'F' | 'T' | 'R', { purpose: SeriesPurpose; description: string }> = {
  F: { purpose: 'ORDINARY', description: 'Facturas' },
  T: { purpose: 'SIMPLIFICADA', description: 'Tickets' },
  R: { purpose: 'RECTIFICATIVA', description: 'Rectificativas' },
};

export interface IssuedBookOptions {
  company: Company;
  year: number;
  count: number;
}

export interface IssuedBook {
  /** The confirmed invoices in number order (dates non-decreasing), built lazily. */
  invoices(): Generator<Invoice>;
  /** How many of each kind `invoices()` yields (filled as it runs). */
  kinds: Record<IssuedKind, number>;
}

/** Share of issued invoices that are rectificativas (placed where an invoice to rectify exists). */
const RECT_SHARE = 0.002;

export function issuedBook(opts: IssuedBookOptions): IssuedBook {
  const { company, year, count } = opts;
  const companyId = company.companyId;
  const at = (date: string) => `${date}T10:00:00.000Z`;
  const series = (code: 'F' | 'T' | 'R'): InvoiceSeries => ({
    seriesId: `ser-${code.toLowerCase()}`,
    companyId,
    code,
    description: SERIES[code].description,
    purpose: SERIES[code].purpose,
    format: '{SERIE}{AÑO}-{NUM:6}',
    isActive: true,
    issuedCount: 0,
    createdAt: `${year}-01-01T00:00:00.000Z`,
    updatedAt: `${year}-01-01T00:00:00.000Z`,
  });
  const allSeries = { F: series('F'), T: series('T'), R: series('R') };
  const numbers = new Int32Array(count);
  const nextNumber = { F: 0, T: 0, R: 0 };
  /** Invoices already rectified (each at most once), and the rectificativas themselves. */
  const rectified = new Set<number>();
  const rects = new Set<number>();
  const kinds: Record<IssuedKind, number> = {
    TICKET: 0,
    B2B: 0,
    SHOP: 0,
    EU_GOODS: 0,
    EU_SERVICES: 0,
    EXPORT: 0,
    RECT: 0,
  };
  const codeOf = (kind: Exclude<IssuedKind, 'RECT'>) => (kind === 'TICKET' ? 'T' : 'F');
  const claim = (code: 'F' | 'T' | 'R', n: number): NumberClaim => ({
    year,
    number: n,
    invoiceNumber: `${code}${year}-${String(n).padStart(6, '0')}`,
    items: [],
  });

  /** Invoice `i` of kind `kind` as confirmed with number `n` (a pure function of its arguments). */
  function ordinary(i: number, kind: Exclude<IssuedKind, 'RECT'>, n: number): Invoice {
    const invoiceDate = dateOf(year, i, count);
    const stored = customerOf(kind, i);
    const body = CreateInvoiceBody.parse({
      invoiceType: kind === 'TICKET' ? 'F2' : 'F1',
      invoiceDate,
      ...(stored ? { customerId: stored.customerId } : {}),
      invoiceLines: issuedLines(kind, i),
      paymentMethod: kind === 'TICKET' ? 'CARD' : 'TRANSFER',
      ...(kind === 'TICKET' ? {} : { dueDate: addDays(invoiceDate, 30) }),
    });
    const draft = buildDraft({
      invoiceId: `bti${i}`,
      companyId,
      body,
      customer: stored ? { ...stored, companyId } : undefined,
      now: at(invoiceDate),
    });
    const code = codeOf(kind);
    return confirmed(draft, allSeries[code], claim(code, n), at(invoiceDate), company);
  }

  /**
   * The earlier complete invoice to a Spanish business that `i` rectifies (a quarter or two back,
   * or a few weeks back), or undefined: `i` is then an ordinary invoice. Called in index order.
   */
  function originalFor(i: number): number | undefined {
    if (hash01(i, 2) >= RECT_SHARE) return undefined;
    const back = hash01(i, 3) < 0.7 ? 0.25 + 0.35 * hash01(i, 4) : 0.02 + 0.05 * hash01(i, 4);
    for (let j = i - Math.max(1, Math.round(back * count)); j >= 0 && j > i - count / 2; j--) {
      if (baseKind(j) === 'B2B' && !rects.has(j) && !rectified.has(j)) return j;
    }
    return undefined;
  }

  function rectificativa(i: number, j: number, n: number): Invoice {
    const original = ordinary(j, 'B2B', numbers[j]!);
    const invoiceDate = dateOf(year, i, count);
    const substitution = hash01(i, 5) < 0.2;
    const first = original.invoiceLines[0]!;
    const returned = Math.max(1, Math.floor(first.quantityMilli / 1000 / 5));
    const body = RectifyInvoiceBody.parse(
      substitution
        ? {
            rectificationType: 'R4',
            method: 'SUBSTITUTION',
            reason: 'Anulación: pedido duplicado',
            invoiceDate,
            cancelAll: true,
          }
        : {
            rectificationType: 'R1',
            method: 'DIFFERENCES',
            reason: 'Devolución de género en mal estado',
            invoiceDate,
            invoiceLines: [
              {
                description: `Devolución: ${first.description}`,
                quantity: -returned,
                unitPriceCents: first.unitPriceCents,
                discountBp: first.discountBp,
                vatRateBp: first.vatRateBp,
              },
            ],
          },
    );
    const draft = buildRectificativa({
      invoiceId: `bti${i}`,
      body,
      originals: [original],
      invoiceDate,
      now: at(invoiceDate),
      requestedSeriesId: allSeries.R.seriesId,
    });
    return confirmed(draft, allSeries.R, claim('R', n), at(invoiceDate), company);
  }

  function* invoices(): Generator<Invoice> {
    for (let i = 0; i < count; i++) {
      const j = originalFor(i);
      if (j !== undefined) {
        rectified.add(j);
        rects.add(i);
        kinds.RECT++;
        const n = ++nextNumber.R;
        numbers[i] = n;
        yield rectificativa(i, j, n);
        continue;
      }
      const kind = baseKind(i);
      kinds[kind]++;
      const n = ++nextNumber[codeOf(kind)];
      numbers[i] = n;
      yield ordinary(i, kind, n);
    }
  }
  return { invoices, kinds };
}

// --- received invoices -----------------------------------------------------------------------------

type ReceivedKind =
  | 'SUPPLIES'
  | 'UTILITIES'
  | 'EU_GOODS'
  | 'EU_SERVICES'
  | 'IMPORT'
  | 'PROFESSIONAL'
  | 'CONSTRUCTION'
  | 'INVESTMENT'
  | 'CAR'
  | 'CREDIT_NOTE';

const SUPPLIERS = [
  'Harinas del Turia SL',
  'Lácteos Valencianos SA',
  'Huevos La Granja SL',
  'Azúcares Ibéricos SA',
  'Envases Plásticos Levante SL',
  'Cartonajes Silla SL',
  'Frutos Secos Alicante SL',
  'Levaduras del Mediterráneo SL',
].map((name, k) => ({ name, taxId: cif('B', 4_650_000 + k * 53) }));
const UTILITIES = [
  { name: 'Comercializadora Eléctrica del Turia SA', taxId: cif('A', 4_612_873) },
  { name: 'Telecomunicaciones Horta SA', taxId: cif('A', 4_630_011) },
];
const EU_GOODS_SUPPLIER = {
  name: 'Minoterie de Provence SAS',
  taxId: { type: 'NIF_IVA', value: 'FR83404833048', country: 'FR' },
  country: 'FR',
};
const EU_SERVICES_SUPPLIER = {
  name: 'Bakery Cloud Software Ltd',
  taxId: { type: 'NIF_IVA', value: 'IE6388047V', country: 'IE' },
  country: 'IE',
};
const IMPORT_SUPPLIER = {
  name: 'Shanghai Baking Equipment Co Ltd',
  taxId: { type: 'OTHER_ID', value: '91310000MA1FL4', country: 'CN' },
  country: 'CN',
};
const PROFESSIONAL = { name: 'Laura Gómez Asesoría Laboral', taxId: dni(33_412_876) };
const CONTRACTOR = { name: 'Reformas Industriales Campanar SL', taxId: cif('B', 4_690_211) };
const MACHINERY = { name: 'Hornos Industriales Alzira SA', taxId: cif('A', 4_671_305) };
const RENTING = { name: 'Renting Vehículos Levante SA', taxId: cif('A', 4_688_902) };

function receivedKind(i: number): ReceivedKind {
  const r = hash01(i, 100);
  if (r < 0.55) return 'SUPPLIES';
  if (r < 0.7) return 'UTILITIES';
  if (r < 0.78) return 'EU_GOODS';
  if (r < 0.83) return 'EU_SERVICES';
  if (r < 0.86) return 'IMPORT';
  if (r < 0.9) return 'PROFESSIONAL';
  if (r < 0.92) return 'CONSTRUCTION';
  if (r < 0.935) return 'INVESTMENT';
  if (r < 0.96) return 'CAR';
  return 'CREDIT_NOTE';
}

const rline = (
  description: string,
  quantity: number,
  unitPriceCents: number,
  vatRateBp: number,
  extra = {},
) => ({
  description,
  quantity,
  unitPriceCents,
  vatRateBp,
  ...extra,
});

function receivedBody(kind: ReceivedKind, i: number, issueDate: string, year: number, n: number) {
  const number = `P-${year}-${String(i + 1).padStart(5, '0')}`;
  const common = { supplierInvoiceNumber: number, issueDate, paymentMethod: 'TRANSFER' as const };
  switch (kind) {
    case 'SUPPLIES':
    case 'CREDIT_NOTE': {
      const supplier = pick(SUPPLIERS, i, 101);
      if (kind === 'CREDIT_NOTE') {
        const rectifiedDate = addDays(issueDate, -between(20, 120, i, 102));
        return {
          ...common,
          supplier,
          invoiceType: 'R1',
          rectification: {
            rectified: [
              {
                supplierInvoiceNumber: `P-${rectifiedDate.slice(0, 4)}-R${i}`,
                issueDate: rectifiedDate,
              },
            ],
          },
          lines: [
            rline(
              'Abono por mercancía defectuosa',
              -between(1, 10, i, 103),
              between(1_000, 4_000, i, 104),
              pick([400, 1000, 2100], i, 105),
            ),
          ],
        };
      }
      return {
        ...common,
        supplier,
        lines: [
          rline(
            'Harina panificable (saco 25 kg)',
            between(5, 60, i, 106),
            between(1_400, 1_900, i, 107),
            400,
          ),
          rline('Mantequilla y huevos', between(5, 40, i, 108), between(600, 1_500, i, 109), 1000),
          ...(hash01(i, 110) < 0.4
            ? [rline('Envases y bolsas', between(1, 20, i, 111), between(900, 3_000, i, 112), 2100)]
            : []),
        ],
      };
    }
    case 'UTILITIES':
      return {
        ...common,
        supplier: pick(UTILITIES, i, 113),
        paymentMethod: 'DIRECT_DEBIT' as const,
        lines: [rline('Suministro del mes', 1, between(20_000, 90_000, i, 114), 2100)],
      };
    case 'EU_GOODS':
      return {
        ...common,
        supplier: EU_GOODS_SUPPLIER,
        lines: [
          rline('Farine de blé T65', between(10, 80, i, 115), between(1_300, 1_700, i, 116), 400, {
            kind: 'INTRA_EU_GOODS',
          }),
        ],
      };
    case 'EU_SERVICES':
      return {
        ...common,
        supplier: EU_SERVICES_SUPPLIER,
        lines: [
          rline('Licencia de software de obrador', 1, between(9_900, 29_900, i, 117), 2100, {
            kind: 'INTRA_EU_SERVICES',
          }),
        ],
      };
    case 'IMPORT':
      return {
        ...common,
        supplier: IMPORT_SUPPLIER,
        customsDocument: `${String(year).slice(2)}ES0046${String(n).padStart(8, '0')}`,
        lines: [
          rline('Moldes y bandejas de horno', between(10, 200, i, 118), between(400, 2_500, i, 119), 2100, {
            kind: 'IMPORT',
          }),
        ],
      };
    case 'PROFESSIONAL':
      return {
        ...common,
        supplier: PROFESSIONAL,
        irpfRateBp: 1500,
        lines: [rline('Honorarios asesoría laboral', 1, between(25_000, 45_000, i, 120), 2100)],
      };
    case 'CONSTRUCTION':
      return {
        ...common,
        supplier: CONTRACTOR,
        lines: [
          rline('Reforma del obrador (ISP)', 1, between(150_000, 900_000, i, 121), 2100, {
            kind: 'REVERSE_CHARGE',
          }),
        ],
      };
    case 'INVESTMENT':
      return {
        ...common,
        supplier: MACHINERY,
        lines: [
          rline('Horno de convección', 1, between(600_000, 2_400_000, i, 122), 2100, {
            investmentGoods: true,
          }),
        ],
      };
    case 'CAR':
      return {
        ...common,
        supplier: RENTING,
        lines: [
          rline('Renting furgoneta de reparto', 1, between(38_000, 52_000, i, 123), 2100, {
            deductibleBp: 5000,
          }),
        ],
      };
  }
}

export interface ReceivedBookOptions {
  companyId: string;
  year: number;
  count: number;
}

/** The received invoices in order of issue (dates non-decreasing), built lazily. */
export function* receivedInvoices(opts: ReceivedBookOptions): Generator<ReceivedInvoice> {
  const { companyId, year, count } = opts;
  for (let i = 0; i < count; i++) {
    const issueDate = dateOf(year, i, count);
    const kind = receivedKind(i);
    const body = CreateReceivedInvoiceBody.parse({
      ...receivedBody(kind, i, issueDate, year, i + 1),
      approvalStatus: 'APPROVED',
    });
    const inline = body.supplier!;
    const at = `${issueDate}T12:00:00.000Z`;
    yield buildReceivedInvoice(
      body,
      {
        supplier: {
          supplierId: null,
          name: inline.name,
          taxId: inline.taxId,
          country: inline.country ?? taxIdCountry(inline.taxId),
        },
        rectification: body.rectification
          ? {
              method: body.rectification.method,
              ...(body.rectification.reason ? { reason: body.rectification.reason } : {}),
              rectified: body.rectification.rectified.map((r) => ({
                receivedInvoiceId: null,
                supplierInvoiceNumber: r.supplierInvoiceNumber!,
                issueDate: r.issueDate!,
              })),
            }
          : null,
      },
      {
        receivedInvoiceId: `bri${i}`,
        companyId,
        approvalStatus: 'APPROVED',
        approval: { status: 'APPROVED', comment: null, decidedBy: 'bench', decidedAt: at },
        version: 1,
        createdBy: 'bench',
        createdAt: at,
        updatedAt: at,
      },
    );
  }
}
