/**
 * Harness of the submissions API tests: the real pipeline (auth, role, company scope, zod) over the
 * submissions area's actions, a membership lookup by user, and an in-memory table behind
 * aws-sdk-client-mock that answers GetItem, Query (partition + begins_with/BETWEEN, gsi1, COUNT,
 * Limit, paging) and the TransactWriteItems of `appendRecord` (conditional Puts, the stats ADD and
 * the conditional `correctedBySeq` Update), refusing a transaction as DynamoDB does.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { queuedSubmission, recordWriteItems } from '@functions/lib/verifactu-chain';
import type { Membership } from '@functions/platform/company-scope';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import type { CompanyRole } from '@shared/db/records';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  buildAnulacionFields,
  idFacturaOf,
  recomputeHuella,
  recordContentHash,
} from '@shared/fiscal/verifactu-record';
import type {
  RegistroAltaFields,
  SistemaInformatico,
  SubmissionStatus,
  VerifactuConfig,
  VerifactuRecord,
  VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach } from 'vitest';
import { verifactuActions } from '../handler';
import type { VerifactuDeps } from '../store/deps';

export const TABLE = 'cuadra-test';
export const COMPANY = 'co-1';
export const OTHER_COMPANY = 'co-2';
export const NIF = 'B12345674';
export const T0 = new Date('2027-01-15T09:30:00.000Z');
export const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/cuadra-verifactu.fifo';

export const SYSTEM: SistemaInformatico = {
  NombreRazon: 'Cuadra Software SL (pruebas)',
  NIF: 'B00000000',
  NombreSistemaInformatico: 'Cuadra',
  IdSistemaInformatico: 'CU',
  Version: '1.0.0',
  NumeroInstalacion: `CUADRA-${COMPANY}`,
  TipoUsoPosibleSoloVerifactu: 'N',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

/** Users by id: their company role in COMPANY (absent = not a member), and their Cognito group. */
export const USERS: Record<string, { group: string; role?: CompanyRole; permissions?: string[] }> = {
  gestor: { group: 'GESTOR', role: 'GESTOR' },
  owner: { group: 'CLIENTE', role: 'OWNER' },
  member: { group: 'CLIENTE', role: 'MEMBER' },
  cliente: { group: 'CLIENTE', role: 'CLIENTE', permissions: ['VIEW_INVOICES'] },
  clienteTax: { group: 'CLIENTE', role: 'CLIENTE', permissions: ['VIEW_TAX_DOCUMENTS'] },
  stranger: { group: 'GESTOR' },
  admin: { group: 'ADMIN' },
};

type Item = Record<string, unknown>;
const id = (pk: unknown, sk: unknown) => `${String(pk)}|${String(sk)}`;

export class FakeTable {
  items = new Map<string, Item>();
  put(item: Item) {
    this.items.set(id(item.pk, item.sk), structuredClone(item));
  }
  get(key: { pk: string; sk: string }): Item | undefined {
    return this.items.get(id(key.pk, key.sk));
  }
  clear() {
    this.items.clear();
  }

  query(input: QueryCommandInput) {
    const v = input.ExpressionAttributeValues ?? {};
    const cond = input.KeyConditionExpression ?? '';
    const onGsi1 = input.IndexName === 'gsi1';
    const pkName = onGsi1 ? 'gsi1pk' : 'pk';
    const skName = onGsi1 ? 'gsi1sk' : 'sk';
    let rows = [...this.items.values()].filter((i) => i[pkName] === v[':pk'] && i[skName] !== undefined);
    if (cond.includes('begins_with'))
      rows = rows.filter((i) => String(i[skName]).startsWith(String(v[':sk'])));
    if (cond.includes('BETWEEN'))
      rows = rows.filter(
        (i) => String(i[skName]) >= String(v[':from']) && String(i[skName]) <= String(v[':to']),
      );
    // Binary order, as DynamoDB compares sort keys.
    rows.sort((a, b) =>
      String(a[skName]) < String(b[skName]) ? -1 : String(a[skName]) > String(b[skName]) ? 1 : 0,
    );
    if (input.ScanIndexForward === false) rows.reverse();
    const start = input.ExclusiveStartKey;
    if (start) {
      const at = rows.findIndex((i) => i.pk === start.pk && i.sk === start.sk);
      rows = rows.slice(at + 1);
    }
    // DynamoDB returns at most 1 MB: pages of 100 here, so paging is exercised.
    const limit = Math.min(input.Limit ?? Number.POSITIVE_INFINITY, 100);
    const page = rows.slice(0, limit);
    const last = rows.length > limit ? page.at(-1) : undefined;
    const LastEvaluatedKey = last ? { pk: last.pk, sk: last.sk } : undefined;
    if (input.Select === 'COUNT') return { Count: page.length, LastEvaluatedKey };
    return { Items: page.map((i) => structuredClone(i)), Count: page.length, LastEvaluatedKey };
  }

  transact(input: TransactWriteCommandInput) {
    const items = input.TransactItems ?? [];
    const reasons = items.map((t) => ({ Code: this.check(t) ? 'None' : 'ConditionalCheckFailed' }));
    if (reasons.some((r) => r.Code !== 'None')) {
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: reasons,
      });
    }
    for (const t of items) this.apply(t);
    this.transactions.push(items);
    return {};
  }
  transactions: NonNullable<TransactWriteCommandInput['TransactItems']>[] = [];

  private check(t: NonNullable<TransactWriteCommandInput['TransactItems']>[number]): boolean {
    if (t.Put) {
      const existing = this.get(t.Put.Item as { pk: string; sk: string });
      const c = t.Put.ConditionExpression;
      if (c === 'attribute_not_exists(pk)') return !existing;
      if (c === '#seq = :prev') return existing?.seq === t.Put.ExpressionAttributeValues?.[':prev'];
      return true;
    }
    if (t.Update) {
      const existing = this.get(t.Update.Key as { pk: string; sk: string });
      const c = t.Update.ConditionExpression;
      if (!c) return true;
      const v = t.Update.ExpressionAttributeValues ?? {};
      if (c.includes('correctedBySeq')) {
        return Boolean(existing) && existing!.status === v[':status'] && existing!.correctedBySeq == null;
      }
      throw new Error(`FakeTable: unknown condition ${c}`);
    }
    throw new Error('FakeTable: only Put and Update');
  }

  private apply(t: NonNullable<TransactWriteCommandInput['TransactItems']>[number]) {
    if (t.Put) return this.put(t.Put.Item as Item);
    const u = t.Update!;
    const key = u.Key as { pk: string; sk: string };
    const item: Item = this.get(key) ?? { ...key };
    const v = u.ExpressionAttributeValues ?? {};
    const n = u.ExpressionAttributeNames ?? {};
    const expr = u.UpdateExpression ?? '';
    const [setPart, addPart] = expr.replace(/^SET /, '').split(' ADD ');
    for (const a of (setPart ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [name, value] = a.split(' = ').map((s) => s.trim());
      item[n[name!] ?? name!] = v[value!];
    }
    for (const a of (addPart ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [name, value] = a.split(' ');
      const attr = n[name!] ?? name!;
      item[attr] = Number(item[attr] ?? 0) + Number(v[value!]);
    }
    this.put(item);
  }
}

export const table = new FakeTable();

// --- fixtures ------------------------------------------------------------------------------------

const aeatDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The alta fields of an F1 of 100 € + 21 % VAT, chained to `previous` (or first), hashed. */
export function altaFields(
  number: string,
  invoiceDate: string,
  previous: VerifactuRecord | null,
  timestamp: string,
  over: Partial<RegistroAltaFields> = {},
): RegistroAltaFields {
  const fields: RegistroAltaFields = {
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFactura: NIF,
      NumSerieFactura: number,
      FechaExpedicionFactura: aeatDate(invoiceDate),
    },
    RefExterna: 'inv',
    NombreRazonEmisor: 'Fontanería Romero SL',
    TipoFactura: 'F1',
    DescripcionOperacion: 'Reparación de caldera',
    Destinatarios: [{ NombreRazon: 'Zapatería Ana', NIF: '12345678Z' }],
    Desglose: [
      {
        Impuesto: '01',
        ClaveRegimen: '01',
        CalificacionOperacion: 'S1',
        TipoImpositivo: '21.00',
        BaseImponibleOimporteNoSujeto: '100.00',
        CuotaRepercutida: '21.00',
      },
    ],
    CuotaTotal: '21.00',
    ImporteTotal: '121.00',
    Encadenamiento: previous
      ? { RegistroAnterior: { ...idFacturaOf(previous.fields), Huella: previous.huella } }
      : { PrimerRegistro: 'S' },
    SistemaInformatico: SYSTEM,
    FechaHoraHusoGenRegistro: timestamp,
    TipoHuella: '01',
    Huella: '',
    ...over,
  };
  fields.Huella = recomputeHuella(fields);
  return fields;
}

export interface Seeded {
  record: VerifactuRecord;
  submission: VerifactuSubmission;
}

/** Seeds the next record of COMPANY's chain (record, submission, head, stats) as `appendRecord` would. */
export function seedRecord(input: {
  companyId?: string;
  invoiceId: string;
  number?: string;
  invoiceDate?: string;
  kind?: 'ALTA' | 'ANULACION';
  operation?: VerifactuRecord['operation'];
  status?: SubmissionStatus;
  aeatState?: string | null;
  aeatCode?: string | null;
  aeatMessage?: string | null;
  customerName?: string;
  sentAt?: string | null;
  totalCents?: number;
  invoiceType?: string;
  over?: Partial<RegistroAltaFields>;
}): Seeded {
  const companyId = input.companyId ?? COMPANY;
  const head = table.get(keys.verifactuChainHead(companyId)) as { seq: number } | undefined;
  const seq = (head?.seq ?? 0) + 1;
  const previous = head
    ? (table.get(keys.verifactuRecord(companyId, head.seq)) as unknown as VerifactuRecord)
    : null;
  const number = input.number ?? `F-2027-${String(seq).padStart(4, '0')}`;
  const invoiceDate = input.invoiceDate ?? '2027-01-10';
  const timestamp = `2027-01-15T10:${String(seq % 60).padStart(2, '0')}:00+01:00`;
  const kind = input.kind ?? 'ALTA';
  const fields =
    kind === 'ALTA'
      ? altaFields(number, invoiceDate, previous, timestamp, input.over)
      : buildAnulacionFields({
          target: {
            IDEmisorFactura: NIF,
            NumSerieFactura: number,
            FechaExpedicionFactura: aeatDate(invoiceDate),
          },
          link: previous ? { idFactura: idFacturaOf(previous.fields), huella: previous.huella } : null,
          timestamp,
          system: SYSTEM,
          operation: (input.operation as 'ANULACION') ?? 'ANULACION',
        });
  const record: VerifactuRecord = {
    companyId,
    seq,
    recordId: `${companyId}-${seq}`,
    kind,
    operation: input.operation ?? kind,
    invoiceId: input.invoiceId,
    invoiceNumber: number,
    invoiceDate,
    invoiceType: input.invoiceType ?? 'F1',
    totalCents: input.totalCents ?? (kind === 'ALTA' ? 12100 : 0),
    customerName: input.customerName ?? 'Zapatería Ana',
    mode: 'VERIFACTU',
    environment: 'TEST',
    fields,
    huella: fields.Huella,
    contentHash: recordContentHash(fields, previous?.contentHash ?? null),
    previousHuella: previous?.huella ?? null,
    previousSeq: previous?.seq ?? null,
    reason: null,
    correctsSeq: null,
    createdAt: T0.toISOString(),
    createdBy: 'gestor',
  };
  for (const t of recordWriteItems(TABLE, { record, at: T0.toISOString() })) {
    if (t.Put) table.put(t.Put.Item as Item);
  }
  const submission: VerifactuSubmission = {
    ...queuedSubmission(record, T0.toISOString()),
    status: input.status ?? 'QUEUED',
    aeatState: input.aeatState ?? null,
    aeatCode: input.aeatCode ?? null,
    aeatMessage: input.aeatMessage ?? null,
    sentAt: input.sentAt ?? null,
  };
  table.put({
    ...keys.verifactuSubmission(companyId, seq),
    entity: 'VerifactuSubmission',
    v: SCHEMA_VERSION,
    ...submission,
  });
  return { record, submission };
}

export function seedConfig(over: Partial<VerifactuConfig> = {}, companyId = COMPANY): VerifactuConfig {
  const config: VerifactuConfig = {
    companyId,
    mode: 'VERIFACTU',
    environment: 'TEST',
    representative: null,
    certificateId: null,
    sealCertificate: false,
    enabled: true,
    lastConnectionTest: null,
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
    ...over,
  };
  table.put({ ...keys.verifactuConfig(companyId), entity: 'VerifactuConfig', v: SCHEMA_VERSION, ...config });
  return config;
}

export function seedCompany(over: Record<string, unknown> = {}, companyId = COMPANY) {
  table.put({
    ...keys.company(companyId),
    companyId,
    name: 'Fontanería Romero SL',
    nif: NIF,
    siiEnabled: false,
    ...over,
  });
}

export const submissionItem = (seq: number, companyId = COMPANY) =>
  table.get(keys.verifactuSubmission(companyId, seq)) as unknown as VerifactuSubmission | undefined;

// --- harness ---------------------------------------------------------------------------------------

/** Call at the top of a test file. */
export function submissionsHarness() {
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.queueUrl('verifactu')]: QUEUE_URL,
  });
  const db = mockClient(DynamoDBDocumentClient);
  const sqs = mockClient(SQSClient);
  let clock = new Date(T0);
  let ids = 0;
  const deps: VerifactuDeps = {
    db: testDocumentClient(),
    table: TABLE,
    now: () => new Date(clock),
    newId: () => `id${++ids}`,
  };
  const membershipLookup = async (companyId: string, userId: string): Promise<Membership | undefined> => {
    const u = USERS[userId];
    if (companyId !== COMPANY || !u?.role) return undefined;
    return {
      companyId,
      userId,
      companyRole: u.role,
      permissions: (u.permissions ?? []) as never,
      isActive: true,
    };
  };
  const handler = createApiHandler('verifactu', verifactuActions as never, () => deps, {
    membershipLookup,
    companyExists: async (c) => c === COMPANY || c === OTHER_COMPANY,
  });

  beforeEach(() => {
    table.clear();
    table.transactions = [];
    clock = new Date(T0);
    ids = 0;
    db.reset();
    sqs.reset();
    db.on(GetCommand).callsFake((input: GetCommandInput) => ({ Item: table.get(input.Key as never) }));
    db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
    db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => table.transact(input));
    sqs.onAnyCommand().resolves({});
    seedCompany();
  });

  async function call<T = unknown>(
    options: Omit<ApiEventOptions, 'claims'> & { user?: string; company?: string | null },
  ) {
    const user = options.user ?? 'gestor';
    const company = options.company === undefined ? COMPANY : options.company;
    const event = apiEvent({
      ...options,
      claims: { sub: user, groups: [USERS[user]?.group ?? 'CLIENTE'] },
      headers: { ...(company ? { 'x-company-id': company } : {}), ...options.headers },
    });
    return readResponse<T>(await handler(event, lambdaContext()));
  }

  /** The raw answer (binary files). */
  async function raw(options: Omit<ApiEventOptions, 'claims'> & { user?: string }) {
    const user = options.user ?? 'gestor';
    const event = apiEvent({
      ...options,
      claims: { sub: user, groups: [USERS[user]?.group ?? 'CLIENTE'] },
      headers: { 'x-company-id': COMPANY, ...options.headers },
    });
    return (await handler(event, lambdaContext()))!;
  }

  return {
    db,
    sqs,
    deps,
    call,
    raw,
    setNow: (d: Date) => {
      clock = new Date(d);
    },
  };
}
