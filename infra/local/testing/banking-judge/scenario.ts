/**
 * What the banking judge generates from a seed (infra/local/banking-judge.int.test.ts): random Norma 43
 * statements (multi-account, modalidad 1 and 3, ISO-8859-1 text with Ñ and accents, an overdraft now
 * and then, two identical movements on one day), their overlapping successors, broken copies, and the
 * calendar helpers of the treasury rule (weeks from Monday, Europe/Madrid). Pure: no I/O.
 */

import type { Rng } from '../accounting-judge/ledger';
import { type N43Account, type N43Movement, n43Lines, totalsOf } from './n43';

// --- dates ---------------------------------------------------------------------------------------------

/** Today in Europe/Madrid (the product's day), YYYY-MM-DD. */
export const madridToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The Monday of the ISO week of `iso`. */
export function mondayOf(iso: string): string {
  const dow = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((dow + 6) % 7));
}

// --- text --------------------------------------------------------------------------------------------

/** Counterparties with the letters an ISO-8859-1 file must carry intact. */
export const PEOPLE = [
  'JOSÉ PEÑA IBÁÑEZ',
  'MARÍA NÚÑEZ CASTAÑO',
  'FERRETERÍA LA ESPAÑOLA SL',
  'CAFÉS ÁVILA Y OCAÑA SA',
  'CONSTRUCCIONES MUÑOZ ÚBEDA SL',
  'ÓPTICA GARCÍA-ALCAÑIZ',
  'LÍNEA DIRECTA ASEGURADORA',
  'AYUNTAMIENTO DE A CORUÑA',
  'PANADERÍA SEÑORÍO DE MONTEAGUDO',
  'AGÈNCIA TRIBUTÀRIA DE CATALUNYA',
] as const;

/** Two concept halves of 38 characters each (record 23 concepto A and B). */
export const ab = (a: string, b = ''): string => a.slice(0, 38).padEnd(38, ' ') + b.slice(0, 38);

interface Template {
  common: string;
  sign: 1 | -1;
  concepts: (rng: Rng) => string[];
}

const TEMPLATES: Template[] = [
  {
    common: '04',
    sign: 1,
    concepts: (r) => [ab(`TRANSFERENCIA DE ${r.pick(PEOPLE)}`, `FACTURA ${r.int(100, 9999)} AÑO 2026`)],
  },
  {
    common: '02',
    sign: 1,
    concepts: (r) => [ab('INGRESO EN EFECTIVO', `OFICINA ${r.int(1000, 9999)}`)],
  },
  {
    common: '03',
    sign: -1,
    concepts: (r) => [
      ab(`RECIBO ${r.pick(['IBERDROLA CLIENTES SAU', 'TELEFÓNICA DE ESPAÑA', 'CANAL DE ISABEL II'])}`),
      ab(`REF. MANDATO ${r.int(100000, 999999)}`, 'PERÍODO FACTURACIÓN'),
    ],
  },
  {
    common: '12',
    sign: -1,
    concepts: (r) => [
      ab(`COMPRA TARJ. 4B ${r.pick(['GASOLINERA CAÑADA', 'CAFETERÍA EL ÁRBOL', 'LIBRERÍA PÉREZ'])}`),
    ],
  },
  {
    common: '15',
    sign: -1,
    concepts: () => [
      ab('TGSS COTIZACIÓN RÉGIMEN GENERAL'),
      ab('SEGURIDAD SOCIAL', 'CÓDIGO CUENTA COTIZACIÓN'),
    ],
  },
  {
    common: '17',
    sign: -1,
    concepts: () => [ab('COMISIÓN MANTENIMIENTO', 'LIQUIDACIÓN TRIMESTRAL')],
  },
  {
    common: '04',
    sign: -1,
    concepts: (r) => [
      ab(`TRANSFERENCIA A ${r.pick(PEOPLE)}`, 'PAGO PROVEEDOR'),
      ab('CONCEPTO: ALQUILER LOCAL Nº 3', 'C/ DOCTOR FLEMING ÑANDÚ'),
      ab('REFERENCIA ORDENANTE 0001'),
    ],
  },
  { common: '99', sign: 1, concepts: () => [] },
];

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const alnum = (rng: Rng, n: number) => Array.from({ length: n }, () => ALNUM[rng.int(0, 35)]).join('');

function amount(rng: Rng): number {
  const r = rng.next();
  if (r < 0.05) return rng.int(1, 99); // céntimos only
  if (r < 0.15) return rng.int(1, 500) * 100; // whole euros
  if (r < 0.2) return rng.int(1_000_000, 250_000_000); // 10.000 € – 2,5 M€
  return rng.int(100, 2_500_000);
}

/** Random movements between `from` and `to`, booking dates ascending. */
export function randomMovements(
  rng: Rng,
  from: string,
  to: string,
  count: number,
  modalidad: 1 | 3,
): N43Movement[] {
  const span = daysBetween(from, to);
  const out: N43Movement[] = [];
  for (let i = 0; i < count; i++) {
    const t = rng.pick(TEMPLATES);
    const bookingDate = addDays(from, rng.int(0, span));
    out.push({
      bookingDate,
      valueDate: addDays(bookingDate, rng.pick([0, 0, 0, 1, 2, -1])),
      commonConcept: t.common,
      ownConcept: String(rng.int(0, 999)).padStart(3, '0'),
      amountCents: t.sign * amount(rng),
      documentNumber: digits(rng, 10),
      reference1: modalidad === 3 ? digits(rng, 12) : '',
      reference2: modalidad === 3 ? alnum(rng, 16) : rng.chance(0.3) ? alnum(rng, rng.int(4, 16)) : '',
      concepts: t.concepts(rng),
      originOffice: digits(rng, 4),
    });
  }
  return out.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
}

/** Spanish banks of the Banco de España register, with what their name must mention. */
export const BANKS = [
  { entity: '2100', name: /caixa/i },
  { entity: '0049', name: /santander/i },
  { entity: '0182', name: /bilbao|bbva/i },
  { entity: '0081', name: /sabadell/i },
  { entity: '0128', name: /bankinter/i },
  { entity: '2085', name: /ibercaja/i },
  { entity: '3058', name: /cajamar/i },
  { entity: '2095', name: /kutxa/i },
] as const;

export interface GeneratedFile {
  accounts: N43Account[];
  lines: string[];
}

/**
 * One statement file: 2 or 3 accounts of different banks (the run's own account numbers, so no other
 * test's account is touched), a month each, random modalidad, an overdraft now and then, and on the
 * first account one movement repeated identically (two real movements: both must be kept).
 */
export function randomStatement(
  rng: Rng,
  opts: { holder: string; to: string; accountPrefix: string },
): GeneratedFile {
  const n = rng.int(2, 3);
  const banks = [...BANKS].sort(() => rng.next() - 0.5).slice(0, n);
  const accounts = banks.map((b, i): N43Account => {
    const from = addDays(opts.to, -rng.int(20, 31));
    const modalidad = rng.pick([1, 3] as const);
    const movements = randomMovements(rng, from, opts.to, rng.int(6, 18), modalidad);
    if (i === 0 && movements.length > 0) {
      const twin = movements[rng.int(0, movements.length - 1)]!;
      movements.splice(movements.indexOf(twin) + 1, 0, { ...twin, concepts: [...twin.concepts] });
    }
    return {
      entity: b.entity,
      office: digits(rng, 4),
      accountNumber: `${opts.accountPrefix}${digits(rng, 10 - opts.accountPrefix.length)}`,
      from,
      to: opts.to,
      openingCents: rng.chance(0.25) ? -rng.int(1, 1_500_000) : rng.int(0, 50_000_000),
      currency: '978',
      modalidad,
      holder: opts.holder,
      movements,
    };
  });
  return { accounts, lines: n43Lines(accounts) };
}

/**
 * The next statement of the same accounts, overlapping the first: it starts on a day inside the first
 * one's period (so every movement of the first from that day on comes again, identical) and adds new
 * movements up to `to`. Its opening balance is the first one's balance at the start of that day.
 */
export function overlappingStatement(
  rng: Rng,
  first: N43Account[],
  to: string,
): { accounts: N43Account[]; newCount: number } {
  let newCount = 0;
  const accounts = first.map((a): N43Account => {
    const days = daysBetween(a.from, a.to);
    const from = addDays(a.from, Math.max(1, Math.floor(days / 2)));
    const before = a.movements.filter((m) => m.bookingDate < from);
    const again = a.movements
      .filter((m) => m.bookingDate >= from)
      .map((m) => ({ ...m, concepts: [...m.concepts] }));
    const fresh = randomMovements(rng, addDays(a.to, 1), to, rng.int(3, 8), a.modalidad);
    newCount += fresh.length;
    return {
      ...a,
      from,
      to,
      openingCents: a.openingCents + before.reduce((s, m) => s + m.amountCents, 0),
      movements: [...again, ...fresh],
    };
  });
  return { accounts, newCount };
}

export const closingOf = (a: N43Account): number => totalsOf(a).closingCents;
