/**
 * Harness of the configuration and certificate API tests: the real pipeline (auth, role, company
 * scope, zod) over the config-certificates area, and an in-memory table behind aws-sdk-client-mock
 * that answers GetItem, PutItem, UpdateItem (SET), Query (partition + begins_with, order, Limit,
 * projection) and TransactWriteItems, evaluating the small condition language these stores use
 * (attribute_exists / attribute_not_exists, `=`, NOT, AND, OR) and refusing a transaction as
 * DynamoDB does.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
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
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach } from 'vitest';
import { verifactuActions } from '../handler';
import { putCertificate } from '../store/certificates';
import type { VerifactuDeps } from '../store/deps';
import { makeTestP12 } from './certificates';

export const TABLE = 'cuadra-test';
export const COMPANY = 'co-1';
export const NIF = 'B12345674';
export const T0 = new Date('2027-03-01T10:00:00.000Z');

/** Users by id: their company role in COMPANY (absent = not a member), and their Cognito group. */
export const USERS: Record<string, { group: string; role?: CompanyRole; permissions?: string[] }> = {
  gestor: { group: 'GESTOR', role: 'GESTOR' },
  owner: { group: 'CLIENTE', role: 'OWNER' },
  member: { group: 'CLIENTE', role: 'MEMBER' },
  cliente: { group: 'CLIENTE', role: 'CLIENTE', permissions: ['VIEW_INVOICES'] },
  clienteTax: { group: 'CLIENTE', role: 'CLIENTE', permissions: ['VIEW_TAX_DOCUMENTS'] },
  admin: { group: 'ADMIN' },
};

type Item = Record<string, unknown>;
type Values = Record<string, unknown> | undefined;
const id = (pk: unknown, sk: unknown) => `${String(pk)}|${String(sk)}`;

/** Evaluates `attribute_exists(a)`, `attribute_not_exists(a)`, `a = :v`, NOT, AND, OR (NOT > AND > OR). */
export function evaluateCondition(expr: string, item: Item | undefined, values: Values): boolean {
  const tokens = expr.match(/attribute_not_exists\(\w+\)|attribute_exists\(\w+\)|\(|\)|:\w+|=|\w+/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const operand = (t: string | undefined): unknown => {
    if (t === undefined) throw new Error(`bad condition: ${expr}`);
    if (t.startsWith(':')) return values?.[t];
    return item?.[t];
  };
  const primary = (): boolean => {
    const t = next();
    if (t === 'NOT') return !primary();
    if (t === '(') {
      const v = or();
      next();
      return v;
    }
    const exists = /^attribute_(not_)?exists\((\w+)\)$/.exec(t ?? '');
    if (exists) {
      const present = item !== undefined && item[exists[2]!] !== undefined;
      return exists[1] ? !present : present;
    }
    if (peek() === '=') {
      next();
      return JSON.stringify(operand(t)) === JSON.stringify(operand(next()));
    }
    throw new Error(`unsupported condition: ${expr}`);
  };
  const and = (): boolean => {
    let v = primary();
    while (peek() === 'AND') {
      next();
      const r = primary();
      v = v && r;
    }
    return v;
  };
  const or = (): boolean => {
    let v = and();
    while (peek() === 'OR') {
      next();
      const r = and();
      v = v || r;
    }
    return v;
  };
  return or();
}

/** `SET a = :x, b = :y` on a copy of the item. */
function applySet(item: Item, update: string, values: Values): Item {
  const m = /^SET\s+(.*)$/.exec(update.trim());
  if (!m) throw new Error(`unsupported update: ${update}`);
  const out = { ...item };
  for (const part of m[1]!.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    out[name!] = structuredClone(values?.[value!]);
  }
  return out;
}

function project(
  item: Item,
  projection: string | undefined,
  names: Record<string, string> | undefined,
): Item {
  if (!projection) return item;
  const attrs = projection.split(',').map((a) => {
    const t = a.trim();
    return names?.[t] ?? t;
  });
  return Object.fromEntries(attrs.filter((a) => a in item).map((a) => [a, item[a]]));
}

export class FakeTable {
  items = new Map<string, Item>();
  put(item: Item) {
    this.items.set(id(item.pk, item.sk), structuredClone(item));
  }
  get(key: { pk: unknown; sk: unknown }): Item | undefined {
    const item = this.items.get(id(key.pk, key.sk));
    return item ? structuredClone(item) : undefined;
  }
  delete(key: { pk: unknown; sk: unknown }) {
    this.items.delete(id(key.pk, key.sk));
  }
  all(): Item[] {
    return [...this.items.values()];
  }
  reset() {
    this.items.clear();
  }
}

export const table = new FakeTable();
export const db = mockClient(DynamoDBDocumentClient);
let ids = 0;
let clock = new Date(T0);
export const setNow = (d: Date) => {
  clock = new Date(d);
};

export const deps: VerifactuDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(clock),
  newId: () => `id${++ids}`,
};

const handler = createApiHandler('verifactu', verifactuActions as never, () => deps, {
  membershipLookup: async (companyId, userId) => {
    const u = USERS[userId];
    if (companyId !== COMPANY || !u?.role) return undefined;
    return {
      companyId,
      userId,
      companyRole: u.role,
      permissions: u.permissions ?? [],
      isActive: true,
    } as never;
  },
  companyExists: async (companyId) => companyId === COMPANY,
});

function transact(input: TransactWriteCommandInput) {
  const ops = input.TransactItems ?? [];
  const reasons = ops.map((op) => {
    if (op.Put) {
      const cur = table.get(op.Put.Item as { pk: unknown; sk: unknown });
      return !op.Put.ConditionExpression ||
        evaluateCondition(op.Put.ConditionExpression, cur, op.Put.ExpressionAttributeValues)
        ? 'None'
        : 'ConditionalCheckFailed';
    }
    const x = op.Update ?? op.Delete ?? op.ConditionCheck;
    const cur = table.get(x!.Key as { pk: unknown; sk: unknown });
    return !x!.ConditionExpression ||
      evaluateCondition(x!.ConditionExpression, cur, x!.ExpressionAttributeValues)
      ? 'None'
      : 'ConditionalCheckFailed';
  });
  if (reasons.some((r) => r !== 'None'))
    throw new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: reasons.map((Code) => ({ Code })),
    });
  for (const op of ops) {
    if (op.Put) table.put(op.Put.Item as Item);
    if (op.Delete) table.delete(op.Delete.Key as { pk: unknown; sk: unknown });
    if (op.Update) {
      const key = op.Update.Key as { pk: unknown; sk: unknown };
      table.put(
        applySet(
          table.get(key) ?? { ...key },
          op.Update.UpdateExpression!,
          op.Update.ExpressionAttributeValues,
        ),
      );
    }
  }
  return {};
}

/** Resets the table, the ids and the clock, and wires the fake behind the mocked client. */
export function resetConfigHarness(): void {
  db.reset();
  table.reset();
  ids = 0;
  clock = new Date(T0);
  db.on(GetCommand).callsFake((input: GetCommandInput) => {
    const item = table.get(input.Key as { pk: unknown; sk: unknown });
    return {
      Item: item ? project(item, input.ProjectionExpression, input.ExpressionAttributeNames) : undefined,
    };
  });
  db.on(PutCommand).callsFake((input: PutCommandInput) => {
    const cur = table.get(input.Item as { pk: unknown; sk: unknown });
    if (
      input.ConditionExpression &&
      !evaluateCondition(input.ConditionExpression, cur, input.ExpressionAttributeValues)
    )
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    table.put(input.Item as Item);
    return {};
  });
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const key = input.Key as { pk: unknown; sk: unknown };
    const cur = table.get(key);
    if (
      input.ConditionExpression &&
      !evaluateCondition(input.ConditionExpression, cur, input.ExpressionAttributeValues)
    )
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    table.put(applySet(cur ?? { ...key }, input.UpdateExpression!, input.ExpressionAttributeValues));
    return {};
  });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const v = input.ExpressionAttributeValues ?? {};
    const pk = v[':pk'];
    const prefix = String(v[':prefix'] ?? '');
    let items = table
      .all()
      .filter((i) => i.pk === pk && String(i.sk).startsWith(prefix))
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    if (input.ScanIndexForward === false) items.reverse();
    if (input.Limit) items = items.slice(0, input.Limit);
    return {
      Items: items.map((i) => project(i, input.ProjectionExpression, input.ExpressionAttributeNames)),
    };
  });
  db.on(TransactWriteCommand).callsFake(transact);
}

/** The company item (what the pipeline and test-connection read; the config writes its flag). */
export function seedCompany(over: Item = {}): void {
  table.put({
    ...keys.company(COMPANY),
    entity: 'Company',
    v: 1,
    companyId: COMPANY,
    name: 'Panadería La Espiga SL',
    nif: NIF,
    verifactuEnabled: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

export async function call<T = unknown>(
  user: keyof typeof USERS | string,
  options: Omit<ApiEventOptions, 'claims'> & { isBase64Encoded?: boolean },
) {
  const u = USERS[user] ?? { group: 'GESTOR' };
  const event = apiEvent({
    ...options,
    params: { companyId: COMPANY, ...options.params },
    claims: { sub: user, groups: [u.group] },
  });
  if (options.isBase64Encoded) event.isBase64Encoded = true;
  return readResponse<T>(await handler(event, lambdaContext()));
}

/** A multipart/form-data body with a file part and text parts, as a browser sends it. */
export function multipart(
  parts: { name: string; value: string | Buffer; fileName?: string; contentType?: string }[],
): { body: string; headers: Record<string, string>; isBase64Encoded: true } {
  const boundary = '----cuadra-test-boundary-7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (p.contentType) headers.push(`Content-Type: ${p.contentType}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks).toString('base64'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    isBase64Encoded: true,
  };
}

/** Environment (a local master key in a temporary folder, no AEAT endpoint) and a fresh table per test. */
export function useConfigHarness(extraEnv: Record<string, string> = {}): void {
  const dir = mkdtempSync(join(tmpdir(), 'verifactu-config-'));
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.certificatesLocalKeyFile]: join(dir, 'keys', 'certificates.key'),
    ...extraEnv,
  });
  // Key pairs and the first .p12 take seconds on a busy machine: made once, outside any test's time.
  beforeAll(() => {
    cachedP12 ??= makeTestP12({ nif: NIF, name: 'PANADERIA LA ESPIGA SL', password: PASSWORD });
  }, 60_000);
  beforeEach(() => {
    resetConfigHarness();
    seedCompany();
  });
}

/** One test .p12 per process (building one takes a few hundred ms). */
let cachedP12: Buffer | undefined;

/** The password of the test certificates. */
export const PASSWORD = 'Cl4ve-del-P12';

/** Stores a certificate directly (sealed like an upload): its facts, and a real test .p12 inside. */
export async function storeTestCertificate(
  certificateId: string,
  over: {
    validFrom?: string;
    validTo?: string;
    uploadedAt?: string;
    /** The qualified root it chains to (null: a test-CA certificate, TEST environment only). */
    qualifiedCa?: string | null;
    digitalSignature?: boolean | null;
  } = {},
): Promise<void> {
  cachedP12 ??= makeTestP12({ nif: NIF, name: 'PANADERIA LA ESPIGA SL', password: PASSWORD });
  await putCertificate(
    deps,
    {
      certificateId,
      companyId: COMPANY,
      fileName: `${certificateId}.p12`,
      subject: `PANADERIA LA ESPIGA SL - ${NIF}`,
      holderNif: NIF,
      issuer: 'AC Cuadra Pruebas',
      serialNumber: '0A1B',
      validFrom: over.validFrom ?? '2026-01-01T00:00:00.000Z',
      validTo: over.validTo ?? '2028-01-01T00:00:00.000Z',
      qualifiedCa: over.qualifiedCa ?? null,
      digitalSignature: over.digitalSignature ?? true,
      uploadedAt: over.uploadedAt ?? T0.toISOString(),
      uploadedBy: 'gestor',
    },
    {
      p12: cachedP12,
      password: PASSWORD,
    },
  );
}
