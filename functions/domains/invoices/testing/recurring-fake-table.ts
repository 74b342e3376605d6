/**
 * A tiny in-memory table behind aws-sdk-client-mock for the recurring-invoice tests: Get, Put,
 * Update, Delete, Query and TransactWrite with the condition, update and key-condition shapes the
 * invoices store uses (AND/OR of `=`, `<=`, attribute_exists/not_exists; SET/ADD/REMOVE; begins_with,
 * BETWEEN, <=). Transactions check every condition first and write all or nothing, like DynamoDB,
 * so idempotency can be tested without DynamoDB Local. Anything else throws, loudly.
 */

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClientResolvedConfig,
  GetCommand,
  PutCommand,
  QueryCommand,
  type ServiceInputTypes,
  type ServiceOutputTypes,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AwsStub } from 'aws-sdk-client-mock';

type Item = Record<string, unknown>;
type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;

const id = (k: Item) => `${k.pk}|${k.sk}`;
const name = (n: string, names: Names) => (n.startsWith('#') ? names![n]! : n);
const value = (v: string, values: Values) => (v.startsWith(':') ? values![v] : undefined);

function test(term: string, item: Item | undefined, names: Names, values: Values): boolean {
  const t = term.trim();
  let m = /^attribute_not_exists\((\S+)\)$/.exec(t);
  if (m) return item?.[name(m[1]!, names)] === undefined;
  m = /^attribute_exists\((\S+)\)$/.exec(t);
  if (m) return item?.[name(m[1]!, names)] !== undefined;
  m = /^(\S+) (=|<=|<>) (:\S+)$/.exec(t);
  if (m) {
    const left = item?.[name(m[1]!, names)];
    const right = value(m[3]!, values);
    if (m[2] === '=') return left === right;
    if (m[2] === '<>') return left !== right;
    return left !== undefined && String(left) <= String(right);
  }
  m = /^(\S+) IN \((.+)\)$/.exec(t);
  if (m) return m[2]!.split(',').some((v) => item?.[name(m![1]!, names)] === value(v.trim(), values));
  throw new Error(`fake table: unsupported condition ${t}`);
}

export function conditionHolds(
  expr: string | undefined,
  item: Item | undefined,
  names: Names,
  values: Values,
) {
  if (!expr) return true;
  return expr
    .split(' OR ')
    .some((alt) => alt.split(' AND ').every((term) => test(term, item, names, values)));
}

function applyUpdate(item: Item, expr: string, names: Names, values: Values): Item {
  const next = { ...item };
  for (const m of expr.matchAll(/(SET|ADD|REMOVE) (.+?)(?= (?:SET|ADD|REMOVE) |$)/g)) {
    for (const part of m[2]!.split(',').map((p) => p.trim())) {
      if (m[1] === 'SET') {
        const [l, r] = part.split('=').map((s) => s.trim());
        next[name(l!, names)] = value(r!, values);
      } else if (m[1] === 'ADD') {
        const [l, r] = part.split(' ');
        next[name(l!, names)] = Number(next[name(l!, names)] ?? 0) + Number(value(r!, values));
      } else delete next[name(part, names)];
    }
  }
  return next;
}

interface Write {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  key: Item;
  input: {
    Item?: Item;
    Key?: Item;
    ConditionExpression?: string;
    UpdateExpression?: string;
    ExpressionAttributeNames?: Names;
    ExpressionAttributeValues?: Values;
  };
}

type DocumentClientStub = AwsStub<
  ServiceInputTypes,
  ServiceOutputTypes,
  DynamoDBDocumentClientResolvedConfig
>;

export function fakeTable(db: DocumentClientStub) {
  const items = new Map<string, Item>();
  /** Called before every TransactWrite (tests use it to inject a concurrent run). */
  let beforeTransact: (() => Promise<void>) | undefined;

  const check = (w: Write) =>
    conditionHolds(
      w.input.ConditionExpression,
      items.get(id(w.key)),
      w.input.ExpressionAttributeNames,
      w.input.ExpressionAttributeValues,
    );
  const apply = (w: Write): Item | undefined => {
    const old = items.get(id(w.key));
    if (w.kind === 'Put') items.set(id(w.key), structuredClone(w.input.Item!));
    if (w.kind === 'Delete') items.delete(id(w.key));
    if (w.kind === 'Update') {
      const base = old ?? { ...w.key };
      items.set(
        id(w.key),
        applyUpdate(
          base,
          w.input.UpdateExpression!,
          w.input.ExpressionAttributeNames,
          w.input.ExpressionAttributeValues,
        ),
      );
    }
    return old;
  };
  const single = (kind: Write['kind'], input: Write['input']): Item | undefined => {
    const w: Write = { kind, key: input.Key ?? { pk: input.Item!.pk, sk: input.Item!.sk }, input };
    if (!check(w))
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    return apply(w);
  };

  db.on(GetCommand).callsFake((input: { Key: Item }) => {
    const item = items.get(id(input.Key));
    return { Item: item ? structuredClone(item) : undefined };
  });
  db.on(PutCommand).callsFake((input: Write['input']) => {
    single('Put', input);
    return {};
  });
  db.on(DeleteCommand).callsFake((input: Write['input']) => {
    single('Delete', input);
    return {};
  });
  db.on(UpdateCommand).callsFake((input: Write['input'] & { ReturnValues?: string }) => {
    const old = single('Update', input);
    return input.ReturnValues === 'UPDATED_OLD' || input.ReturnValues === 'ALL_OLD'
      ? { Attributes: old }
      : {};
  });
  db.on(TransactWriteCommand).callsFake(
    async (input: { TransactItems: Record<string, Write['input']>[] }) => {
      await beforeTransact?.();
      const writes: Write[] = input.TransactItems.map((t) => {
        const kind = Object.keys(t)[0] as Write['kind'];
        const w = t[kind]!;
        return { kind, key: w.Key ?? { pk: w.Item!.pk, sk: w.Item!.sk }, input: w };
      });
      const reasons = writes.map((w) => ({ Code: check(w) ? 'None' : 'ConditionalCheckFailed' }));
      if (reasons.some((r) => r.Code !== 'None')) {
        throw new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: reasons,
        });
      }
      for (const w of writes) if (w.kind !== 'ConditionCheck') apply(w);
      return {};
    },
  );
  db.on(QueryCommand).callsFake(
    (input: {
      IndexName?: string;
      KeyConditionExpression: string;
      ExpressionAttributeValues: Values;
      ScanIndexForward?: boolean;
    }) => {
      const v = input.ExpressionAttributeValues!;
      const [pkName, skName] = input.IndexName
        ? [`${input.IndexName}pk`, `${input.IndexName}sk`]
        : ['pk', 'sk'];
      const cond = input.KeyConditionExpression;
      const skTest = (sk: string): boolean => {
        if (cond.includes('begins_with')) return sk.startsWith(String(v[':prefix']));
        if (cond.includes('BETWEEN')) return sk >= String(v[':from']) && sk <= String(v[':to']);
        const m = /<= (:\S+)/.exec(cond);
        if (m) return sk <= String(v[m[1]!]);
        const lt = /< (:\S+)/.exec(cond);
        if (lt) return sk < String(v[lt[1]!]);
        throw new Error(`fake table: unsupported key condition ${cond}`);
      };
      const found = [...items.values()]
        .filter((i) => i[pkName] === v[':pk'] && typeof i[skName] === 'string' && skTest(i[skName] as string))
        .sort((a, b) => String(a[skName]).localeCompare(String(b[skName])));
      if (input.ScanIndexForward === false) found.reverse();
      return { Items: structuredClone(found) };
    },
  );

  return {
    items,
    put: (item: Item) => items.set(id(item), structuredClone(item)),
    get: (key: Item) => items.get(id(key)),
    all: (entity: string) => [...items.values()].filter((i) => i.entity === entity),
    onTransact: (fn: (() => Promise<void>) | undefined) => {
      beforeTransact = fn;
    },
  };
}

export type FakeTable = ReturnType<typeof fakeTable>;
