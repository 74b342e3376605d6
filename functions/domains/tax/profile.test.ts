/**
 * The tax profile, the tax configuration and the assistant (issue 13 item 1) through the real
 * pipeline (auth, membership, access policy, zod) on the in-memory table of testing/fake-table.ts,
 * which checks conditions and writes transactions all or nothing: the profile item, its mirror on
 * the company, the draft and the obligations the writes plan are read back from the table.
 */

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { keys } from '@shared/db/keys';
import type {
  AssistantAnswers,
  AssistantProposal,
  AssistantStatus,
  TaxConfiguration,
} from '@shared/schemas/tax';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssistantConfigured, AssistantValidation } from './actions/assistant';
import type { ProfileWriteResult } from './actions/create-tax-profile';
import type { TaxProfileView } from './actions/get-tax-profile';
import type { ProfileChangeResult } from './actions/update-tax-profile';
import { listProfiledCompanyIds } from './store/profile';
import { company, member, taxHarness } from './testing/tax-harness';

const NOW = new Date('2026-03-10T10:00:00.000Z');
const { table, deps, call } = taxHarness(NOW);

const SL = 'co-espiga';
const AUTONOMO = 'co-marta';
const OTHER = 'co-otra';
const GESTOR = { userId: 'u-gestor', groups: ['GESTOR'] };
const CLIENT = { userId: 'u-client', groups: ['CLIENTE'] };
const STRANGER = { userId: 'u-stranger', groups: ['GESTOR'] };

const slFacts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'SL', siiEnabled: false }),
  ...over,
});
const autonomoFacts = (over: Partial<TaxProfileFacts> = {}): TaxProfileFacts => ({
  ...defaultTaxProfileFacts({ companyType: 'AUTONOMO', siiEnabled: false }),
  ...over,
});

beforeEach(() => {
  table.reset();
  NOW.setTime(Date.parse('2026-03-10T10:00:00.000Z'));
  table.put(company(SL, 'Panadería La Espiga SL'));
  table.put(company(AUTONOMO, 'Marta Sánchez', { companyType: 'AUTONOMO' }));
  table.put(company(OTHER, 'Otra SL'));
  table.put(member(SL, GESTOR.userId, 'GESTOR'));
  table.put(member(AUTONOMO, GESTOR.userId, 'GESTOR'));
  table.put(member(SL, CLIENT.userId, 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }));
  table.put(member(OTHER, STRANGER.userId, 'GESTOR'));
});

const path = (companyId: string) => ({ params: { companyId } });
const obligationIds = (year: number, companyId = SL) =>
  table
    .all('TaxObligation')
    .filter((o) => o.companyId === companyId && o.year === year)
    .map((o) => String(o.obligationId))
    .sort();
const obligation = (companyId: string, id: string) =>
  table.get(keys.taxObligation(companyId, Number(id.slice(0, 4)), id));
const storedProfile = (companyId = SL) => table.get(keys.taxProfile(companyId));
const storedCompany = (companyId = SL) => table.get(keys.company(companyId))!;

const createSl = (body: Record<string, unknown> = {}) =>
  call<ProfileWriteResult>(GESTOR, {
    routeId: 'taxProfile.create',
    ...path(SL),
    body: { facts: slFacts(), ...body },
  });
const updateSl = (body: Record<string, unknown>) =>
  call<ProfileChangeResult>(GESTOR, { routeId: 'taxProfile.update', ...path(SL), body });

describe('tax profile: create and read', () => {
  it('accepts only the facts that differ, nested or at the top level, from the company defaults', async () => {
    const created = await call<ProfileWriteResult>(GESTOR, {
      routeId: 'taxProfile.create',
      ...path(SL),
      body: { hasEmployees: true, facts: { rentsPremises: true } },
    });
    expect(created.status).toBe(201);
    expect(created.envelope.data!.facts).toEqual(slFacts({ hasEmployees: true, rentsPremises: true }));
    expect(obligationIds(2026)).toContain('2026-115-1T');
    expect(obligationIds(2026)).toContain('2026-111-1T');

    // An update names only what changes; everything else stays as the latest version says.
    const changed = await updateSl({ paysDividendsOrInterest: true });
    expect(changed.status).toBe(200);
    expect(changed.envelope.data!.facts).toEqual(
      slFacts({ hasEmployees: true, rentsPremises: true, paysDividendsOrInterest: true }),
    );
    // An unknown field is still refused, flat or nested.
    const refused = await updateSl({ facts: { hasEmployes: true } });
    expect(refused.status).toBe(400);
  });

  it('answers 404 CORE_006 on GET without a profile, so the web shows the assistant', async () => {
    const res = await call(GESTOR, { routeId: 'taxProfile.get', ...path(SL) });

    expect(res.status).toBe(404);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_006',
      message: 'La empresa no tiene perfil fiscal.',
    });
  });

  it('creates the profile from 1 January, in the directory, and plans the year', async () => {
    const res = await createSl({ facts: slFacts({ hasEmployees: true }) });

    expect(res.status).toBe(201);
    const data = res.envelope.data!;
    expect(data).toMatchObject({
      companyId: SL,
      companyType: 'SL',
      taxYear: 2026,
      revision: 1,
      nextEffectiveFrom: '2026-04-01',
      versions: [{ effectiveFrom: '2026-01-01', changedBy: GESTOR.userId, changedAt: NOW.toISOString() }],
      obligations: { years: [2026] },
    });
    expect(data.requiredModels.map((r) => r.model)).toEqual([
      '303',
      '390',
      '111',
      '190',
      '202',
      '200',
      '347',
    ]);
    expect(storedProfile()).toMatchObject({
      ...keys.taxProfileDirectory(SL),
      entity: 'TaxProfile',
      revision: 1,
      facts: { hasEmployees: true },
    });
    expect(await listProfiledCompanyIds(deps)).toEqual([SL]);
    expect(obligationIds(2026)).toContain('2026-303-1T');
    expect(obligationIds(2026)).toContain('2026-111-4T');
    expect(data.obligations.created).toBe(obligationIds(2026).length);
    expect(obligation(SL, '2026-303-1T')).toMatchObject({ status: 'PENDING', dueDate: '2026-04-20' });

    const got = await call<TaxProfileView>(GESTOR, { routeId: 'taxProfile.get', ...path(SL) });
    expect(got.status).toBe(200);
    expect(got.envelope.data).toMatchObject({
      revision: 1,
      facts: { hasEmployees: true },
      nextEffectiveFrom: '2026-04-01',
    });
    expect(got.envelope.data!.requiredModels[0]).toEqual({
      model: '303',
      periodicity: 'QUARTERLY',
      reason: 'Actividad sujeta a IVA',
    });
  });

  it('records the obligations due before the profile as filed when asked (ASSUME_FILED)', async () => {
    const res = await createSl({ taxYear: 2025, pastObligations: 'ASSUME_FILED' });

    expect(res.status).toBe(201);
    expect(res.envelope.data!.obligations.years).toEqual([2025, 2026]);
    expect(obligation(SL, '2025-303-3T')).toMatchObject({
      status: 'SUBMITTED',
      submittedAt: null,
      reference: 'Anterior al alta del perfil fiscal',
    });
    expect(obligation(SL, '2025-303-3T')!.gsi1pk).toBeUndefined();
    // The 2025 corporate tax return is due in July 2026: still to file.
    expect(obligation(SL, '2025-200-0A')).toMatchObject({ status: 'PENDING' });
  });

  it('creates obligations already due as PENDING by default', async () => {
    await createSl({ taxYear: 2025 });

    expect(obligation(SL, '2025-303-3T')).toMatchObject({ status: 'PENDING', reference: null });
  });

  it('plans next year too from 1 December', async () => {
    NOW.setTime(Date.parse('2026-12-01T10:00:00.000Z'));

    const res = await createSl();

    expect(res.envelope.data!.obligations.years).toEqual([2026, 2027]);
    expect(obligationIds(2027)).toContain('2027-303-1T');
  });

  it('refuses a second profile, an effectiveFrom, a tax year out of range and inconsistent facts', async () => {
    await createSl();
    const writes = table.writes.length;

    const again = await createSl();
    expect(again.status).toBe(400);
    expect(again.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'La empresa ya tiene perfil fiscal.',
    });

    const effective = await call(GESTOR, {
      routeId: 'taxProfile.create',
      ...path(AUTONOMO),
      body: { facts: autonomoFacts(), effectiveFrom: '2026-04-01' },
    });
    expect(effective.envelope.error).toMatchObject({ code: 'CORE_004', field: 'effectiveFrom' });

    const oldYear = await call(GESTOR, {
      routeId: 'taxProfile.create',
      ...path(AUTONOMO),
      body: { facts: autonomoFacts(), taxYear: 2021 },
    });
    expect(oldYear.envelope.error).toMatchObject({ code: 'CORE_004', field: 'taxYear' });

    const inconsistent = await call(GESTOR, {
      routeId: 'taxProfile.create',
      ...path(AUTONOMO),
      body: { facts: autonomoFacts({ irpfMethod: null }) },
    });
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'facts.irpfMethod',
      message: 'Indica el método de estimación del IRPF del autónomo.',
    });

    const schema = await call(GESTOR, {
      routeId: 'taxProfile.create',
      ...path(AUTONOMO),
      body: { facts: { ...autonomoFacts(), vatRegime: 'OTRO' } },
    });
    expect(schema.envelope.error).toMatchObject({ code: 'CORE_004', field: 'facts.vatRegime' });

    expect(table.writes.length).toBe(writes);
  });

  it('mirrors siiEnabled, largeCompany and redeme onto the company in the same write', async () => {
    const res = await createSl({ facts: slFacts({ largeCompany: true, siiEnabled: true }) });

    expect(res.status).toBe(201);
    expect(storedCompany()).toMatchObject({
      siiEnabled: true,
      fiscal: { largeCompany: true, redeme: false, vatRegime: 'GENERAL' },
      updatedAt: NOW.toISOString(),
    });
  });

  it('lets a CLIENTE with VIEW_TAX_DOCUMENTS read but not write, and another company nothing', async () => {
    await createSl();

    expect((await call(CLIENT, { routeId: 'taxProfile.get', ...path(SL) })).status).toBe(200);
    const write = await call(CLIENT, {
      routeId: 'taxProfile.update',
      ...path(SL),
      body: { facts: slFacts() },
    });
    expect(write.envelope.error).toMatchObject({ code: 'CORE_002' });
    const stranger = await call(STRANGER, { routeId: 'taxProfile.get', ...path(SL) });
    expect(stranger.envelope.error).toMatchObject({ code: 'CORE_003' });
  });
});

describe('tax profile: changes', () => {
  beforeEach(async () => {
    await createSl();
  });

  it('adds a version from the first of next month, owes a 036 and plans the new model from that quarter', async () => {
    const res = await updateSl({ facts: slFacts({ hasEmployees: true }) });

    expect(res.status).toBe(200);
    const data = res.envelope.data!;
    expect(data).toMatchObject({
      changed: true,
      effectiveFrom: '2026-04-01',
      revision: 2,
      censusObligationId: '2026-036-2026-03-10',
      facts: { hasEmployees: true },
    });
    expect(data.versions.map((v) => v.effectiveFrom)).toEqual(['2026-01-01', '2026-04-01']);
    expect(data.versions[0]!.facts.hasEmployees).toBe(false);
    expect(obligation(SL, '2026-036-2026-03-10')).toMatchObject({
      modelType: '036',
      status: 'PENDING',
      dueDate: '2026-04-10',
      profileVersion: '2026-04-01',
    });
    // The first quarter had already started: its 111 is not owed; the second is.
    expect(obligationIds(2026)).not.toContain('2026-111-1T');
    expect(obligationIds(2026)).toContain('2026-111-2T');
    expect(obligationIds(2026)).toContain('2026-190-0A');
    expect(storedProfile()).toMatchObject({ revision: 2 });
  });

  it('replaces the pending version when changed again for the same month, with one 036 per day', async () => {
    await updateSl({ facts: slFacts({ hasEmployees: true }) });

    const res = await updateSl({
      facts: slFacts({ hasEmployees: true, rentsPremises: true }),
      effectiveFrom: '2026-04-01',
    });

    const data = res.envelope.data!;
    expect(data.versions.map((v) => v.effectiveFrom)).toEqual(['2026-01-01', '2026-04-01']);
    expect(data.versions[1]!.facts).toMatchObject({ hasEmployees: true, rentsPremises: true });
    expect(data.revision).toBe(3);
    expect(data.censusObligationId).toBe('2026-036-2026-03-10');
    expect(obligationIds(2026).filter((id) => id.includes('-036-'))).toEqual(['2026-036-2026-03-10']);
    expect(obligationIds(2026)).toContain('2026-115-2T');
  });

  it('refuses effective dates that are not a later first of month, or before a scheduled change', async () => {
    for (const effectiveFrom of ['2026-03-01', '2026-05-15', '2027-04-01']) {
      const res = await updateSl({ facts: slFacts({ hasEmployees: true }), effectiveFrom });
      expect(res.status).toBe(400);
      expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'effectiveFrom' });
    }
    await updateSl({ facts: slFacts({ hasEmployees: true }), effectiveFrom: '2026-07-01' });
    const before = await updateSl({ facts: slFacts({ rentsPremises: true }), effectiveFrom: '2026-05-01' });
    expect(before.envelope.error).toMatchObject({ code: 'CORE_004', field: 'effectiveFrom' });
    expect(before.envelope.error!.message).toContain('1 de julio de 2026');
  });

  it('owes no 036 for a change of direct debit, prorrata or IRPF rate', async () => {
    const res = await updateSl({ facts: slFacts({ domiciliation: { '303': true }, prorrataBp: 9000 }) });

    expect(res.envelope.data).toMatchObject({ changed: true, censusObligationId: null });
    expect(obligationIds(2026).filter((id) => id.includes('-036-'))).toEqual([]);
    // From the new version on, the 303 is paid by direct debit; the started quarter keeps its terms.
    expect(obligation(SL, '2026-303-2T')).toMatchObject({ paidByDomiciliation: true });
    expect(obligation(SL, '2026-303-1T')).toMatchObject({ paidByDomiciliation: false });
  });

  it('writes nothing when the facts are those of the latest version', async () => {
    const writes = table.writes.length;

    const res = await updateSl({ facts: slFacts() });

    expect(res.envelope.data).toMatchObject({ changed: false, revision: 1, censusObligationId: null });
    expect(table.writes.length).toBe(writes);
  });

  it('mirrors the new flags onto the company', async () => {
    NOW.setTime(Date.parse('2026-03-11T10:00:00.000Z'));

    await updateSl({ facts: slFacts({ redeme: true, siiEnabled: true }) });

    expect(storedCompany()).toMatchObject({
      siiEnabled: true,
      fiscal: { redeme: true, largeCompany: false },
      updatedAt: '2026-03-11T10:00:00.000Z',
    });
  });

  it('refuses a change of the first tax year and a change without a profile (TAX_021)', async () => {
    const year = await updateSl({ facts: slFacts(), taxYear: 2025 });
    expect(year.envelope.error).toMatchObject({ code: 'CORE_004', field: 'taxYear' });

    const none = await call(GESTOR, {
      routeId: 'taxProfile.update',
      ...path(AUTONOMO),
      body: { facts: autonomoFacts() },
    });
    expect(none.status).toBe(400);
    expect(none.envelope.error).toMatchObject({ code: 'TAX_021' });
  });

  it('answers 409 CONCURRENT_UPDATE when the profile changed since it was read, writing nothing', async () => {
    table.failWhen((command) => {
      if (command !== 'TransactWrite') return undefined;
      table.failWhen(undefined);
      const current = storedProfile()!;
      table.put({ ...current, revision: 7 });
      return new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
      });
    });

    const res = await updateSl({ facts: slFacts({ hasEmployees: true }) });

    expect(res.status).toBe(409);
    expect(res.envelope.error).toMatchObject({ code: 'CONCURRENT_UPDATE' });
    expect(storedProfile()).toMatchObject({ revision: 7, facts: { hasEmployees: false } });
    expect(obligationIds(2026).filter((id) => id.includes('-036-'))).toEqual([]);
  });
});

describe('tax configuration', () => {
  it('answers TAX_021 without a profile on GET and PUT', async () => {
    for (const [routeId, body] of [
      ['taxConfig.get', undefined],
      ['taxConfig.update', { updateIrpfRate: 7 }],
    ] as const) {
      const res = await call(GESTOR, { routeId, ...path(AUTONOMO), body });
      expect(res.status).toBe(400);
      expect(res.envelope.error).toMatchObject({ code: 'TAX_021' });
    }
  });

  it('creates the profile with POST from the company defaults and the update', async () => {
    const res = await call<TaxConfiguration>(GESTOR, {
      routeId: 'taxConfig.create',
      ...path(AUTONOMO),
      body: { updateIrpfRate: 7 },
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toEqual({
      companyId: AUTONOMO,
      taxRegime: 'GENERAL',
      vatZone: 'PENINSULA',
      siiEnabled: false,
      quarterlyVat: true,
      irpfRate: 7,
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      requiredModels: ['303', '390', '130', '100', '347'],
      updatedAt: NOW.toISOString(),
    });
    expect(storedProfile(AUTONOMO)).toMatchObject({ taxYear: 2026, facts: { irpfRateBp: 700 } });
    expect(obligationIds(2026, AUTONOMO)).toContain('2026-130-1T');
  });

  it('reads and changes an existing profile: irpfRate in percent, a new version, no 036 for it', async () => {
    await call(GESTOR, { routeId: 'taxConfig.create', ...path(AUTONOMO), body: {} });

    const res = await call<TaxConfiguration>(GESTOR, {
      routeId: 'taxConfig.update',
      ...path(AUTONOMO),
      body: { updateIrpfRate: 19.5 },
    });

    expect(res.status).toBe(200);
    expect(res.envelope.data).toMatchObject({ irpfRate: 19.5, quarterlyVat: true });
    const stored = storedProfile(AUTONOMO)!;
    expect(stored.versions).toEqual([
      expect.objectContaining({
        effectiveFrom: '2026-01-01',
        facts: expect.objectContaining({ irpfRateBp: 1500 }),
      }),
      expect.objectContaining({
        effectiveFrom: '2026-04-01',
        facts: expect.objectContaining({ irpfRateBp: 1950 }),
      }),
    ]);
    expect(obligationIds(2026, AUTONOMO).filter((id) => id.includes('-036-'))).toEqual([]);
    const got = await call<TaxConfiguration>(GESTOR, { routeId: 'taxConfig.get', ...path(AUTONOMO) });
    expect(got.envelope.data).toMatchObject({ irpfRate: 19.5, taxRegime: 'GENERAL' });
  });

  it('refuses monthly VAT without a reason, quarterly VAT with one, and names config fields', async () => {
    await createSl();

    const monthly = await call(GESTOR, {
      routeId: 'taxConfig.update',
      ...path(SL),
      body: { updateQuarterlyVat: false },
    });
    expect(monthly.status).toBe(400);
    expect(monthly.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'updateQuarterlyVat',
      message: 'La liquidación mensual del IVA requiere SII, REDEME, gran empresa o grupo de entidades.',
    });

    const sii = await call<TaxConfiguration>(GESTOR, {
      routeId: 'taxConfig.update',
      ...path(SL),
      body: { updateSiiEnabled: true, updateQuarterlyVat: false },
    });
    expect(sii.envelope.data).toMatchObject({ siiEnabled: true, quarterlyVat: false });
    expect(storedCompany()).toMatchObject({ siiEnabled: true });

    const quarterly = await call(GESTOR, {
      routeId: 'taxConfig.update',
      ...path(SL),
      body: { updateQuarterlyVat: true },
    });
    expect(quarterly.envelope.error).toMatchObject({ code: 'CORE_004', field: 'updateQuarterlyVat' });
    expect(quarterly.envelope.error!.message).toContain('el SII');

    const regime = await call(GESTOR, {
      routeId: 'taxConfig.update',
      ...path(SL),
      body: { updateTaxRegime: 'RECARGO_EQUIVALENCIA' },
    });
    expect(regime.envelope.error).toMatchObject({ code: 'CORE_004', field: 'updateTaxRegime' });
  });
});

const answers = (over: Partial<AssistantAnswers> = {}): AssistantAnswers => ({
  activity: 'PROFESSIONAL',
  vatZone: 'PENINSULA',
  annualTurnoverCents: 4_500_000,
  irpfMethod: 'DIRECTA_SIMPLIFICADA',
  withheldIncomeShareBp: 3000,
  hasEmployees: false,
  paysProfessionals: false,
  rentsPremises: false,
  paysDividendsOrInterest: false,
  paysNonResidents: false,
  intraEuOperations: false,
  intraEuQuarterCents: 0,
  sellsB2cToOtherEuCountries: false,
  assetsAbroad: false,
  wantsMonthlyRefunds: false,
  cashAccounting: false,
  payByDomiciliation: true,
  ...over,
});

describe('assistant', () => {
  const assistant = (
    routeId:
      | 'taxAssistant.status'
      | 'taxAssistant.analyze'
      | 'taxAssistant.validate'
      | 'taxAssistant.configure'
      | 'taxAssistant.apply'
      | 'taxAssistant.reset',
    companyId: string,
    body?: unknown,
  ) => call(GESTOR, { routeId, ...path(companyId), body });

  it('analyzes the answers into facts, models and issues without writing anything', async () => {
    const writes = table.writes.length;

    const res = await assistant('taxAssistant.analyze', AUTONOMO, { answers: answers() });

    expect(res.status).toBe(200);
    const data = res.envelope.data as AssistantProposal;
    expect(data.facts).toMatchObject({
      vatRegime: 'GENERAL',
      irpfMethod: 'DIRECTA_SIMPLIFICADA',
      irpfRateBp: 1500,
      withholdingExemption130: false,
      domiciliation: { '303': true, '130': true, '100': true },
    });
    expect(data.requiredModels.map((r) => r.model)).toEqual(['303', '390', '130', '100', '347']);
    expect(data.issues).toEqual([]);
    expect(table.writes.length).toBe(writes);
  });

  it('validates facts: schema refusals and inconsistencies as issues', async () => {
    const bad = await assistant('taxAssistant.validate', SL, {
      facts: { ...slFacts(), vatRegime: 'X', extra: 1 },
    });
    const badData = bad.envelope.data as AssistantValidation;
    expect(bad.status).toBe(200);
    expect(badData.valid).toBe(false);
    expect(badData.issues.map((i) => [i.field, i.severity])).toEqual(
      expect.arrayContaining([
        ['vatRegime', 'error'],
        ['facts', 'error'],
      ]),
    );

    const inconsistent = await assistant('taxAssistant.validate', SL, {
      facts: slFacts({ largeCompany: true, prorrataBp: 0 }),
    });
    const data = inconsistent.envelope.data as AssistantValidation;
    expect(data.valid).toBe(false);
    expect(data.issues).toEqual([
      expect.objectContaining({ field: 'siiEnabled', severity: 'error' }),
      expect.objectContaining({ field: 'prorrataBp', severity: 'warning' }),
    ]);

    const fine = await assistant('taxAssistant.validate', SL, { facts: slFacts({ prorrataBp: 0 }) });
    expect(fine.envelope.data).toMatchObject({ valid: true });
    expect((fine.envelope.data as AssistantValidation).requiredModels.map((r) => r.model)).toContain('202');
  });

  it('saves a draft, applies it as the profile and deletes it; status follows', async () => {
    const start = await assistant('taxAssistant.status', AUTONOMO);
    expect(start.envelope.data).toEqual({
      hasProfile: false,
      status: 'NOT_STARTED',
      draft: null,
      profileUpdatedAt: null,
    });

    const saved = await assistant('taxAssistant.configure', AUTONOMO, { answers: answers() });
    expect(saved.status).toBe(200);
    expect(saved.envelope.data).toMatchObject({
      status: 'DRAFT',
      hasProfile: false,
      draft: { answers: answers(), facts: null, updatedAt: NOW.toISOString() },
      issues: [],
    } satisfies Partial<AssistantConfigured>);
    expect(table.get(keys.taxAssistantDraft(AUTONOMO))).toMatchObject({ entity: 'TaxAssistantDraft' });

    const applied = await assistant('taxAssistant.apply', AUTONOMO);
    expect(applied.status).toBe(200);
    expect(applied.envelope.data).toMatchObject({
      companyType: 'AUTONOMO',
      taxYear: 2026,
      facts: { domiciliation: { '303': true, '130': true, '100': true } },
    });
    expect(table.get(keys.taxAssistantDraft(AUTONOMO))).toBeUndefined();
    expect(obligation(AUTONOMO, '2026-130-1T')).toMatchObject({ paidByDomiciliation: true });

    const after = await assistant('taxAssistant.status', AUTONOMO);
    expect(after.envelope.data).toMatchObject({ hasProfile: true, status: 'APPLIED', draft: null });
  });

  it('passes pastObligations on when the assistant creates the profile', async () => {
    NOW.setTime(Date.parse('2026-11-26T10:00:00.000Z'));
    await assistant('taxAssistant.configure', SL, { facts: slFacts() });
    const res = await assistant('taxAssistant.apply', SL, { pastObligations: 'ASSUME_FILED' });
    expect(res.status).toBe(200);
    // 1T-3T 2026 were due before the profile: recorded as filed; 4T (due in January) still to file.
    for (const q of ['1T', '2T', '3T'])
      expect(obligation(SL, `2026-303-${q}`)).toMatchObject({
        status: 'SUBMITTED',
        reference: 'Anterior al alta del perfil fiscal',
      });
    expect(obligation(SL, '2026-303-4T')).toMatchObject({ status: 'PENDING' });
  });

  it('applies saved facts over the answers, as a new version when there is a profile', async () => {
    await createSl();
    await assistant('taxAssistant.configure', SL, { facts: slFacts({ rentsPremises: true }) });

    const res = await assistant('taxAssistant.apply', SL, { effectiveFrom: '2026-07-01' });

    expect(res.envelope.data).toMatchObject({
      changed: true,
      effectiveFrom: '2026-07-01',
      censusObligationId: '2026-036-2026-03-10',
    });
    expect(storedProfile()!.versions).toHaveLength(2);
    expect(table.get(keys.taxAssistantDraft(SL))).toBeUndefined();
    expect(obligationIds(2026)).toContain('2026-115-3T');
    expect(obligationIds(2026)).not.toContain('2026-115-2T');
  });

  it('drops saved facts when different answers come alone, and keeps them for the same answers', async () => {
    await assistant('taxAssistant.configure', AUTONOMO, { answers: answers(), facts: autonomoFacts() });
    const same = await assistant('taxAssistant.configure', AUTONOMO, { answers: answers() });
    expect((same.envelope.data as AssistantStatus).draft!.facts).toEqual(autonomoFacts());

    const changed = await assistant('taxAssistant.configure', AUTONOMO, {
      answers: answers({ hasEmployees: true }),
    });
    expect((changed.envelope.data as AssistantStatus).draft).toMatchObject({
      answers: { hasEmployees: true },
      facts: null,
    });
  });

  it('refuses a draft with nothing in it or with facts that do not parse, and apply without a draft', async () => {
    const empty = await assistant('taxAssistant.configure', SL, {});
    expect(empty.envelope.error).toMatchObject({ code: 'CORE_004' });
    const bad = await assistant('taxAssistant.configure', SL, { facts: { vatRegime: 'GENERAL' } });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error!.field).toMatch(/^facts\./);
    expect(table.get(keys.taxAssistantDraft(SL))).toBeUndefined();

    const apply = await assistant('taxAssistant.apply', SL);
    expect(apply.status).toBe(404);
    expect(apply.envelope.error).toMatchObject({ code: 'CORE_006' });
  });

  it('refuses to apply a draft whose facts have errors, keeping the draft', async () => {
    await assistant('taxAssistant.configure', SL, { facts: slFacts({ redeme: true }) });

    const res = await assistant('taxAssistant.apply', SL);

    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'facts.siiEnabled' });
    expect(storedProfile()).toBeUndefined();
    expect(table.get(keys.taxAssistantDraft(SL))).toBeDefined();
  });

  it('resets: deletes the draft', async () => {
    await assistant('taxAssistant.configure', AUTONOMO, { answers: answers() });

    const res = await assistant('taxAssistant.reset', AUTONOMO);

    expect(res.envelope.data).toMatchObject({ status: 'NOT_STARTED', draft: null });
    expect(table.get(keys.taxAssistantDraft(AUTONOMO))).toBeUndefined();
  });
});
