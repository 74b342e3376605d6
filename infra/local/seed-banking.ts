/**
 * Demo banking and treasury for `npm start` (issue 19), through the REST API as the demo gestor
 * (Professional plan) would do it, after the invoicing and accounting seeds:
 *  - Panadería La Espiga SL: its BBVA account, created by importing the Norma 43 statement of last
 *    month and this month up to yesterday (ISO-8859-1), written from the company's own documents:
 *    the collections of its invoices (one naming the invoice number, a customer paying two invoices
 *    in one transfer, a payment on account), the payments recorded by hand (which the bank confirms),
 *    a received invoice's direct debit, the rent, the TGSS quota, the account fee and the card
 *    terminal's settlements; a rule taught to the matcher ('SEGURIDAD SOCIAL' → 642); a
 *    reconciliation session over the statement left IN_PROGRESS, so its proposals wait to be
 *    accepted; the SEPA creditor settings, a mandate of the school that pays by direct debit, the
 *    supplier's IBAN and a transfer order paying the rest of its invoice; the hotel's payment terms
 *    in two instalments (30/60 days);
 *  - Transportes Levante Norte SA: a PSD2 connection to the sandbox bank (infra/local/sandbox-bank/),
 *    authorised on its consent page as a browser would, so its accounts and synced movements show.
 * Idempotent: each step looks for what it would create first, so a second start adds nothing.
 */

import { creditorIdentifier } from '@functions/domains/banking/model/sepa/creditor-id';
import { earliestExecutionDate } from '@functions/domains/banking/model/sepa/dates';
import type { Page } from '@shared/api/envelope';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import type { BankAccount, N43ImportResult } from '@shared/schemas/banking';
import type { Customer } from '@shared/schemas/customers';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { Psd2CompleteResult, Psd2ConnectionList, Psd2ConnectResult } from '@shared/schemas/psd2';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { ReconciliationRule, SessionDetail, SessionListItem } from '@shared/schemas/reconciliation';
import type { BankingSettings, Mandate, PaymentCandidate, PaymentOrderSummary } from '@shared/schemas/sepa';
import {
  buildN43,
  directDebitConcepts,
  ibanOfAccount,
  type N43DemoAccount,
  type N43DemoMovement,
  transferConcepts,
} from './seed-data/n43-demo';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { DEMO_SII_COMPANY } from './seed-sii';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
const V1 = '/api/v1';

/** Panadería's current account: BBVA (0182), a Valencia branch. */
export const DEMO_BANK_ACCOUNT = {
  bankCode: '0182',
  branchCode: '6004',
  accountNumber: '0201518734',
} as const;
export const DEMO_BANK_IBAN = ibanOfAccount(DEMO_BANK_ACCOUNT);
export const DEMO_N43_FILE_NAME = 'extracto-bbva-espiga.n43';
/** The balance the statement opens with (the day before its first day). */
export const DEMO_OPENING_CENTS = 1_845_237;
/** The rule the gestor taught the matcher. */
export const DEMO_RULE = {
  pattern: 'SEGURIDAD SOCIAL',
  field: 'DESCRIPTION',
  direction: 'OUT',
  accountCode: '642',
  label: 'Cuota de la Seguridad Social (TGSS)',
} as const;
/** The sandbox bank's institution the demo SA connected (infra/local/sandbox-bank/data.ts). */
export const DEMO_PSD2_INSTITUTION = 'SANDBOXCUADRA_CUADESMM';
/** The school's bank (Caixa Popular, València), for its SEPA mandate. */
const SCHOOL_IBAN = ibanOfAccount({ bankCode: '3159', branchCode: '0010', accountNumber: '2487561230' });
/** Harinas del Turia's account (Cajamar), where the transfer order pays. */
const MILL_IBAN = ibanOfAccount({ bankCode: '3058', branchCode: '2200', accountNumber: '2710036541' });
const MILL_ON_ACCOUNT_CENTS = 30_000;

type Call = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => Promise<T>;

function caller(api: ReturnType<typeof apiClient>, token: string, companyId: string): Call {
  return async <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => {
    const res = await api.request<T>(method, `${V1}${path}`, { token, companyId, body, query });
    if (!res.body.success)
      throw new Error(`demo banking: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
}

// --- dates (Europe/Madrid) ---------------------------------------------------------------------------

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const maxDate = (...dates: string[]) => dates.reduce((a, b) => (a > b ? a : b));
const minDate = (...dates: string[]) => dates.reduce((a, b) => (a < b ? a : b));

/** Last month's first day to yesterday (Madrid): the statement the bank sends today. */
export function statementWindow(now = new Date()): { from: string; to: string } {
  const today = madridDate(now);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const from = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  return { from, to: addDays(today, -1) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  read: () => Promise<T | null | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`demo banking: ${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

// --- the company's documents, as the statement must reflect them ---------------------------------------

interface Documents {
  invoices: InvoiceWithPayments[];
  received: ReceivedInvoice[];
  customers: Customer[];
  /** The payments recorded on each issued invoice (ACTIVE ones). */
  payments: Map<string, InvoicePayment[]>;
}

const outstandingOf = (i: InvoiceWithPayments) =>
  i.totals.totalCents - (i.paidCents ?? 0) - (i.creditedCents ?? 0);

async function readDocuments(call: Call): Promise<Documents> {
  const invoices = await call<Page<InvoiceWithPayments>>('GET', '/invoices', undefined, {
    size: '100',
    sort: 'invoiceDate,asc',
  });
  const received = await call<Page<ReceivedInvoice>>('GET', '/received-invoices', undefined, { size: '100' });
  const customers = await call<Page<Customer>>('GET', '/customers', undefined, { size: '100' });
  const payments = new Map<string, InvoicePayment[]>();
  for (const i of invoices.content.filter((x) => (x.paidCents ?? 0) > 0)) {
    const list = await call<InvoicePayment[]>('GET', `/invoices/${i.invoiceId}/payments`);
    payments.set(
      i.invoiceId,
      list.filter((p) => !p.status || p.status === 'ACTIVE'),
    );
  }
  return { invoices: invoices.content, received: received.content, customers: customers.content, payments };
}

const byCustomer = (docs: Documents, name: string) => {
  const customer = docs.customers.find((c) => c.name.startsWith(name));
  if (!customer) throw new Error(`demo banking: the demo customer ${name} is missing`);
  return docs.invoices
    .filter((i) => i.customer?.customerId === customer.customerId && i.status !== 'DRAFT')
    .filter((i) => i.totals.totalCents > 0)
    .sort(
      (a, b) =>
        a.invoiceDate.localeCompare(b.invoiceDate) || a.invoiceNumber!.localeCompare(b.invoiceNumber!),
    );
};

const upper = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * The statement's movements, each on the day the document says it happened, kept inside the
 * statement's window (and never before the document it pays).
 */
export function demoMovements(docs: Documents, window: { from: string; to: string }): N43DemoMovement[] {
  const on = (preferred: string, notBefore = window.from) =>
    minDate(window.to, maxDate(window.from, notBefore, preferred));
  const out: N43DemoMovement[] = [];
  const [hotelSeptember, hotelOctober] = byCustomer(docs, 'Hotel Mediterráneo');
  const [ruizOctober, ruizNovember] = byCustomer(docs, 'Ultramarinos Ruiz');
  const [school] = byCustomer(docs, 'Colegio San José');
  const electricity = docs.received.find((r) => r.supplierInvoiceNumber === 'E26-0098213');
  if (!hotelSeptember || !hotelOctober || !ruizOctober || !ruizNovember || !school || !electricity)
    throw new Error('demo banking: the demo invoices are not all there (seed-invoicing.ts)');
  const month = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

  // Collections the gestor recorded by hand: the bank shows them (the matcher links them).
  for (const [invoice, who] of [
    [hotelSeptember, 'HOTEL MEDITERRANEO VALENCIA SL'],
    [ruizOctober, 'ULTRAMARINOS RUIZ'],
  ] as const) {
    for (const p of docs.payments.get(invoice.invoiceId) ?? []) {
      out.push({
        bookingDate: on(p.paidAt, invoice.invoiceDate),
        amountCents: p.amountCents,
        commonConcept: '04',
        ownConcept: '099',
        concepts: transferConcepts(who, `TRANSFERENCIA ${invoice.invoiceNumber}`),
      });
    }
  }
  // The school pays its October bread by transfer, naming the invoice.
  out.push({
    bookingDate: on(addDays(school.dueDate ?? school.invoiceDate, -1), school.invoiceDate),
    amountCents: outstandingOf(school),
    commonConcept: '04',
    ownConcept: '099',
    concepts: transferConcepts('COLEGIO SAN JOSE DE CALASANZ', `PAGO FRA ${school.invoiceNumber}`),
  });
  // The grocer settles what it still owed of October and the November invoice in one transfer.
  out.push({
    bookingDate: on(addDays(ruizNovember.dueDate ?? ruizNovember.invoiceDate, -3), ruizNovember.invoiceDate),
    amountCents: outstandingOf(ruizOctober) + outstandingOf(ruizNovember),
    commonConcept: '04',
    ownConcept: '099',
    concepts: transferConcepts('ULTRAMARINOS RUIZ', 'FACTURAS OCTUBRE Y NOVIEMBRE'),
  });
  // The hotel pays about half of October on account (round euros: what a person types).
  out.push({
    bookingDate: on(addDays(hotelOctober.invoiceDate, 24), hotelOctober.invoiceDate),
    amountCents: Math.max(5_000, Math.floor(outstandingOf(hotelOctober) / 2 / 5_000) * 5_000),
    commonConcept: '04',
    ownConcept: '099',
    concepts: transferConcepts(
      'HOTEL MEDITERRANEO VALENCIA SL',
      `A CUENTA FRA ${hotelOctober.invoiceNumber}`,
    ),
  });
  // The electricity bill, collected by direct debit by the supplier.
  const supplierNif = typeof electricity.supplier.taxId === 'string' ? electricity.supplier.taxId : '';
  out.push({
    bookingDate: on(addDays(electricity.issueDate, 10), electricity.issueDate),
    amountCents: -electricity.totals.totalCents,
    commonConcept: '03',
    ownConcept: '012',
    concepts: directDebitConcepts(
      upper(electricity.supplier.name),
      creditorIdentifier(supplierNif),
      'ELEC-ESPIGA-0001',
      `FRA ${electricity.supplierInvoiceNumber}`,
    ),
  });
  // Every month: the rent of the shop, the TGSS quota, the account fee and the card terminal.
  const months = [window.from, `${window.to.slice(0, 7)}-01`].filter(
    (first, i, all) => all.indexOf(first) === i && first <= window.to,
  );
  for (const first of months) {
    const label = month(first);
    // The day of the month, or its last day (a February has no 30th).
    const lastDay = addDays(addDays(first, 31).slice(0, 8).concat('01'), -1);
    const add = (day: number, m: Omit<N43DemoMovement, 'bookingDate'>) => {
      const date = minDate(addDays(first, day - 1), lastDay);
      if (date <= window.to) out.push({ ...m, bookingDate: date });
    };
    add(5, {
      amountCents: -115_000,
      commonConcept: '04',
      ownConcept: '098',
      concepts: transferConcepts('INMUEBLES RUZAFA PATRIMONIAL SL', `ALQUILER LOCAL SUECA 18 ${label}`),
    });
    add(15, {
      amountCents: 234_560,
      commonConcept: '12',
      ownConcept: '045',
      concepts: [{ code: '01', text: `LIQUIDACION TPV COMERCIO 0345218 1ª QUINCENA ${label}` }],
    });
    add(28, {
      amountCents: 251_275,
      commonConcept: '12',
      ownConcept: '045',
      concepts: [{ code: '01', text: `LIQUIDACION TPV COMERCIO 0345218 2ª QUINCENA ${label}` }],
    });
    add(30, {
      amountCents: -218_456,
      commonConcept: '15',
      ownConcept: '017',
      concepts: [
        { code: '01', text: 'TGSS COTIZACION REGIMEN GENERAL' },
        { code: '02', text: `SEGURIDAD SOCIAL ${label} CCC 46/1234567/89` },
      ],
    });
    add(30, {
      amountCents: -1_500,
      commonConcept: '17',
      ownConcept: '040',
      concepts: [{ code: '01', text: `COMISION MANTENIMIENTO ${label}` }],
    });
  }
  return out;
}

// --- Panadería La Espiga SL ---------------------------------------------------------------------------

async function seedBakery(api: ReturnType<typeof apiClient>, token: string, log: (msg: string) => void) {
  const call = caller(api, token, DEMO_INVOICING_COMPANY);
  let docs = await readDocuments(call);

  // The mill's IBAN, and the payment on account of its invoice the gestor recorded by hand.
  const mill = docs.received.find((r) => r.supplierInvoiceNumber === 'HT-2026-1184');
  if (!mill) throw new Error('demo banking: the demo received invoice HT-2026-1184 is missing');
  const window = statementWindow();
  const accounts = await call<BankAccount[]>('GET', '/banking/accounts');
  let account = accounts.find((a) => a.iban === DEMO_BANK_IBAN);
  if (!account) {
    await setSupplierIban(call, mill.supplier.supplierId ?? '', MILL_IBAN);
    const payments = await call<{ paymentId: string; status?: string }[]>(
      'GET',
      `/received-invoices/${mill.receivedInvoiceId}/payments`,
    );
    if (!payments.some((p) => p.status !== 'DELETED')) {
      await call('POST', `/received-invoices/${mill.receivedInvoiceId}/payments`, {
        amountCents: MILL_ON_ACCOUNT_CENTS,
        paidAt: minDate(window.to, maxDate(window.from, addDays(mill.issueDate, 32))),
        method: 'TRANSFER',
        account: DEMO_BANK_IBAN,
        reference: `A cuenta ${mill.supplierInvoiceNumber}`,
      });
      docs = await readDocuments(call);
    }
    const movements = demoMovements(docs, window);
    // The on-account payment to the mill, as the bank shows it.
    const millPayments = await call<{ amountCents: number; paidAt: string; status?: string }[]>(
      'GET',
      `/received-invoices/${mill.receivedInvoiceId}/payments`,
    );
    for (const p of millPayments.filter((x) => x.status !== 'DELETED'))
      movements.push({
        bookingDate: p.paidAt,
        amountCents: -p.amountCents,
        commonConcept: '04',
        ownConcept: '098',
        concepts: transferConcepts('HARINAS DEL TURIA SL', `A CUENTA FRA ${mill.supplierInvoiceNumber}`),
      });
    const statement: N43DemoAccount = {
      ...DEMO_BANK_ACCOUNT,
      holderName: 'PANADERÍA LA ESPIGA SL',
      fromDate: window.from,
      toDate: window.to,
      openingCents: DEMO_OPENING_CENTS,
    };
    const file = buildN43(statement, movements);
    const imported = await call<N43ImportResult>('POST', '/banking/imports/n43', {
      fileName: DEMO_N43_FILE_NAME,
      contentBase64: file.bytes.toString('base64'),
    });
    const accountId = imported.accounts.find((a) => a.iban === DEMO_BANK_IBAN)?.accountId;
    account = (await call<BankAccount[]>('GET', '/banking/accounts')).find((a) => a.accountId === accountId);
    if (!account) throw new Error('demo banking: the N43 import created no account');
    await call('PUT', `/banking/accounts/${account.accountId}`, { alias: 'BBVA cuenta corriente' });
    log(`demo banking: N43 imported (${imported.created} movements)`);
  }

  // The rule the gestor taught the matcher, before the session, so it proposes by it.
  const rules = await call<ReconciliationRule[]>('GET', '/banking/reconciliation/rules');
  if (!rules.some((r) => r.pattern.toUpperCase() === DEMO_RULE.pattern))
    await call('POST', '/banking/reconciliation/rules', DEMO_RULE);

  // The session over the statement, left in progress with its proposals.
  const sessions = await call<Page<SessionListItem>>('GET', '/banking/reconciliation/sessions', undefined, {
    accountId: account.accountId,
    size: '10',
  });
  if (sessions.content.length === 0) {
    const imports = await call<{ items: N43ImportResult[] }>('GET', '/banking/imports');
    const range = imports.items.flatMap((i) => i.accounts).find((a) => a.accountId === account.accountId);
    await call<SessionDetail>('POST', '/banking/reconciliation/sessions', {
      accountId: account.accountId,
      fromDate: range?.fromDate ?? window.from,
      toDate: range?.toDate ?? window.to,
    });
  }

  // SEPA: the creditor settings, the school's mandate, the transfer order paying the mill.
  const settings = await call<BankingSettings>('GET', '/banking/settings');
  if (settings.updatedAt === null)
    await call('PUT', '/banking/settings', {
      creditorIdSuffix: '000',
      defaultAccountId: account.accountId,
      defaultSequenceType: 'RCUR',
    });
  const school = docs.customers.find((c) => c.name.startsWith('Colegio San José'));
  if (!school) throw new Error('demo banking: the demo customer Colegio San José is missing');
  const mandates = await call<{ items: Mandate[] }>('GET', '/banking/mandates', undefined, {
    customerId: school.customerId,
  });
  if (mandates.items.length === 0)
    await call('POST', '/banking/mandates', {
      customerId: school.customerId,
      debtorName: school.name,
      iban: SCHOOL_IBAN,
      signatureDate: '2026-09-01',
      scheme: 'CORE',
      type: 'RCUR',
    });
  const orders = await call<{ items: PaymentOrderSummary[] }>('GET', '/banking/payment-orders', undefined, {
    kind: 'TRANSFER',
  });
  if (orders.items.length === 0) {
    await setSupplierIban(call, mill.supplier.supplierId ?? '', MILL_IBAN);
    // The open item carries the supplier's IBAN once the treasury projection has read it again.
    const candidate = await until('the mill invoice payable by transfer', async () => {
      const list = await call<{ items: PaymentCandidate[] }>(
        'GET',
        '/banking/payment-candidates',
        undefined,
        {
          kind: 'TRANSFER',
        },
      );
      return list.items.find((c) => c.documentId === mill.receivedInvoiceId && c.blockedReason === null);
    });
    await call('POST', '/banking/payment-orders', {
      kind: 'TRANSFER',
      accountId: account.accountId,
      executionDate: earliestExecutionDate('TRANSFER', madridDate(new Date())),
      items: [{ documentId: candidate.documentId, amountCents: candidate.outstandingCents }],
      categoryPurpose: 'SUPP',
    });
  }

  // The hotel pays half at 30 days and half at 60 (Ley 3/2004 art. 4: within the legal maximum).
  const hotel = docs.customers.find((c) => c.name.startsWith('Hotel Mediterráneo'));
  if (hotel && !hotel.paymentTerms) {
    await call('PUT', `/customers/${hotel.customerId}`, {
      ...customerBody(hotel),
      paymentTerms: {
        instalments: [
          { days: 30, percentBp: 5_000 },
          { days: 60, percentBp: 5_000 },
        ],
      },
    });
  }
}

/** The fields a customer PUT takes (the contract of POST), from what GET answered. */
function customerBody(c: Customer) {
  return {
    name: c.name,
    taxId: c.taxId,
    address: c.address,
    ...(c.email ? { email: c.email } : {}),
    ...(c.phone ? { phone: c.phone } : {}),
    paymentTermsDays: c.paymentTermsDays,
    ...(c.iban ? { iban: c.iban } : {}),
    vatTreatment: c.vatTreatment,
    isActive: c.isActive,
  };
}

async function setSupplierIban(call: Call, supplierId: string, iban: string) {
  const supplier = await call<Record<string, unknown> & { iban?: string }>('GET', `/suppliers/${supplierId}`);
  if (supplier.iban) return;
  const fields = [
    'name',
    'tradeName',
    'taxId',
    'address',
    'email',
    'phone',
    'paymentTermsDays',
    'paymentTerms',
    'defaultExpenseCategoryId',
    'defaultVatRateBp',
  ];
  const body = Object.fromEntries(
    fields.filter((f) => supplier[f] !== undefined && supplier[f] !== null).map((f) => [f, supplier[f]]),
  );
  await call('PUT', `/suppliers/${supplierId}`, { ...body, iban });
}

// --- Transportes Levante Norte SA: PSD2 ------------------------------------------------------------------

/**
 * Connects the sandbox bank as a person would: the consent link, the bank's page and its 'Autorizar'
 * form (a POST answered with a redirect back to Cuadra), then the PSD2 page's completion call.
 */
export async function connectSandboxBank(
  call: Call,
  institutionId = DEMO_PSD2_INSTITUTION,
): Promise<Psd2CompleteResult> {
  const { connectionId, link } = await call<Psd2ConnectResult>('POST', '/banking/psd2/connections', {
    institutionId,
  });
  const page = await fetch(link);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+\/authorize)"/.exec(html)?.[1];
  if (!page.ok || !action)
    throw new Error(`demo banking: the sandbox consent page (${page.status}) has no 'Autorizar'`);
  const authorised = await fetch(new URL(action.replace(/&amp;/g, '&'), page.url), {
    method: 'POST',
    redirect: 'manual',
  });
  const back = authorised.headers.get('location');
  if (authorised.status !== 303 || !back || new URL(back).searchParams.has('error'))
    throw new Error(`demo banking: the sandbox bank did not authorise (${authorised.status} ${back})`);
  return call<Psd2CompleteResult>('POST', `/banking/psd2/connections/${connectionId}/complete`);
}

async function seedTransport(api: ReturnType<typeof apiClient>, token: string, log: (msg: string) => void) {
  const call = caller(api, token, DEMO_SII_COMPANY);
  const { items } = await call<Psd2ConnectionList>('GET', '/banking/psd2/connections');
  if (items.some((c) => c.status === 'LINKED')) return;
  const done = await connectSandboxBank(call);
  log(
    `demo banking: PSD2 ${done.connection.status}, ${done.accounts.length} accounts, ${done.sync?.created ?? 0} movements`,
  );
}

export async function seedDemoBanking(
  info: Pick<LocalCloudInfo, 'url'>,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const api = apiClient(info.url);
  const token = await api.login(GESTOR);
  await seedBakery(api, token, log);
  await seedTransport(api, token, log);
}
