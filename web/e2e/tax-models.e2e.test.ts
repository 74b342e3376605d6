/**
 * The gestor's batch cockpit and the client's tax documents in the browser (issue 14 items 5 and 7):
 * the demo gestor opens 'Presentación por lotes' on the 303 of 3T 2026 (the quarter of Panadería La
 * Espiga's first demo invoice), sees every demo client, computes them all, approves and publishes
 * Panadería's; its row opens the model, and a box lists the invoice behind it; the validation centre
 * checks Panadería's year. The demo CLIENTE of Panadería finds the published 303 in 'Mis documentos
 * fiscales' and downloads its AEAT file and PDF. Every demo account opens these pages (those it may)
 * without a failed request. The pages are screenshotted at 1440 px and must fit 390 px.
 */

import type { CockpitActionResult, CockpitView, PublishedModelView } from '@shared/schemas/tax-models';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accessTokenFor,
  accounts,
  bytesOf,
  callApi,
  e2eTest,
  expectHidden,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectedCompany,
  settle,
  UI_TIMEOUT_MS,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const ESPIGA_ID = 'demo-panaderia-espiga';
const CLIENTS = ['Javier Romero Gil', ESPIGA, 'Transportes Levante Norte SA'];
/** The demo's invoices start on 30/09/2026 (infra/local/seed-invoicing.ts): 3T 2026 has one. */
const PERIOD = { modelType: '303', year: 2026, period: '3T' } as const;
const MODEL_ID = '2026-303-3T';
const COCKPIT = `/app/tax/cockpit?model=${PERIOD.modelType}&year=${PERIOD.year}&period=${PERIOD.period}`;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Computing every client reads its books and earlier periods: allow for a busy two-core machine. */
const ACTION_TIMEOUT_MS = 60_000;

const main = (page: Page) => page.locator('main, .ant-layout-content').first();

/** The page's visible text has no raw code of the API (statuses, result types, anomalies, ISO dates). */
async function expectNoRawCodes(scope: Locator, where: string): Promise<void> {
  const text = await scope.innerText();
  for (const raw of [
    /\b(NOT_GENERATED|MODEL_GENERATED|SUBMITTED|OBLIGATION_GENERATED|INFORMATIVE)\b/,
    /\b(CHANGE_VS_PREVIOUS_PERIOD|CHANGE_VS_LAST_YEAR|OFF_TREND|NO_INVOICES|COMPENSATION_NOT_APPLIED|VALIDATION_ERRORS)\b/,
    /\b(OK|MISMATCH|NOT_AVAILABLE|SKIPPED|ERROR)\b/,
    /\bresultado [IUGCDXVN]\b/,
    /\b\d{4}-\d{2}-\d{2}\b/,
    /\bundefined\b|\bnull\b|NaN/,
  ]) {
    expect.soft(text, `${where} shows ${raw}`).not.toMatch(raw);
  }
}

/**
 * What sticks out of the screen (as in tax.e2e.test.ts): elements whose right edge passes the
 * viewport's outside a container that scrolls or clips; empty when the page fits.
 */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const beyond = (el: Element) => el.getBoundingClientRect().right > width + 1;
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

/** Screenshots at 1440 px and at 390 px (reopened as a phone opens it, nothing may stick out). */
async function bothWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const top = () => page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await ready();
  await settle(page);
  await top();
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  await page.reload();
  await ready();
  await settle(page);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  expect.soft(await overflowingElements(page), `${name}: wider than the 390 px screen`).toEqual([]);
  await top();
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await ready();
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** Runs a bulk action from the cockpit: its button, the confirmation, then the outcome per company. */
async function bulkAction(page: Page, button: string, confirm: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^\\S*\\s*${button}$`) }).click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
  await expectVisible(dialog.getByText(button, { exact: true }), `the '${button}' confirmation`);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: confirm, exact: true }).click();
  await expectVisible(
    dialog.getByLabel('Resultado por empresa'),
    `the outcome of '${button}'`,
    ACTION_TIMEOUT_MS,
  );
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expectHidden(page.locator('.ant-modal-wrap:visible'), 'the dialog');
}

/** Panadería's 303 of 3T 2026 generated, approved and published, through the API (as the cockpit does). */
async function ensurePublished(): Promise<void> {
  const token = await accessTokenFor(accounts.gestor);
  const body = { ...PERIOD, companyIds: [ESPIGA_ID] };
  const view = await callApi<CockpitView>('taxCockpit.get', {
    token,
    query: { modelType: PERIOD.modelType, year: String(PERIOD.year), period: PERIOD.period },
  });
  if (!view.success) throw new Error(`GET cockpit answered ${view.status}: ${view.error?.message}`);
  const row = view.data.rows.find((r) => r.companyId === ESPIGA_ID);
  if (row?.published) return;
  const steps: ('taxCockpit.compute' | 'taxCockpit.approve' | 'taxCockpit.publish')[] = [];
  if (!row?.modelId) steps.push('taxCockpit.compute');
  if (!row?.approved && row?.status !== 'SUBMITTED') steps.push('taxCockpit.approve');
  steps.push('taxCockpit.publish');
  for (const step of steps) {
    const answer = await callApi<CockpitActionResult>(step, { token, body });
    const outcome = answer.data?.results?.[0];
    if (!answer.success || outcome?.outcome === 'ERROR')
      throw new Error(
        `${step} for Panadería answered ${answer.status}: ${answer.error?.message ?? outcome?.message}`,
      );
  }
}

describe('tax models: the cockpit and the client tax documents', () => {
  e2eTest(
    "the gestor's cockpit: every demo client computed, Panadería approved and published; its model and a box's invoices; the validation centre",
    async ({ page, problems }) => {
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');

      // The Fiscal group of the side menu leads to it.
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await nav
        .locator('.ant-menu-submenu-title')
        .filter({ hasText: /^Fiscal$/ })
        .click();
      await nav.getByRole('link', { name: 'Presentación por lotes' }).click();
      await waitForPath(page, '/app/tax/cockpit');
      await expectVisible(page.getByRole('heading', { name: 'Presentación por lotes' }), 'the cockpit');

      await page.goto(COCKPIT);
      await expectVisible(page.getByRole('heading', { name: 'Presentación por lotes' }), 'the cockpit');
      await expectVisible(
        page.getByText(/^Modelo 303 · 3T 2026 · vence el \d{2}\/\d{2}\/2026$/),
        'the period',
      );
      for (const client of CLIENTS) await expectVisible(rowOf(page, client), `the row of ${client}`);
      await expectVisible(page.getByLabel('Resumen del periodo'), 'the totals');

      // 'Calcular todos': every client that owes the 303 of the quarter.
      const computed = await bulkAction(page, 'Calcular todos', 'Calcular');
      const espigaOutcome = computed.getByRole('listitem').filter({ hasText: ESPIGA });
      await expectVisible(espigaOutcome.getByText('Hecho', { exact: true }), "Panadería's model computed");
      await expectNoRawCodes(computed, 'the outcome of computing');
      await screenshot(page, 'tax-cockpit-computed', { fullPage: false });
      await closeDialog(page, computed);

      const espiga = rowOf(page, ESPIGA);
      await expectVisible(espiga.getByText('Generado', { exact: true }), "Panadería's 303 generated");
      await expectVisible(espiga.getByText(/\d,\d{2}\s€/).first(), "Panadería's result in euros");
      await expectVisible(
        espiga
          .getByText(/^(A ingresar|A compensar|A devolver|Domiciliación|Sin actividad \/ resultado cero)$/)
          .first(),
        "Panadería's result type in words",
      );

      // Approve, then publish Panadería's to its client: each with its confirmation and outcome.
      await page.getByRole('checkbox', { name: `Seleccionar ${ESPIGA}` }).check();
      await expectVisible(page.getByText('1 empresa seleccionada', { exact: true }), 'the selection');
      const approved = await bulkAction(page, 'Aprobar', 'Aprobar');
      await expectVisible(approved.getByText('Aprobado.'), 'approved');
      await closeDialog(page, approved);
      await expectVisible(espiga.getByText('Aprobado', { exact: true }), "the row's approved mark");
      // The demo seed publishes Panadería's last closed 303 already (infra/local/seed-tax-models.ts):
      // then the server answers that it was published; either way it is the client's now.
      const published = await bulkAction(page, 'Publicar al cliente', 'Publicar');
      await expectVisible(
        published.getByText(/^(Publicado al cliente|Ya estaba publicado)\.$/),
        'published to the client',
      );
      await closeDialog(page, published);
      await expectVisible(espiga.getByText('Publicado', { exact: true }), "the row's published mark");

      // The filters: pending keeps Panadería (approved, not filed yet).
      await page.getByRole('switch', { name: 'Solo pendientes' }).click();
      await expectVisible(espiga, 'Panadería among the pending');
      await page.getByRole('switch', { name: 'Solo pendientes' }).click();
      await expectNoRawCodes(main(page), 'the cockpit');
      await bothWidths(page, 'tax-cockpit', () => expectVisible(rowOf(page, ESPIGA), "Panadería's row"));

      // The row opens Panadería's model (selecting the company), and a box lists its invoices.
      await rowOf(page, ESPIGA).getByText('Generado', { exact: true }).click();
      await waitForPath(page, `/app/tax/models/${MODEL_ID}/preview`);
      expect((await selectedCompany(page))?.companyId, 'the selected company').toBe(ESPIGA_ID);
      await expectVisible(page.getByRole('heading', { name: 'Modelo 303 · 3T 2026' }), 'the model page');
      const box = page.getByRole('button', { name: /^Casilla \d{2,3}: .*Ver las facturas$/ }).first();
      await expectVisible(box, 'a box filled from the books');
      await box.click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText(/^Casilla \d{2,3}: facturas$/), "the box's invoices");
      await expectVisible(drawer.locator('tr.ant-table-row').first(), 'an invoice behind the box');
      await screenshot(page, 'tax-model-box-invoices', { fullPage: false });
      await page.keyboard.press('Escape');
      await expectHidden(drawer, 'the drawer');

      // The validation centre of Panadería's year.
      await page.goto('/app/tax/validation-center?year=2026');
      await expectVisible(
        page.getByRole('heading', { name: 'Centro de validación' }),
        'the validation centre',
      );
      await expectVisible(page.getByText('Validación cruzada entre modelos'), 'the cross-model checks');
      const models303 = page.getByLabel('Modelos 303');
      await expectVisible(
        models303.getByText('3T 2026', { exact: true }),
        'the 303 of 3T 2026 and its checks',
      );
      await expectVisible(
        models303.getByText(/^(Sin errores|Con errores)$/).first(),
        "the 303's validation verdict",
        ACTION_TIMEOUT_MS,
      );
      await expectNoRawCodes(main(page), 'the validation centre');
      await bothWidths(page, 'tax-validation-center', () =>
        expectVisible(page.getByText('Validación cruzada entre modelos'), 'the cross-model checks'),
      );
      expect(problems, 'console errors or failed requests of the gestor').toEqual([]);
    },
    { timeout: 300_000 },
  );

  e2eTest(
    "the CLIENTE finds the published 303 in 'Mis documentos fiscales' and downloads its AEAT file and PDF",
    async ({ page, problems }) => {
      await ensurePublished();
      await page.setViewportSize(DESKTOP);
      await finishOnboardingViaApi(accounts.cliente);
      await logIn(page, accounts.cliente);
      await waitForPath(page, '/app/dashboard');

      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await nav.getByRole('link', { name: 'Mis documentos fiscales' }).click();
      await waitForPath(page, '/app/my-tax-documents');
      await expectVisible(page.getByRole('heading', { name: 'Mis documentos fiscales' }), 'the page');
      const row = page.locator('.ant-table-tbody tr.ant-table-row[aria-label="Modelo 303 · 3T 2026"]');
      await expectVisible(row, 'the published 303 of 3T 2026');
      await expectVisible(row.getByText(/\d,\d{2}\s€/).first(), 'its result');
      await expectNoRawCodes(main(page), 'Mis documentos fiscales');

      const [aeat] = await Promise.all([
        page.waitForEvent('download'),
        row
          .getByRole('button', { name: /fichero de la AEAT/ })
          .first()
          .click(),
      ]);
      const file = await bytesOf(aeat);
      // The 303's self-assessment file starts with its "<T" record (tax-models.md §3).
      expect(file.subarray(0, 5).toString('latin1'), 'the AEAT file').toBe('<T303');
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        row
          .getByRole('button', { name: /el PDF/ })
          .first()
          .click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await bytesOf(pdf)).subarray(0, 4).toString('latin1'), 'the PDF').toBe('%PDF');

      // What the API gave the page is what it shows.
      const token = await accessTokenFor(accounts.cliente);
      const listed = await callApi<{ content: PublishedModelView[] }>('taxModels.published', {
        token,
        companyId: ESPIGA_ID,
        params: { companyId: ESPIGA_ID },
      });
      expect(listed.success).toBe(true);
      expect(listed.data.content.map((m) => m.modelId)).toContain(MODEL_ID);

      await bothWidths(page, 'tax-my-tax-documents', () =>
        expectVisible(
          page.locator('.ant-table-tbody tr.ant-table-row[aria-label="Modelo 303 · 3T 2026"]'),
          'the published 303',
        ),
      );
      expect(problems, 'console errors or failed requests of the CLIENTE').toEqual([]);
    },
    { timeout: 180_000 },
  );

  e2eTest(
    'every demo account opens the cockpit, the validation centre and the tax documents it may, without a failed request',
    async ({ page, problems, newContext }) => {
      const visits: { email: string; paths: string[] }[] = [
        { email: accounts.admin, paths: ['/app/tax/cockpit', '/app/tax/validation-center'] },
        // Not gestor2@: its onboarding belongs to web/e2e/onboarding.e2e.test.ts, which must find it
        // pending (finishing it here made that test fail whenever this one ran first).
        { email: accounts.autonomo, paths: ['/app/tax/validation-center', '/app/my-tax-documents'] },
        { email: accounts.cliente, paths: ['/app/my-tax-documents'] },
      ];
      let current = page;
      for (const [i, { email, paths }] of visits.entries()) {
        if (i > 0) current = await (await newContext()).newPage();
        await current.setViewportSize(DESKTOP);
        await finishOnboardingViaApi(email);
        await logIn(current, email);
        await waitForPath(current, (url) => url.pathname.startsWith('/app/'));
        for (const path of paths) {
          await current.goto(path);
          await expectVisible(
            current.getByRole('heading', {
              name: /^(Presentación por lotes|Centro de validación|Mis documentos fiscales)$/,
            }),
            `${path} for ${email}`,
          );
          await settle(current);
          await expectHidden(current.locator('.ant-spin-spinning'), `the spinners of ${path}`, UI_TIMEOUT_MS);
          await expectNoRawCodes(main(current), `${path} for ${email}`);
        }
      }
      expect(problems, 'console errors or failed requests of the demo accounts').toEqual([]);
    },
    { timeout: 240_000 },
  );
});
