/**
 * Bench of the reconciliation matcher (issue 19 item 3; functions/domains/banking/model/matching):
 * a synthetic ledger from a seeded PRNG (the same every run) and a month of bank movements whose
 * true match is known, and the proposals the matcher makes for them: precision and recall of the
 * proposals (score ≥ 60) and of the set "accept with one key" takes (≥ 80), and the matching time per
 * 100 movements, next to a naive matcher in the same run (exact outstanding amount only, first
 * unused document by due date). Pure model, no DynamoDB.
 *
 * The ledger: 60 customers (name, NIF, IBAN) with 300 open invoices, 8 suppliers with 30 received
 * invoices (and 12 February collections); amounts drawn so that some are owed by several customers at once (the same fee billed
 * to many). The month (~400 movements): exact transfers with the payer's IBAN and name, transfers
 * naming only the invoice number, transfers with only the payer's name, transfers with nothing but
 * the amount, partial payments in two instalments, one transfer for several invoices, transfers
 * short of a bank fee, direct-debit returns of earlier collections, supplier payments, TGSS quotas,
 * AEAT payments, bank commissions, and noise (unrelated movements, some of an amount an invoice is owed).
 */

import { performance } from 'node:perf_hooks';
import {
  type CandidateItem,
  documentKey,
  type MatchingInput,
  type MatchingMovement,
  proposeMatches,
} from '@functions/domains/banking/model/matching';

// --- seeded PRNG (mulberry32) ----------------------------------------------------------------------------

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

const FIRST = [
  'Talleres',
  'Distribuciones',
  'Construcciones',
  'Asesoría',
  'Transportes',
  'Comercial',
  'Instalaciones',
  'Gráficas',
  'Muebles',
  'Hostelería',
];
const LAST = [
  'Pérez',
  'García',
  'López',
  'Martínez',
  'Sánchez',
  'Gómez',
  'Ruiz',
  'Díaz',
  'Moreno',
  'Navarro',
  'Romero',
  'Alonso',
  'Torres',
  'Vega',
];
const FORMS = ['SL', 'SA', 'SLU', 'S.L.'];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Party {
  id: string;
  name: string;
  nif: string;
  iban: string;
}

interface Ledger {
  items: CandidateItem[];
  movements: MatchingMovement[];
  /** movementId -> what it truly is: the sorted document keys, `ACCOUNT:<code>`, or null (noise). */
  truth: Map<string, string | null>;
}

export function generateLedger(seed = 2026): Ledger {
  const r = prng(seed);
  const party = (i: number, kind: 'C' | 'S'): Party => ({
    id: `${kind}${i}`,
    name: `${r.pick(FIRST)} ${r.pick(LAST)}${i % 3 === 0 ? ` ${r.pick(LAST)}` : ''} ${r.pick(FORMS)}`,
    nif: `B${r.digits(8)}`,
    iban: `ES${r.digits(22)}`,
  });
  const customers = Array.from({ length: 60 }, (_, i) => party(i, 'C'));
  const suppliers = Array.from({ length: 8 }, (_, i) => party(i, 'S'));
  // Amounts: mostly free, a fifth from a short list of "standard fees" owed by many customers.
  const standard = [12_100, 24_200, 36_300, 60_500, 121_000];
  const amount = () => (r.next() < 0.2 ? r.pick(standard) : r.int(40, 6_000) * 100 + r.int(0, 99));
  const items: CandidateItem[] = [];
  const newItem = (
    p: Party,
    n: number,
    kind: 'INV' | 'REC',
    over: Partial<CandidateItem> = {},
  ): CandidateItem => {
    const issueDate = addDays('2025-01-02', r.int(0, 55));
    const due = addDays(issueDate, r.pick([0, 30, 30, 45, 60]));
    const total = amount();
    const it: CandidateItem = {
      kind,
      direction: kind === 'INV' ? 'RECEIVABLE' : 'PAYABLE',
      documentId: `${kind.toLowerCase()}${n}`,
      number: kind === 'INV' ? `F-2025-${String(n).padStart(4, '0')}` : `${p.id}/${r.digits(5)}`,
      issueDate,
      partyId: p.id,
      partyName: p.name,
      partyNif: p.nif,
      partyIban: r.next() < 0.85 ? p.iban : null,
      totalCents: total,
      outstandingCents: total,
      dueDates: [{ dueDate: due, amountCents: total, paidCents: 0 }],
      nextDueDate: due,
      payments: [],
      status: 'OPEN',
      ...over,
    };
    items.push(it);
    return it;
  };
  const invoices = Array.from({ length: 300 }, (_, n) => newItem(r.pick(customers), n + 1, 'INV'));
  const received = Array.from({ length: 30 }, (_, n) => newItem(r.pick(suppliers), n + 1, 'REC'));
  // Collections of February that the bank will return in March (already PAID, by direct debit).
  const collected = Array.from({ length: 12 }, (_, n) => {
    const c = r.pick(customers);
    const total = amount();
    return newItem(c, 1000 + n, 'INV', {
      status: 'PAID',
      outstandingCents: 0,
      dueDates: [{ dueDate: '2025-02-20', amountCents: total, paidCents: total }],
      totalCents: total,
      nextDueDate: null,
      payments: [{ paymentId: `pay${n}`, date: '2025-02-20', amountCents: total, method: 'DIRECT_DEBIT' }],
    });
  });
  const partyOf = new Map([...customers, ...suppliers].map((p) => [p.id, p]));

  const movements: MatchingMovement[] = [];
  const truth = new Map<string, string | null>();
  let seq = 0;
  const mv = (amountCents: number, over: Partial<MatchingMovement>, truly: string | null) => {
    const bookingDate = over.bookingDate ?? addDays('2025-03-01', r.int(0, 30));
    const id = `m${bookingDate.replace(/-/g, '')}${String(++seq).padStart(16, '0')}`;
    movements.push({
      movementId: id,
      bookingDate,
      amountCents,
      commonConcept: amountCents > 0 ? '02' : '04',
      description: 'TRANSFERENCIA',
      conceptLines: [],
      counterpartyName: null,
      counterpartyIban: null,
      counterpartyNif: null,
      reference1: null,
      reference2: null,
      endToEndId: null,
      documentNumber: null,
      ...over,
    });
    truth.set(id, truly);
    return id;
  };
  const near = (it: CandidateItem) => addDays(it.nextDueDate ?? it.issueDate, r.int(-6, 12));
  const pool = [...invoices];
  const take = () => pool.splice(r.int(0, pool.length - 1), 1)[0]!;
  const key = (...its: CandidateItem[]) =>
    its
      .map((i) => documentKey(i.kind, i.documentId))
      .sort()
      .join('+');
  const after = (it: CandidateItem, d: string) => (d < it.issueDate ? addDays(it.issueDate, 1) : d);

  // Exact transfers with the payer's IBAN and name (150).
  for (let i = 0; i < 150; i++) {
    const it = take();
    const p = partyOf.get(it.partyId!)!;
    mv(
      it.outstandingCents,
      {
        bookingDate: after(it, near(it)),
        counterpartyIban: p.iban,
        counterpartyName: fold(p.name),
        conceptLines: [`TRANSFERENCIA DE ${fold(p.name)}`],
      },
      key(it),
    );
  }
  // Only the invoice number in the remittance (50).
  for (let i = 0; i < 50; i++) {
    const it = take();
    mv(
      it.outstandingCents,
      {
        bookingDate: after(it, near(it)),
        conceptLines: [`PAGO FRA ${it.number.replace(/-/g, r.pick(['', '/', ' ']))}`],
      },
      key(it),
    );
  }
  // Only the payer's name, truncated as banks do (25).
  for (let i = 0; i < 25; i++) {
    const it = take();
    const p = partyOf.get(it.partyId!)!;
    mv(
      it.outstandingCents,
      { bookingDate: after(it, near(it)), counterpartyName: fold(p.name).slice(0, 24) },
      key(it),
    );
  }
  // Nothing but the amount (15).
  for (let i = 0; i < 15; i++) {
    const it = take();
    mv(it.outstandingCents, { bookingDate: after(it, near(it)) }, key(it));
  }
  // Partial payments: two transfers for one invoice (12 invoices, 24 movements).
  for (let i = 0; i < 12; i++) {
    const it = take();
    const p = partyOf.get(it.partyId!)!;
    const first = Math.round(it.outstandingCents * r.pick([0.3, 0.4, 0.5]));
    for (const part of [first, it.outstandingCents - first]) {
      mv(
        part,
        { bookingDate: after(it, near(it)), counterpartyIban: p.iban, counterpartyName: fold(p.name) },
        key(it),
      );
    }
  }
  // One transfer for two or three invoices of the same customer (12).
  for (let i = 0, made = 0; i < 200 && made < 12; i++) {
    const it = take();
    const siblings = pool.filter((o) => o.partyId === it.partyId).slice(0, r.int(1, 2));
    if (siblings.length === 0) {
      pool.push(it);
      continue;
    }
    for (const s of siblings) pool.splice(pool.indexOf(s), 1);
    const all = [it, ...siblings];
    const p = partyOf.get(it.partyId!)!;
    const latest = all
      .map((x) => x.issueDate)
      .sort()
      .at(-1)!;
    mv(
      all.reduce((s, x) => s + x.outstandingCents, 0),
      {
        bookingDate: after({ ...it, issueDate: latest }, near(it)),
        counterpartyIban: p.iban,
        counterpartyName: fold(p.name),
      },
      key(...all),
    );
    made++;
  }
  // Short of a bank fee (15).
  for (let i = 0; i < 15; i++) {
    const it = take();
    const p = partyOf.get(it.partyId!)!;
    mv(
      it.outstandingCents - r.int(150, 900),
      { bookingDate: after(it, near(it)), counterpartyIban: p.iban, counterpartyName: fold(p.name) },
      key(it),
    );
  }
  // Direct-debit returns (concepto 14) of February's collections (8).
  for (const it of collected.slice(0, 8)) {
    const p = partyOf.get(it.partyId!)!;
    mv(
      -it.payments[0]!.amountCents,
      {
        commonConcept: '14',
        description: `DEVOLUCION RECIBO ${fold(p.name)}`,
        counterpartyName: fold(p.name),
      },
      key(it),
    );
  }
  // Supplier payments (OUT) with the supplier's IBAN (25).
  for (const it of received.slice(0, 25)) {
    const p = partyOf.get(it.partyId!)!;
    mv(
      -it.outstandingCents,
      {
        bookingDate: after(it, near(it)),
        counterpartyIban: p.iban,
        counterpartyName: fold(p.name),
        conceptLines: [`PAGO FACTURA ${it.number}`],
      },
      key(it),
    );
  }
  // Recurring movements.
  for (let i = 0; i < 3; i++)
    mv(
      -r.int(800, 2_500) * 100,
      { commonConcept: '15', description: 'TGSS COTIZACION REGIMEN GENERAL' },
      'ACCOUNT:642',
    );
  for (let i = 0; i < 2; i++)
    mv(-r.int(500, 9_000) * 100, { description: 'AGENCIA TRIBUTARIA MODELO 303' }, 'ACCOUNT:4750');
  for (let i = 0; i < 12; i++)
    mv(
      -r.int(150, 4_500),
      {
        commonConcept: '17',
        description: r.pick(['COMISION MANTENIMIENTO', 'COMISION TRANSFERENCIA', 'COMISIONES']),
      },
      'ACCOUNT:626',
    );
  // Noise: card purchases, cash, unrelated transfers; some of an amount an open invoice is owed.
  for (let i = 0; i < 60; i++) {
    const owed = r.next() < 0.35 && pool.length > 0 ? r.pick(pool).outstandingCents : null;
    const amountCents = owed ?? (r.next() < 0.5 ? 1 : -1) * (r.int(5, 3_000) * 100 + r.int(0, 99));
    mv(
      amountCents,
      {
        commonConcept: r.pick(['12', '11', '99', '04']),
        description: r.pick(['COMPRA TARJETA', 'REINTEGRO CAJERO', 'TRASPASO', 'BIZUM']),
        counterpartyName: `${r.pick(FIRST).toUpperCase()} ${r.pick(LAST).toUpperCase()}`,
      },
      null,
    );
  }
  return { items, movements, truth };
}

// --- scoring -----------------------------------------------------------------------------------------------

interface Outcome {
  proposed: number;
  correct: number;
  auto: number;
  autoCorrect: number;
}

function whatOf(
  items: readonly {
    kind: string;
    documentKind: string | null;
    documentId: string | null;
    accountCode: string | null;
  }[],
): string {
  const accounts = items.filter((i) => i.kind === 'ACCOUNT').map((i) => `ACCOUNT:${i.accountCode}`);
  if (accounts.length > 0) return accounts.join('+');
  return items
    .map((i) => documentKey(i.documentKind as 'INV' | 'REC', i.documentId!))
    .sort()
    .join('+');
}

function evaluate(ledger: Ledger, proposals: Map<string, { score: number; what: string } | null>): Outcome {
  const o: Outcome = { proposed: 0, correct: 0, auto: 0, autoCorrect: 0 };
  for (const [id, p] of proposals) {
    if (!p) continue;
    const ok = ledger.truth.get(id) === p.what;
    o.proposed++;
    if (ok) o.correct++;
    if (p.score >= 80) {
      o.auto++;
      if (ok) o.autoCorrect++;
    }
  }
  return o;
}

/** The naive matcher: the first unused document (by due date) whose outstanding equals the amount. */
function naive(input: MatchingInput): Map<string, { score: number; what: string } | null> {
  const used = new Set<string>();
  const docs = [...input.items]
    .filter((i) => i.status === 'OPEN')
    .sort(
      (a, b) =>
        (a.nextDueDate ?? '').localeCompare(b.nextDueDate ?? '') || a.documentId.localeCompare(b.documentId),
    );
  const out = new Map<string, { score: number; what: string } | null>();
  for (const m of [...input.movements].sort(
    (a, b) => a.bookingDate.localeCompare(b.bookingDate) || a.movementId.localeCompare(b.movementId),
  )) {
    const dir = m.amountCents >= 0 ? 'RECEIVABLE' : 'PAYABLE';
    const hit = docs.find(
      (d) => d.direction === dir && d.outstandingCents === Math.abs(m.amountCents) && !used.has(d.documentId),
    );
    if (hit) used.add(hit.documentId);
    out.set(m.movementId, hit ? { score: 100, what: documentKey(hit.kind, hit.documentId) } : null);
  }
  return out;
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);

export async function benchReconciliation(): Promise<{ lines: string[]; ok: boolean }> {
  const ledger = generateLedger();
  const input: MatchingInput = { movements: ledger.movements, items: ledger.items, rules: [] };
  const withTruth = [...ledger.truth.values()].filter((t) => t !== null).length;

  const times: number[] = [];
  let result = proposeMatches(input);
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    result = proposeMatches(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)]!;
  const ours = new Map<string, { score: number; what: string } | null>();
  // A many-to-one proposal counts once per movement it covers (each movement's truth is the document).
  for (const [id, p] of result)
    ours.set(id, p.proposal ? { score: p.proposal.score, what: whatOf(p.proposal.items) } : null);
  const t1 = performance.now();
  const base = naive(input);
  const baseMs = performance.now() - t1;

  const a = evaluate(ledger, ours);
  const b = evaluate(ledger, base);
  const per100 = (t: number) => `${((t * 100) / ledger.movements.length).toFixed(1)} ms`;
  const lines = [
    `Reconciliation (issue 19): ${ledger.movements.length} movements (${withTruth} with a true match), ${ledger.items.length} open items, seeded`,
    `  matcher   proposals ≥60: ${a.proposed}, precision ${pct(a.correct, a.proposed)}, recall ${pct(a.correct, withTruth)}`,
    `            auto-accept ≥80: ${a.auto}, precision ${pct(a.autoCorrect, a.auto)}, recall ${pct(a.autoCorrect, withTruth)}`,
    `            time per 100 movements: ${per100(ms)} (median of 5)`,
    `  baseline  exact amount only: ${b.proposed} proposals, precision ${pct(b.correct, b.proposed)}, recall ${pct(b.correct, withTruth)}; ${per100(baseMs)} per 100`,
  ];
  const precision = a.proposed === 0 ? 0 : a.correct / a.proposed;
  const autoPrecision = a.auto === 0 ? 1 : a.autoCorrect / a.auto;
  const ok =
    precision >= 0.9 &&
    autoPrecision >= 0.97 &&
    a.correct > b.correct &&
    precision > b.correct / Math.max(1, b.proposed);
  if (!ok)
    lines.push('  FAIL: the matcher must beat the baseline with precision ≥ 90 % (≥ 97 % auto-accepted)');
  return { lines, ok };
}
