/**
 * The quarter the accounting judge sends (issue 18, "How it will be judged"), drawn from a seed: a
 * fresh SL's third quarter of 2026 with ~30 issued invoices (21/10/4 %, some with IRPF 15 % withheld by
 * the customer, a retailer in recargo de equivalencia, an exempt intra-EU delivery, small sales paid in
 * cash), a cancelled invoice, a rectificativa by differences, 20 received invoices (goods, rent,
 * utilities, a professional with IRPF 15 %, a car lease 50 % deductible, intra-EU services and goods
 * self-assessed, an investment good, exempt insurance from a supplier the company maps to 625, office
 * supplies with no category), and collections and payments by transfer, card, direct debit and cash,
 * some partial. Every amount the judge expects is worked out from these specs by ledger.ts.
 */

import { cifControl, dniLetter } from '@shared/fiscal/nif';
import {
  addDays,
  type CustomerSpec,
  customerParty,
  type IssuedSpec,
  issuedTotals,
  type Party,
  type PaymentMethod,
  type ReceivedLineSpec,
  type ReceivedSpec,
  type Rng,
  receivedTotals,
  type SupplierSpec,
  supplierParty,
} from './ledger';

export const QUARTER = { from: '2026-07-01', to: '2026-09-30', lastDocument: '2026-09-20' } as const;

const cif = (seven: string) => `B${seven}${cifControl(seven).digit}`;
const dni = (eight: string) => `${eight}${dniLetter(Number(eight))}`;

/** The default expense categories' names and the PGC account each stands for (PGC 4th part, group 6). */
export const CATEGORY = {
  goods: { name: 'Compras de mercaderías', account: '600' },
  rent: { name: 'Alquileres', account: '621' },
  professional: { name: 'Servicios profesionales', account: '623' },
  utilities: { name: 'Suministros', account: '628' },
} as const;

export interface CollectionSpec {
  ref: string;
  invoiceRef: string;
  party: Party;
  date: string;
  cents: number;
  method: PaymentMethod;
}

export interface SupplierPaymentSpec {
  ref: string;
  receivedRef: string;
  party: Party;
  date: string;
  cents: number;
  method: PaymentMethod;
}

export interface Scenario {
  seed: number;
  customers: CustomerSpec[];
  suppliers: SupplierSpec[];
  /** Confirmed and kept (30). */
  issued: IssuedSpec[];
  /** Confirmed, then cancelled (no payments). */
  cancelled: IssuedSpec;
  /** A rectificativa R1 by differences of `issued[0]`. */
  rectificativa: IssuedSpec & { of: string };
  received: ReceivedSpec[];
  collections: CollectionSpec[];
  supplierPayments: SupplierPaymentSpec[];
}

const RATES = [2100, 1000, 400] as const;

export function buildScenario(seed: number, rng: Rng, run: string): Scenario {
  const dateIn = (lo = QUARTER.from, days = 81) => addDays(lo, rng.int(0, days), QUARTER.lastDocument);

  // --- counterparties ---
  const C = (ref: string, name: string, nif: string, recargo = false): CustomerSpec => ({
    ref,
    name,
    nif,
    recargo,
    stored: true,
  });
  const c1 = C('C1', 'Consultora Albufera SL', cif('2345671'));
  const c2 = C('C2', 'Ingeniería Malvarrosa SL', cif('3456712'));
  const c3 = C('C3', 'Hostelería Benimaclet SL', cif('4567123'));
  const c4 = C('C4', 'Talleres Patraix SL', cif('5671234'));
  const c5 = C('C5', 'Comercial Campanar SL', cif('6712345'));
  const cre = C('CRE', 'Ultramarinos Pilar Sanchis', dni('44556671'), true);
  const ceu: CustomerSpec = {
    ref: 'CEU',
    name: 'Berliner Handel GmbH',
    euVat: { country: 'DE', value: 'DE129273398' },
    recargo: false,
    stored: false,
  };
  const customers = [c1, c2, c3, c4, c5, cre, ceu];

  const S = (
    ref: string,
    name: string,
    taxId: SupplierSpec['taxId'],
    over: Partial<SupplierSpec> = {},
  ): SupplierSpec => ({
    ref,
    name,
    taxId,
    stored: false,
    ...over,
  });
  const sg1 = S('SG1', 'Distribuciones Huerta SL', cif('7123456'));
  const sg2 = S('SG2', 'Almacenes Levante SL', cif('1234560'));
  const sr = S('SR', 'Inmuebles Ruzafa SL', cif('2345607'));
  const sp = S('SP', 'Laura Gómez Pastor', dni('33445566'));
  const ss = S('SS', 'Eléctrica del Turia SL', cif('3456078'));
  const sc = S('SC', 'Renting Coches Valencia SL', cif('4560789'));
  const seu = S('SEU', 'Rheinland Software GmbH', { type: 'NIF_IVA', value: 'DE811128135', country: 'DE' });
  const seg = S('SEG', 'Amsterdam Trading BV', { type: 'NIF_IVA', value: 'NL004495445B01', country: 'NL' });
  const si = S('SI', 'Maquinaria Industrial Paterna SL', cif('5607891'));
  const sm = S('SM', 'Papelería Central SL', cif('6078912'));
  const sins = S('SINS', 'Seguros Mediterráneo SL', cif('7089123'), { stored: true, mappedAccount: '625' });
  const suppliers = [sg1, sg2, sr, sp, ss, sc, seu, seg, si, sm, sins];

  // --- issued invoices ---
  const issued: IssuedSpec[] = [];
  let n = 0;
  const ref = () => `I${String(++n).padStart(2, '0')}`;
  const line = (vatRateBp: number, lo: number, hi: number, qty = rng.int(1, 4)) => ({
    description: rng.pick([
      'Suministro de material',
      'Servicio de mantenimiento',
      'Asesoramiento técnico',
      'Producto terminado',
    ]),
    quantity: qty,
    unitPriceCents: rng.int(lo, hi),
    vatRateBp,
  });
  // I01: the invoice the rectificativa corrects (no IRPF, never collected; its first line ≥ 400,00).
  issued.push({
    ref: ref(),
    date: dateIn(QUARTER.from, 40),
    customer: c5,
    lines: [
      line(rng.pick(RATES), 20_000, 90_000, 2),
      ...(rng.chance(0.5) ? [line(rng.pick(RATES), 1_500, 50_000)] : []),
    ],
    irpfBp: 0,
  });
  for (let i = 0; i < 23; i++) {
    const customer = rng.pick([c1, c2, c3, c4, c5]);
    const rates = rng.chance(0.4) ? [rng.pick(RATES), rng.pick(RATES)] : [rng.pick(RATES)];
    issued.push({
      ref: ref(),
      date: dateIn(),
      customer,
      lines: rates.map((r) => line(r, 1_500, 120_000)),
      // The customers who are businesses and withhold IRPF on our professional fees.
      irpfBp: (customer === c1 || customer === c2) && rng.chance(0.6) ? 1500 : 0,
    });
  }
  // Small sales, collected in cash (under the 1.000 € limit of Ley 7/2012 art. 7).
  const cashSales = new Set<string>();
  for (const customer of [c3, c4, c5]) {
    const r = ref();
    cashSales.add(r);
    issued.push({ ref: r, date: dateIn(), customer, lines: [line(2100, 5_000, 60_000, 1)], irpfBp: 0 });
  }
  // The retailer in recargo de equivalencia: every rate, with its recargo.
  for (let i = 0; i < 2; i++) {
    issued.push({
      ref: ref(),
      date: dateIn(),
      customer: cre,
      lines: [
        line(2100, 2_000, 50_000),
        line(1000, 2_000, 50_000),
        ...(i === 0 ? [line(400, 2_000, 50_000)] : []),
      ],
      irpfBp: 0,
    });
  }
  // An intra-EU delivery of goods, exempt (E5).
  issued.push({
    ref: ref(),
    date: dateIn(),
    customer: ceu,
    lines: [
      { ...line(0, 10_000, 100_000, rng.int(1, 10)), description: 'Entrega intracomunitaria', e5: true },
    ],
    irpfBp: 0,
  });

  const cancelled: IssuedSpec = {
    ref: 'ICAN',
    date: dateIn(),
    customer: c4,
    lines: [line(2100, 5_000, 80_000)],
    irpfBp: 0,
  };
  const first = issued[0]!;
  const rectificativa: IssuedSpec & { of: string } = {
    ref: 'IRECT',
    of: first.ref,
    date: addDays(first.date, rng.int(1, 20), QUARTER.lastDocument),
    customer: c5,
    // A rebate of 100,00 € on the first line's rate: every quota is exact (no rounding to argue about).
    lines: [
      {
        description: 'Bonificación por defecto de calidad',
        quantity: -1,
        unitPriceCents: 10_000,
        vatRateBp: first.lines[0]!.vatRateBp,
      },
    ],
    irpfBp: 0,
  };

  // --- collections ---
  const collections: CollectionSpec[] = [];
  let k = 0;
  const collect = (inv: IssuedSpec, cents: number, method: PaymentMethod, after = 0) => {
    collections.push({
      ref: `K${String(++k).padStart(2, '0')}`,
      invoiceRef: inv.ref,
      party: customerParty(inv.customer),
      date: addDays(inv.date, after + rng.int(1, 20), QUARTER.to),
      cents,
      method,
    });
  };
  for (const inv of issued.slice(1)) {
    const total = issuedTotals(inv).totalCents;
    if (cashSales.has(inv.ref)) {
      // One of them is collected only in part.
      if (inv.customer === c4) collect(inv, Math.floor(total / 2), 'CASH');
      else collect(inv, total, 'CASH');
      continue;
    }
    const r = rng.next();
    if (r < 0.45) collect(inv, total, rng.chance(0.8) ? 'TRANSFER' : 'CARD');
    else if (r < 0.7) {
      const part = Math.floor((total * rng.int(20, 80)) / 100);
      collect(inv, part, 'TRANSFER');
      if (rng.chance(0.5)) collect(inv, Math.floor((total - part) / 2), 'DIRECT_DEBIT', 21);
    }
  }

  // --- received invoices ---
  const received: ReceivedSpec[] = [];
  let m = 0;
  const rline = (
    vatRateBp: number,
    lo: number,
    hi: number,
    over: Partial<ReceivedLineSpec> = {},
  ): ReceivedLineSpec => ({
    description: 'Compra',
    quantity: rng.int(1, 3),
    unitPriceCents: rng.int(lo, hi),
    vatRateBp,
    kind: 'DOMESTIC',
    deductibleBp: 10_000,
    investmentGoods: false,
    ...over,
  });
  const receive = (
    supplier: SupplierSpec,
    date: string,
    lines: ReceivedLineSpec[],
    over: Partial<ReceivedSpec> = {},
  ) => {
    const r = `R${String(++m).padStart(2, '0')}`;
    received.push({
      ref: r,
      number: `${supplier.ref}-${m}-${run}`,
      date,
      supplier,
      lines,
      irpfBp: 0,
      ...over,
    });
    return received[received.length - 1]!;
  };
  for (const s of [sg1, sg1, sg1, sg2, sg2]) {
    receive(
      s,
      dateIn(),
      Array.from({ length: rng.int(1, 3) }, () =>
        rline(rng.pick(RATES), 5_000, 60_000, { description: 'Mercaderías' }),
      ),
      { category: CATEGORY.goods },
    );
  }
  const rent = rng.int(80_000, 150_000);
  for (const month of ['07', '08', '09']) {
    receive(
      sr,
      `2026-${month}-01`,
      [rline(2100, rent, rent, { quantity: 1, description: 'Alquiler del local' })],
      {
        category: CATEGORY.rent,
      },
    );
  }
  for (const month of ['07', '09']) {
    receive(
      sp,
      `2026-${month}-${String(rng.int(2, 20)).padStart(2, '0')}`,
      [rline(2100, 30_000, 120_000, { quantity: 1, description: 'Honorarios de asesoría' })],
      {
        category: CATEGORY.professional,
        irpfBp: 1500,
      },
    );
  }
  for (const month of ['07', '08', '09']) {
    receive(
      ss,
      `2026-${month}-${String(rng.int(5, 15)).padStart(2, '0')}`,
      [rline(2100, 8_000, 40_000, { quantity: 1, description: 'Electricidad' })],
      {
        category: CATEGORY.utilities,
      },
    );
  }
  // A car lease used half for the business: half of its VAT is not deductible (art. 95.Tres LIVA).
  receive(
    sc,
    dateIn(),
    [rline(2100, 30_001, 90_000, { quantity: 1, deductibleBp: 5000, description: 'Renting vehículo' })],
    {
      category: CATEGORY.rent,
    },
  );
  receive(
    seu,
    dateIn(),
    [
      rline(2100, 50_000, 200_000, {
        quantity: 1,
        kind: 'INTRA_EU_SERVICES',
        description: 'Licencia y consultoría',
      }),
    ],
    {
      category: CATEGORY.professional,
    },
  );
  receive(
    seg,
    dateIn(),
    [rline(2100, 40_000, 150_000, { kind: 'INTRA_EU_GOODS', description: 'Mercaderías UE' })],
    {
      category: CATEGORY.goods,
    },
  );
  receive(si, dateIn(), [
    rline(2100, 200_000, 600_000, { quantity: 1, investmentGoods: true, description: 'Máquina envasadora' }),
  ]);
  receive(sm, dateIn(), [rline(2100, 1_500, 6_000, { quantity: 1, description: 'Material de oficina' })]);
  receive(sm, dateIn(), [rline(2100, 1_500, 30_000, { description: 'Material de oficina' })]);
  receive(sins, dateIn(), [
    rline(0, 20_000, 80_000, { quantity: 1, kind: 'EXEMPT', description: 'Prima seguro multirriesgo' }),
  ]);

  // --- payments to suppliers ---
  const supplierPayments: SupplierPaymentSpec[] = [];
  let p = 0;
  const pay = (inv: ReceivedSpec, cents: number, method: PaymentMethod) => {
    supplierPayments.push({
      ref: `P${String(++p).padStart(2, '0')}`,
      receivedRef: inv.ref,
      party: supplierParty(inv),
      date: addDays(inv.date, rng.int(0, 20), QUARTER.to),
      cents,
      method,
    });
  };
  for (const inv of received) {
    const total = receivedTotals(inv).totalCents;
    const s = inv.supplier;
    if (s === ss || s === sc) pay(inv, total, 'DIRECT_DEBIT');
    else if (s === sr || s === sins || s === seu) pay(inv, total, 'TRANSFER');
    else if (s === sm) {
      if (inv === received.find((x) => x.supplier === sm)) pay(inv, total, 'CASH');
    } else if (s === si || s === seg) pay(inv, Math.floor((total * rng.int(20, 50)) / 100), 'TRANSFER');
    else if (rng.chance(0.7)) {
      if (rng.chance(0.6)) pay(inv, total, 'TRANSFER');
      else pay(inv, Math.floor((total * rng.int(30, 70)) / 100), 'TRANSFER');
    }
  }

  // The quarter ends with money in the bank and in the till (no overdraft to classify): the largest
  // payments are left unpaid until the payments fit in what was collected.
  const bank = (method: PaymentMethod) => method !== 'CASH';
  const inflow = (cash: boolean) =>
    collections.filter((c) => bank(c.method) !== cash).reduce((a, c) => a + c.cents, 0);
  for (const cash of [false, true]) {
    const outflow = () =>
      supplierPayments.filter((x) => bank(x.method) !== cash).reduce((a, x) => a + x.cents, 0);
    while (outflow() > inflow(cash)) {
      const largest = supplierPayments
        .filter((x) => bank(x.method) !== cash)
        .sort((a, b) => b.cents - a.cents)[0]!;
      supplierPayments.splice(supplierPayments.indexOf(largest), 1);
    }
  }

  return {
    seed,
    customers,
    suppliers,
    issued,
    cancelled,
    rectificativa,
    received,
    collections,
    supplierPayments,
  };
}
