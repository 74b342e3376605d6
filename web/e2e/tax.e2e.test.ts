/**
 * The tax area in the browser (issue 13): the demo gestor's fiscal dashboard of Panadería La Espiga
 * SL (summary, its one overdue modelo 115, the critical alert it raises, the fiscal analysis), the
 * calendar (the overdue filter, the obligation drawer: 'Marcar como presentada' and 'Volver a
 * pendiente', the month view), the clients' obligations with their Excel export, the company's
 * fiscal profile tab; the CLIENTE's 'Mis obligaciones' and read-only dashboard; and a freshly
 * registered autónomo without a profile, from the welcome card through the assistant to a calendar
 * with obligations. The demo data is left as it was found: the 115 is put back to pending.
 */

import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  DEMO_PASSWORD,
  e2eTest,
  expectHidden,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectedCompany,
  settle,
  verifyEmailFromMailbox,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const CLIENTS = [/Javier Romero/, /Panader[ií]a La Espiga/, /Transportes Levante/];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Chooses a company in the header's selector, as a gestor does, and waits until it is the selected one. */
async function selectCompany(page: Page, search: string, name: string): Promise<void> {
  const selector = page.getByRole('combobox', { name: 'Empresa seleccionada' });
  await expectVisible(selector, 'the company selector');
  await selector.click();
  await selector.fill(search);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: name });
  await expectVisible(option, `'${name}' among the companies`);
  await option.first().click();
  const deadline = Date.now() + 15_000;
  while ((await selectedCompany(page))?.name !== name) {
    if (Date.now() > deadline) throw new Error(`'${name}' did not become the selected company`);
    await page.waitForTimeout(100);
  }
}

/** The page's visible text has no raw code of the API (statuses, priorities, ISO dates). */
async function expectNoRawCodes(scope: Locator, where: string): Promise<void> {
  const text = await scope.innerText();
  for (const raw of [
    /\b(PENDING|OVERDUE|SUBMITTED|MODEL_GENERATED|OBLIGATION_GENERATED|ACTIVE|ACKNOWLEDGED|RESOLVED)\b/,
    /\b(critical|high|medium|low)\b/,
    /\b(QUARTERLY|MONTHLY|ANNUAL|COMPLIANT|NON_COMPLIANT|EXCELLENT|WARNING|CRITICAL)\b/,
    /\b\d{4}-\d{2}-\d{2}\b/,
    /\bundefined\b|\bnull\b|NaN/,
  ]) {
    expect(text, `${where} shows ${raw}`).not.toMatch(raw);
  }
}

const main = (page: Page) => page.locator('main, .ant-layout-content').first();

/** Screenshots the page at 1440 px and at 390 px wide (then back to 1440 px). */
async function bothWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await ready();
  await settle(page);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  await ready();
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is wider than the 390 px screen`).toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** A DNI with its check letter, unique enough for one run. */
function freshDni(): string {
  const number = String(Date.now() % 100_000_000).padStart(8, '0');
  return `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(number) % 23]}`;
}

/** A new autónomo (her company has no tax profile), registered and verified through the API. */
async function registerAutonomo(): Promise<string> {
  const email = `e2e-fiscal-${Date.now()}@cuadra.test`;
  const registered = await callApi('auth.register', {
    body: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Lucía',
      lastName: 'Ortega Navas',
      accountType: 'AUTONOMO',
      company: {
        nif: freshDni(),
        companyType: 'AUTONOMO',
        address: {
          street: 'Calle de la Paz 7',
          postalCode: '46003',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
      },
      acceptTerms: true,
    },
  });
  if (!registered.success)
    throw new Error(`Registering ${email} answered ${registered.status}: ${registered.error?.message}`);
  await verifyEmailFromMailbox(email);
  return email;
}

describe('tax', () => {
  e2eTest(
    "the gestor's fiscal dashboard of Panadería La Espiga: summary, the overdue 115, its critical alert, the analysis",
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      await selectCompany(page, 'Espiga', ESPIGA);

      await page.goto('/app/tax/dashboard');
      await expectVisible(page.getByRole('heading', { name: 'Panel fiscal' }), 'the tax dashboard');
      const overdueCard = page.getByLabel('Obligaciones vencidas', { exact: true }).first();
      await expectVisible(overdueCard.getByText('Ver vencidas'), 'the overdue summary card');
      await expectVisible(
        page.getByLabel('Pendientes en 30 días').getByText('Ver pendientes'),
        'the pending summary card',
      );
      await expectVisible(
        page.getByLabel('Próxima obligación').getByText(/^Modelo \d+/),
        'the next obligation card',
      );
      const overdueCount = Number(
        (await overdueCard.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''),
      );
      expect(overdueCount, 'overdue obligations of Panadería').toBeGreaterThanOrEqual(1);

      // The overdue 115 in the list of overdue obligations.
      const overdueList = page.locator('.ant-card').filter({ hasText: 'Obligaciones vencidas' }).last();
      await expectVisible(
        overdueList.getByRole('listitem').filter({ hasText: 'Modelo 115' }),
        'the overdue modelo 115 in the overdue list',
      );

      // A critical fiscal alert for it.
      const alerts = page.getByRole('list', { name: 'Alertas fiscales principales' });
      const critical = alerts.getByRole('listitem').filter({ hasText: 'Crítica' }).filter({ hasText: /115/ });
      await expectVisible(critical, 'a critical fiscal alert for the overdue 115');
      expect(await critical.first().innerText()).toMatch(/venció el/);

      // The fiscal analysis.
      await expectVisible(page.getByLabel('Salud fiscal'), 'the fiscal health');
      await expectVisible(page.getByText('Cumplimiento por modelo'), 'the compliance per model');
      await expectNoRawCodes(main(page), 'the tax dashboard');

      await bothWidths(page, 'tax-dashboard', () =>
        expectVisible(page.getByLabel('Salud fiscal'), 'the fiscal health'),
      );

      // Every alert, on its tab.
      await page.getByRole('button', { name: /^Ver todas las alertas/ }).click();
      await waitForPath(page, /[?&]tab=alerts/);
      const table = page.locator('.ant-table-tbody');
      await expectVisible(
        table.locator('tr.ant-table-row').filter({ hasText: 'Crítica' }),
        'the alerts table',
      );
      await expectNoRawCodes(main(page), 'the alerts tab');
      await bothWidths(page, 'tax-alerts', () =>
        expectVisible(table.locator('tr.ant-table-row').first(), 'the alerts table'),
      );
      expect(problems, 'console errors or failed requests on the tax dashboard').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the calendar: the overdue 115 is filed and put back to pending; the month view',
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      await selectCompany(page, 'Espiga', ESPIGA);

      await page.goto('/app/tax/calendar?filter=overdue');
      await expectVisible(page.getByRole('heading', { name: 'Calendario fiscal' }), 'the calendar');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      const row115 = rows.filter({ hasText: '115' });
      await expectVisible(row115, 'the overdue 115 in the list');
      await expectVisible(row115.getByText('Vencida', { exact: true }), "the 115's status 'Vencida'");
      const label = (await row115.first().getAttribute('aria-label')) ?? '';
      expect(label).toMatch(/^Modelo 115 · /);
      await expectNoRawCodes(main(page), 'the overdue list');
      await bothWidths(page, 'tax-calendar-overdue', () => expectVisible(row115, 'the overdue 115'));

      // Its drawer: filed outside Cuadra.
      await row115.first().click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText(label), "the 115's drawer");
      await expectNoRawCodes(drawer, "the 115's drawer");
      await screenshot(page, 'tax-obligation-drawer', { fullPage: false });
      await drawer.getByRole('button', { name: 'Marcar como presentada' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Marcar' }).click();
      await expectVisible(drawer.getByText('Presentada', { exact: true }), "the status 'Presentada'");
      const back = drawer.getByRole('button', { name: 'Volver a pendiente' });
      await expectVisible(back, "'Volver a pendiente'");
      await expectVisible(drawer.getByText('Presentada el'), 'when it was filed');
      await screenshot(page, 'tax-obligation-drawer-submitted', { fullPage: false });
      await page.keyboard.press('Escape');
      await expectHidden(drawer, 'the drawer');
      await expectHidden(
        page.locator(`.ant-table-tbody tr.ant-table-row[aria-label="${label}"]`),
        'the 115 in the overdue filter',
      );

      // Back to pending: overdue again (the demo as it was found).
      await page
        .locator('.ant-segmented-item')
        .filter({ hasText: /^Todas$/ })
        .click();
      const anyRow = page.locator(`.ant-table-tbody tr.ant-table-row[aria-label="${label}"]`);
      await expectVisible(anyRow, 'the 115 among all obligations');
      await anyRow.first().click();
      await expectVisible(drawer.getByRole('button', { name: 'Volver a pendiente' }), "'Volver a pendiente'");
      await drawer.getByRole('button', { name: 'Volver a pendiente' }).click();
      await expectVisible(drawer.getByText('Vencida', { exact: true }), "the status 'Vencida' again");
      await page.keyboard.press('Escape');
      await expectHidden(drawer, 'the drawer');
      await page.goto('/app/tax/calendar?filter=overdue');
      await expectVisible(
        page.locator(`.ant-table-tbody tr.ant-table-row[aria-label="${label}"]`),
        'the 115 overdue again',
      );

      // The month view.
      await page.goto('/app/tax/calendar');
      await expectVisible(page.getByRole('combobox', { name: 'Mes' }), 'the month view');
      await expectVisible(page.locator('.ant-picker-calendar'), 'the month grid');
      await expectNoRawCodes(main(page), 'the month view');
      await bothWidths(page, 'tax-calendar-month', () =>
        expectVisible(page.locator('.ant-picker-calendar'), 'the month grid'),
      );
      expect(problems, 'console errors or failed requests on the calendar').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    "the gestor's clients' obligations, with their responsible, exported to Excel",
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');

      await page.goto('/app/tax/obligations?days=90');
      await expectVisible(page.getByRole('heading', { name: 'Obligaciones de clientes' }), 'the page');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      for (const client of CLIENTS) {
        await expectVisible(rows.filter({ hasText: client }), `obligations of ${client}`);
        const texts = await rows.filter({ hasText: client }).allInnerTexts();
        expect(
          texts.some((t) => !t.includes('Sin asignar') && /@/.test(t)),
          `a responsible for ${client}`,
        ).toBe(true);
      }
      await expectNoRawCodes(main(page), 'the clients obligations');
      await bothWidths(page, 'tax-obligations', () => expectVisible(rows.first(), 'the obligations table'));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar a Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const file = await download.path();
      const { readFileSync } = await import('node:fs');
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 2).toString('latin1'), 'the export is an XLSX (a zip)').toBe('PK');
      expect(bytes.length).toBeGreaterThan(1000);
      expect(problems, 'console errors or failed requests on the clients obligations').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    "the company's fiscal tab: the profile, its versions and the models it files",
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      await selectCompany(page, 'Espiga', ESPIGA);
      const company = await selectedCompany(page);
      await page.goto(`/app/companies/${company?.companyId}/configuration?tab=fiscal`);
      await expectVisible(page.getByRole('heading', { name: 'Configuración de la empresa' }), 'the page');
      await expectVisible(
        page.locator('.ant-card').filter({ hasText: 'Perfil fiscal' }).first(),
        'the profile form',
      );
      const models = page.getByRole('list', { name: 'Modelos que presenta' });
      for (const model of ['303', '111', '115', '200']) {
        await expectVisible(
          models.getByText(`Modelo ${model}`, { exact: true }),
          `modelo ${model} among the required models`,
        );
      }
      const history = page.getByRole('table').filter({ has: page.getByText('Se aplica desde') });
      await expectVisible(page.getByText('Historial de cambios'), 'the version history');
      await expectVisible(page.getByText('En vigor', { exact: true }), 'the version in force');
      void history;
      await expectNoRawCodes(main(page), 'the fiscal tab');
      await bothWidths(page, 'tax-profile', () =>
        expectVisible(page.getByText('Historial de cambios'), 'the history'),
      );
      expect(problems, 'console errors or failed requests on the fiscal tab').toEqual([]);
    },
  );

  e2eTest(
    "the CLIENTE: 'Mis obligaciones' with the overdue 115, and a read-only tax dashboard",
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.cliente);
      await logIn(page, accounts.cliente);
      await waitForPath(page, '/app/dashboard');

      await page.goto('/app/my-obligations');
      await expectVisible(page.getByRole('heading', { name: 'Mis obligaciones' }), 'the page');
      const overdue = page.getByRole('list', { name: 'Vencidas' });
      await expectVisible(overdue.getByRole('listitem').filter({ hasText: 'Modelo 115' }), 'the overdue 115');
      await expectNoRawCodes(main(page), 'Mis obligaciones');
      await bothWidths(page, 'tax-my-obligations', () =>
        expectVisible(overdue.getByRole('listitem').first(), 'the overdue group'),
      );

      await page.goto('/app/tax/dashboard');
      await expectVisible(page.getByLabel('Salud fiscal'), 'the fiscal analysis');
      await expectVisible(page.getByRole('link', { name: 'Calendario fiscal' }), 'the calendar link');
      expect(await page.getByRole('button', { name: /Generar alertas/ }).count()).toBe(0);
      await settle(page);
      await screenshot(page, 'tax-dashboard-cliente');
      expect(problems, 'console errors or failed requests of the CLIENTE').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'a new autónomo without a profile: the welcome card, the assistant, then a calendar with obligations',
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      const email = await registerAutonomo();
      await finishOnboardingViaApi(email);
      await logIn(page, email);
      await waitForPath(page, '/app/dashboard');
      const company = await selectedCompany(page);
      expect(company, 'the new autónomo has her company selected').not.toBeNull();

      await expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card');
      await expectVisible(page.getByText('Configuración fiscal incompleta'), 'the warning');
      await bothWidths(page, 'tax-welcome-dashboard', () =>
        expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card'),
      );
      await page.goto('/app/tax/dashboard');
      await expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card');
      await settle(page);
      await screenshot(page, 'tax-welcome-tax-dashboard');

      await page.getByRole('link', { name: 'Configurar Ahora' }).click();
      await waitForPath(
        page,
        (url) =>
          url.pathname === `/app/companies/${company?.companyId}/configuration` &&
          url.searchParams.get('tab') === 'fiscal',
      );
      const assistant = page.getByRole('form', { name: 'Asistente del perfil fiscal' });
      await expectVisible(page.getByText('La empresa aún no tiene perfil fiscal'), 'the assistant');
      await bothWidths(page, 'tax-assistant', () =>
        expectVisible(page.getByText('¿A qué se dedica la empresa?'), 'the first question'),
      );

      // The minimal path: a professional in estimación directa simplificada, the defaults elsewhere.
      await page.getByText(/^Profesional \(/).click();
      await page.getByLabel('Facturación anual estimada (€)').fill('48000');
      await page.getByText('Estimación directa simplificada', { exact: true }).click();
      for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Analizar' }).click();
      await expectVisible(page.getByText('Datos fiscales propuestos'), 'the proposal');
      const proposed = page.getByRole('list', { name: 'Modelos propuestos' });
      await expectVisible(proposed.getByText('Modelo 303', { exact: true }), 'modelo 303 proposed');
      await expectNoRawCodes(main(page), 'the proposal');
      await bothWidths(page, 'tax-assistant-proposal', () =>
        expectVisible(page.getByText('Datos fiscales propuestos'), 'the proposal'),
      );
      void assistant;
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expectVisible(page.getByRole('list', { name: 'Modelos que presenta' }), 'the profile created');
      await expectVisible(page.getByText('En vigor', { exact: true }), 'its first version');

      await page.goto('/app/tax/calendar?view=list');
      await expectVisible(page.getByRole('heading', { name: 'Calendario fiscal' }), 'the calendar');
      await expectVisible(page.locator('.ant-table-tbody tr.ant-table-row'), 'obligations in the calendar');
      await settle(page);
      await screenshot(page, 'tax-new-calendar');
      expect(problems, 'console errors or failed requests of the new autónomo').toEqual([]);
    },
    { timeout: 150_000 },
  );
});
