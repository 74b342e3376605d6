/**
 * The checklists of the annual returns Cuadra does not file itself (issue 15 item 4) through the real
 * pipeline over the in-memory table: an autónomo consultant of the reference's worked example (1T and 2T
 * 2025 in the books, both 130s generated) and an SL, each with its profile's versions.
 *
 * By hand (reference notes §5): income 17.000,00 (1T 8.000,00 + 2T 9.000,00); expenses without the 5 %
 * provision 7.340,00 (1T 3.300,00 + 2T 4.040,00, VAT fully deducted); withholdings borne 1.500,00 (750,00
 * + 450,00 + 300,00); 130 1T [19] 143,00 and 2T 192,40. Six issued invoices and eleven received
 * documents (six rents, supplies, telecom, the designer, the book and the RETA quota).
 */

import type { AnnualChecklist } from '@shared/fiscal/annual-checklists';
import type { AnnualReturnsView } from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { workedExample, workedExampleQ1, workedExampleReta } from './testing/books';
import { type Caller, company, GESTOR, member, profile, taxModelsHarness } from './testing/harness';

const NOW = new Date('2026-02-10T09:00:00.000Z');
const h = taxModelsHarness(NOW);
const CO = 'co-consultora';
const SL = 'co-sl';
const FACTS = { irpfMethod: 'DIRECTA_SIMPLIFICADA', paysProfessionals: true, rentsPremises: true } as const;

const list = (companyId: string, query: Record<string, string> = { year: '2025' }, who: Caller = GESTOR) =>
  h.call<AnnualReturnsView>(who, { routeId: 'taxAnnualReturns.list', params: { companyId }, query });
const one = (companyId: string, modelType: string, query: Record<string, string> = { year: '2025' }) =>
  h.call<AnnualChecklist>(GESTOR, {
    routeId: 'taxAnnualReturns.get',
    params: { companyId, modelType },
    query,
  });

const item = (c: AnnualChecklist, id: string) => c.items.find((i) => i.id === id);

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Ana María de la Fuente Ruiz', { nif: '44444444A', companyType: 'AUTONOMO' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  // A second version from 1 July 2025: the criterio de caja and employees (a census change of the year).
  const base = profile(CO, 'AUTONOMO', FACTS, 2025);
  const changed = { ...base.facts, cashAccounting: true, hasEmployees: true };
  h.table.put({
    ...base,
    facts: changed,
    versions: [
      ...base.versions,
      {
        effectiveFrom: '2025-07-01',
        facts: changed,
        changedAt: '2025-06-10T10:00:00.000Z',
        changedBy: 'u-owner',
      },
    ],
  });
  await workedExampleQ1(h, CO);
  await workedExample(h, CO);
  await workedExampleReta(h, CO);
  h.table.put(company(SL, 'Consultora Norte SL', { nif: 'B12345674' }));
  h.table.put(member(SL, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(SL, 'SL', {}, 2025));
});

describe('taxAnnualReturns.list', () => {
  it('answers the five checklists of the year: the 100 applies to an autónomo, the 200 does not', async () => {
    for (const period of ['1T', '2T']) {
      const gen = await h.call(GESTOR, {
        routeId: 'taxModels.generate',
        params: { companyId: CO, modelType: '130' },
        body: { year: 2025, period },
      });
      expect(gen.status).toBe(201);
    }
    const res = await list(CO);
    expect(res.status).toBe(200);
    const view = res.envelope.data!;
    expect(view.year).toBe(2025);
    expect(view.items.map((c) => [c.modelType, c.applies])).toEqual([
      ['100', true],
      ['200', false],
      ['036', true],
      ['369', false],
      ['720', false],
    ]);
    const c100 = view.items[0]!;
    // LIRPF art. 97: until 30 June 2026 (a Tuesday).
    expect(c100.dueDate).toBe('2026-06-30');
    expect(item(c100, 'income')).toMatchObject({
      status: 'KNOWN',
      amountCents: 1_700_000,
      detail: '6 facturas',
    });
    expect(item(c100, 'expenses')).toMatchObject({
      status: 'KNOWN',
      amountCents: 734_000,
      detail: '11 facturas recibidas',
    });
    expect(item(c100, 'net')).toMatchObject({ amountCents: 966_000 });
    expect(item(c100, 'withholdings-borne')).toMatchObject({ amountCents: 150_000 });
    expect(item(c100, 'instalment-130-1T')).toMatchObject({
      status: 'KNOWN',
      amountCents: 14_300,
      detail: 'Generado, pendiente de presentar',
    });
    expect(item(c100, 'instalment-130-2T')).toMatchObject({ status: 'KNOWN', amountCents: 19_240 });
    expect(item(c100, 'instalment-130-3T')).toMatchObject({ status: 'PENDING' });
    // Neither was filed: nothing paid yet.
    expect(item(c100, 'instalments-130')).toMatchObject({ amountCents: 0 });
    expect(c100.summary).toEqual({
      known: c100.items.filter((i) => i.status === 'KNOWN').length,
      pending: 2,
      toProvide: 5,
    });

    const c036 = view.items[2]!;
    expect(c036.items[0]).toMatchObject({
      id: 'change-2025-07-01',
      status: 'KNOWN',
      detail: 'Criterio de caja: No → Sí; Personas trabajadoras: No → Sí',
    });
    // Art. 10.3 RGAT: a month after the change.
    expect(c036.dueDate).toBe('2025-08-01');
  });

  it('defaults to the last closed year (2025 on 10 February 2026) and says when there are no books', async () => {
    expect((await list(CO, {})).envelope.data!.year).toBe(2025);
    const y2024 = (await list(CO, { year: '2024' })).envelope.data!;
    expect(item(y2024.items[0]!, 'books')).toMatchObject({ status: 'TO_PROVIDE' });
    expect(y2024.items[2]).toMatchObject({ modelType: '036', applies: false });
  });

  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS, lets one with it read, and needs a tax profile', async () => {
    const client: Caller = { userId: 'u-client', groups: ['CLIENTE'] };
    h.table.put(member(CO, client.userId, 'CLIENTE', { permissions: ['VIEW_INVOICES'] }));
    const refused = await list(CO, { year: '2025' }, client);
    expect(refused.status).toBe(403);
    expect(refused.envelope.error?.code).toBe('CORE_002');
    h.table.put(member(CO, client.userId, 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }));
    expect((await list(CO, { year: '2025' }, client)).status).toBe(200);

    const outsider: Caller = { userId: 'u-outsider', groups: ['GESTOR'] };
    expect((await list(CO, { year: '2025' }, outsider)).status).toBe(403);

    const NOPROFILE = 'co-new';
    h.table.put(company(NOPROFILE, 'Nueva SL', { nif: 'B87654323' }));
    h.table.put(member(NOPROFILE, GESTOR.userId, 'GESTOR'));
    const none = await list(NOPROFILE);
    expect(none.status).toBe(400);
    expect(none.envelope.error?.code).toBe('TAX_021');
  });
});

describe('taxAnnualReturns.get', () => {
  it('answers one checklist: the 200 of an SL with its 202 instalments and its deadline', async () => {
    const gen = await h.call(GESTOR, {
      routeId: 'taxModels.generate',
      params: { companyId: SL, modelType: '202' },
      body: {
        year: 2025,
        period: '1P',
        adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 1_000_000 } },
      },
    });
    expect(gen.status).toBe(201);
    const res = await one(SL, '200');
    expect(res.status).toBe(200);
    const c = res.envelope.data!;
    expect(c).toMatchObject({ modelType: '200', applies: true, year: 2025, dueDate: '2026-07-27' });
    expect(item(c, 'books')).toMatchObject({ status: 'TO_PROVIDE' });
    expect(item(c, 'instalment-202-1P')).toMatchObject({ status: 'KNOWN', amountCents: 180_000 });
    expect(item(c, 'instalment-202-2P')).toMatchObject({ status: 'PENDING' });
    expect(c.items.some((i) => i.id.startsWith('instalment-130'))).toBe(false);
  });

  it('answers 404 CORE_006 for a model that is not an annual checklist, 400 for one that is not a model', async () => {
    const other = await one(CO, '303');
    expect(other.status).toBe(404);
    expect(other.envelope.error?.code).toBe('CORE_006');
    const bad = await one(CO, '1000');
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.code).toBe('CORE_004');
  });
});
