/**
 * SEPA payments (issue 19, item 5): the banking settings (creditor identifier suffix, default account,
 * default mandate type), the direct-debit mandates and the payment orders (pain.001 / pain.008 files).
 * Payment reminders are the treasury's settings (store/treasury.ts, `treasury.updateSettings`), not these.
 *
 * Items (partition `BANK#<c>`, keys in shared/db/keys/banking.ts):
 *  - `SETTINGS` (`BankingSettings`): written field by field, so attributes other parts add survive;
 *  - `MANDATE#<mandateId>` (`SepaMandate`): one per mandate reference (unique per company);
 *  - `ORDER#<orderId>` (`PaymentOrder`): the order, its items and the XML file (≤ 350 KB).
 *
 * Orders record no payment: the bank movement that executes them is reconciled (helper E's
 * reconciliation), which records it on the document; a returned direct debit is matched back by its
 * end-to-end id (`CUADRA-<orderId>-<nnn>`, model/sepa/end-to-end-id.ts).
 */

import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { formatEuros } from '@shared/fiscal/money';
import { normalizeTaxId } from '@shared/fiscal/nif';
import type {
  BankingSettings,
  CreateMandateBody,
  CreatePaymentOrderBody,
  ListMandatesQuery,
  Mandate,
  MandateType,
  PaymentCandidate,
  PaymentOrder,
  PaymentOrderItem,
  PaymentOrderKind,
  PaymentOrderSummary,
  UpdateBankingSettingsBody,
} from '@shared/schemas/sepa';
import { SEPA_COUNTRIES } from '@shared/schemas/sepa';
import { creditorIdentifier } from '../model/sepa/creditor-id';
import { executionDateProblem } from '../model/sepa/dates';
import { endToEndId } from '../model/sepa/end-to-end-id';
import { nextSequenceType, usableMandate } from '../model/sepa/mandates';
import { buildPain001 } from '../model/sepa/pain001';
import { buildPain008, type DebitTransaction } from '../model/sepa/pain008';
import type { BankingDeps } from './deps';
import type { BankAccountItem, OpenItem } from './items';
import { getOpenItem, listOpenItems } from './open-items';
import { supplierOf } from './projection-sources';

export const SEPA_ENTITY = {
  settings: 'BankingSettings',
  mandate: 'SepaMandate',
  order: 'PaymentOrder',
} as const;

/** A DynamoDB item holds 400 KB: the file keeps a margin for the order's own attributes. */
export const MAX_FILE_BYTES = 350 * 1024;
const MAX_ITEM_BYTES = 395 * 1024;

// --- reading what other parts own ------------------------------------------------------------------

const getItem = async <T>(deps: BankingDeps, key: { pk: string; sk: string }): Promise<T | undefined> => {
  const out = await deps.db.send(new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true }));
  return out.Item as T | undefined;
};

const queryAll = async <T>(
  deps: BankingDeps,
  prefix: { pk: string; skPrefix: string },
  extra: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> } = {},
  newestFirst = false,
): Promise<T[]> => {
  const out: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
        ScanIndexForward: !newestFirst,
        ExclusiveStartKey: start,
        ...extra,
      }),
    );
    out.push(...((page.Items ?? []) as T[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
};

interface CompanyFacts {
  name: string;
  nif: string | null;
}

const readCompany = async (deps: BankingDeps, companyId: string): Promise<CompanyFacts> => {
  const c = await getItem<{ name?: string; nif?: string }>(deps, keys.company(companyId));
  if (!c) throw new AppError('CORE_006', 'La empresa no existe.');
  return { name: c.name ?? '', nif: c.nif ? normalizeTaxId(c.nif) : null };
};

const readAccount = async (deps: BankingDeps, companyId: string, accountId: string) => {
  const a = await getItem<BankAccountItem>(deps, keys.bankAccount(companyId, accountId));
  if (a?.entity !== 'BankAccount') throw new AppError('CORE_006', 'La cuenta bancaria no existe.');
  return a;
};

/** The open items of one direction still to collect or pay (the treasury projection, helper D's store). */
const openItemsOf = async (
  deps: BankingDeps,
  companyId: string,
  kind: 'INV' | 'REC',
): Promise<OpenItem[]> => {
  const items = await listOpenItems(deps, companyId, {
    direction: kind === 'INV' ? 'RECEIVABLE' : 'PAYABLE',
    status: 'OPEN',
  });
  return items.filter((i) => i.outstandingCents > 0);
};

// --- settings ----------------------------------------------------------------------------------------

interface SettingsItem {
  creditorIdSuffix?: string;
  defaultAccountId?: string | null;
  defaultSequenceType?: MandateType;
  updatedAt?: string;
  updatedBy?: string;
}

const suffixOf = (s: SettingsItem | undefined) => s?.creditorIdSuffix ?? '000';

/** The company's creditor identifier (AEB 19-14), or null while it has no NIF. */
const creditorIdOf = (company: CompanyFacts, suffix: string): string | null => {
  if (!company.nif) return null;
  try {
    return creditorIdentifier(company.nif, suffix);
  } catch {
    return null;
  }
};

export async function getBankingSettings(deps: BankingDeps, companyId: string): Promise<BankingSettings> {
  const [item, company] = await Promise.all([
    getItem<SettingsItem>(deps, keys.bankingSettings(companyId)),
    readCompany(deps, companyId),
  ]);
  const suffix = suffixOf(item);
  return {
    creditorIdSuffix: suffix,
    creditorIdentifier: creditorIdOf(company, suffix),
    companyName: company.name,
    companyNif: company.nif,
    defaultAccountId: item?.defaultAccountId ?? null,
    defaultSequenceType: item?.defaultSequenceType ?? 'RCUR',
    updatedAt: item?.updatedAt ?? null,
    updatedBy: item?.updatedBy ?? null,
  };
}

export async function updateBankingSettings(
  deps: BankingDeps,
  companyId: string,
  userId: string,
  body: UpdateBankingSettingsBody,
): Promise<BankingSettings> {
  if (body.defaultAccountId) {
    const account = await readAccount(deps, companyId, body.defaultAccountId);
    if (!account.active)
      throw new AppError('CORE_004', 'La cuenta bancaria está desactivada.', { field: 'defaultAccountId' });
  }
  const set: string[] = [
    'entity = :entity',
    'schemaVersion = :v',
    'companyId = :c',
    'updatedAt = :at',
    'updatedBy = :by',
  ];
  const values: Record<string, unknown> = {
    ':entity': SEPA_ENTITY.settings,
    ':v': 1,
    ':c': companyId,
    ':at': deps.now().toISOString(),
    ':by': userId,
  };
  for (const field of ['creditorIdSuffix', 'defaultAccountId', 'defaultSequenceType'] as const) {
    if (body[field] !== undefined) {
      set.push(`${field} = :${field}`);
      values[`:${field}`] = body[field];
    }
  }
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.bankingSettings(companyId),
      UpdateExpression: `SET ${set.join(', ')}`,
      ExpressionAttributeValues: values,
    }),
  );
  return getBankingSettings(deps, companyId);
}

// --- mandates ----------------------------------------------------------------------------------------

type MandateItem = Omit<Mandate, 'nextSequenceType'> & {
  entity: typeof SEPA_ENTITY.mandate;
  schemaVersion: 1;
  companyId: string;
  pk: string;
  sk: string;
};

const toMandate = (i: MandateItem): Mandate => ({
  mandateId: i.mandateId,
  customerId: i.customerId,
  debtorName: i.debtorName,
  iban: i.iban,
  bic: i.bic,
  signatureDate: i.signatureDate,
  scheme: i.scheme,
  type: i.type,
  status: i.status,
  nextSequenceType: nextSequenceType(i),
  firstOrderId: i.firstOrderId,
  lastCollectionDate: i.lastCollectionDate,
  collectionCount: i.collectionCount,
  createdAt: i.createdAt,
  createdBy: i.createdBy,
  revokedAt: i.revokedAt,
  revokedBy: i.revokedBy,
});

const mandateItems = (deps: BankingDeps, companyId: string) =>
  queryAll<MandateItem>(deps, keys.sepaMandatePrefix(companyId));

export async function listMandates(
  deps: BankingDeps,
  companyId: string,
  query: ListMandatesQuery = {},
): Promise<Mandate[]> {
  const items = await mandateItems(deps, companyId);
  return items
    .filter(
      (m) =>
        (!query.customerId || m.customerId === query.customerId) &&
        (!query.status || m.status === query.status),
    )
    .map(toMandate)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function getMandate(deps: BankingDeps, companyId: string, mandateId: string): Promise<Mandate> {
  const item = await getItem<MandateItem>(deps, keys.sepaMandate(companyId, mandateId));
  if (!item) throw new AppError('CORE_006', 'El mandato no existe.');
  return toMandate(item);
}

export async function createMandate(
  deps: BankingDeps,
  companyId: string,
  userId: string,
  body: CreateMandateBody,
): Promise<Mandate> {
  const today = madridToday(deps.now());
  if (body.signatureDate > today)
    throw new AppError('CORE_004', 'La fecha de firma no puede ser futura.', { field: 'signatureDate' });
  const customer = await getItem<{ name?: string; deleted?: boolean }>(
    deps,
    keys.customer(companyId, body.customerId),
  );
  if (!customer) throw new AppError('CORE_004', 'El cliente no existe.', { field: 'customerId' });
  const [settings, company] = await Promise.all([
    getItem<SettingsItem>(deps, keys.bankingSettings(companyId)),
    readCompany(deps, companyId),
  ]);
  if (!company.nif)
    throw new AppError('CORE_004', 'La empresa necesita un NIF para tener identificador de acreedor SEPA.', {
      field: 'customerId',
    });
  const mandateId =
    body.mandateId ??
    `${body.customerId.slice(0, 16).toUpperCase()}-${today.replace(/-/g, '')}-${deps.newId().slice(0, 6).toUpperCase()}`.replace(
      /[^A-Z0-9-]/g,
      '',
    );
  const item: MandateItem = {
    ...keys.sepaMandate(companyId, mandateId),
    entity: SEPA_ENTITY.mandate,
    schemaVersion: 1,
    companyId,
    mandateId,
    customerId: body.customerId,
    debtorName: body.debtorName,
    iban: body.iban,
    bic: body.bic ?? null,
    signatureDate: body.signatureDate,
    scheme: body.scheme,
    type: body.type ?? settings?.defaultSequenceType ?? 'RCUR',
    status: 'ACTIVE',
    firstOrderId: null,
    lastCollectionDate: null,
    collectionCount: 0,
    createdAt: deps.now().toISOString(),
    createdBy: userId,
    revokedAt: null,
    revokedBy: null,
  };
  try {
    await deps.db.send(
      new PutCommand({ TableName: deps.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new AppError('CORE_004', `Ya existe un mandato con la referencia ${mandateId}.`, {
        field: 'mandateId',
      });
    throw e;
  }
  return toMandate(item);
}

/** Revokes a mandate (the debtor withdrew it): no new collection uses it; orders already generated stay. */
export async function revokeMandate(
  deps: BankingDeps,
  companyId: string,
  userId: string,
  mandateId: string,
): Promise<Mandate> {
  const current = await getMandate(deps, companyId, mandateId);
  if (current.status === 'REVOKED') return current;
  const out = await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.sepaMandate(companyId, mandateId),
      UpdateExpression: 'SET #s = :revoked, revokedAt = :at, revokedBy = :by',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':revoked': 'REVOKED', ':at': deps.now().toISOString(), ':by': userId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toMandate(out.Attributes as MandateItem);
}

// --- payment orders ----------------------------------------------------------------------------------

type OrderItem = PaymentOrder & {
  entity: typeof SEPA_ENTITY.order;
  schemaVersion: 1;
  companyId: string;
  pk: string;
  sk: string;
  xml: string;
};

const SUMMARY_FIELDS = [
  'orderId',
  'kind',
  'status',
  'accountId',
  'accountIban',
  'accountAlias',
  'executionDate',
  'categoryPurpose',
  'msgId',
  'schema',
  'itemCount',
  'totalCents',
  'fileName',
  'fileBytes',
  'createdBy',
  'createdAt',
] as const;

const toSummary = (o: PaymentOrderSummary): PaymentOrderSummary =>
  Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, o[f]])) as unknown as PaymentOrderSummary;

const toOrder = (o: OrderItem): PaymentOrder => ({ ...toSummary(o), items: o.items, blocks: o.blocks });

export async function listPaymentOrders(
  deps: BankingDeps,
  companyId: string,
  kind?: PaymentOrderKind,
): Promise<PaymentOrderSummary[]> {
  const names = Object.fromEntries(SUMMARY_FIELDS.map((f) => [`#${f}`, f]));
  const rows = await queryAll<OrderItem>(
    deps,
    keys.paymentOrderPrefix(companyId),
    { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names },
    true,
  );
  return rows
    .filter((o) => !kind || o.kind === kind)
    .map(toSummary)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const readOrder = async (deps: BankingDeps, companyId: string, orderId: string): Promise<OrderItem> => {
  const o = await getItem<OrderItem>(deps, keys.paymentOrder(companyId, orderId));
  if (!o) throw new AppError('CORE_006', 'La orden de pago no existe.');
  return o;
};

export const getPaymentOrder = async (deps: BankingDeps, companyId: string, orderId: string) =>
  toOrder(await readOrder(deps, companyId, orderId));

export async function getPaymentOrderFile(
  deps: BankingDeps,
  companyId: string,
  orderId: string,
): Promise<{ fileName: string; xml: string }> {
  const o = await readOrder(deps, companyId, orderId);
  return { fileName: o.fileName, xml: o.xml };
}

/** Today in Spain (Europe/Madrid) as YYYY-MM-DD. */
export const madridToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);

const isSepaIban = (iban: string | null): iban is string =>
  !!iban && (SEPA_COUNTRIES as readonly string[]).includes(iban.slice(0, 2));

/** A short, upper-case, dash-free id that keeps the end-to-end ids within 35 characters. */
const newOrderId = (deps: BankingDeps, today: string): string =>
  `P${today.replace(/-/g, '')}${deps
    .newId()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-8)}`;

/** What orders generated since each document last changed already include, per document id. */
async function orderedCentsByDocument(
  deps: BankingDeps,
  companyId: string,
  kind: PaymentOrderKind,
  items: OpenItem[],
): Promise<Map<string, number>> {
  const since = new Map(items.map((i) => [i.documentId, i.updatedAt]));
  const orders = await queryAll<OrderItem>(deps, keys.paymentOrderPrefix(companyId), {
    ProjectionExpression: '#kind, #createdAt, #items',
    ExpressionAttributeNames: { '#kind': 'kind', '#createdAt': 'createdAt', '#items': 'items' },
  });
  const out = new Map<string, number>();
  for (const o of orders) {
    if (o.kind !== kind) continue;
    for (const it of o.items) {
      const changed = since.get(it.documentId);
      if (changed !== undefined && o.createdAt >= changed)
        out.set(it.documentId, (out.get(it.documentId) ?? 0) + it.amountCents);
    }
  }
  return out;
}

const unpaidDueDates = (i: OpenItem) =>
  i.dueDates
    .filter((d) => d.amountCents - d.paidCents > 0)
    .map((d) => ({ dueDate: d.dueDate, amountCents: d.amountCents - d.paidCents }));

/**
 * What can be ordered: open received invoices (transfers; blocked without a SEPA IBAN of the supplier)
 * or open issued invoices whose customer has a usable mandate (direct debits), by next due date.
 */
export async function listPaymentCandidates(
  deps: BankingDeps,
  companyId: string,
  kind: PaymentOrderKind,
): Promise<PaymentCandidate[]> {
  const docKind = kind === 'TRANSFER' ? 'REC' : 'INV';
  const [items, mandates] = await Promise.all([
    openItemsOf(deps, companyId, docKind),
    kind === 'DIRECT_DEBIT' ? mandateItems(deps, companyId) : Promise.resolve([]),
  ]);
  const ordered = await orderedCentsByDocument(deps, companyId, kind, items);
  const ibans = kind === 'TRANSFER' ? await currentSupplierIbans(deps, companyId, items) : new Map();
  const out: PaymentCandidate[] = [];
  for (const i of items) {
    const base = {
      documentId: i.documentId,
      documentKind: docKind,
      number: i.number,
      issueDate: i.issueDate,
      partyId: i.partyId,
      partyName: i.partyName,
      partyNif: i.partyNif,
      totalCents: i.totalCents,
      outstandingCents: i.outstandingCents,
      nextDueDate: i.nextDueDate,
      dueDates: unpaidDueDates(i),
      orderedCents: ordered.get(i.documentId) ?? 0,
    } as const;
    if (kind === 'TRANSFER') {
      const iban = ibans.get(i.documentId) ?? null;
      out.push({
        ...base,
        iban,
        mandate: null,
        blockedReason: isSepaIban(iban)
          ? null
          : iban
            ? 'El IBAN del proveedor no es de la zona SEPA.'
            : 'Falta el IBAN del proveedor.',
      });
      continue;
    }
    // Direct debits: only customers who signed a mandate (SDD rulebook: no collection without one).
    const m = usableMandate(mandates.filter((x) => x.customerId === i.partyId));
    if (!m) continue;
    out.push({
      ...base,
      iban: m.iban,
      mandate: { mandateId: m.mandateId, scheme: m.scheme, sequenceType: nextSequenceType(m)! },
      blockedReason: null,
    });
  }
  return out.sort((a, b) => (a.nextDueDate ?? '9999').localeCompare(b.nextDueDate ?? '9999'));
}

/**
 * The suppliers' IBANs as stored now, by document: the open items copy the party's IBAN when they are
 * projected, and a supplier's IBAN set afterwards must reach its payments at once.
 */
async function currentSupplierIbans(
  deps: BankingDeps,
  companyId: string,
  items: readonly OpenItem[],
): Promise<Map<string, string | null>> {
  const bySupplier = new Map<string, string | null>();
  for (const id of new Set(items.map((i) => i.partyId).filter((p): p is string => Boolean(p)))) {
    const supplier = await supplierOf(deps, companyId, id);
    if (supplier) bySupplier.set(id, supplier.iban ?? null);
  }
  return new Map(
    items.map((i) => [
      i.documentId,
      i.partyId && bySupplier.has(i.partyId) ? (bySupplier.get(i.partyId) ?? null) : i.partyIban,
    ]),
  );
}

interface PlannedItem {
  open: OpenItem;
  amountCents: number;
  mandate: MandateItem | null;
}

/** Reads and checks every document of the order (open, amount ≤ outstanding, IBAN or mandate). */
async function planItems(
  deps: BankingDeps,
  companyId: string,
  body: CreatePaymentOrderBody,
): Promise<PlannedItem[]> {
  const docKind = body.kind === 'TRANSFER' ? 'REC' : 'INV';
  const seen = new Set<string>();
  for (const it of body.items) {
    if (seen.has(it.documentId))
      throw new AppError('CORE_004', 'Un documento aparece dos veces en la orden.', { field: 'items' });
    seen.add(it.documentId);
  }
  const mandates = body.kind === 'DIRECT_DEBIT' ? await mandateItems(deps, companyId) : [];
  const found = await Promise.all(
    body.items.map((it) => getOpenItem(deps, companyId, docKind, it.documentId)),
  );
  const ibans =
    body.kind === 'TRANSFER'
      ? await currentSupplierIbans(
          deps,
          companyId,
          found.filter((o): o is OpenItem => o !== null),
        )
      : new Map<string, string | null>();
  // A transfer goes to the supplier's IBAN as it is now, not as it was when the invoice was projected.
  const opens = found.map((o) =>
    o && body.kind === 'TRANSFER' ? { ...o, partyIban: ibans.get(o.documentId) ?? null } : o,
  );
  return body.items.map((it, n) => {
    const open = opens[n];
    const field = `items.${n}`;
    if (!open) throw new AppError('CORE_004', 'El documento no existe o no está pendiente.', { field });
    const label = `La factura ${open.number}`;
    if (open.status !== 'OPEN' || open.outstandingCents <= 0)
      throw new AppError('CORE_004', `${label} no tiene importe pendiente.`, { field });
    if (it.amountCents > open.outstandingCents)
      throw new AppError(
        'CORE_004',
        `${label}: el importe supera lo pendiente (${formatEuros(open.outstandingCents)}).`,
        { field },
      );
    if (body.kind === 'TRANSFER') {
      if (!isSepaIban(open.partyIban))
        throw new AppError('CORE_004', `${label}: el proveedor ${open.partyName} no tiene un IBAN SEPA.`, {
          field,
        });
      return { open, amountCents: it.amountCents, mandate: null };
    }
    const mandate = usableMandate(mandates.filter((m) => m.customerId === open.partyId));
    if (!mandate)
      throw new AppError(
        'CORE_004',
        `${label}: el cliente ${open.partyName} no tiene un mandato SEPA activo.`,
        { field },
      );
    return { open, amountCents: it.amountCents, mandate };
  });
}

/**
 * Builds the file and stores the order. The sequence type per receipt: a recurrent mandate's first
 * collection is FRST and every later one RCUR (also within the same order); a one-off mandate carries
 * one collection. The mandates' counters move in the same transaction as the order is written, under
 * a condition on the count read, so two orders racing for a first collection cannot both send FRST.
 */
export async function createPaymentOrder(
  deps: BankingDeps,
  companyId: string,
  userId: string,
  body: CreatePaymentOrderBody,
): Promise<PaymentOrder> {
  const now = deps.now();
  const today = madridToday(now);
  const dateProblem = executionDateProblem(body.kind, body.executionDate, today);
  if (dateProblem) throw new AppError('CORE_004', dateProblem, { field: 'executionDate' });
  const account = await readAccount(deps, companyId, body.accountId);
  if (!account.active)
    throw new AppError('CORE_004', 'La cuenta bancaria está desactivada.', { field: 'accountId' });
  if (!isSepaIban(account.iban) || account.currency !== 'EUR')
    throw new AppError('CORE_004', 'La cuenta debe ser una cuenta en euros de la zona SEPA.', {
      field: 'accountId',
    });
  const [settings, company] = await Promise.all([
    getItem<SettingsItem>(deps, keys.bankingSettings(companyId)),
    readCompany(deps, companyId),
  ]);
  if (!company.nif)
    throw new AppError('CORE_004', 'La empresa necesita un NIF para generar ficheros SEPA.', {
      field: 'accountId',
    });
  const planned = await planItems(deps, companyId, body);

  const orderId = newOrderId(deps, today);
  const holder = account.holderName || company.name;
  const usedCount = new Map<string, number>();
  const items: PaymentOrderItem[] = planned.map((p, n) => {
    const base = {
      index: n + 1,
      endToEndId: endToEndId(orderId, n + 1),
      documentKind: p.open.kind,
      documentId: p.open.documentId,
      documentNumber: p.open.number,
      partyId: p.open.partyId,
      amountCents: p.amountCents,
    };
    if (!p.mandate)
      return {
        ...base,
        partyName: p.open.partyName,
        iban: p.open.partyIban!,
        bic: null,
        mandateId: null,
        sequenceType: null,
        scheme: null,
      };
    const m = p.mandate;
    const before = usedCount.get(m.mandateId) ?? 0;
    const sequenceType = nextSequenceType({ ...m, collectionCount: m.collectionCount + before });
    if (!sequenceType)
      throw new AppError('CORE_004', `El mandato ${m.mandateId} es de un solo uso y ya tiene un cobro.`, {
        field: `items.${n}`,
      });
    usedCount.set(m.mandateId, before + 1);
    return {
      ...base,
      partyName: m.debtorName,
      iban: m.iban,
      bic: m.bic,
      mandateId: m.mandateId,
      sequenceType,
      scheme: m.scheme,
    };
  });

  let xml: string;
  let blocks: PaymentOrder['blocks'] = [];
  const remittance = (it: PaymentOrderItem) => `Factura ${it.documentNumber}`;
  if (body.kind === 'TRANSFER') {
    xml = buildPain001({
      msgId: orderId,
      createdAt: now,
      initiatingParty: { name: company.name, id: `${company.nif}${suffixOf(settings)}` },
      debtor: { name: holder, iban: account.iban, bic: account.bic },
      executionDate: body.executionDate,
      categoryPurpose: body.categoryPurpose ?? 'SUPP',
      transactions: items.map((it) => ({
        endToEndId: it.endToEndId,
        amountCents: it.amountCents,
        creditorName: it.partyName,
        creditorIban: it.iban,
        creditorBic: it.bic,
        remittance: remittance(it),
      })),
    });
  } else {
    const creditorId = creditorIdentifier(company.nif, suffixOf(settings));
    const byMandate = new Map(planned.map((p) => [p.mandate!.mandateId, p.mandate!]));
    const built = buildPain008({
      msgId: orderId,
      createdAt: now,
      initiatingParty: { name: company.name, id: creditorId },
      creditor: { name: holder, iban: account.iban, bic: account.bic, creditorId },
      transactions: items.map(
        (it): DebitTransaction => ({
          endToEndId: it.endToEndId,
          amountCents: it.amountCents,
          collectionDate: body.executionDate,
          scheme: it.scheme!,
          sequenceType: it.sequenceType!,
          mandateId: it.mandateId!,
          mandateSignatureDate: byMandate.get(it.mandateId!)!.signatureDate,
          debtorName: it.partyName,
          debtorIban: it.iban,
          debtorBic: it.bic,
          remittance: remittance(it),
        }),
      ),
    });
    xml = built.xml;
    blocks = built.blocks;
  }
  const fileBytes = Buffer.byteLength(xml, 'utf8');
  const tooBig = `El fichero ocuparía ${Math.ceil(fileBytes / 1024)} KB y el máximo es ${MAX_FILE_BYTES / 1024} KB: divide los pagos en varias órdenes.`;
  if (fileBytes > MAX_FILE_BYTES) throw new AppError('CORE_004', tooBig, { field: 'items' });

  const order: OrderItem = {
    ...keys.paymentOrder(companyId, orderId),
    entity: SEPA_ENTITY.order,
    schemaVersion: 1,
    companyId,
    orderId,
    kind: body.kind,
    status: 'GENERATED',
    accountId: account.accountId,
    accountIban: account.iban,
    accountAlias: account.alias,
    executionDate: body.executionDate,
    categoryPurpose: body.kind === 'TRANSFER' ? (body.categoryPurpose ?? 'SUPP') : null,
    msgId: orderId,
    schema: body.kind === 'TRANSFER' ? 'pain.001.001.03' : 'pain.008.001.02',
    itemCount: items.length,
    totalCents: items.reduce((s, it) => s + it.amountCents, 0),
    fileName: `${body.kind === 'TRANSFER' ? 'transferencias' : 'remesa'}-${orderId}.xml`,
    fileBytes,
    createdBy: userId,
    createdAt: now.toISOString(),
    items,
    blocks,
    xml,
  };
  if (Buffer.byteLength(JSON.stringify(order), 'utf8') > MAX_ITEM_BYTES)
    throw new AppError('CORE_004', tooBig, { field: 'items' });
  await writeOrder(deps, companyId, order, planned, usedCount, body.executionDate);
  return toOrder(order);
}

/** The order and the mandates' counters: one transaction per 100 writes, the order in the first. */
async function writeOrder(
  deps: BankingDeps,
  companyId: string,
  order: OrderItem,
  planned: PlannedItem[],
  usedCount: Map<string, number>,
  collectionDate: string,
): Promise<void> {
  const mandates = new Map(planned.filter((p) => p.mandate).map((p) => [p.mandate!.mandateId, p.mandate!]));
  const updates = [...usedCount.entries()].map(([mandateId, count]) => ({
    Update: {
      TableName: deps.table,
      Key: keys.sepaMandate(companyId, mandateId),
      // The first order is the one that carried the FRST (or OOFF) collection.
      UpdateExpression: `SET collectionCount = collectionCount + :n, lastCollectionDate = :d${
        mandates.get(mandateId)!.collectionCount === 0 ? ', firstOrderId = :o' : ''
      }`,
      ConditionExpression: '#s = :active AND collectionCount = :seen',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':n': count,
        ':o': order.orderId,
        ':d': collectionDate,
        ':active': 'ACTIVE',
        ':seen': mandates.get(mandateId)!.collectionCount,
      },
    },
  }));
  const writes = [
    { Put: { TableName: deps.table, Item: order, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...updates,
  ];
  try {
    for (let i = 0; i < writes.length; i += 100)
      await deps.db.send(new TransactWriteCommand({ TransactItems: writes.slice(i, i + 100) }));
  } catch (e) {
    if ((e as { name?: string }).name === 'TransactionCanceledException')
      throw new AppError(
        'BANK_CONFLICT',
        'Un mandato ha cambiado mientras se generaba la orden (revocado o usado en otra orden). Vuelve a intentarlo.',
      );
    throw e;
  }
}
