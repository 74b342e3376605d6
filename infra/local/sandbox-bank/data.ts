/**
 * The sandbox bank's demo data: two Spanish institutions, their accounts (valid Spanish IBANs: CCC
 * control digits per the AEB/CSB rule and ISO 13616 check digits) and about 60 days of booked
 * movements ending today, as a Spanish SME's current account shows them: customers' transfers,
 * payroll (nóminas), the self-employed quota (TGSS, RETA), office rent, Iberdrola's direct debit,
 * the bank's maintenance fee, card payments. Deterministic: the same day gives the same data (a
 * seeded generator per account), and each account's closing balance is its opening balance plus
 * its booked movements, so balances and movements agree.
 */

export interface SandboxInstitution {
  id: string;
  name: string;
  bic: string;
  transactionTotalDays: number;
  maxAccessValidForDays: number;
  /** Whether the bank gives a transactionId (the second one does not: we deduplicate by hash). */
  givesTransactionIds: boolean;
}

export interface SandboxTransaction {
  transactionId?: string;
  internalTransactionId?: string;
  bookingDate: string;
  valueDate: string;
  transactionAmount: { amount: string; currency: 'EUR' };
  creditorName?: string;
  creditorAccount?: { iban: string };
  debtorName?: string;
  debtorAccount?: { iban: string };
  remittanceInformationUnstructured: string;
  endToEndId?: string;
  mandateId?: string;
  bankTransactionCode: string;
}

export interface SandboxAccount {
  id: string;
  institutionId: string;
  iban: string;
  ownerName: string;
  name: string;
  currency: 'EUR';
  openingCents: number;
}

export const SANDBOX_INSTITUTIONS: SandboxInstitution[] = [
  {
    id: 'SANDBOXCUADRA_CUADESMM',
    name: 'Banco Sandbox Cuadra',
    bic: 'CUADESMMXXX',
    transactionTotalDays: 730,
    maxAccessValidForDays: 180,
    givesTransactionIds: true,
  },
  {
    id: 'SANDBOXNORTE_NORTESB1',
    name: 'Caja Sandbox Norte',
    bic: 'NORTESB1XXX',
    transactionTotalDays: 90,
    maxAccessValidForDays: 90,
    givesTransactionIds: false,
  },
];

const WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
function cccDigit(ten: string): number {
  const sum = [...ten].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0);
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** A Spanish IBAN from entity, office and account number (control digits computed). */
export function spanishIban(entity: string, office: string, account: string): string {
  const dc = `${cccDigit(`00${entity}${office}`)}${cccDigit(account)}`;
  const bban = `${entity}${office}${dc}${account}`;
  // ISO 13616: BBAN + 'ES00' with letters as numbers (E=14, S=28), mod 97.
  const numeric = `${bban}142800`;
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return `ES${String(98 - rest).padStart(2, '0')}${bban}`;
}

export const SANDBOX_ACCOUNTS: SandboxAccount[] = [
  {
    id: '3f1c2a9e-0b61-4c55-9d1e-5a0c1d2e3f01',
    institutionId: 'SANDBOXCUADRA_CUADESMM',
    iban: spanishIban('9000', '0001', '0012345678'),
    ownerName: 'Demo Cuadra, S.L.',
    name: 'Cuenta Negocios',
    currency: 'EUR',
    openingCents: 18_450_32,
  },
  {
    id: '3f1c2a9e-0b61-4c55-9d1e-5a0c1d2e3f02',
    institutionId: 'SANDBOXCUADRA_CUADESMM',
    iban: spanishIban('9000', '0001', '0087654321'),
    ownerName: 'Demo Cuadra, S.L.',
    name: 'Cuenta Reserva Impuestos',
    currency: 'EUR',
    openingCents: 6_000_00,
  },
  {
    id: '7a2b4c6d-8e0f-4a1b-9c3d-5e7f9a1b3c03',
    institutionId: 'SANDBOXNORTE_NORTESB1',
    iban: spanishIban('9001', '0200', '0011223344'),
    ownerName: 'Demo Cuadra, S.L.',
    name: 'Cuenta Corriente Autónomos',
    currency: 'EUR',
    openingCents: 3_215_40,
  },
];

/** Days of movements each account shows, ending today. */
export const HISTORY_DAYS = 60;

const CUSTOMERS = [
  { name: 'TALLERES GARCIA E HIJOS SL', iban: spanishIban('2100', '0418', '4502000513') },
  { name: 'DISTRIBUCIONES LEVANTE SA', iban: spanishIban('0049', '1500', '0512345678') },
  { name: 'CONSULTORA ATLANTICO SL', iban: spanishIban('0182', '2370', '0201503010') },
  { name: 'HOSTELERIA SOL Y MAR SL', iban: spanishIban('0081', '0200', '0100012345') },
];
const LANDLORD = { name: 'INMUEBLES CASTELLANA SL', iban: spanishIban('2038', '1013', '6060001234') };
const EMPLOYEES = ['LAURA MARTIN RUIZ', 'JAVIER LOPEZ SANCHEZ'];
const CARD_SHOPS = ['REPSOL E.S. CASTELLANA', 'MERCADONA 1234', 'AMAZON EU SARL', 'CORREOS OF. 28080'];

/** A small seeded generator (mulberry32) so the data is the same on every start. */
function seeded(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const euros = (cents: number) => (cents / 100).toFixed(2);
const lastDayOfMonth = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();

interface Draft {
  date: Date;
  cents: number;
  text: string;
  party?: { name: string; iban?: string };
  code: string;
  endToEndId?: string;
  mandateId?: string;
}

function draftsFor(account: SandboxAccount, day: Date, rnd: () => number, n: number): Draft[] {
  const out: Draft[] = [];
  const dom = day.getUTCDate();
  const weekday = day.getUTCDay();
  const month = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, '0')}`;
  if (account.name === 'Cuenta Negocios') {
    if (dom === 1) {
      out.push({
        date: day,
        cents: -950_00,
        text: `TRANSFERENCIA ALQUILER OFICINA ${month}`,
        party: LANDLORD,
        code: 'PMNT-ICDT-STDO',
      });
      out.push({ date: day, cents: -15_00, text: 'COMISION MANTENIMIENTO CUENTA', code: 'ACMT-MDOP-CHRG' });
    }
    if (dom === 5) {
      out.push({
        date: day,
        cents: -(118_00 + Math.round(rnd() * 60_00)),
        text: `RECIBO IBERDROLA CLIENTES SAU FACT. ${month}`,
        party: { name: 'IBERDROLA CLIENTES SAU' },
        code: 'PMNT-RDDT-ESDD',
        mandateId: 'IBE-000987654321',
      });
    }
    if (dom === lastDayOfMonth(day)) {
      out.push({
        date: day,
        cents: -294_00,
        text: `TGSS COTIZACION REG. ESPECIAL AUTONOMOS ${month}`,
        party: { name: 'TESORERIA GENERAL SEG SOCIAL' },
        code: 'PMNT-RDDT-ESDD',
        mandateId: 'TGSS-RETA-00012345',
      });
    }
    if (dom === 28) {
      for (const [i, who] of EMPLOYEES.entries()) {
        out.push({
          date: day,
          cents: -(i === 0 ? 1_650_00 : 1_420_00),
          text: `NOMINA ${month} ${who}`,
          party: { name: who },
          code: 'PMNT-ICDT-SALA',
        });
      }
    }
    if (weekday >= 1 && weekday <= 5 && rnd() < 0.3) {
      const c = CUSTOMERS[Math.floor(rnd() * CUSTOMERS.length)]!;
      const invoice = `F2026-${String(100 + n).padStart(4, '0')}`;
      out.push({
        date: day,
        cents: 300_00 + Math.round(rnd() * 2_400_00),
        text: `TRANSFERENCIA DE ${c.name} PAGO FRA ${invoice}`,
        party: c,
        code: 'PMNT-RCDT-ESCT',
        endToEndId: `E2E${month}${String(n).padStart(5, '0')}`,
      });
    }
    if (weekday >= 1 && weekday <= 6 && rnd() < 0.2) {
      const shop = CARD_SHOPS[Math.floor(rnd() * CARD_SHOPS.length)]!;
      out.push({
        date: day,
        cents: -(8_00 + Math.round(rnd() * 90_00)),
        text: `COMPRA TARJ. 4940****1234 ${shop}`,
        party: { name: shop },
        code: 'PMNT-CCRD-POSD',
      });
    }
  } else if (account.name === 'Cuenta Reserva Impuestos') {
    if (dom === 20) {
      out.push({
        date: day,
        cents: 1_200_00,
        text: 'TRASPASO DESDE CUENTA NEGOCIOS RESERVA IVA',
        party: { name: account.ownerName },
        code: 'PMNT-ICDT-BOOK',
      });
    }
    if (dom === lastDayOfMonth(day)) {
      out.push({ date: day, cents: 2_37, text: 'LIQUIDACION INTERESES A SU FAVOR', code: 'ACMT-MCOP-INTR' });
    }
  } else {
    if (dom === 2) {
      out.push({
        date: day,
        cents: 1_980_00,
        text: `ABONO NOMINA ${month} CONSULTORA ATLANTICO SL`,
        party: CUSTOMERS[2],
        code: 'PMNT-RCDT-SALA',
      });
    }
    if (dom === 3) {
      out.push({ date: day, cents: -6_00, text: 'COMISION MANTENIMIENTO', code: 'ACMT-MDOP-CHRG' });
    }
    if (dom === lastDayOfMonth(day)) {
      out.push({
        date: day,
        cents: -294_00,
        text: `TGSS CUOTA AUTONOMOS ${month}`,
        party: { name: 'TESORERIA GENERAL SEG SOCIAL' },
        code: 'PMNT-RDDT-ESDD',
        mandateId: 'TGSS-RETA-00067890',
      });
    }
    if (weekday >= 1 && weekday <= 5 && rnd() < 0.15) {
      const shop = CARD_SHOPS[Math.floor(rnd() * CARD_SHOPS.length)]!;
      out.push({
        date: day,
        cents: -(5_00 + Math.round(rnd() * 40_00)),
        text: `PAGO TARJETA ${shop}`,
        party: { name: shop },
        code: 'PMNT-CCRD-POSD',
      });
    }
  }
  return out;
}

function toTransaction(account: SandboxAccount, d: Draft, seq: number, withIds: boolean): SandboxTransaction {
  const date = iso(d.date);
  const t: SandboxTransaction = {
    bookingDate: date,
    valueDate: date,
    transactionAmount: { amount: euros(d.cents), currency: 'EUR' },
    remittanceInformationUnstructured: d.text,
    bankTransactionCode: d.code,
  };
  if (withIds)
    t.transactionId = `${account.id.slice(0, 8)}-${date.replace(/-/g, '')}-${String(seq).padStart(4, '0')}`;
  if (d.party) {
    const side = d.cents > 0 ? 'debtor' : 'creditor';
    t[`${side}Name`] = d.party.name;
    if (d.party.iban) t[`${side}Account`] = { iban: d.party.iban };
  }
  if (d.endToEndId) t.endToEndId = d.endToEndId;
  if (d.mandateId) t.mandateId = d.mandateId;
  return t;
}

export interface AccountBook {
  booked: SandboxTransaction[];
  pending: SandboxTransaction[];
  /** Opening + every booked movement (closingBooked); available = closing + pending. */
  closingCents: number;
  availableCents: number;
  closingDate: string;
}

/** The account's movements over the HISTORY_DAYS ending on `today` (UTC date), newest first as banks give them. */
export function bookOf(account: SandboxAccount, today: Date): AccountBook {
  const institution = SANDBOX_INSTITUTIONS.find((i) => i.id === account.institutionId)!;
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const start = addDays(end, -(HISTORY_DAYS - 1));
  const rnd = seeded(`${account.iban}|${iso(start)}`);
  const booked: SandboxTransaction[] = [];
  let running = account.openingCents;
  let seq = 0;
  for (let day = start; day <= end; day = addDays(day, 1)) {
    for (const d of draftsFor(account, day, rnd, seq)) {
      seq += 1;
      running += d.cents;
      booked.push(toTransaction(account, d, seq, institution.givesTransactionIds));
    }
  }
  // Today's card payment not yet booked: shown as pending (never stored by Cuadra).
  const pendingDraft: Draft = {
    date: end,
    cents: -(12_00 + Math.round(rnd() * 30_00)),
    text: `COMPRA TARJ. 4940****1234 ${CARD_SHOPS[0]} (PENDIENTE)`,
    party: { name: CARD_SHOPS[0]! },
    code: 'PMNT-CCRD-POSD',
  };
  const pending = [toTransaction(account, pendingDraft, seq + 1, false)];
  const pendingCents = pending.reduce((s, t) => s + Math.round(Number(t.transactionAmount.amount) * 100), 0);
  return {
    booked: booked.reverse(),
    pending,
    closingCents: running,
    availableCents: running + pendingCents,
    closingDate: iso(end),
  };
}
