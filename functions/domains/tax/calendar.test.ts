/**
 * The fiscal calendar and the obligations (issue 13 items 2-3): the calendar routes through the real
 * pipeline (auth, membership, zod) on an in-memory table behind aws-sdk-client-mock that checks
 * conditions and writes transactions all or nothing, so materialising a year, re-running it, a
 * profile change and a concurrent settle are tested on their real writes.
 */

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import {
  type ApiEventOptions,
  apiEvent,
  lambdaContext,
  readResponse,
} from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { type CompanyType, SCHEMA_VERSION } from '@shared/db/records';
import { deadlineOf } from '@shared/fiscal/tax-calendar';
import { censusChangeObligation, planObligations } from '@shared/fiscal/tax-obligations';
import type { CalendarView, ObligationView, SmartCalendarView } from '@shared/schemas/tax';
import {
  defaultTaxProfileFacts,
  type TaxProfileFacts,
  type TaxProfileVersion,
} from '@shared/schemas/tax-profile';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { taxActions } from './handler';
import type { TaxDeps } from './store/deps';
import {
  ASSUMED_FILED_REFERENCE,
  ensureYearObligations,
  listOpenObligations,
  type ObligationRecord,
  putCensusObligation,
} from './store/obligations';
import { type StoredTaxProfile, taxProfileItem } from './store/profile';

// --- an in-memory table ---------------------------------------------------------------------------

type Item = Record<string, unknown>;
type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;
interface WriteInput {
  Item?: Item;
  Key?: Item;
  ConditionExpression?: string;
  UpdateExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
  ReturnValues?: string;
}

const rows = new Map<string, Item>();
const idOf = (k: Item) => `${k.pk}|${k.sk}`;
const attr = (n: string, names: Names) => (n.startsWith('#') ? names![n]! : n);
let beforeTransact: (() => void) | undefined;

/** AND of attribute_exists / attribute_not_exists / `a = :v` (what the tax stores write). */
function holds(expr: string | undefined, item: Item | undefined, names: Names, values: Values): boolean {
  if (!expr) return true;
  return expr.split(' AND ').every((raw) => {
    const t = raw.trim();
    let m = /^attribute_not_exists\((\S+)\)$/.exec(t);
    if (m) return item?.[attr(m[1]!, names)] === undefined;
    m = /^attribute_exists\((\S+)\)$/.exec(t);
    if (m) return item?.[attr(m[1]!, names)] !== undefined;
    m = /^(\S+) = (:\S+)$/.exec(t);
    if (m) return item !== undefined && item[attr(m[1]!, names)] === values![m[2]!];
    throw new Error(`fake table: unsupported condition ${t}`);
  });
}

function applyUpdate(base: Item, expr: string, names: Names, values: Values): Item {
  const next = { ...base };
  for (const m of expr.matchAll(/(SET|REMOVE) (.+?)(?= (?:SET|REMOVE) |$)/g)) {
    for (const part of m[2]!.split(',').map((p) => p.trim())) {
      if (m[1] === 'SET') {
        const [l, r] = part.split('=').map((s) => s.trim());
        next[attr(l!, names)] = values![r!];
      } else delete next[attr(part, names)];
    }
  }
  return next;
}

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

const db = mockClient(DynamoDBDocumentClient);
function installTable(): void {
  db.on(GetCommand).callsFake((input: { Key: Item }) => {
    const item = rows.get(idOf(input.Key));
    return { Item: item ? structuredClone(item) : undefined };
  });
  db.on(PutCommand).callsFake((input: WriteInput) => {
    const key = { pk: input.Item!.pk, sk: input.Item!.sk };
    if (
      !holds(
        input.ConditionExpression,
        rows.get(idOf(key)),
        input.ExpressionAttributeNames,
        input.ExpressionAttributeValues,
      )
    )
      throw conditionFailed();
    rows.set(idOf(key), structuredClone(input.Item!));
    return {};
  });
  db.on(UpdateCommand).callsFake((input: WriteInput) => {
    const old = rows.get(idOf(input.Key!));
    if (
      !holds(input.ConditionExpression, old, input.ExpressionAttributeNames, input.ExpressionAttributeValues)
    )
      throw conditionFailed();
    const next = applyUpdate(
      old ?? { ...input.Key },
      input.UpdateExpression!,
      input.ExpressionAttributeNames,
      input.ExpressionAttributeValues,
    );
    rows.set(idOf(input.Key!), next);
    return input.ReturnValues === 'ALL_NEW' ? { Attributes: structuredClone(next) } : {};
  });
  db.on(DeleteCommand).callsFake((input: WriteInput) => {
    if (
      !holds(
        input.ConditionExpression,
        rows.get(idOf(input.Key!)),
        input.ExpressionAttributeNames,
        input.ExpressionAttributeValues,
      )
    )
      throw conditionFailed();
    rows.delete(idOf(input.Key!));
    return {};
  });
  db.on(TransactWriteCommand).callsFake((input: { TransactItems: Record<string, WriteInput>[] }) => {
    beforeTransact?.();
    if (input.TransactItems.length > 100)
      throw new Error('fake table: more than 100 actions in a transaction');
    const writes = input.TransactItems.map((t) => {
      const kind = Object.keys(t)[0]!;
      const w = t[kind]!;
      return { kind, w, key: w.Key ?? { pk: w.Item!.pk, sk: w.Item!.sk } };
    });
    if (new Set(writes.map((x) => idOf(x.key))).size !== writes.length)
      throw new Error('fake table: two actions on one item in a transaction');
    const reasons = writes.map(({ w, key }) => ({
      Code: holds(
        w.ConditionExpression,
        rows.get(idOf(key)),
        w.ExpressionAttributeNames,
        w.ExpressionAttributeValues,
      )
        ? 'None'
        : 'ConditionalCheckFailed',
    }));
    if (reasons.some((r) => r.Code !== 'None'))
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: reasons,
      });
    for (const { kind, w, key } of writes) {
      if (kind === 'Put') rows.set(idOf(key), structuredClone(w.Item!));
      else if (kind === 'Delete') rows.delete(idOf(key));
      else if (kind === 'Update')
        rows.set(
          idOf(key),
          applyUpdate(
            rows.get(idOf(key)) ?? { ...key },
            w.UpdateExpression!,
            w.ExpressionAttributeNames,
            w.ExpressionAttributeValues,
          ),
        );
    }
    return {};
  });
  db.on(QueryCommand).callsFake(
    (input: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Values }) => {
      const v = input.ExpressionAttributeValues!;
      const [pkName, skName] = input.IndexName
        ? [`${input.IndexName}pk`, `${input.IndexName}sk`]
        : ['pk', 'sk'];
      const cond = input.KeyConditionExpression;
      const skOk = (sk: string): boolean => {
        const rest = cond.replace(/^\S+ = :pk/, '').trim();
        if (rest === '') return true;
        if (/^AND begins_with\(\S+, :prefix\)$/.test(rest)) return sk.startsWith(String(v[':prefix']));
        if (/^AND \S+ BETWEEN :from AND :to$/.test(rest))
          return sk >= String(v[':from']) && sk <= String(v[':to']);
        if (/^AND \S+ >= :from$/.test(rest)) return sk >= String(v[':from']);
        if (/^AND \S+ <= :to$/.test(rest)) return sk <= String(v[':to']);
        throw new Error(`fake table: unsupported key condition ${cond}`);
      };
      const found = [...rows.values()]
        .filter((i) => i[pkName] === v[':pk'] && typeof i[skName] === 'string' && skOk(i[skName] as string))
        .sort((a, b) => String(a[skName]).localeCompare(String(b[skName])));
      return { Items: structuredClone(found) };
    },
  );
}

const transactions = () => db.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);

// --- the pipeline ---------------------------------------------------------------------------------

const TABLE = 'cuadra-test';
const USER = 'user-1';
const COMPANY = 'co-1';
let clock = new Date('2027-03-15T10:00:00.000Z');
const deps: TaxDeps = {
  db: testDocumentClient(),
  table: TABLE,
  now: () => new Date(clock),
  newId: () => 'id',
  appUrl: 'https://app.cuadra.test',
};
const handler = createApiHandler('tax', taxActions, () => deps);

useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });
beforeEach(() => {
  db.reset();
  rows.clear();
  beforeTransact = undefined;
  clock = new Date('2027-03-15T10:00:00.000Z');
  installTable();
  for (const item of [
    { ...keys.company(COMPANY), entity: 'Company', companyId: COMPANY, name: 'Panadería La Espiga SL' },
    { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  ])
    rows.set(idOf(item), item);
});

async function call<T = unknown>(options: Omit<ApiEventOptions, 'claims'>) {
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...options,
    params: { companyId: COMPANY, ...options.params },
  });
  return readResponse<T>(await handler(event, lambdaContext()));
}

const calendar = async (year?: number) => {
  const res = await call<CalendarView>({
    routeId: 'taxCalendar.get',
    ...(year === undefined ? {} : { query: { year: String(year) } }),
  });
  expect(res.status).toBe(200);
  return res.envelope.data!;
};
const find = (view: { obligations: ObligationView[] }, id: string) => {
  const o = view.obligations.find((x) => x.obligationId === id);
  if (!o) throw new Error(`${id} not in the calendar`);
  return o;
};
const stored = (id: string, year = 2027) =>
  rows.get(idOf(keys.taxObligation(COMPANY, year, id))) as (ObligationRecord & Item) | undefined;
const storedIds = () =>
  [...rows.values()]
    .filter((i) => i.entity === 'TaxObligation')
    .map((i) => String(i.obligationId))
    .sort();

// --- profiles -------------------------------------------------------------------------------------

const version = (effectiveFrom: string, facts: TaxProfileFacts): TaxProfileVersion => ({
  effectiveFrom,
  facts,
  changedAt: '2027-01-02T09:00:00.000Z',
  changedBy: USER,
});
const factsOf = (companyType: CompanyType, over: Partial<TaxProfileFacts>): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType, siiEnabled: false }),
  ...over,
});
function profileOf(companyType: CompanyType, versions: TaxProfileVersion[]): StoredTaxProfile {
  return {
    companyId: COMPANY,
    companyType,
    taxYear: Number(versions[0]!.effectiveFrom.slice(0, 4)),
    facts: versions.at(-1)!.facts,
    versions,
    createdAt: '2027-01-02T09:00:00.000Z',
    updatedAt: '2027-01-02T09:00:00.000Z',
    revision: versions.length,
  };
}
const seedProfile = (p: StoredTaxProfile) => rows.set(idOf(keys.taxProfile(COMPANY)), taxProfileItem(p));

/** The autónomo professional in estimación directa simplificada (quarterly 303 and 130). */
const autonomo = factsOf('AUTONOMO', {});
/** Panadería La Espiga SL: quarterly, employees, rented premises, 303 paid by direct debit. */
const espiga = factsOf('SL', { hasEmployees: true, rentsPremises: true, domiciliation: { '303': true } });
/** Transportes Levante SA: large company in the SII, monthly 303 and 111. */
const levante = factsOf('SA', { siiEnabled: true, largeCompany: true, hasEmployees: true });

const demoProfiles: [string, CompanyType, TaxProfileFacts, string[]][] = [
  ['the autónomo professional', 'AUTONOMO', autonomo, ['100', '130', '303', '347', '390']],
  ['Panadería La Espiga SL', 'SL', espiga, ['111', '115', '180', '190', '200', '202', '303', '347', '390']],
  ['Transportes Levante SA', 'SA', levante, ['111', '190', '200', '202', '303']],
];

// --- tests ----------------------------------------------------------------------------------------

describe('calendar of a year', () => {
  it.each(demoProfiles)(
    '%s: every obligation the profile implies, with the AEAT dates',
    async (_, type, facts, models) => {
      seedProfile(profileOf(type, [version('2027-01-01', facts)]));
      clock = new Date('2027-01-05T10:00:00.000Z'); // before the year's first deadline

      const view = await calendar(2027);

      expect(view).toMatchObject({ companyId: COMPANY, year: 2027, profileVersions: ['2027-01-01'] });
      expect([...new Set(view.obligations.map((o) => o.modelType))].sort()).toEqual(models);
      expect(view.obligations.map((o) => o.obligationId).sort()).toEqual(
        planObligations(type, [version('2027-01-01', facts)], 2027)
          .map((p) => p.obligationId)
          .sort(),
      );
      const dueDates = view.obligations.map((o) => o.dueDate);
      expect(dueDates).toEqual([...dueDates].sort());
      for (const o of view.obligations) {
        const d = deadlineOf({ model: o.modelType, year: o.year, period: o.period, fiscalYearEnd: '12-31' });
        expect({ id: o.obligationId, dueDate: o.dueDate, dom: o.domiciliationDueDate }).toEqual({
          id: o.obligationId,
          dueDate: d.dueDate,
          dom: d.domiciliationDueDate,
        });
        expect(o).toMatchObject({ status: 'PENDING', year: 2027, modelId: null, submittedAt: null });
        expect(stored(o.obligationId)).toMatchObject({
          entity: 'TaxObligation',
          v: SCHEMA_VERSION,
          ...keys.taxOpenObligation(COMPANY, o.dueDate, o.obligationId),
        });
      }
    },
  );

  it('pins the 2027 dates: 20 April/July/October, the 4T on Monday 31 January 2028 (the 30th is a Sunday)', async () => {
    seedProfile(profileOf('SL', [version('2027-01-01', espiga)]));

    const view = await calendar(2027);

    expect(find(view, '2027-303-1T')).toMatchObject({
      dueDate: '2027-04-20',
      domiciliationDueDate: '2027-04-15',
      paidByDomiciliation: true,
      alertDate: '2027-04-15',
      windowStart: '2027-04-01',
      modelName: 'IVA. Autoliquidación',
      periodLabel: '1T 2027',
      daysRemaining: 36, // 15 March → 20 April, the due date shown with it
      actionDaysRemaining: 31, // 15 March → 15 April, the direct-debit deadline
    });
    expect(find(view, '2027-303-2T').dueDate).toBe('2027-07-20');
    expect(find(view, '2027-303-3T').dueDate).toBe('2027-10-20');
    expect(find(view, '2027-303-4T').dueDate).toBe('2028-01-31');
    expect(find(view, '2027-111-1T')).toMatchObject({
      dueDate: '2027-04-20',
      paidByDomiciliation: false,
      alertDate: '2027-04-20',
      daysRemaining: 36,
      actionDaysRemaining: 36, // not debited: acting means filing, by the due date
    });
    expect(find(view, '2027-202-3P')).toMatchObject({
      dueDate: '2027-12-20',
      periodLabel: '3er pago fraccionado 2027',
    });
    expect(find(view, '2027-347-0A')).toMatchObject({ dueDate: '2028-02-29', periodLabel: 'Ejercicio 2027' });
  });

  it('monthly filers: January until the end of February (Sunday 28th → Monday 1 March)', async () => {
    seedProfile(profileOf('SA', [version('2027-01-01', levante)]));

    const view = await calendar(2027);

    expect(view.obligations.filter((o) => o.modelType === '303').map((o) => o.period)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    expect(find(view, '2027-303-01')).toMatchObject({ dueDate: '2027-03-01', periodLabel: 'Enero 2027' });
    expect(find(view, '2027-111-01').dueDate).toBe('2027-02-22'); // the 20th is a Saturday
  });

  it('defaults to the current year in Madrid and has nothing for a year before the profile', async () => {
    seedProfile(profileOf('AUTONOMO', [version('2027-01-01', autonomo)]));
    clock = new Date('2026-12-31T23:30:00.000Z'); // already 1 January 2027 in Madrid

    expect((await calendar()).year).toBe(2027);
    expect(await calendar(2026)).toEqual({
      companyId: COMPANY,
      year: 2026,
      obligations: [],
      profileVersions: [],
    });
  });

  it('answers TAX_021 without a profile and 400 for a year outside 2000-2100', async () => {
    for (const routeId of ['taxCalendar.get', 'taxCalendar.smart', 'taxObligations.pending'] as const) {
      const res = await call({ routeId });
      expect(res.status).toBe(400);
      expect(res.envelope.error?.code).toBe('TAX_021');
    }
    const generated = await call({ routeId: 'taxCalendar.generate', body: { year: 2027 } });
    expect(generated.envelope.error?.code).toBe('TAX_021');
    const status = await call({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'SUBMITTED' },
    });
    expect(status.envelope.error?.code).toBe('TAX_021');

    seedProfile(profileOf('AUTONOMO', [version('2027-01-01', autonomo)]));
    for (const year of ['2101', '1999', 'dos mil']) {
      const res = await call({ routeId: 'taxCalendar.get', query: { year } });
      expect(res.status).toBe(400);
      expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'year' });
      expect(res.envelope.error?.message).toContain('El año debe estar entre 2000 y 2100');
    }
    expect(storedIds()).toEqual([]);
  });
});

describe('materialising the year', () => {
  it('is idempotent: generate after the calendar writes nothing and answers 0/0/0', async () => {
    seedProfile(profileOf('SL', [version('2027-01-01', espiga)]));
    const first = await call<CalendarView & { created: number }>({
      routeId: 'taxCalendar.generate',
      body: { year: 2027 },
    });
    expect(first.envelope.data).toMatchObject({
      created: first.envelope.data!.obligations.length,
      updated: 0,
      removed: 0,
    });
    expect(transactions()).toHaveLength(1);
    const before = structuredClone([...rows.values()]);

    const again = await call<CalendarView>({ routeId: 'taxCalendar.generate', body: { year: 2027 } });
    await calendar(2027);

    expect(again.envelope.data).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(again.envelope.data!.obligations).toEqual(first.envelope.data!.obligations);
    expect(transactions()).toHaveLength(1);
    expect([...rows.values()]).toEqual(before);
  });

  it('ASSUME_FILED: obligations already due are created SUBMITTED (not open), the rest PENDING', async () => {
    const profile = profileOf('AUTONOMO', [version('2027-01-01', autonomo)]);
    seedProfile(profile);
    clock = new Date('2027-05-10T10:00:00.000Z');

    const res = await ensureYearObligations(deps, {
      profile,
      companyName: 'Lucía Martín',
      year: 2027,
      today: '2027-05-10',
      pastObligations: 'ASSUME_FILED',
    });

    expect(res).toMatchObject({ created: 11, updated: 0, removed: 0 });
    for (const id of ['2027-303-1T', '2027-130-1T']) {
      expect(stored(id)).toMatchObject({
        status: 'SUBMITTED',
        submittedAt: null,
        reference: ASSUMED_FILED_REFERENCE,
      });
      expect(stored(id)).not.toHaveProperty('gsi1pk');
    }
    expect(stored('2027-303-2T')).toMatchObject({
      status: 'PENDING',
      reference: null,
      gsi1pk: `COMPANY#${COMPANY}#TAXOPEN`,
    });
    const view = await calendar(2027);
    expect(find(view, '2027-303-1T').status).toBe('SUBMITTED');
    expect((await listOpenObligations(deps, COMPANY)).map((o) => o.obligationId)).not.toContain(
      '2027-303-1T',
    );

    // Existing obligations keep their status: a later run (even ASSUME_FILED) writes nothing.
    expect(
      await ensureYearObligations(deps, {
        profile,
        year: 2027,
        today: '2027-08-01',
        pastObligations: 'ASSUME_FILED',
      }),
    ).toMatchObject({ created: 0, updated: 0, removed: 0 });
  });

  it('without ASSUME_FILED, the obligations already due read OVERDUE', async () => {
    seedProfile(profileOf('AUTONOMO', [version('2027-01-01', autonomo)]));
    clock = new Date('2027-05-10T10:00:00.000Z');

    const view = await calendar(2027);

    expect(find(view, '2027-303-1T')).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 20,
      daysRemaining: -20,
      actionDaysRemaining: -20,
    });
    expect(stored('2027-303-1T')).toMatchObject({ status: 'PENDING' });
  });

  it('keeps census declarations (036), which are not part of the plan, and stores each day once', async () => {
    const profile = profileOf('SL', [version('2027-01-01', espiga)]);
    seedProfile(profile);
    clock = new Date('2027-06-10T10:00:00.000Z');
    const census = censusChangeObligation('2027-06-10', '2027-07-01');

    expect(await putCensusObligation(deps, COMPANY, census)).toBe(true);
    expect(await putCensusObligation(deps, COMPANY, census)).toBe(false);
    const view = await calendar(2027);

    expect(find(view, '2027-036-2027-06-10')).toMatchObject({
      status: 'PENDING',
      dueDate: census.dueDate,
      periodLabel: 'Modificación censal del 10/06/2027',
    });
    const res = await call<{ removed: number }>({ routeId: 'taxCalendar.generate', body: { year: 2027 } });
    expect(res.envelope.data?.removed).toBe(0);
  });
});

describe('a later profile version', () => {
  const v1 = version('2027-01-01', espiga);
  /** From July the bakery is a large company in the SII (monthly 303 and 111) and pays 111 by direct debit. */
  const v2 = version('2027-07-01', {
    ...espiga,
    siiEnabled: true,
    largeCompany: true,
    domiciliation: { '303': true, '111': true },
  });

  async function beforeAndAfter() {
    seedProfile(profileOf('SL', [v1]));
    clock = new Date('2027-04-16T08:00:00.000Z');
    await calendar(2027);
    const filed = await call({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'SUBMITTED', reference: '3030001234567' },
    });
    expect(filed.status).toBe(200);
    const firstRun = structuredClone(Object.fromEntries(rows));
    clock = new Date('2027-06-10T08:00:00.000Z');
    seedProfile(profileOf('SL', [v1, v2]));
    return firstRun;
  }

  it('keeps the earlier periods as they were and follows the new facts from July', async () => {
    const firstRun = await beforeAndAfter();

    const res = await call<CalendarView & { created: number; updated: number; removed: number }>({
      routeId: 'taxCalendar.generate',
      body: { year: 2027 },
    });

    const expected = planObligations('SL', [v1, v2], 2027).map((p) => p.obligationId);
    expect(storedIds()).toEqual([...expected].sort());
    // The first half keeps its items untouched (the 1T filed, the 2T pending, written in April).
    for (const id of ['2027-303-1T', '2027-303-2T', '2027-111-1T', '2027-111-2T', '2027-202-1P']) {
      expect(stored(id)).toEqual(firstRun[idOf(keys.taxObligation(COMPANY, 2027, id))]);
    }
    expect(stored('2027-303-1T')).toMatchObject({ status: 'SUBMITTED', reference: '3030001234567' });
    // The quarters from July are monthly now; 390 and 347 are still owed for the months before SII.
    for (const id of [
      '2027-303-3T',
      '2027-303-4T',
      '2027-111-3T',
      '2027-111-4T',
      '2027-115-3T',
      '2027-115-4T',
    ])
      expect(stored(id)).toBeUndefined();
    for (const m of ['07', '08', '09', '10', '11', '12']) {
      expect(stored(`2027-303-${m}`)).toMatchObject({
        periodicity: 'MONTHLY',
        profileVersion: '2027-07-01',
        status: 'PENDING',
      });
      expect(stored(`2027-111-${m}`)).toMatchObject({
        paidByDomiciliation: true,
        profileVersion: '2027-07-01',
      });
    }
    expect(storedIds()).toEqual(expect.arrayContaining(['2027-390-0A', '2027-347-0A']));
    const before = Object.values(firstRun)
      .filter((i) => i.entity === 'TaxObligation')
      .map((i) => String(i.obligationId));
    expect(res.envelope.data).toMatchObject({
      created: expected.filter((id) => !before.includes(id)).length,
      updated: 0,
      removed: before.filter((id) => !expected.includes(id)).length,
      profileVersions: ['2027-01-01', '2027-07-01'],
    });
    // 303, 111 and 115 (large company: monthly withholdings) from July.
    expect(res.envelope.data).toMatchObject({ created: 18, removed: 6 });
  });

  it('updates the dates of a pending obligation whose period starts under the new version', async () => {
    seedProfile(profileOf('SL', [v1]));
    await calendar(2027);
    const firstRun = structuredClone(Object.fromEntries(rows));
    const written = stored('2027-111-3T')!;
    clock = new Date('2027-06-10T08:00:00.000Z');
    // From July the 111 is paid by direct debit too: its alerts count down to the debit deadline.
    seedProfile(
      profileOf('SL', [
        v1,
        version('2027-07-01', { ...espiga, domiciliation: { '303': true, '111': true } }),
      ]),
    );

    const res = await call<{ created: number; updated: number; removed: number }>({
      routeId: 'taxCalendar.generate',
      body: { year: 2027 },
    });

    expect(res.envelope.data).toMatchObject({ created: 0, updated: 2, removed: 0 });
    expect(stored('2027-111-3T')).toEqual({
      ...written,
      paidByDomiciliation: true,
      alertDate: written.domiciliationDueDate,
      profileVersion: '2027-07-01',
      updatedAt: '2027-06-10T08:00:00.000Z',
    });
    expect(stored('2027-111-4T')).toMatchObject({ paidByDomiciliation: true, profileVersion: '2027-07-01' });
    for (const id of ['2027-111-1T', '2027-111-2T', '2027-190-0A']) {
      expect(stored(id)).toEqual(firstRun[idOf(keys.taxObligation(COMPANY, 2027, id))]);
    }
  });

  it('a concurrent settle wins: the run reads again and does not remove the obligation filed meanwhile', async () => {
    await beforeAndAfter();
    let settled = false;
    beforeTransact = () => {
      if (settled) return;
      settled = true;
      const item = stored('2027-303-3T')!;
      const { gsi1pk: _pk, gsi1sk: _sk, ...rest } = item;
      rows.set(idOf(item), { ...rest, status: 'MODEL_GENERATED', modelId: 'm-1' });
    };

    const res = await call<{ created: number; removed: number }>({
      routeId: 'taxCalendar.generate',
      body: { year: 2027 },
    });

    expect(res.status).toBe(200);
    expect(transactions()).toHaveLength(3); // the refused one (3T no longer PENDING), then the retry
    expect(stored('2027-303-3T')).toMatchObject({ status: 'MODEL_GENERATED', modelId: 'm-1' });
    expect(stored('2027-303-4T')).toBeUndefined();
    expect(res.envelope.data).toMatchObject({ created: 18, removed: 5 });
  });
});

describe('status', () => {
  beforeEach(() => {
    seedProfile(profileOf('AUTONOMO', [version('2027-01-01', autonomo)]));
  });

  it('PENDING until the end of the due day in Madrid, OVERDUE after it', async () => {
    clock = new Date('2027-04-20T21:59:00.000Z'); // 23:59 in Madrid (summer time)
    expect(find(await calendar(2027), '2027-303-1T')).toMatchObject({
      status: 'PENDING',
      daysRemaining: 0,
      actionDaysRemaining: 0,
    });
    expect(find(await calendar(2027), '2027-303-1T')).not.toHaveProperty('daysOverdue');

    clock = new Date('2027-04-20T22:30:00.000Z'); // 00:30 on the 21st in Madrid
    expect(find(await calendar(2027), '2027-303-1T')).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 1,
      daysRemaining: -1,
      actionDaysRemaining: -1,
    });
    expect(stored('2027-303-1T')?.status).toBe('PENDING');
  });

  it('PUT SUBMITTED settles it and leaves the open index; PUT PENDING puts it back (OVERDUE again)', async () => {
    clock = new Date('2027-04-25T10:00:00.000Z');
    await calendar(2027);

    const filed = await call<ObligationView>({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'SUBMITTED', submittedAt: '2027-04-19T12:00:00+02:00', reference: '3039876543210' },
    });

    expect(filed.status).toBe(200);
    expect(filed.envelope.data).toMatchObject({
      obligationId: '2027-303-1T',
      status: 'SUBMITTED',
      submittedAt: '2027-04-19T12:00:00+02:00',
      reference: '3039876543210',
      submittedBy: USER,
      updatedAt: '2027-04-25T10:00:00.000Z',
    });
    expect(filed.envelope.data).not.toHaveProperty('daysOverdue');
    expect(stored('2027-303-1T')).not.toHaveProperty('gsi1pk');
    expect(stored('2027-303-1T')).not.toHaveProperty('gsi1sk');
    expect((await listOpenObligations(deps, COMPANY)).map((o) => o.obligationId)).not.toContain(
      '2027-303-1T',
    );
    expect(find(await calendar(2027), '2027-303-1T').status).toBe('SUBMITTED');

    const back = await call<ObligationView>({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'PENDING' },
    });

    expect(back.envelope.data).toMatchObject({
      status: 'OVERDUE',
      daysOverdue: 5,
      submittedAt: null,
      reference: null,
    });
    expect(stored('2027-303-1T')).toMatchObject({
      status: 'PENDING',
      ...keys.taxOpenObligation(COMPANY, '2027-04-20', '2027-303-1T'),
    });
    expect(
      (await listOpenObligations(deps, COMPANY, { to: '2027-04-20' })).map((o) => o.obligationId),
    ).toEqual(['2027-130-1T', '2027-303-1T']);
  });

  it('SUBMITTED without a date is filed now', async () => {
    await calendar(2027);
    const res = await call<ObligationView>({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-130-1T' },
      body: { status: 'SUBMITTED' },
    });
    expect(res.envelope.data).toMatchObject({
      status: 'SUBMITTED',
      submittedAt: clock.toISOString(),
      reference: null,
    });
  });

  it('404 for an unknown obligation; 400 CORE_004 for one whose model Cuadra generated', async () => {
    await calendar(2027);
    for (const obligationId of ['2027-303-9T', '2026-303-1T', 'no-es-un-id']) {
      const res = await call({
        routeId: 'taxObligations.updateStatus',
        params: { obligationId },
        body: { status: 'SUBMITTED' },
      });
      expect(res.status).toBe(404);
      expect(res.envelope.error?.code).toBe('CORE_006');
    }
    rows.set(idOf(keys.taxObligation(COMPANY, 2027, '2027-303-1T')), {
      ...stored('2027-303-1T')!,
      status: 'MODEL_GENERATED',
      modelId: 'm-1',
    });
    const res = await call({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'SUBMITTED' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'status',
      message: 'La obligación ya tiene un modelo generado; cámbiala desde el modelo.',
    });
    expect(stored('2027-303-1T')?.status).toBe('MODEL_GENERATED');
  });

  it('refuses a status the route does not set by hand', async () => {
    await calendar(2027);
    const res = await call({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'OVERDUE' },
    });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'status' });
  });
});

describe('open obligations, pending list and smart calendar', () => {
  beforeEach(() => {
    seedProfile(profileOf('SL', [version('2027-01-01', espiga)]));
    clock = new Date('2027-04-25T10:00:00.000Z');
  });

  it('listOpenObligations reads the open index by due date, both ends inclusive', async () => {
    const view = await calendar(2027);

    const open = await listOpenObligations(deps, COMPANY, { from: '2027-04-20', to: '2027-07-20' });

    const expected = view.obligations
      .filter((o) => o.dueDate >= '2027-04-20' && o.dueDate <= '2027-07-20')
      .map((o) => o.obligationId);
    expect(open.map((o) => o.obligationId)).toEqual(expected);
    expect(open.map((o) => o.dueDate)).toEqual(expect.arrayContaining(['2027-04-20', '2027-07-20']));
    expect((await listOpenObligations(deps, COMPANY, { to: '2027-04-20' })).map((o) => o.dueDate)).toEqual(
      view.obligations.filter((o) => o.dueDate <= '2027-04-20').map((o) => o.dueDate),
    );
    expect(await listOpenObligations(deps, COMPANY, { from: '2027-08-01', to: '2027-07-01' })).toEqual([]);
  });

  it('pending obligations: the open ones of the year, overdue ones included, by due date', async () => {
    await calendar(2027);
    await call({
      routeId: 'taxObligations.updateStatus',
      params: { obligationId: '2027-303-1T' },
      body: { status: 'SUBMITTED' },
    });

    const res = await call<ObligationView[]>({ routeId: 'taxObligations.pending', query: { year: '2027' } });

    const list = res.envelope.data!;
    expect(list.map((o) => o.obligationId)).not.toContain('2027-303-1T');
    expect(list.slice(0, 3).map((o) => [o.obligationId, o.status])).toEqual([
      ['2027-111-1T', 'OVERDUE'],
      ['2027-115-1T', 'OVERDUE'],
      ['2027-202-1P', 'OVERDUE'],
    ]);
    expect(list.slice(3).every((o) => o.status === 'PENDING')).toBe(true);
    expect(list.length).toBe(storedIds().length - 1);
  });

  it('smart calendar: months from January to the last due date, the next one and the overdue ones', async () => {
    const res = await call<SmartCalendarView>({ routeId: 'taxCalendar.smart', query: { year: '2027' } });

    const smart = res.envelope.data!;
    expect(smart.months.map((m) => m.month)).toEqual([
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
      '2027-12',
      '2028-01',
      '2028-02',
      '2028-03',
      '2028-04',
      '2028-05',
      '2028-06',
      '2028-07',
    ]);
    const april = smart.months.find((m) => m.month === '2027-04')!;
    expect(april).toMatchObject({ pending: 0, overdue: 4 });
    expect(april.obligations.map((o) => o.obligationId).sort()).toEqual([
      '2027-111-1T',
      '2027-115-1T',
      '2027-202-1P',
      '2027-303-1T',
    ]);
    expect(smart.months.find((m) => m.month === '2028-01')).toMatchObject({ pending: 6, overdue: 0 });
    expect(smart.months.find((m) => m.month === '2028-07')!.obligations.map((o) => o.obligationId)).toEqual([
      '2027-200-0A',
    ]);
    expect(smart.overdue.map((o) => o.obligationId)).toEqual([
      '2027-111-1T',
      '2027-115-1T',
      '2027-202-1P',
      '2027-303-1T',
    ]);
    expect(smart.next).toMatchObject({
      obligationId: '2027-111-2T',
      dueDate: '2027-07-20',
      status: 'PENDING',
    });
  });
});
