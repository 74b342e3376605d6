/**
 * The tax area in the browser (issue 13): the demo gestor's fiscal dashboard of Panadería La Espiga
 * SL (summary, its one overdue modelo 115, the critical alert it raises, the fiscal analysis), the
 * calendar (the overdue filter, the obligation drawer: 'Marcar como presentada' and 'Volver a
 * pendiente', the month view), the clients' obligations with their Excel export, the company's
 * fiscal profile tab; the CLIENTE's 'Mis obligaciones' and read-only dashboard; and a freshly
 * registered autónomo without a profile, from the welcome card through the assistant to a calendar
 * with obligations. The demo data is left as it was found: the 115 is put back to pending.
 */

import { DEMO_OVERDUE } from '@infra/local/seed-tax';
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
  selectCompany,
  selectedCompany,
  settle,
  storedTokens,
  UI_TIMEOUT_MS,
  verifyEmailFromMailbox,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const CLIENTS = [/Javier Romero/, /Panader[ií]a La Espiga/, /Transportes Levante/];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Waits until the SPA has selected a company (it does so at start) and returns it. */
async function waitForSelectedCompany(page: Page): Promise<{ companyId: string; name: string }> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const company = await selectedCompany(page);
    if (company) return company;
    if (Date.now() > deadline) throw new Error('The SPA selected no company');
    await page.waitForTimeout(100);
  }
}

/** Panadería's overdue modelo 115 as the API sees it (the seed leaves exactly one). */
interface Overdue {
  id: string;
  modelType: string;
  dueDate: string;
}

async function overdue115(token: string): Promise<Overdue> {
  const overdue = await callApi<{ obligations: Overdue[] }>('taxObligations.overdue', {
    token,
    query: { companyId: DEMO_OVERDUE.companyId },
  });
  if (!overdue.success) throw new Error(`GET overdue obligations answered ${overdue.status}`);
  const found = overdue.data.obligations.filter((o) => o.modelType === DEMO_OVERDUE.model);
  expect(found, 'overdue 115s of Panadería').toHaveLength(1);
  return found[0] as Overdue;
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
    expect.soft(text, `${where} shows ${raw}`).not.toMatch(raw);
  }
}

const main = (page: Page) => page.locator('main, .ant-layout-content').first();

/**
 * What sticks out of the screen: the elements whose right edge passes the viewport's and that are
 * not inside a container that scrolls sideways (a wide table's own scroll), described for the
 * error; empty when the page fits. Cut off by an `overflow: hidden` parent counts: it cannot be read.
 */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const beyond = (el: Element) => el.getBoundingClientRect().right > width + 1;
    // Inside the screen's width a container that scrolls or clips keeps its content in it.
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible' && !beyond(p)) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !beyond(el) || contained(el)) continue;
      // Only the innermost culprits: an element whose children all fit is the one too wide.
      if ([...el.children].some((child) => beyond(child) && !contained(child))) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      const cls = typeof el.className === 'string' ? el.className.split(' ').slice(0, 3).join('.') : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      out.push(`${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} right=${Math.round(box.right)} «${text}»`);
    }
    return out.slice(0, 8);
  });
}

/**
 * Screenshots the page at 1440 px and at 390 px wide, then goes back to 1440 px. At 390 px the page
 * is opened again, as a phone opens it (`reload: false` keeps what the page shows, e.g. answers
 * not saved yet), and nothing may stick out of the screen: a wide table scrolls inside its card.
 */
async function bothWidths(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  { reload = true } = {},
): Promise<void> {
  const top = () => page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await ready();
  await settle(page);
  await top();
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  if (reload) await page.reload();
  await ready();
  await settle(page);
  // Components that measure themselves (tabs, tables, the header) settle in the next frames.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  expect.soft(await overflowingElements(page), `${name}: wider than the 390 px screen`).toEqual([]);
  await top();
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  if (reload) {
    await page.reload();
    await ready();
  }
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

      // The fiscal widgets of the home dashboard.
      const overdueWidget = page.getByRole('list', { name: 'Obligaciones vencidas' });
      const widgetsReady = async () => {
        await expectVisible(
          overdueWidget.getByRole('listitem').filter({ hasText: 'Modelo 115' }),
          'the overdue 115 in the overdue obligations widget',
        );
        await expectVisible(
          page.getByRole('list', { name: 'Alertas fiscales principales' }).getByText('Crítica'),
          'a critical alert in the fiscal alerts widget',
        );
        await expectVisible(page.getByLabel('Salud fiscal'), 'the fiscal analysis widget');
      };
      await widgetsReady();
      await expectNoRawCodes(main(page), 'the fiscal widgets');
      await bothWidths(page, 'tax-home-widgets', widgetsReady);

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

      // The overdue 115 in the list of overdue obligations, the only overdue 115.
      const overdue115Rows = page.getByRole('listitem').filter({ hasText: /^Modelo 115 · .*Vencida hace/s });
      await expectVisible(overdue115Rows, 'the overdue modelo 115 in the overdue list');
      expect(await overdue115Rows.count(), 'overdue 115s listed').toBe(1);

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

      // Its drawer: filed outside Cuadra, then back to pending. Should a step fail in between, the
      // API puts it back, so the other tests find the demo as the seed left it.
      const { accessToken } = await storedTokens(page);
      const obligation = await overdue115(accessToken);
      let restored = false;
      try {
        await row115.first().click();
        const drawer = page.locator('.ant-drawer-open');
        await expectVisible(drawer.getByText(label), "the 115's drawer");
        await expectNoRawCodes(drawer, "the 115's drawer");
        await screenshot(page, 'tax-obligation-drawer', { fullPage: false });
        // On a phone the drawer takes the whole screen.
        await page.setViewportSize(PHONE);
        await expectVisible(drawer.getByRole('button', { name: 'Marcar como presentada' }), 'the drawer');
        expect.soft(await overflowingElements(page), 'the drawer: wider than the 390 px screen').toEqual([]);
        await screenshot(page, 'tax-obligation-drawer-390', { fullPage: false });
        await page.setViewportSize(DESKTOP);
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

        // Back to pending, from the list of the year it falls due in: overdue again, as the demo was.
        await page.goto(`/app/tax/calendar?view=list&year=${obligation.dueDate.slice(0, 4)}`);
        const anyRow = page.locator(`.ant-table-tbody tr.ant-table-row[aria-label="${label}"]`);
        await expectVisible(anyRow, 'the 115 among all obligations');
        await anyRow.first().click();
        await expectVisible(
          drawer.getByRole('button', { name: 'Volver a pendiente' }),
          "'Volver a pendiente'",
        );
        await drawer.getByRole('button', { name: 'Volver a pendiente' }).click();
        await expectVisible(drawer.getByText('Vencida', { exact: true }), "the status 'Vencida' again");
        await page.keyboard.press('Escape');
        await expectHidden(drawer, 'the drawer');
        await page.goto('/app/tax/calendar?filter=overdue');
        await expectVisible(
          page.locator(`.ant-table-tbody tr.ant-table-row[aria-label="${label}"]`),
          'the 115 overdue again',
        );
        restored = true;
      } finally {
        if (!restored) {
          await callApi('taxObligations.updateStatus', {
            token: accessToken,
            companyId: DEMO_OVERDUE.companyId,
            params: { companyId: DEMO_OVERDUE.companyId, obligationId: obligation.id },
            body: { status: 'PENDING' },
          });
        }
      }
      expect((await overdue115(accessToken)).id, 'the same 115 is overdue again').toBe(obligation.id);

      // The month view, on the month the 115 fell due: its day shows it overdue.
      const [dueYear, dueMonth] = obligation.dueDate.split('-').map(Number);
      await page.goto(`/app/tax/calendar?view=month&year=${dueYear}&month=${dueMonth}`);
      await expectVisible(page.getByRole('combobox', { name: 'Mes' }), 'the month view');
      const tag115 = page.getByRole('button', { name: `${label} · Vencida` });
      await expectVisible(tag115, "the 115 on its due day, 'Vencida'");
      await expectNoRawCodes(main(page), 'the month view');
      await bothWidths(page, 'tax-calendar-month', async () => {
        await expectVisible(page.locator('.ant-picker-calendar'), 'the month grid');
        // A phone lists the month's obligations under the grid.
        await expectVisible(
          page
            .getByRole('button', { name: `${label} · Vencida` })
            .or(page.getByRole('list', { name: 'Obligaciones del mes' }).getByText(label)),
          'the 115 in the month',
        );
      });
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
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
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
      const company = await waitForSelectedCompany(page);
      await page.goto(`/app/companies/${company.companyId}/configuration?tab=fiscal`);
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
      // The versions, newest first; the seed's one is in force.
      const history = page.getByRole('table').filter({ has: page.getByText('Se aplica desde') });
      await expectVisible(page.getByText('Historial de cambios'), 'the version history');
      await expectVisible(
        history
          .getByRole('row')
          .filter({ hasText: 'En vigor' })
          .filter({ hasText: /^01\/01\/\d{4}/ }),
        'the version in force, from 1 January',
      );
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
      const company = await waitForSelectedCompany(page);

      // The home dashboard: the welcome card instead of the fiscal widgets; so is the tax dashboard.
      const setUp = page.getByRole('link', { name: 'Configurar Ahora' });
      const fiscalTab = `/app/companies/${company.companyId}/configuration?tab=fiscal`;
      await expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card');
      await expectVisible(page.getByText('Configuración fiscal incompleta'), 'the warning');
      await bothWidths(page, 'tax-welcome-dashboard', () =>
        expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card'),
      );
      await page.goto('/app/tax/dashboard');
      await expectVisible(page.getByText('Bienvenido! Configuración Fiscal'), 'the welcome card');
      expect(await setUp.getAttribute('href')).toBe(fiscalTab);
      await settle(page);
      await screenshot(page, 'tax-welcome-tax-dashboard');

      await page.goto('/app/dashboard');
      await setUp.click();
      await waitForPath(
        page,
        (url) =>
          url.pathname === `/app/companies/${company.companyId}/configuration` &&
          url.searchParams.get('tab') === 'fiscal',
      );
      const assistant = page.getByRole('form', { name: 'Asistente del perfil fiscal' });
      await expectVisible(page.getByText('La empresa aún no tiene perfil fiscal'), 'the assistant');
      await bothWidths(page, 'tax-assistant', () =>
        expectVisible(page.getByText('¿A qué se dedica la empresa?'), 'the first question'),
      );

      // The minimal path: a professional in estimación directa simplificada, the defaults elsewhere.
      await assistant.getByText(/^Profesional \(/).click();
      await assistant.getByLabel('Facturación anual estimada (€)').fill('48000');
      await assistant.getByText('Estimación directa simplificada', { exact: true }).click();
      for (const question of [
        '¿Tiene trabajadores contratados?',
        '¿Compra o vende a empresas de otros países de la Unión Europea?',
        '¿Quiere pagar los impuestos por domiciliación bancaria?',
      ]) {
        await page.getByRole('button', { name: 'Siguiente' }).click();
        await expectVisible(assistant.getByText(question), `the question '${question}'`);
      }
      await page.getByRole('button', { name: 'Analizar' }).click();
      await expectVisible(page.getByText('Datos fiscales propuestos'), 'the proposal');
      const proposed = page.getByRole('list', { name: 'Modelos propuestos' });
      await expectVisible(proposed.getByText('Modelo 303', { exact: true }), 'modelo 303 proposed');
      await expectNoRawCodes(main(page), 'the proposal');
      await bothWidths(
        page,
        'tax-assistant-proposal',
        () => expectVisible(page.getByText('Datos fiscales propuestos'), 'the proposal'),
        { reload: false },
      );
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expectVisible(page.getByRole('list', { name: 'Modelos que presenta' }), 'the profile created');
      await expectVisible(page.getByText('En vigor', { exact: true }), 'its first version');

      // The calendar has her obligations now: the quarterly 303 and 130 among them.
      await page.goto('/app/tax/calendar?view=list');
      await expectVisible(page.getByRole('heading', { name: 'Calendario fiscal' }), 'the calendar');
      const calendarRows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expectVisible(
        calendarRows.filter({ hasText: 'IVA. Autoliquidación' }),
        'a modelo 303 in the calendar',
      );
      await expectVisible(
        calendarRows.filter({ hasText: 'IRPF. Pago fraccionado' }),
        'a modelo 130 in the calendar',
      );
      await settle(page);
      await screenshot(page, 'tax-new-calendar');
      expect(problems, 'console errors or failed requests of the new autónomo').toEqual([]);
    },
    { timeout: 150_000 },
  );
});
