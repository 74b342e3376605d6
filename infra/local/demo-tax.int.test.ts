/**
 * The demo tax data of `npm start` (infra/local/seed-tax.ts): every demo company has the tax profile
 * of its business (the models each implies, written by hand from ../shared/reference/tax-models.md
 * §1), the returns due before the demo existed count as filed except one modelo 115 of Panadería
 * La Espiga left overdue on purpose, and the alerts are there at once: every open obligation due
 * within 30 days or overdue has its alert, the overdue 115 a critical one the gestor was told about.
 */

import type { Page } from '@shared/api/envelope';
import type { Notification } from '@shared/schemas/notifications';
import type { CalendarView, FiscalAlert, OverdueObligation, UpcomingObligation } from '@shared/schemas/tax';
import type { TaxProfile } from '@shared/schemas/tax-profile';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_OVERDUE, demoTaxProfiles } from './seed-tax';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const madridToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
const THIS_YEAR = Number(madridToday().slice(0, 4));

/** Model → periodicity each demo company files (Q quarterly, M monthly, A annual, I instalments). */
const EXPECTED_MODELS: Record<string, Record<string, string>> = {
  // Professional in direct estimation without the 70 % exemption: 303, 130, Renta, 390, 347.
  'demo-marta-sanchez': { '303': 'Q', '390': 'A', '130': 'Q', '100': 'A', '347': 'A' },
  // Plumber who pays a professional and rents his workshop: 111/190 and 115/180 besides his own returns.
  'demo-romero-fontaneria': {
    '303': 'Q',
    '390': 'A',
    '111': 'Q',
    '190': 'A',
    '115': 'Q',
    '180': 'A',
    '130': 'Q',
    '100': 'A',
    '347': 'A',
  },
  // Bakery SL with employees and a rented shop.
  'demo-panaderia-espiga': {
    '303': 'Q',
    '390': 'A',
    '111': 'Q',
    '190': 'A',
    '115': 'Q',
    '180': 'A',
    '202': 'I',
    '200': 'A',
    '347': 'A',
  },
  // Large company in the SII: everything monthly, no 347 nor 390; monthly 349.
  'demo-transportes-levante': { '303': 'M', '349': 'M', '111': 'M', '190': 'A', '202': 'I', '200': 'A' },
  // Adviser SL with employees, a collaborating lawyer and a partner's loan: 111/190 and 123/193.
  'demo-navarro-asesores': {
    '303': 'Q',
    '390': 'A',
    '111': 'Q',
    '190': 'A',
    '123': 'Q',
    '193': 'A',
    '202': 'I',
    '200': 'A',
    '347': 'A',
  },
};
const PERIODICITY: Record<string, string> = {
  QUARTERLY: 'Q',
  MONTHLY: 'M',
  ANNUAL: 'A',
  INSTALMENTS: 'I',
};

describe('demo tax data (npm start)', () => {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const email of new Set(demoTaxProfiles.map((d) => d.email)))
      tokens.set(email, await api.login(email));
  });
  const get = async <T>(email: string, companyId: string, path: string, query?: Record<string, string>) => {
    const res = await api.request<T>('GET', path, { token: tokens.get(email)!, companyId, query });
    if (!res.body.success) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  it('gives every demo company the profile of its business', async () => {
    expect(demoTaxProfiles.map((d) => d.companyId).sort()).toEqual(Object.keys(EXPECTED_MODELS).sort());
    for (const demo of demoTaxProfiles) {
      const profile = await get<TaxProfile & { requiredModels: { model: string; periodicity: string }[] }>(
        demo.email,
        demo.companyId,
        `/api/v1/companies/${demo.companyId}/tax-profile`,
      );
      expect(profile.taxYear, demo.companyId).toBe(THIS_YEAR + demo.taxYearOffset);
      expect(profile.facts, demo.companyId).toEqual(demo.facts);
      expect(
        Object.fromEntries(profile.requiredModels.map((r) => [r.model, PERIODICITY[r.periodicity]])),
        demo.companyId,
      ).toEqual(EXPECTED_MODELS[demo.companyId]);
    }
    // The SII and large-company facts are mirrored on the company.
    const transportes = await get<{ siiEnabled: boolean; fiscal: { largeCompany: boolean } }>(
      'gestor@cuadra.test',
      'demo-transportes-levante',
      '/api/v1/companies/demo-transportes-levante',
    );
    expect(transportes).toMatchObject({ siiEnabled: true, fiscal: { largeCompany: true } });
  });

  it('counts the returns due before the demo as filed, except one overdue modelo 115 of Panadería', async () => {
    const { companyId, model } = DEMO_OVERDUE;
    const overdue = (
      await get<{ obligations: OverdueObligation[] }>(
        'gestor@cuadra.test',
        companyId,
        '/api/v1/tax/obligations/overdue',
        {
          companyId,
        },
      )
    ).obligations;
    expect(overdue).toHaveLength(1);
    const [slip] = overdue;
    expect(slip).toMatchObject({ modelType: model, status: 'OVERDUE' });
    expect(slip!.daysOverdue).toBeGreaterThan(0);
    // It is the latest 115 already due; every other return already due is filed.
    const past = [];
    for (const year of [THIS_YEAR - 1, THIS_YEAR]) {
      const calendar = await get<CalendarView>(
        'gestor@cuadra.test',
        companyId,
        `/api/v1/tax/companies/${companyId}/calendar`,
        {
          year: String(year),
        },
      );
      past.push(...calendar.obligations.filter((o) => o.dueDate < madridToday()));
    }
    const latest115 = past
      .filter((o) => o.modelType === model)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .at(-1);
    expect(latest115?.obligationId).toBe(slip!.id);
    expect(past.filter((o) => o.obligationId !== slip!.id).every((o) => o.status === 'SUBMITTED')).toBe(true);

    // The other demo companies have nothing overdue.
    for (const demo of demoTaxProfiles.filter((d) => d.companyId !== companyId)) {
      const theirs = await get<{ obligations: OverdueObligation[] }>(
        demo.email,
        demo.companyId,
        '/api/v1/tax/obligations/overdue',
        {
          companyId: demo.companyId,
        },
      );
      expect(theirs.obligations, demo.companyId).toEqual([]);
    }
  });

  it('has the alerts at once: every open obligation due within 30 days or overdue has one', async () => {
    for (const demo of demoTaxProfiles) {
      const { companyId, email } = demo;
      const open = [
        ...(
          await get<{ obligations: UpcomingObligation[] }>(
            email,
            companyId,
            '/api/v1/tax/obligations/upcoming',
            { companyId, days: '30' },
          )
        ).obligations,
        ...(
          await get<{ obligations: OverdueObligation[] }>(
            email,
            companyId,
            '/api/v1/tax/obligations/overdue',
            { companyId },
          )
        ).obligations,
      ];
      const alerts = (
        await get<Page<FiscalAlert>>(email, companyId, `/api/v1/tax/companies/${companyId}/alerts`, {
          size: '100',
        })
      ).content.filter((a) => a.status !== 'RESOLVED');
      for (const o of open) {
        expect(
          alerts.find((a) => a.obligationId === o.id),
          `${companyId} ${o.id}`,
        ).toBeDefined();
      }
      if (open.length > 0)
        expect(
          alerts.some((a) => a.id === 'summary'),
          companyId,
        ).toBe(true);
    }
  });

  it("tells Panadería's gestor about the overdue 115 in the bell, as a critical alert", async () => {
    const { companyId } = DEMO_OVERDUE;
    const alerts = (
      await get<Page<FiscalAlert>>(
        'gestor@cuadra.test',
        companyId,
        `/api/v1/tax/companies/${companyId}/alerts`,
        { size: '100' },
      )
    ).content;
    const slip = alerts.find((a) => a.type === 'overdue' && a.status !== 'RESOLVED');
    expect(slip).toMatchObject({ priority: 'critical', modelType: DEMO_OVERDUE.model });
    const critical = await get<FiscalAlert[]>(
      'gestor@cuadra.test',
      companyId,
      `/api/v1/tax/companies/${companyId}/alerts/critical`,
    );
    expect(critical.map((a) => a.id)).toContain(slip!.id);

    // Every page of the bell: other tests (documents read, mails) add newer notifications meanwhile.
    const bell: Notification[] = [];
    for (let page = 0; page < 20; page++) {
      const p = await get<Page<Notification>>('gestor@cuadra.test', companyId, '/api/v1/notifications', {
        size: '100',
        page: String(page),
      });
      bell.push(...p.content.filter((n) => n.type === 'tax_overdue'));
      if (page + 1 >= p.totalPages) break;
    }
    // Told on the day the demo was seeded: '<return> venció el <date> (hace N días)'.
    const told = slip!.title.split(' (')[0]!;
    expect(bell.some((n) => n.title.startsWith(told))).toBe(true);
  });
});
