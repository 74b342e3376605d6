/**
 * The SII in the browser (issue 16): the demo gestor, with Transportes Levante Norte SA selected
 * (the demo company in the SII, infra/local/seed-sii.ts), opens Fiscal → SII: the counts show its
 * accepted records and the one the local AEAT simulator refused; the problem list shows that
 * invoice to Comercial Moncayo Importaciones SL with 1117 (its NIF is not in the census), its link
 * opens the invoice in a new tab, and 'Corregir' sends the record again with the customer as IDOtro
 * 07 'no censado', which the simulator accepts. The 'Libros' tab lists the FE records of the
 * invoice's month, the correction's submission shows its record and the request XML as sent, the
 * company's SII configuration is on the test environment and 'Probar conexión' answers OK. The home
 * dashboard has 'Estado SII' for Transportes and not for Panadería La Espiga (not in the SII).
 * The Moncayo record is left ACCEPTED: only this file reads it.
 */

import { SII_DEMO_UNIDENTIFIED_CUSTOMER } from '@infra/local/aeat-simulator/sii-rules';
import { DEMO_SII_COMPANY } from '@infra/local/seed-sii';
import type { SiiEntry, SiiProblemInvoice, SiiStatistics, SiiSubmission } from '@shared/schemas/sii';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  e2eTest,
  expectHidden,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectCompany,
  settle,
  storedTokens,
  waitForPath,
} from './harness';

const TRANSPORTES = 'Transportes Levante Norte SA';
const ESPIGA = 'Panadería La Espiga SL';
const MONCAYO = SII_DEMO_UNIDENTIFIED_CUSTOMER.name;
/** The AEAT sends the record and answers within the same worker run; allow for a busy machine. */
const AEAT_TIMEOUT_MS = 45_000;
const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** Polls `read` until `done` holds; the error says what was awaited and what was last seen. */
async function pollUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = AEAT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} within ${timeout} ms; last seen: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Transportes' SII counts of the current month, as the page asks for them. */
async function statistics(token: string): Promise<SiiStatistics> {
  const stats = await callApi<SiiStatistics>('sii.statistics', {
    token,
    companyId: DEMO_SII_COMPANY,
    query: { period: 'CURRENT_MONTH' },
  });
  if (!stats.success) throw new Error(`GET sii/statistics answered ${stats.status}: ${stats.error?.message}`);
  return stats.data;
}

async function entry(token: string, problem: SiiProblemInvoice): Promise<SiiEntry> {
  const [book, documentId] = [problem.book, problem.entryId.slice(problem.entryId.indexOf(':') + 1)];
  const answer = await callApi<{ entry: SiiEntry }>('sii.getEntry', {
    token,
    companyId: DEMO_SII_COMPANY,
    params: { book, documentId },
  });
  if (!answer.success) throw new Error(`GET sii/entries answered ${answer.status}: ${answer.error?.message}`);
  return answer.data.entry;
}

/** The value a stat card shows (antd Statistic), as a number. */
async function cardValue(page: Page, title: string): Promise<number> {
  const card = page.getByLabel(title, { exact: true });
  await expectVisible(card, `the card '${title}'`);
  const text = await card.locator('.ant-statistic-content').innerText();
  return Number(text.replace(/\D/g, ''));
}

const main = (page: Page) => page.locator('main, .ant-layout-content').first();

/** The text an antd Select shows: its selected option's label (the select's own element). */
const shownValue = async (select: Locator) =>
  (
    await select
      .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
      .innerText()
  ).trim();

describe('sii', () => {
  e2eTest(
    "the gestor follows Transportes Levante's SII: counts, the 1117 refusal corrected with IDOtro 07, the books, a submission's XML, the configuration, the dashboards",
    async ({ page, context, problems }) => {
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      const { accessToken: token } = await storedTokens(page);

      // The seed's records are sent by the SII worker after the cloud is up: wait until the AEAT has
      // answered them (the accepted ones and Moncayo's refusal), so the page shows them settled.
      const seeded = await pollUntil(
        'The demo SII records were not answered by the AEAT simulator',
        () => statistics(token),
        (s) => s.acceptedLast7Days > 0 && s.problems.some((p) => p.customerName === MONCAYO),
      );
      const rejected = seeded.problems.find((p) => p.customerName === MONCAYO);
      if (!rejected) throw new Error('No SII problem for Comercial Moncayo');
      expect(rejected.siiStatus, "Moncayo's record").toBe('REJECTED');

      // --- the home dashboard of Transportes: 'Estado SII' ---
      await selectCompany(page, 'Transportes', TRANSPORTES);
      const widget = page.getByLabel('Estado SII', { exact: true });
      await expectVisible(widget, "Transportes' 'Estado SII'");
      await expectVisible(widget.getByText('Rechazadas (7 días): 1'), 'the rejected count of the widget');
      await expectVisible(widget.getByText(/^\d+ facturas? con problemas en el SII\.$/), 'the problems line');
      await expectHidden(page.getByLabel('Estado VeriFacTu', { exact: true }), 'the VeriFacTu widget');
      await settle(page);
      await screenshot(page, 'sii-home-widget');

      // --- Fiscal → SII ---
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await nav
        .locator('.ant-menu-submenu-title')
        .filter({ hasText: /^Fiscal$/ })
        .click();
      await nav.getByRole('link', { name: 'SII', exact: true }).click();
      await waitForPath(page, '/app/tax/sii');
      await expectVisible(page.getByRole('heading', { name: 'SII', exact: true }), 'the SII page');
      await expectVisible(page.getByText(`${TRANSPORTES} · Suministro Inmediato`), 'the company');

      // The counts: the accepted records and the one refusal.
      expect(await cardValue(page, 'Aceptadas (7 días)'), 'accepted (7 días)').toBeGreaterThan(0);
      expect(await cardValue(page, 'Rechazadas (7 días)'), 'rejected (7 días)').toBe(1);

      // The problem list: Moncayo's invoice with the AEAT's 1117.
      const problemsCard = page.locator('.ant-card').filter({
        has: page.locator('.ant-card-head-title', { hasText: 'Facturas con problemas' }),
      });
      const row = problemsCard.locator('tr.ant-table-row').filter({ hasText: MONCAYO });
      await expectVisible(row, "Moncayo's invoice among the problems");
      await expectVisible(row.getByText(/\b1117\b/), 'the AEAT code 1117');
      await expectVisible(row.getByText('Rechazada', { exact: true }), "the state 'Rechazada'");
      await settle(page);
      await screenshot(page, 'sii-dashboard');

      // Its link opens the invoice in a new tab, under Transportes, with its SII panel.
      const link = row.getByRole('link', {
        name: `Abrir la factura ${rejected.invoiceNumber} en una pestaña nueva`,
      });
      expect(await link.getAttribute('target'), 'the link target').toBe('_blank');
      expect(await link.getAttribute('rel'), 'the link rel').toContain('noopener');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await waitForPath(tab, `/app/invoices/${rejected.invoiceId}`);
      const panel = tab.getByLabel('SII', { exact: true });
      await expectVisible(panel, "the invoice's SII panel");
      await expectVisible(panel.getByText('Rechazada', { exact: true }).first(), 'the refusal in the panel');
      await expectVisible(panel.getByText(/1117/).first(), 'the 1117 in the panel');
      await screenshot(tab, 'sii-invoice-panel');
      await tab.close();

      // --- 'Corregir': the customer as IDOtro 07 'no censado' ---
      await row.getByRole('button', { name: `Corregir ${rejected.invoiceNumber}` }).click();
      const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
      await expectVisible(
        dialog.getByText(`Corregir y reintentar ${rejected.invoiceNumber}`),
        'the correction dialog',
      );
      await expectVisible(dialog.getByText(/^AEAT 1117: /), 'the refusal in the dialog');
      await expectVisible(dialog.getByText(/IDOtro tipo 07 \(no censado\)/), 'the IDOtro advice');
      const useOtherId = dialog.getByRole('checkbox', { name: /Identificar la contraparte con IDOtro/ });
      if (!(await useOtherId.isChecked())) await useOtherId.check();
      const idType = dialog.getByRole('combobox', { name: 'Tipo de identificación' });
      await expectVisible(idType, 'the IDOtro type');
      if ((await shownValue(idType)) !== '07 · No censado') {
        await idType.click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: '07 · No censado' })
          .click();
      }
      expect(await shownValue(idType)).toBe('07 · No censado');
      expect(await dialog.getByLabel('País').inputValue()).toBe('ES');
      expect((await dialog.getByLabel('Identificación', { exact: true }).inputValue()).toUpperCase()).toBe(
        SII_DEMO_UNIDENTIFIED_CUSTOMER.nif,
      );
      await screenshot(page, 'sii-correction-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Corregir y reintentar' }).click();
      await expectVisible(
        page.locator('.ant-notification-notice').filter({ hasText: 'Reintento iniciado' }),
        "'Reintento iniciado'",
      );
      await expectHidden(page.locator('.ant-modal-wrap:visible'), 'the dialog');

      // The record goes back to the AEAT and is accepted.
      const accepted = await pollUntil(
        "Moncayo's corrected record was not ACCEPTED",
        () => entry(token, rejected),
        (e) => e.status === 'ACCEPTED',
      );
      expect(accepted.record).toMatchObject({
        counterparty: {
          otherId: { countryCode: 'ES', idType: '07', id: SII_DEMO_UNIDENTIFIED_CUSTOMER.nif },
        },
      });
      // The page says so too: the problem is gone (a fresh read of the counts).
      await page.reload();
      await expectVisible(page.getByLabel('Rechazadas (7 días)', { exact: true }), 'the counts');
      await expectHidden(
        problemsCard.locator('tr.ant-table-row').filter({ hasText: MONCAYO }),
        "Moncayo's invoice among the problems",
      );

      // --- 'Libros': the FE records of the invoice's month ---
      await page.getByRole('tab', { name: 'Libros' }).click();
      await waitForPath(page, /[?&]tab=books\b/);
      const bookSelect = page.getByRole('combobox', { name: 'Libro registro' });
      await expectVisible(bookSelect, 'the book filter');
      expect(await shownValue(bookSelect)).toBe('FE · Facturas expedidas');
      const year = page.getByRole('combobox', { name: 'Año' });
      expect(await shownValue(year)).toBe(rejected.issueDate.slice(0, 4));
      const month = MONTHS[Number(rejected.issueDate.slice(5, 7)) - 1] ?? '';
      const periodSelect = page.getByRole('combobox', { name: 'Periodo del libro' });
      if ((await shownValue(periodSelect)) !== month) {
        await periodSelect.click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: new RegExp(`^${month}$`) })
          .click();
      }
      expect(await shownValue(periodSelect)).toBe(month);
      const bookRows = page.getByRole('tabpanel', { name: 'Libros' }).locator('tr.ant-table-row');
      const moncayoRecord = bookRows.filter({ hasText: MONCAYO });
      await expectVisible(moncayoRecord, "Moncayo's record in the FE book");
      await expectVisible(moncayoRecord.getByText(rejected.invoiceNumber), 'its number');
      await expectVisible(moncayoRecord.getByText('Aceptada', { exact: true }), 'its state, accepted');
      // Every row is a record of the invoice's month (the table shows the issue date).
      const [y, m] = [rejected.issueDate.slice(0, 4), rejected.issueDate.slice(5, 7)];
      for (const text of await bookRows.allInnerTexts())
        expect(text, 'a record of another month').toMatch(new RegExp(`\\b\\d{2}/${m}/${y}\\b`));
      await settle(page);
      await screenshot(page, 'sii-books');

      // --- the correction's submission: its record and the request XML ---
      const listed = await callApi<{ content: SiiSubmission[] }>('sii.listSubmissions', {
        token,
        companyId: DEMO_SII_COMPANY,
        query: { page: '0', size: '5' },
      });
      expect(listed.success).toBe(true);
      expect(listed.data.content[0]?.submissionId, 'the newest submission').toBe(accepted.lastSubmissionId);
      await page.getByRole('tab', { name: 'Resumen' }).click();
      const submissions = page.locator('.ant-card').filter({
        has: page.locator('.ant-card-head-title', { hasText: 'Envíos al SII' }),
      });
      await submissions.locator('tr.ant-table-row').first().getByRole('link').click();
      await waitForPath(page, `/app/tax/sii/${accepted.lastSubmissionId}`);
      await expectVisible(
        page.getByRole('heading', { name: /^Envío al SII · FE · / }),
        'the submission page',
      );
      const records = page.locator('.ant-card').filter({
        has: page.locator('.ant-card-head-title', { hasText: /^Registros$/ }),
      });
      const record = records.locator('tr.ant-table-row').filter({ hasText: rejected.invoiceNumber });
      await expectVisible(record, "the submission's record");
      await expectVisible(record.getByText('Aceptada', { exact: true }), 'the record accepted');
      await page.getByRole('button', { name: 'Ver petición XML' }).click();
      const xml = page.getByTestId('archived-xml');
      await expectVisible(xml, 'the request XML');
      const request = await xml.innerText();
      expect(request).toContain('SuministroLRFacturasEmitidas');
      expect(request).toContain(rejected.invoiceNumber);
      expect(request).toMatch(/<(\w+:)?IDType>07<\/(\w+:)?IDType>/);
      expect(request).toMatch(new RegExp(`<(\\w+:)?ID>${SII_DEMO_UNIDENTIFIED_CUSTOMER.nif}</(\\w+:)?ID>`));
      await screenshot(page, 'sii-submission-xml', { fullPage: false });
      await page.keyboard.press('Escape');
      await expectHidden(xml, 'the XML dialog');

      // --- the company's SII configuration: test environment, 'Probar conexión' ---
      await page.goto('/app/tax/sii');
      await expectVisible(page.getByRole('heading', { name: 'SII', exact: true }), 'the SII page');
      await main(page).getByRole('link', { name: 'Configuración SII' }).click();
      await waitForPath(page, `/app/companies/${DEMO_SII_COMPANY}/sii`);
      await expectVisible(page.getByRole('heading', { name: 'Configuración SII' }), 'the configuration page');
      const environment = page.getByRole('radiogroup').filter({ hasText: 'Producción' });
      await expectVisible(environment, 'the environment');
      await expectVisible(
        environment.locator('.ant-radio-button-wrapper-checked', { hasText: 'Pruebas' }),
        "the environment 'Pruebas'",
      );
      expect(await environment.getByRole('radio', { name: 'Pruebas' }).isChecked()).toBe(true);
      const [tested] = await Promise.all([
        page.waitForResponse((r) =>
          r.url().endsWith(`/companies/${DEMO_SII_COMPANY}/sii-config/test-connection`),
        ),
        page.getByRole('button', { name: 'Probar conexión' }).click(),
      ]);
      expect(tested.status(), 'POST test-connection').toBe(200);
      await expectVisible(page.getByText('Conexión correcta', { exact: true }), "'Conexión correcta'");
      await settle(page);
      await screenshot(page, 'sii-company-config');

      // --- Panadería La Espiga is not in the SII: no 'Estado SII', no SII menu entry ---
      await page.goto('/app/dashboard');
      await selectCompany(page, 'Espiga', ESPIGA);
      await expectVisible(
        page.getByLabel('Estado VeriFacTu', { exact: true }),
        "Panadería's VeriFacTu widget",
      );
      expect(await page.getByLabel('Estado SII', { exact: true }).count(), "Panadería's 'Estado SII'").toBe(
        0,
      );
      const fiscal = nav.locator('.ant-menu-submenu').filter({
        has: page.locator('.ant-menu-submenu-title', { hasText: /^Fiscal$/ }),
      });
      if (!(await fiscal.locator('.ant-menu-sub').isVisible())) {
        await fiscal.locator('.ant-menu-submenu-title').click();
      }
      await expectVisible(fiscal.getByRole('link').first(), 'the Fiscal menu');
      expect(await nav.getByRole('link', { name: 'SII', exact: true }).count(), "Panadería's SII menu").toBe(
        0,
      );

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 150_000 },
  );
});
