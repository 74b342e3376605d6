/**
 * Issue 19 judged as a black box ("How it will be judged"), through the HTTP API only, with the
 * judge's own Norma 43 writer and its own expected values (infra/local/testing/banking-judge/):
 *  1. Norma 43 files that are not in the repository (random accounts, modalidad 1 and 3, ISO-8859-1
 *     text with Ñ and accents, CRLF or LF, right-trimmed lines, a trailing Ctrl-Z): the accounts (IBAN
 *     from the CCC), balances (record 33), movement counts, dates and signed amounts, opening + Σ =
 *     closing per account; the same file again creates nothing, an overlapping one only the new
 *     movements; a broken file is refused with the line that is broken;
 *  2. a generated month reconciled against open invoices: the matcher's precision and recall against
 *     the judge's truth, then accepted, approved, and the invoices paid and the fee posted (626);
 *  3. the 13-week treasury forecast against a hand computation of the design's rule;
 *  4. another company's gestor and a CLIENTE are refused.
 *
 * Random from a seed printed at the start; `JUDGE_SEED=<n>` replays it. Disagreements are listed all at
 * once (what was sent, what came back, what was expected), never only the first.
 */

import { cifControl } from '@shared/fiscal/nif';
import type { TrialBalance } from '@shared/schemas/accounting';
import type {
  BankAccount,
  BankMovement,
  ImportPage,
  MovementPage,
  N43ImportResult,
} from '@shared/schemas/banking';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceView } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type {
  AcceptProposalsResult,
  CreateMatchBody,
  Proposal,
  ReconciliationMatch,
  ReconciliationSession,
  SessionDetail,
} from '@shared/schemas/reconciliation';
import type { LiquidityForecast } from '@shared/schemas/treasury';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { prng, type Rng } from './testing/accounting-judge/ledger';
import { apiClient } from './testing/api';
import {
  type ExpectedWeek,
  expectedForecast,
  type ForecastDoc,
  forecastDocs,
} from './testing/banking-judge/forecast';
import {
  ibanOf,
  type N43Account,
  type N43Layout,
  n43Bytes,
  n43Lines,
  record88,
  totalsOf,
} from './testing/banking-judge/n43';
import {
  CUSTOMERS,
  FEE_CENTS,
  type IssuedInvoice,
  type ReconMovement,
  reconInvoices,
  reconMovements,
  totalOf,
} from './testing/banking-judge/recon';
import {
  addDays,
  BANKS,
  closingOf,
  madridToday,
  overlappingStatement,
  randomStatement,
} from './testing/banking-judge/scenario';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const run = Date.now().toString(36).toUpperCase().slice(-4);
const SEED = process.env.JUDGE_SEED ? Number(process.env.JUDGE_SEED) : Math.floor(Math.random() * 2 ** 31);
console.log(`[banking-judge] seed ${SEED} (replay with JUDGE_SEED=${SEED})`);
/** One generator per part, so a part's draws do not depend on how far another part got. */
const rngOf = (part: number): Rng => prng((SEED + part * 7_919) >>> 0);
const TODAY = madridToday();

const V1 = '/api/v1';
const BK = `${V1}/banking`;
const CLIENT_COMPANY = 'demo-panaderia-espiga';
const OTHER_GESTOR_COMPANY = 'demo-navarro-asesores';
/** How long the judge waits for what the product does in the background (a maximum, not a wait). */
const BACKGROUND_TIMEOUT_MS = 90_000;

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what = ''): T => {
  if (!res.body.success) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};
const errorOf = (res: Res<unknown>) => (res.body.success ? null : res.body.error);
const euros = (c: number) =>
  `${(c / 100).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase();

function report(title: string, problems: string[]) {
  if (problems.length)
    console.log(`[banking-judge] ${title} — ${problems.length} disagreement(s):\n  ${problems.join('\n  ')}`);
  expect(problems, title).toEqual([]);
}

let gestor: string;
const as = (companyId: string) => ({
  call: <T>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
    api.request<T>(method, path, { token: gestor, companyId, ...opts }),
});

let cifCounter = 0;
function freshCif(): string {
  cifCounter += 1;
  const seven = String(
    (Date.now() * 31 + cifCounter * 7_777 + Math.floor(Math.random() * 1e6)) % 10_000_000,
  ).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
}

/** A fresh SL of the Professional gestora, with an invoice series (and its books when asked). */
async function newCompany(label: string, opts: { series?: string; chart?: boolean } = {}): Promise<string> {
  const companyId = dataOf(
    await api.request<{ companyId: string }>('POST', `${V1}/companies`, {
      token: gestor,
      body: {
        name: `Judge Banca ${label} ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address: {
          street: 'Calle de Colón 20',
          postalCode: '46004',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
        siiEnabled: false,
      },
    }),
    `company ${label}`,
  ).companyId;
  const { call } = as(companyId);
  if (opts.series)
    dataOf(
      await call('POST', `${V1}/invoice-series`, {
        body: { code: opts.series, description: 'Ordinaria', purpose: 'ORDINARY', isDefault: true },
      }),
      'series',
    );
  // From the day VeriFacTu is mandatory (RD 1007/2023: 1-1-2027 for companies) a company confirms
  // invoices only with it configured (the harness does the same for the demo company).
  if (opts.series && TODAY >= '2027-01-01')
    await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
  if (opts.chart)
    dataOf(
      await call('POST', `${V1}/accounting/chart/initialize`, { body: { chartType: 'PYMES' } }),
      'chart',
    );
  return companyId;
}

const b64 = (bytes: Buffer) => bytes.toString('base64');

async function importN43(companyId: string, fileName: string, bytes: Buffer) {
  return as(companyId).call<N43ImportResult>('POST', `${BK}/imports/n43`, {
    body: { fileName, contentBase64: b64(bytes) },
  });
}

async function listAccounts(companyId: string): Promise<BankAccount[]> {
  const data = dataOf(
    await as(companyId).call<BankAccount[] | { items: BankAccount[] }>('GET', `${BK}/accounts`),
    'listAccounts',
  );
  return Array.isArray(data) ? data : data.items;
}

async function listMovements(companyId: string, accountId: string): Promise<BankMovement[]> {
  const out: BankMovement[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const query: Record<string, string> = { accountId, limit: '200' };
    if (cursor) query.cursor = cursor;
    const page: MovementPage = dataOf(
      await as(companyId).call<MovementPage>('GET', `${BK}/movements`, { query }),
      'listMovements',
    );
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

const randomLayout = (rng: Rng): N43Layout => ({
  eol: rng.pick(['\r\n', '\n'] as const),
  rightTrim: rng.chance(0.5),
  ctrlZ: rng.chance(0.5),
});
const layoutText = (l: N43Layout) =>
  `${l.eol === '\r\n' ? 'CRLF' : 'LF'}${l.rightTrim ? ', líneas recortadas' : ''}${l.ctrlZ ? ', Ctrl-Z final' : ''}`;

beforeAll(async () => {
  gestor = await api.login('gestor@cuadra.test');
}, 60_000);

// =====================================================================================================
// 1. Norma 43
// =====================================================================================================

describe('banking judge 1: Norma 43 files not in the repository, parsed and balanced', () => {
  const rng = rngOf(1);
  let companyId: string;
  const first = randomStatement(rng, {
    holder: 'JUDGE BANCA ÑANDÚ SL',
    to: addDays(TODAY, -12),
    accountPrefix: '9',
  });
  const layout1 = randomLayout(rng);
  const bytes1 = n43Bytes(first.lines, layout1);
  const overlap = overlappingStatement(rng, first.accounts, addDays(TODAY, -2));
  const layout2 = randomLayout(rng);
  const bytes2 = n43Bytes(n43Lines(overlap.accounts), layout2);
  const total1 = first.accounts.reduce((s, a) => s + a.movements.length, 0);
  let result1: N43ImportResult | null = null;
  let firstStatus = 0;
  let firstError: unknown = null;

  beforeAll(async () => {
    companyId = await newCompany('N43');
    console.log(
      `[banking-judge] N43: company ${companyId}; file 1 ${first.accounts.length} accounts, ${total1} movements, ${bytes1.length} bytes (${layoutText(layout1)}); modalidades ${first.accounts.map((a) => a.modalidad).join('/')}`,
    );
    const res = await importN43(companyId, `extracto-${run}-1.n43`, bytes1);
    firstStatus = res.status;
    firstError = errorOf(res);
    if (res.body.success) result1 = res.body.data;
  }, 120_000);

  it('the file is imported: every movement created, none duplicate, one result per account', () => {
    expect(firstError, `POST ${BK}/imports/n43 answered ${firstStatus}`).toBeNull();
    const r = result1!;
    const problems: string[] = [];
    if (r.created !== total1) problems.push(`created: expected ${total1}, got ${r.created}`);
    if (r.duplicates !== 0) problems.push(`duplicates: expected 0, got ${r.duplicates}`);
    if (r.encoding !== 'ISO-8859-1') problems.push(`encoding: expected ISO-8859-1, got ${r.encoding}`);
    for (const a of first.accounts) {
      const iban = ibanOf(a);
      const got = r.accounts.find((x) => x.iban === iban);
      if (!got) {
        problems.push(
          `account ${iban} missing from the result (got ${r.accounts.map((x) => x.iban).join(', ')})`,
        );
        continue;
      }
      const t = totalsOf(a);
      const want = {
        fromDate: a.from,
        toDate: a.to,
        openingCents: a.openingCents,
        closingCents: t.closingCents,
        movements: a.movements.length,
        created: a.movements.length,
        duplicates: 0,
        accountCreated: true,
      };
      for (const [k, v] of Object.entries(want))
        if ((got as unknown as Record<string, unknown>)[k] !== v)
          problems.push(`${iban} ${k}: expected ${v}, got ${(got as unknown as Record<string, unknown>)[k]}`);
    }
    if (r.accounts.length !== first.accounts.length)
      problems.push(`accounts: expected ${first.accounts.length}, got ${r.accounts.length}`);
    report('N43 import result', problems);
  });

  it('the accounts: IBAN computed from the CCC, bank from the entity code, balance = closing of record 33', async () => {
    const accounts = await listAccounts(companyId);
    const problems: string[] = [];
    for (const a of first.accounts) {
      const iban = ibanOf(a);
      const got = accounts.find((x) => x.iban === iban);
      if (!got) {
        problems.push(
          `no account with IBAN ${iban} (CCC ${a.entity} ${a.office} ${a.accountNumber}); have ${accounts.map((x) => x.iban).join(', ')}`,
        );
        continue;
      }
      const closing = closingOf(a);
      if (got.balanceCents !== closing)
        problems.push(
          `${iban} balance: expected ${euros(closing)} (record 33), got ${euros(got.balanceCents)}`,
        );
      if (got.balanceDate !== a.to && got.balanceDate !== a.movements.at(-1)?.bookingDate)
        problems.push(`${iban} balanceDate: expected ${a.to} (end of the statement), got ${got.balanceDate}`);
      if (got.bankCode !== a.entity)
        problems.push(`${iban} bankCode: expected ${a.entity}, got ${got.bankCode}`);
      const bank = BANKS.find((b) => b.entity === a.entity)!;
      if (!got.bankName || !bank.name.test(got.bankName))
        problems.push(`${iban} bankName: expected ${bank.name}, got ${got.bankName}`);
      if (got.currency !== 'EUR') problems.push(`${iban} currency: expected EUR (978), got ${got.currency}`);
      if (got.movementCount !== a.movements.length)
        problems.push(`${iban} movementCount: expected ${a.movements.length}, got ${got.movementCount}`);
    }
    report('N43 accounts', problems);
  });

  it('the movements of each account: count, dates, signed amounts, concepts (Ñ, accents), references; opening + Σ = closing', async () => {
    const accounts = await listAccounts(companyId);
    const problems: string[] = [];
    for (const a of first.accounts) {
      const iban = ibanOf(a);
      const acc = accounts.find((x) => x.iban === iban);
      if (!acc) {
        problems.push(`no account ${iban}`);
        continue;
      }
      const got = await listMovements(companyId, acc.accountId);
      if (got.length !== a.movements.length)
        problems.push(`${iban}: expected ${a.movements.length} movements, got ${got.length}`);
      const sum = got.reduce((s, m) => s + m.amountCents, 0);
      if (a.openingCents + sum !== closingOf(a))
        problems.push(
          `${iban}: opening ${euros(a.openingCents)} + Σ movements ${euros(sum)} = ${euros(a.openingCents + sum)}, record 33 closes at ${euros(closingOf(a))}`,
        );
      // Each of the judge's movements must be there once (identical twins twice).
      const pool = [...got];
      for (const m of a.movements) {
        const i = pool.findIndex(
          (g) =>
            g.bookingDate === m.bookingDate &&
            g.valueDate === m.valueDate &&
            g.amountCents === m.amountCents &&
            g.documentNumber === m.documentNumber,
        );
        if (i < 0) {
          problems.push(
            `${iban}: movement of ${m.bookingDate} (valor ${m.valueDate}) ${euros(m.amountCents)} doc ${m.documentNumber} not found`,
          );
          continue;
        }
        const g = pool.splice(i, 1)[0]!;
        // conceptLines keep the 23 records' text (with or without their '23nn' code); the description
        // is what a person reads: both must carry the concepts intact (ISO-8859-1: Ñ, accents).
        const concepts = squash(m.concepts.join(' '));
        if (squash(g.conceptLines.map((c) => c.replace(/^23\d\d/, '')).join(' ')) !== concepts)
          problems.push(
            `${iban} ${m.bookingDate} ${euros(m.amountCents)}: conceptLines expected "${concepts}", got ${JSON.stringify(g.conceptLines)}`,
          );
        for (const c of m.concepts)
          for (const part of [c.slice(0, 38), c.slice(38)].map(squash).filter(Boolean))
            if (!squash(g.description).includes(part))
              problems.push(
                `${iban} ${m.bookingDate} ${euros(m.amountCents)}: description ${JSON.stringify(g.description)} lacks "${part}"`,
              );
        if (g.commonConcept !== m.commonConcept)
          problems.push(
            `${iban} ${m.bookingDate} ${euros(m.amountCents)}: commonConcept expected ${m.commonConcept}, got ${g.commonConcept}`,
          );
        if (g.ownConcept !== m.ownConcept)
          problems.push(
            `${iban} ${m.bookingDate} ${euros(m.amountCents)}: ownConcept expected ${m.ownConcept}, got ${g.ownConcept}`,
          );
        if (a.modalidad === 3 && g.reference1 !== m.reference1)
          problems.push(
            `${iban} ${m.bookingDate} ${euros(m.amountCents)}: reference1 expected ${m.reference1}, got ${g.reference1}`,
          );
        if ((g.reference2 ?? '').trim() !== m.reference2.trim())
          problems.push(
            `${iban} ${m.bookingDate} ${euros(m.amountCents)}: reference2 expected "${m.reference2}", got ${JSON.stringify(g.reference2)}`,
          );
        if (g.source !== 'N43') problems.push(`${iban} ${m.bookingDate}: source ${g.source}`);
      }
      for (const g of pool)
        problems.push(
          `${iban}: unexpected movement ${g.bookingDate} ${euros(g.amountCents)} ${g.description}`,
        );
    }
    report('N43 movements', problems);
  });

  it('the import is listed (banking.listImports) with its file name and counts', async () => {
    const page = dataOf(await as(companyId).call<ImportPage>('GET', `${BK}/imports`), 'listImports');
    const mine = page.items.find((i) => i.importId === result1?.importId);
    expect(mine, JSON.stringify(page.items.map((i) => i.fileName))).toBeDefined();
    expect(mine).toMatchObject({ fileName: `extracto-${run}-1.n43`, created: total1, duplicates: 0 });
  });

  it('the same file again: 0 created, every movement a duplicate, balances and counts unchanged', async () => {
    const again = dataOf(await importN43(companyId, `extracto-${run}-1-otra-vez.n43`, bytes1), 're-import');
    expect({ created: again.created, duplicates: again.duplicates }).toEqual({
      created: 0,
      duplicates: total1,
    });
    const accounts = await listAccounts(companyId);
    const problems: string[] = [];
    for (const a of first.accounts) {
      const acc = accounts.find((x) => x.iban === ibanOf(a));
      const n = acc ? (await listMovements(companyId, acc.accountId)).length : -1;
      if (n !== a.movements.length)
        problems.push(`${ibanOf(a)}: ${a.movements.length} movements expected after the re-import, got ${n}`);
      if (acc?.balanceCents !== closingOf(a))
        problems.push(
          `${ibanOf(a)}: balance ${euros(closingOf(a))} expected, got ${acc ? euros(acc.balanceCents) : 'no account'}`,
        );
    }
    report('N43 re-import', problems);
  });

  it('an overlapping statement (half the same movements, then new ones): only the new movements are created; the balance moves to its closing', async () => {
    const res = dataOf(
      await importN43(companyId, `extracto-${run}-2.n43`, bytes2),
      `overlapping import (${layoutText(layout2)})`,
    );
    const repeated = overlap.accounts.reduce((s, a) => s + a.movements.length, 0) - overlap.newCount;
    const problems: string[] = [];
    if (res.created !== overlap.newCount)
      problems.push(`created: expected ${overlap.newCount} (the new ones), got ${res.created}`);
    if (res.duplicates !== repeated)
      problems.push(`duplicates: expected ${repeated} (the overlap), got ${res.duplicates}`);
    const accounts = await listAccounts(companyId);
    for (const [i, a] of overlap.accounts.entries()) {
      const iban = ibanOf(a);
      const acc = accounts.find((x) => x.iban === iban);
      if (!acc) {
        problems.push(`no account ${iban}`);
        continue;
      }
      if (acc.balanceCents !== closingOf(a))
        problems.push(
          `${iban}: balance expected ${euros(closingOf(a))} (second record 33), got ${euros(acc.balanceCents)}`,
        );
      const got = await listMovements(companyId, acc.accountId);
      const firstOne = first.accounts[i]!;
      const fresh = a.movements.filter((m) => m.bookingDate > firstOne.to).length;
      const want = firstOne.movements.length + fresh;
      if (got.length !== want)
        problems.push(
          `${iban}: expected ${want} movements (${firstOne.movements.length} + ${fresh} new), got ${got.length}`,
        );
      const sum = got.reduce((s, m) => s + m.amountCents, 0);
      if (firstOne.openingCents + sum !== closingOf(a))
        problems.push(
          `${iban}: first opening ${euros(firstOne.openingCents)} + Σ ${euros(sum)} ≠ last closing ${euros(closingOf(a))}`,
        );
    }
    report('N43 overlapping statement', problems);
  });

  describe('a malformed file is refused: 400 BANK_FILE_INVALID naming the broken line, nothing imported', () => {
    /** A fresh valid statement (its own account numbers) with one line broken. */
    const broken = (what: 'record' | 'total33' | 'count88') => {
      const g = randomStatement(rng, { holder: 'JUDGE ROTO SL', to: addDays(TODAY, -5), accountPrefix: '8' });
      const lines = [...g.lines];
      let index: number;
      if (what === 'record') {
        // A movement whose amount is not a number.
        const candidates = lines.map((l, i) => (l.startsWith('22') ? i : -1)).filter((i) => i >= 0);
        index = candidates[rng.int(0, candidates.length - 1)]!;
        const l = lines[index]!;
        lines[index] = `${l.slice(0, 30)}12A4X6${l.slice(36)}`;
      } else if (what === 'total33') {
        // The total of credits (positions 45-58) one euro off, on one account's footer.
        const candidates = lines.map((l, i) => (l.startsWith('33') ? i : -1)).filter((i) => i >= 0);
        index = candidates[rng.int(0, candidates.length - 1)]!;
        const l = lines[index]!;
        const credits = Number(l.slice(44, 58)) + 100;
        lines[index] = `${l.slice(0, 44)}${String(credits).padStart(14, '0')}${l.slice(58)}`;
      } else {
        // Record 88 counting three records too many (banks off by one are tolerated; three is not).
        index = lines.length - 1;
        lines[index] = record88(lines.length - 1 + 3);
      }
      return { g, lines, line: index + 1 };
    };
    for (const what of ['record', 'total33', 'count88'] as const) {
      it(`${what === 'record' ? 'a movement with a non-numeric amount' : what === 'total33' ? 'a record 33 whose total of credits is wrong' : 'a record 88 with a wrong record count'}`, async () => {
        const { g, lines, line } = broken(what);
        const layout = randomLayout(rng);
        const res = await importN43(companyId, `roto-${what}-${run}.n43`, n43Bytes(lines, layout));
        const err = errorOf(res);
        const sent = `line ${line}: ${JSON.stringify(lines[line - 1])} (${layoutText(layout)})`;
        expect(res.status, `${sent} -> ${JSON.stringify(res.body)}`).toBe(400);
        expect(err?.code, sent).toBe('BANK_FILE_INVALID');
        expect(err?.details?.line, `${sent} -> details ${JSON.stringify(err?.details)}`).toBe(line);
        expect(typeof err?.details?.reason, JSON.stringify(err?.details)).toBe('string');
        const accounts = await listAccounts(companyId);
        const created = g.accounts.filter((a) => accounts.some((x) => x.iban === ibanOf(a)));
        expect(created.map(ibanOf), 'accounts of a refused file must not be created').toEqual([]);
      });
    }
  });
});

// =====================================================================================================
// 2. Reconciliation of a generated month
// =====================================================================================================

interface ReconState {
  companyId: string;
  invoices: IssuedInvoice[];
  movements: (ReconMovement & { movementId: string })[];
  accountId: string;
  iban: string;
  session: ReconciliationSession | null;
  detail: SessionDetail | null;
  window: { from: string; to: string };
}
const recon: Partial<ReconState> = {};

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = BACKGROUND_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last) && Date.now() < deadline) {
    await sleep(1_500);
    last = await read();
  }
  if (!done(last)) console.log(`[banking-judge] gave up waiting for ${what} after ${timeoutMs / 1000} s`);
  return last;
}

/**
 * A partial payment may be proposed two ways, both settling what arrived and leaving the rest owed
 * (shared/schemas/reconciliation.ts): the document's outstanding with a PARTIAL_PAYMENT difference, or
 * an item of what arrived (no difference) with the reason PARTIAL_PAYMENT.
 */
function partialProposalRight(p: Proposal, arrivedCents: number, outstandingCents: number): boolean {
  const item = p.items.length === 1 ? p.items[0]! : null;
  if (!item) return false;
  if (item.amountCents === outstandingCents)
    return (
      p.difference?.reason === 'PARTIAL_PAYMENT' && p.differenceCents === arrivedCents - outstandingCents
    );
  return (
    item.amountCents === arrivedCents &&
    p.differenceCents === 0 &&
    p.reasons.some((r) => r.code === 'PARTIAL_PAYMENT')
  );
}

describe('banking judge 2: a generated month reconciled against open invoices', () => {
  const rng = rngOf(2);
  const series = `B${run}`;

  beforeAll(async () => {
    const companyId = await newCompany('Conciliación', { series, chart: true });
    recon.companyId = companyId;
    const { call } = as(companyId);
    const customerIds: string[] = [];
    for (const name of CUSTOMERS) {
      const c = dataOf(
        await call<Customer>('POST', `${V1}/customers`, {
          body: {
            name,
            taxId: freshCif(),
            address: { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' },
          },
        }),
        `customer ${name}`,
      );
      customerIds.push(c.customerId);
    }
    const specs = reconInvoices(rng, TODAY);
    const invoices: IssuedInvoice[] = [];
    for (const s of specs) {
      const inv = dataOf(
        await call<InvoiceView>('POST', `${V1}/invoices/create-and-confirm`, {
          body: {
            invoiceType: 'F1',
            invoiceDate: s.invoiceDate,
            dueDate: s.dueDate,
            paymentMethod: 'TRANSFER',
            customerId: customerIds[s.customer],
            invoiceLines: [
              {
                description: `Servicios ${s.ref}`,
                quantity: 1,
                unitPriceCents: s.baseCents,
                vatRateBp: 2100,
              },
            ],
          },
        }),
        `invoice ${s.ref}`,
      );
      expect(inv.totals.totalCents, `invoice ${s.ref} total (base ${euros(s.baseCents)} + 21 %)`).toBe(
        totalOf(s.baseCents),
      );
      invoices.push({
        ...s,
        invoiceId: inv.invoiceId,
        invoiceNumber: inv.invoiceNumber!,
        totalCents: inv.totals.totalCents,
      });
    }
    recon.invoices = invoices;
    const window = { from: addDays(TODAY, -50), to: addDays(TODAY, -2) };
    recon.window = window;
    const moves = reconMovements(rng, invoices, window);
    const account: N43Account = {
      entity: '0049',
      office: String(rng.int(1000, 9999)),
      accountNumber: `7${String(rng.int(0, 999_999_999)).padStart(9, '0')}`,
      from: window.from,
      to: window.to,
      openingCents: rng.int(100_000, 5_000_000),
      currency: '978',
      modalidad: 3,
      holder: 'JUDGE CONCILIACIÓN SL',
      movements: moves.map((m) => m.movement),
    };
    recon.iban = ibanOf(account);
    const layout = randomLayout(rng);
    const imported = dataOf(
      await importN43(companyId, `conciliacion-${run}.n43`, n43Bytes(n43Lines([account]), layout)),
      'import of the month',
    );
    expect(imported.created).toBe(moves.length);
    const acc = (await listAccounts(companyId)).find((a) => a.iban === recon.iban);
    if (!acc) throw new Error(`no account ${recon.iban} after the import`);
    recon.accountId = acc.accountId;
    const apiMoves = await listMovements(companyId, acc.accountId);
    recon.movements = moves.map((m) => {
      const found = apiMoves.filter(
        (g) => g.bookingDate === m.movement.bookingDate && g.amountCents === m.movement.amountCents,
      );
      if (found.length !== 1)
        throw new Error(
          `movement ${m.kind} ${m.movement.bookingDate} ${euros(m.movement.amountCents)}: ${found.length} found`,
        );
      return { ...m, movementId: found[0]!.movementId };
    });
    console.log(
      `[banking-judge] reconciliation: company ${companyId}, ${invoices.length} invoices, ${moves.length} movements (${moves.map((m) => m.kind).join(' ')})`,
    );

    // The open items are projected in the background: wait until every invoice is an open receivable.
    await waitFor(
      'the open items of the invoices',
      async () => {
        const res = await call<{ items: { documentId: string }[] }>('GET', `${V1}/treasury/due-dates`, {
          query: { from: addDays(TODAY, -80), to: TODAY, direction: 'RECEIVABLE' },
        });
        return res.body.success ? res.body.data.items : [];
      },
      (items) => invoices.every((i) => items.some((x) => x.documentId === i.invoiceId)),
    );

    // The contract leaves the answer of start open: the session, or its detail (session + movements).
    const started = dataOf(
      await call<ReconciliationSession | SessionDetail>('POST', `${BK}/reconciliation/sessions`, {
        body: { accountId: acc.accountId, fromDate: window.from, toDate: window.to },
      }),
      'startSession',
    );
    recon.session = 'session' in started ? started.session : started;
    recon.detail = dataOf(
      await call<SessionDetail>('GET', `${BK}/reconciliation/sessions/${recon.session.sessionId}`),
      'getSession',
    );
  }, 240_000);

  /** (movementId, invoiceId) pairs of the best proposals, only invoices (INV items). */
  const proposedPairs = () => {
    const pairs = new Set<string>();
    for (const m of recon.detail!.movements)
      for (const it of m.proposal?.items ?? [])
        if (it.kind === 'INV' && it.documentId) pairs.add(`${m.movementId}|${it.documentId}`);
    return pairs;
  };
  const truthPairs = (kinds?: string[]) =>
    new Set(
      recon
        .movements!.filter((m) => !kinds || kinds.includes(m.kind))
        .flatMap((m) => m.pays.map((p) => `${m.movementId}|${p.invoiceId}`)),
    );
  const label = (movementId: string) => {
    const m = recon.movements!.find((x) => x.movementId === movementId);
    return m ? `${m.kind} ${m.movement.bookingDate} ${euros(m.movement.amountCents)}` : movementId;
  };
  const invLabel = (invoiceId: string) => {
    const i = recon.invoices!.find((x) => x.invoiceId === invoiceId);
    return i ? `${i.invoiceNumber} (${i.kind}, ${euros(i.totalCents)})` : invoiceId;
  };

  it('the session holds the month: every movement, IN_PROGRESS', () => {
    const d = recon.detail!;
    expect(d.session.status).toBe('IN_PROGRESS');
    expect(d.session.accountId).toBe(recon.accountId);
    expect(new Set(d.movements.map((m) => m.movementId))).toEqual(
      new Set(recon.movements!.map((m) => m.movementId)),
    );
  });

  it('the proposals against the truth: precision ≥ 0.9, recall ≥ 0.8 on the exact-reference cases (printed)', () => {
    const proposed = proposedPairs();
    const truth = truthPairs();
    const truthRef = truthPairs(['EXACT', 'SUM', 'PARTIAL', 'FEE']);
    const hit = [...proposed].filter((p) => truth.has(p));
    const precision = proposed.size ? hit.length / proposed.size : 0;
    const recall = hit.length / truth.size;
    const recallRef = [...truthRef].filter((p) => proposed.has(p)).length / truthRef.size;
    const perKind = ['EXACT', 'SUM', 'PARTIAL', 'FEE', 'NAME', 'NOISE'].map((k) => {
      const ms = recon.movements!.filter((m) => m.kind === k);
      const right = ms.filter((m) => {
        const got = new Set(
          (recon.detail!.movements.find((x) => x.movementId === m.movementId)?.proposal?.items ?? [])
            .filter((i) => i.kind === 'INV')
            .map((i) => i.documentId),
        );
        return got.size === m.pays.length && m.pays.every((p) => got.has(p.invoiceId));
      });
      return `${k} ${right.length}/${ms.length}`;
    });
    console.log(
      `[banking-judge] matcher: precision ${precision.toFixed(3)} (${hit.length}/${proposed.size} proposed pairs right), recall ${recall.toFixed(3)} (${hit.length}/${truth.size}), recall on exact-reference cases ${recallRef.toFixed(3)}; exact proposals per case: ${perKind.join(', ')}`,
    );
    const wrong = [...proposed]
      .filter((p) => !truth.has(p))
      .map((p) => `proposed ${label(p.split('|')[0]!)} -> ${invLabel(p.split('|')[1]!)} (not in the truth)`);
    const missed = [...truth]
      .filter((p) => !proposed.has(p))
      .map((p) => {
        const [mid, iid] = p.split('|') as [string, string];
        const sm = recon.detail!.movements.find((x) => x.movementId === mid);
        return `missed ${label(mid)} -> ${invLabel(iid)}; best proposal: ${sm?.proposal ? `${sm.proposal.score} ${sm.proposal.items.map((i) => `${i.kind} ${i.documentNumber ?? i.accountCode}`).join('+')}` : 'none'}`;
      });
    if (wrong.length || missed.length)
      console.log(`[banking-judge] matcher details:\n  ${[...wrong, ...missed].join('\n  ')}`);
    expect(precision, wrong.join('; ')).toBeGreaterThanOrEqual(0.9);
    expect(recallRef, missed.join('; ')).toBeGreaterThanOrEqual(0.8);
  });

  it('the differences are proposed as the practice says: the fee as BANK_FEE (626) of 2,50 €, the partial payment as PARTIAL_PAYMENT', () => {
    const problems: string[] = [];
    for (const kind of ['FEE', 'PARTIAL'] as const) {
      const m = recon.movements!.find((x) => x.kind === kind)!;
      const p = recon.detail!.movements.find((x) => x.movementId === m.movementId)?.proposal;
      if (!p) {
        problems.push(`${kind}: no proposal`);
        continue;
      }
      const inv = recon.invoices!.find((i) => i.invoiceId === m.pays[0]!.invoiceId)!;
      if (kind === 'FEE') {
        if (p.difference?.reason !== 'BANK_FEE')
          problems.push(`FEE: difference reason expected BANK_FEE, got ${JSON.stringify(p.difference)}`);
        if (p.differenceCents !== -FEE_CENTS)
          problems.push(
            `FEE: differenceCents (|Σ movements| − Σ items) expected ${-FEE_CENTS}, got ${p.differenceCents}`,
          );
      } else if (!partialProposalRight(p, m.movement.amountCents, inv.totalCents)) {
        problems.push(
          `PARTIAL: expected the invoice's outstanding ${inv.totalCents} with a PARTIAL_PAYMENT difference of ${m.movement.amountCents - inv.totalCents}, or an item of what arrived (${m.movement.amountCents}) with the reason PARTIAL_PAYMENT; got items ${JSON.stringify(p.items.map((i) => i.amountCents))}, differenceCents ${p.differenceCents}, difference ${JSON.stringify(p.difference)}, reasons ${p.reasons.map((r) => r.code).join(',')}`,
        );
      }
      if (kind === 'FEE' && p.difference?.accountCode !== '626')
        problems.push(`FEE: account expected 626, got ${p.difference?.accountCode}`);
    }
    report('differences', problems);
  });

  it('accepting the right proposals (and matching the rest by hand), completing and approving: invoices paid, the partial one partly, the others untouched', async () => {
    const { call } = as(recon.companyId!);
    const sessionPath = `${BK}/reconciliation/sessions/${recon.session!.sessionId}`;
    const right: string[] = [];
    const byHand: (ReconMovement & { movementId: string })[] = [];
    for (const m of recon.movements!.filter((x) => x.pays.length > 0)) {
      const p = recon.detail!.movements.find((x) => x.movementId === m.movementId)?.proposal;
      const inv = new Set((p?.items ?? []).filter((i) => i.kind === 'INV').map((i) => i.documentId));
      const itemsRight = p && p.items.length === m.pays.length && m.pays.every((x) => inv.has(x.invoiceId));
      const diffRight =
        m.kind === 'FEE'
          ? p?.difference?.reason === 'BANK_FEE'
          : m.kind === 'PARTIAL'
            ? !!p &&
              partialProposalRight(
                p,
                m.movement.amountCents,
                recon.invoices!.find((i) => i.invoiceId === m.pays[0]!.invoiceId)!.totalCents,
              )
            : p?.differenceCents === 0;
      if (itemsRight && diffRight) right.push(m.movementId);
      else byHand.push(m);
    }
    const problems: string[] = [];
    if (right.length) {
      const accepted = dataOf(
        await call<AcceptProposalsResult>('POST', `${sessionPath}/accept`, { body: { movementIds: right } }),
        'acceptProposals',
      );
      if (accepted.matches.length !== right.length || accepted.skipped.length)
        problems.push(
          `accept ${right.length} proposals: ${accepted.matches.length} matches, skipped ${JSON.stringify(accepted.skipped)}`,
        );
    }
    for (const m of byHand) {
      const inv = (id: string) => recon.invoices!.find((i) => i.invoiceId === id)!;
      const body: CreateMatchBody = {
        movementIds: [m.movementId],
        items: m.pays.map((p) => ({
          kind: 'INV',
          documentId: p.invoiceId,
          amountCents: m.kind === 'PARTIAL' ? inv(p.invoiceId).totalCents : p.amountCents,
        })),
        ...(m.kind === 'FEE' ? { difference: { reason: 'BANK_FEE' as const, accountCode: '626' } } : {}),
        ...(m.kind === 'PARTIAL' ? { difference: { reason: 'PARTIAL_PAYMENT' as const } } : {}),
      };
      const res = await call<ReconciliationMatch>('POST', `${sessionPath}/matches`, { body });
      if (!res.body.success)
        problems.push(
          `createMatch ${label(m.movementId)} sent ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body.error)}`,
        );
    }
    console.log(
      `[banking-judge] reconciliation: ${right.length} proposals accepted, ${byHand.length} matched by hand (${byHand.map((m) => m.kind).join(' ')})`,
    );
    const completed = await call<ReconciliationSession>('POST', `${sessionPath}/complete`, {
      body: { leaveUnmatched: true },
    });
    if (!completed.body.success)
      problems.push(`complete -> ${completed.status} ${JSON.stringify(completed.body.error)}`);
    const approved = await call<ReconciliationSession>('POST', `${sessionPath}/approve`, { body: {} });
    if (!approved.body.success)
      problems.push(`approve -> ${approved.status} ${JSON.stringify(approved.body.error)}`);
    report('accept, match, complete, approve', problems);

    const detail = await waitFor(
      'the approval to settle every match',
      async () => dataOf(await call<SessionDetail>('GET', sessionPath), 'getSession'),
      (d) => d.session.status === 'APPROVED' && d.matches.every((x) => x.settlement.state === 'DONE'),
    );
    expect(detail.session.status).toBe('APPROVED');
    expect(
      detail.matches
        .filter((x) => x.settlement.state !== 'DONE')
        .map((x) => `${label(x.movementIds[0]!)}: ${x.settlement.state} ${x.settlement.error}`),
    ).toEqual([]);

    // The invoices, read through the invoices API.
    const expectedOf = (inv: IssuedInvoice) => {
      if (inv.kind === 'PARTIAL') {
        const paid = recon.movements!.find((m) => m.kind === 'PARTIAL')!.movement.amountCents;
        // Past its due date, a partly paid invoice may read OVERDUE (the invoices domain's status).
        return {
          paymentStatus: ['PARTIAL', 'OVERDUE'],
          paidCents: paid,
          outstandingCents: inv.totalCents - paid,
        };
      }
      if (inv.kind === 'DISTRACTOR' || inv.kind === 'OPEN')
        return { paymentStatus: ['PENDING', 'OVERDUE'], paidCents: 0, outstandingCents: inv.totalCents };
      return { paymentStatus: ['PAID'], paidCents: inv.totalCents, outstandingCents: 0 };
    };
    const readAll = async () =>
      Promise.all(
        recon.invoices!.map(async (i) =>
          dataOf(await call<InvoiceView>('GET', `${V1}/invoices/${i.invoiceId}`), `invoice ${i.ref}`),
        ),
      );
    const views = await waitFor('the invoices to be settled', readAll, (vs) =>
      vs.every((v, k) => {
        const e = expectedOf(recon.invoices![k]!);
        return e.paymentStatus.includes(v.paymentStatus ?? 'PENDING') && (v.paidCents ?? 0) === e.paidCents;
      }),
    );
    const invProblems: string[] = [];
    for (const [k, v] of views.entries()) {
      const inv = recon.invoices![k]!;
      const e = expectedOf(inv);
      const got = {
        paymentStatus: v.paymentStatus ?? 'PENDING',
        paidCents: v.paidCents ?? 0,
        outstandingCents: v.outstandingCents,
      };
      if (
        !e.paymentStatus.includes(got.paymentStatus) ||
        got.paidCents !== e.paidCents ||
        got.outstandingCents !== e.outstandingCents
      )
        invProblems.push(
          `${invLabel(inv.invoiceId)}: expected ${e.paymentStatus.join('|')} paid ${euros(e.paidCents)} outstanding ${euros(e.outstandingCents)}, got ${got.paymentStatus} paid ${euros(got.paidCents)} outstanding ${euros(got.outstandingCents)}`,
        );
    }
    report('invoices after approval', invProblems);
  }, 240_000);

  it('the books: the fee difference posted to 626 against the bank, and the bank (572) holds exactly the reconciled collections', async () => {
    const { call } = as(recon.companyId!);
    const matched = recon.movements!.filter((m) => m.pays.length > 0);
    const bank = matched.reduce((s, m) => s + m.movement.amountCents, 0);
    const from = recon.invoices![0]!.invoiceDate;
    const read = async () =>
      dataOf(
        await call<TrialBalance>('GET', `${V1}/accounting/trial-balance`, {
          query: { level: '3', fromDate: from, toDate: TODAY },
        }),
        'trial balance',
      );
    const bal = (tb: TrialBalance, code: string) =>
      tb.rows.filter((r) => r.accountCode.slice(0, 3) === code).reduce((s, r) => s + r.balanceCents, 0);
    const tb = await read().then((first) =>
      bal(first, '626') === FEE_CENTS && bal(first, '572') === bank
        ? first
        : waitFor('the bank postings', read, (t) => bal(t, '626') === FEE_CENTS && bal(t, '572') === bank),
    );
    const problems: string[] = [];
    if (bal(tb, '626') !== FEE_CENTS)
      problems.push(
        `626 balance: expected ${euros(FEE_CENTS)} (the fee of the FEE movement), got ${euros(bal(tb, '626'))}`,
      );
    if (bal(tb, '572') !== bank)
      problems.push(
        `572 balance: expected ${euros(bank)} (Σ of the ${matched.length} reconciled movements), got ${euros(bal(tb, '572'))}`,
      );
    if (!tb.isBalanced) problems.push('trial balance not balanced');
    report('bank postings', problems);
  }, 150_000);
});

// =====================================================================================================
// 3. Treasury forecast against a hand computation
// =====================================================================================================

describe('banking judge 3: the 13-week forecast against a hand computation', () => {
  const rng = rngOf(3);
  let companyId: string;
  let opening = 0;
  let docs: ForecastDoc[] = [];
  const ids = new Map<string, string>();

  beforeAll(async () => {
    companyId = await newCompany('Tesorería', { series: `T${run}` });
    const { call } = as(companyId);
    // The bank balance: two accounts from the judge's own N43 (one may be overdrawn).
    const statement = randomStatement(rng, {
      holder: 'JUDGE TESORERÍA SL',
      to: addDays(TODAY, -1),
      accountPrefix: '6',
    });
    dataOf(
      await importN43(companyId, `tesoreria-${run}.n43`, n43Bytes(statement.lines, randomLayout(rng))),
      'import',
    );
    opening = statement.accounts.reduce((s, a) => s + closingOf(a), 0);

    docs = forecastDocs(rng, TODAY);
    // Issued invoices in date order; exempt (E1) so the company owes no VAT (no tax payments to forecast).
    const receivables = docs
      .filter((d) => d.direction === 'RECEIVABLE')
      .sort((a, b) => a.issueDate.localeCompare(b.issueDate));
    for (const d of receivables) {
      const inv = dataOf(
        await call<InvoiceView>('POST', `${V1}/invoices/create-and-confirm`, {
          body: {
            invoiceType: 'F1',
            invoiceDate: d.issueDate,
            dueDate: d.dueDate,
            paymentMethod: 'TRANSFER',
            customer: {
              nif: freshCif(),
              name: `Cliente Tesorería ${d.ref} SL`,
              address: 'Calle Mayor 1',
              postalCode: '28013',
              city: 'Madrid',
            },
            invoiceLines: [
              {
                description: `Formación exenta ${d.ref}`,
                quantity: 1,
                unitPriceCents: d.totalCents,
                vatRateBp: 0,
                exemptionCause: 'E1',
              },
            ],
          },
        }),
        `invoice ${d.ref}`,
      );
      expect(inv.totals.totalCents, d.ref).toBe(d.totalCents);
      ids.set(d.ref, inv.invoiceId);
      if (d.paidCents)
        dataOf(
          await call('POST', `${V1}/invoices/${inv.invoiceId}/payments`, {
            body: { amountCents: d.paidCents, paidAt: d.paidAt, method: 'TRANSFER' },
          }),
          `payment of ${d.ref}`,
        );
    }
    for (const d of docs.filter((x) => x.direction === 'PAYABLE')) {
      const rec = dataOf(
        await call<ReceivedInvoice>('POST', `${V1}/received-invoices`, {
          body: {
            supplier: { name: `Proveedor Tesorería ${d.ref} SL`, taxId: freshCif() },
            supplierInvoiceNumber: `PT-${run}-${d.ref}`,
            issueDate: d.issueDate,
            dueDate: d.dueDate,
            paymentMethod: 'TRANSFER',
            lines: [
              {
                description: `Servicio exento ${d.ref}`,
                quantity: 1,
                unitPriceCents: d.totalCents,
                vatRateBp: 0,
                kind: 'EXEMPT',
              },
            ],
          },
        }),
        `received ${d.ref}`,
      );
      expect(rec.totals.totalCents, d.ref).toBe(d.totalCents);
      ids.set(d.ref, rec.receivedInvoiceId);
      if (d.paidCents)
        dataOf(
          await call('POST', `${V1}/received-invoices/${rec.receivedInvoiceId}/payments`, {
            body: { amountCents: d.paidCents, paidAt: d.paidAt, method: 'TRANSFER' },
          }),
          `payment of ${d.ref}`,
        );
    }
    console.log(
      `[banking-judge] forecast: company ${companyId}, opening ${euros(opening)} (${statement.accounts.length} accounts), ${docs.length} documents:\n  ${docs.map((d) => `${d.ref} ${d.direction} due ${d.dueDate} ${euros(d.totalCents)}${d.paidCents ? ` paid ${euros(d.paidCents)}` : ''} — ${d.note}`).join('\n  ')}`,
    );
  }, 240_000);

  const compare = (f: LiquidityForecast, want: ExpectedWeek[]): string[] => {
    const problems: string[] = [];
    if (f.today !== TODAY) problems.push(`today: expected ${TODAY} (Europe/Madrid), got ${f.today}`);
    if (f.openingCents !== opening)
      problems.push(
        `opening: expected ${euros(opening)} (Σ of the accounts' record 33 closings), got ${euros(f.openingCents)}`,
      );
    if (f.weeks.length !== want.length)
      problems.push(`weeks: expected ${want.length}, got ${f.weeks.length}`);
    for (const w of want) {
      const g = f.weeks.find((x) => x.week === w.week);
      if (!g) {
        problems.push(`week ${w.week}: missing`);
        continue;
      }
      const got = {
        from: g.from,
        to: g.to,
        openingCents: g.openingCents,
        inflowsCents: g.inflowsCents,
        outflowsCents: Math.abs(g.outflowsCents),
        closingCents: g.closingCents,
      };
      const exp = {
        from: w.from,
        to: w.to,
        openingCents: w.openingCents,
        inflowsCents: w.inflowsCents,
        outflowsCents: w.outflowsCents,
        closingCents: w.closingCents,
      };
      const diff = Object.keys(exp).filter((k) => got[k as keyof typeof got] !== exp[k as keyof typeof exp]);
      if (diff.length)
        problems.push(
          `week ${w.week} (${w.from}..${w.to}): ${diff.map((k) => `${k} expected ${exp[k as keyof typeof exp]}, got ${got[k as keyof typeof got]}`).join('; ')} — the judge counted [${w.counted.join(', ')}]; the product's lines: [${g.lines.map((l) => `${l.kind} ${l.date} ${l.amountCents} ${l.documentId ? ([...ids.entries()].find(([, v]) => v === l.documentId)?.[0] ?? l.documentId) : l.label}`).join(', ')}]`,
        );
    }
    const last = want.at(-1)!;
    if (f.closingCents !== last.closingCents)
      problems.push(`closing: expected ${euros(last.closingCents)}, got ${euros(f.closingCents)}`);
    const overdueRec = docs
      .filter((d) => d.direction === 'RECEIVABLE' && d.dueDate < TODAY)
      .reduce((s, d) => s + d.totalCents - d.paidCents, 0);
    if (f.overdueReceivablesCents !== overdueRec)
      problems.push(
        `overdueReceivablesCents (shown apart): expected ${euros(overdueRec)}, got ${euros(f.overdueReceivablesCents)}`,
      );
    const overduePay = docs
      .filter((d) => d.direction === 'PAYABLE' && d.dueDate < TODAY)
      .reduce((s, d) => s + d.totalCents - d.paidCents, 0);
    if (Math.abs(f.overduePayablesCents) !== overduePay)
      problems.push(
        `overduePayablesCents: expected ${euros(overduePay)}, got ${euros(f.overduePayablesCents)}`,
      );
    const minWeek = want.reduce((m, w) => (w.closingCents < m.closingCents ? w : m), want[0]!);
    if (f.minimumClosingCents !== minWeek.closingCents)
      problems.push(
        `minimumClosingCents: expected ${euros(minWeek.closingCents)} (week ${minWeek.week}), got ${euros(f.minimumClosingCents)} (week ${f.minimumWeek})`,
      );
    const foreign = f.weeks
      .flatMap((w) => w.lines)
      .filter((l) => (l.kind === 'TAX' || l.kind === 'RECURRING') && l.amountCents !== 0);
    if (foreign.length)
      problems.push(
        `lines the company has no reason for (exempt operations only, no recurring invoices): ${foreign.map((l) => `${l.kind} ${l.date} ${l.label} ${euros(l.amountCents)}${l.estimated ? ' (estimado)' : ''}`).join('; ')}`,
      );
    return problems;
  };

  it('treasury.liquidity week by week: opening = Σ balances, inflows = receivables due that week (overdue ones apart), outflows = payables (overdue in week 1)', async () => {
    const want = expectedForecast(TODAY, opening, docs);
    const read = async () =>
      dataOf(
        await as(companyId).call<LiquidityForecast>('GET', `${V1}/treasury/liquidity`),
        'treasury.liquidity',
      );
    // The open items are projected in the background: wait (bounded) until the forecast agrees, then compare.
    const f = await waitFor('the forecast to agree', read, (x) => compare(x, want).length === 0);
    console.log(
      `[banking-judge] forecast (judge): ${want.map((w) => `W${w.week} ${w.from} +${w.inflowsCents} -${w.outflowsCents} = ${w.closingCents}`).join(' | ')}`,
    );
    report('treasury.liquidity', compare(f, want));
  }, 150_000);
});

// =====================================================================================================
// 4. Cross-tenant
// =====================================================================================================

describe('banking judge 4: another company and a CLIENTE are refused', () => {
  it("another gestoría's gestor cannot read the company's accounts, movements or sessions (403/404, nothing leaked)", async () => {
    expect(recon.accountId, 'the reconciliation part did not get an account').toBeDefined();
    const other = await api.login('gestor2@cuadra.test');
    const companyId = recon.companyId!;
    const accountId = recon.accountId!;
    const movementId = recon.movements![0]!.movementId;
    const sessionId = recon.session?.sessionId ?? 'x';
    const problems: string[] = [];
    const probe = async (
      what: string,
      company: string,
      method: string,
      path: string,
      query?: Record<string, string>,
    ) => {
      const res = await api.request<unknown>(method, path, {
        token: other,
        companyId: company,
        ...(query ? { query } : {}),
      });
      const leaked =
        JSON.stringify(res.body).includes(recon.iban!) || JSON.stringify(res.body).includes(movementId);
      if (![403, 404].includes(res.status) || leaked)
        problems.push(
          `${what}: ${method} ${path} as gestor2 with x-company-id ${company} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
    };
    // With the victim's company in the header (not a member).
    await probe('listAccounts', companyId, 'GET', `${BK}/accounts`);
    await probe('getAccount', companyId, 'GET', `${BK}/accounts/${accountId}`);
    await probe('listMovements', companyId, 'GET', `${BK}/movements`, { accountId });
    await probe('getMovement', companyId, 'GET', `${BK}/accounts/${accountId}/movements/${movementId}`);
    await probe('getSession', companyId, 'GET', `${BK}/reconciliation/sessions/${sessionId}`);
    await probe('listSessions', companyId, 'GET', `${BK}/reconciliation/sessions`);
    await probe('liquidity', companyId, 'GET', `${V1}/treasury/liquidity`);
    // With its own company in the header and the victim's ids in the path.
    await probe(
      'getAccount (own company, foreign id)',
      OTHER_GESTOR_COMPANY,
      'GET',
      `${BK}/accounts/${accountId}`,
    );
    await probe(
      'getMovement (own company, foreign ids)',
      OTHER_GESTOR_COMPANY,
      'GET',
      `${BK}/accounts/${accountId}/movements/${movementId}`,
    );
    await probe(
      'getSession (own company, foreign id)',
      OTHER_GESTOR_COMPANY,
      'GET',
      `${BK}/reconciliation/sessions/${sessionId}`,
    );
    const own = await api.request<MovementPage>('GET', `${BK}/movements`, {
      token: other,
      companyId: OTHER_GESTOR_COMPANY,
      query: { accountId },
    });
    if (own.status === 200 && own.body.success && own.body.data.items.length > 0)
      problems.push(
        `listMovements (own company, foreign accountId) -> 200 with ${own.body.data.items.length} movements of the other company`,
      );
    else if (![200, 403, 404].includes(own.status))
      problems.push(`listMovements (own company, foreign accountId) -> ${own.status}`);
    report('cross-tenant', problems);
  });

  it('a CLIENTE member of the company is refused every banking call (403)', async () => {
    const client = await api.login('cliente@cuadra.test');
    const problems: string[] = [];
    for (const [method, path, body] of [
      ['GET', `${BK}/accounts`, undefined],
      ['GET', `${BK}/overview`, undefined],
      ['GET', `${BK}/imports`, undefined],
      ['POST', `${BK}/imports/n43`, { fileName: 'x.n43', contentBase64: b64(Buffer.from('88')) }],
      ['GET', `${BK}/reconciliation/sessions`, undefined],
      ['GET', `${V1}/treasury/liquidity`, undefined],
      ['GET', `${V1}/treasury/dashboard`, undefined],
    ] as const) {
      const res = await api.request(method, path, {
        token: client,
        companyId: CLIENT_COMPANY,
        ...(body ? { body } : {}),
      });
      if (res.status !== 403)
        problems.push(
          `${method} ${path} as cliente@ (CLIENTE of ${CLIENT_COMPANY}) -> ${res.status}, expected 403`,
        );
    }
    report('CLIENTE', problems);
  });
});
