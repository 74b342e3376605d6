/**
 * Accounting in the browser (issue 18): the demo gestor (Professional plan) on Panadería La Espiga
 * SL, whose books the demo seed keeps (its invoices, received invoices and payments posted by the
 * accounting queue, plus a locked capital entry and a bank fee entered by hand):
 *  - 'Plan de cuentas' shows the PYMES chart, its search narrows it, and a sub-account is created
 *    under 572 with 'Generar código' (then deleted, so every run starts from the same chart);
 *  - 'Nuevo asiento' shows the live balance, refuses an unbalanced entry with the spec's message
 *    without calling the server, saves a balanced one that appears in 'Libro diario'; locked, it
 *    offers no edit nor delete (and the server refuses a change with its message); unlocked and
 *    deleted again;
 *  - the reports show what the API computes: 'Balance de situación' Cuadrado with its totals, the
 *    P&L's legal lines down to D) Resultado del ejercicio, 'Sumas y saldos' with debit = credit, and
 *    the ledger of 572 with a running balance that adds up movement by movement;
 *  - 'Exportar Excel' of the journal downloads an XLSX (a ZIP by its first bytes).
 * The second gestor (Starter) meets 'Funcionalidad Premium'. The demo client has no
 * VIEW_ACCOUNTING_DATA: neither 'Mi contabilidad' nor the books are offered; once the gestor grants
 * it (restored afterwards) 'Mi contabilidad' shows the balance and the P&L read-only.
 */

import { DEMO_INVOICING_COMPANY } from '@infra/local/seed-invoicing';
import type {
  Account,
  BalanceSheet,
  IncomeStatement,
  JournalEntry,
  Ledger,
  TrialBalance,
} from '@shared/schemas/accounting';
import { accountingMessages } from '@shared/schemas/accounting';
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accessTokenFor,
  accounts,
  callApi,
  e2eTest,
  expectHidden,
  expectNoCrash,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectCompany,
  selectedCompany,
  settle,
  storedTokens,
  UI_TIMEOUT_MS,
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const ESPIGA_ID = DEMO_INVOICING_COMPANY;
// A company on a Starter plan: the autónoma's own (Empresa Starter, trial). Not gestor2@ (Gestoría
// Starter): its onboarding belongs to web/e2e/onboarding.e2e.test.ts, which must find it pending.
const STARTER_COMPANY_ID = 'demo-marta-sanchez';

/** Text as a person reads it: Intl's no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** '1.234,56 €' (or '-12,50 €') -> céntimos; throws on anything else. */
function cents(text: string): number {
  const t = plain(text).replace(/\s*€.*$/, '');
  if (!/^-?[\d.]+,\d{2}$/.test(t)) throw new Error(`'${text}' is not an es-ES amount`);
  return Math.round(Number(t.replace(/\./g, '').replace(',', '.')) * 100);
}

/** A ledger balance as shown: '3.000,00 € D' (debit), '12,50 € H' (credit), '0,00 €'. */
function sidedCents(text: string): number {
  const t = plain(text);
  const value = cents(t);
  return t.endsWith(' H') ? -value : value;
}

/** The es-ES amount the pages print for céntimos, spaces made plain. */
const money = (c: number) =>
  `${c < 0 ? '-' : ''}${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(Math.abs(c) / 100)} €`;

/** The gestor signed in on Espiga. */
async function gestorOnEspiga(page: Page): Promise<string> {
  await finishOnboardingViaApi(accounts.gestor);
  await logIn(page, accounts.gestor);
  await waitForPath(page, '/app/dashboard');
  await selectCompany(page, 'Espiga', ESPIGA);
  return (await storedTokens(page)).accessToken;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-notification-notice').filter({ hasText: text });

/** Picks an option of an antd select that searches as one types (the account pickers). */
async function pickOption(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await select.fill(typed);
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await expectVisible(choice, `${option} among the options of '${label}'`);
  await choice.first().click();
}

/** The value of an antd Statistic by its title, inside `scope`. */
async function statistic(page: Page, title: string): Promise<string> {
  const stat = page.locator('.ant-statistic').filter({
    has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }),
  });
  await expectVisible(stat, `the figure '${title}'`);
  return plain(await stat.first().locator('.ant-statistic-content').innerText());
}

describe('accounting', () => {
  e2eTest(
    "the gestor reads the chart, searches it and creates a sub-account under 572 with 'Generar código'",
    async ({ page, problems }) => {
      const token = await gestorOnEspiga(page);
      const stamp = Date.now().toString(36).toUpperCase();
      const name = `Banco Sabadell E2E ${stamp}`;

      await page.goto('/app/accounting/chart');
      await expectVisible(heading(page, 'Plan de cuentas'), 'the chart page');
      await expectVisible(page.getByText('Plan General de Contabilidad de PYMES'), 'the PYMES chart');
      // The chart as the API lists it: its first page starts with group 1 and account 100.
      const listed = await callApi<{ content: Account[]; totalElements: number }>('accounting.listAccounts', {
        token,
        companyId: ESPIGA_ID,
        query: { size: '100' },
      });
      expect(listed.success, 'GET accounting/accounts').toBe(true);
      expect(listed.data.totalElements).toBeGreaterThan(500);
      const total = page.locator('[aria-label="Total de cuentas"] .ant-statistic-content');
      await expectVisible(total, "the 'Total de cuentas' figure");
      expect(Number((await total.innerText()).replace(/\D/g, ''))).toBe(listed.data.totalElements);
      const capital = rows(page).filter({ hasText: 'Capital social' }).first();
      await expectVisible(capital, "'100 Capital social' on the first page");
      expect(plain(await capital.locator('td').first().innerText())).toBe('100');

      // Search: the banks, and nothing else.
      const search = page.getByRole('searchbox', { name: 'Buscar cuenta' });
      await search.fill('Bancos e instituciones');
      const bank = rows(page).filter({ hasText: 'Bancos e instituciones de crédito c/c vista, euros' });
      await expectVisible(bank, "572 'Bancos e instituciones de crédito c/c vista, euros' found");
      await expectHidden(
        rows(page).filter({ hasText: 'Capital social' }),
        'the accounts the search leaves out',
      );
      expect(plain(await bank.first().locator('td').first().innerText())).toBe('572');
      for (const text of await rows(page).allInnerTexts()) expect(text).toMatch(/Bancos e instituciones/);
      await settle(page);
      await screenshot(page, 'accounting-chart-search');

      // A sub-account under 572: 'Crear subcuenta', 'Generar código', a name, 'Guardar'.
      await bank.first().getByRole('button', { name: 'Crear subcuenta' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText('Nueva subcuenta'), 'the sub-account drawer');
      await expectVisible(drawer.getByText(/^572 Bancos e instituciones/), 'its parent, 572');
      const generated = await callApi<{ accountCode: string }>('accounting.generateCode', {
        token,
        companyId: ESPIGA_ID,
        body: { parentCode: '572' },
      });
      expect(generated.success, 'POST accounting/accounts/generate-code').toBe(true);
      await drawer.getByRole('button', { name: 'Generar código' }).click();
      const code = drawer.getByRole('textbox', { name: 'Código' });
      await expect.poll(() => code.inputValue(), { timeout: UI_TIMEOUT_MS }).toMatch(/^572\d+$/);
      const newCode = await code.inputValue();
      expect(newCode, 'the next free code under 572').toBe(generated.data.accountCode);
      await drawer.getByRole('textbox', { name: 'Nombre' }).fill(name);
      await screenshot(page, 'accounting-subaccount-drawer', { fullPage: false });
      await drawer.getByRole('button', { name: 'Guardar' }).click();
      await expectVisible(toast(page, 'Subcuenta creada'), "'Subcuenta creada'");
      await expectHidden(drawer.getByText('Nueva subcuenta'), 'the drawer');

      await search.fill(name);
      const created = rows(page).filter({ hasText: name });
      await expectVisible(created, 'the new sub-account in the chart');
      const shownCode = `${newCode.slice(0, 3)}.${newCode.slice(3, 5)}.${newCode.slice(5)}`;
      expect(plain(await created.locator('td').first().innerText())).toBe(shownCode);
      await expectVisible(created.getByText('Subcuenta', { exact: true }), "its 'Subcuenta' tag");
      const stored = await callApi<Account>('accounting.getAccount', {
        token,
        companyId: ESPIGA_ID,
        params: { accountId: newCode },
      });
      expect(stored.data).toMatchObject({
        accountCode: newCode,
        accountName: name,
        parentCode: '572',
        level: 'SUBACCOUNT',
        isPgc: false,
        acceptsEntries: true,
      });
      await expectNoCrash(page, 'the chart');

      // Deleted again (it has no entries), so the chart stays as the seed made it.
      await created.getByRole('button', { name: 'Eliminar' }).click();
      await page.locator('.ant-popover:visible').getByRole('button', { name: 'Eliminar' }).click();
      await expectVisible(toast(page, 'Cuenta eliminada'), "'Cuenta eliminada'");
      await expectHidden(created, 'the deleted sub-account');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the gestor writes a manual entry: the live balance refuses it unbalanced, saved balanced it is in the journal; locked it cannot change',
    async ({ page, problems }) => {
      const token = await gestorOnEspiga(page);
      const stamp = Date.now().toString(36).toUpperCase();
      const description = `Comisión transferencia E2E ${stamp}`;

      await page.goto('/app/accounting/journal');
      await expectVisible(heading(page, 'Libro diario'), 'the journal');
      await page.getByRole('link', { name: 'Nuevo asiento' }).click();
      await waitForPath(page, '/app/accounting/entries/create');
      await expectVisible(heading(page, 'Nuevo asiento'), 'the entry editor');

      const entryPosts: Request[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/api\/v1\/accounting\/entries$/.test(new URL(r.url()).pathname))
          entryPosts.push(r);
      });

      await page.getByRole('textbox', { name: 'Descripción' }).fill(description);
      await pickOption(page, 'Cuenta de la línea 1', '626', /^626 Servicios bancarios/);
      await page.getByRole('textbox', { name: 'Debe de la línea 1' }).fill('100,50');
      await page.getByRole('textbox', { name: 'Concepto de la línea 1' }).fill('Comisión');
      await pickOption(
        page,
        'Cuenta de la línea 2',
        '572',
        /^572 Bancos e instituciones de crédito c\/c vista, euros$/,
      );
      await page.getByRole('textbox', { name: 'Haber de la línea 2' }).fill('90');

      // The live balance: Debe 100,50, Haber 90,00, difference 10,50, 'Descuadrado'.
      const balance = page.getByRole('group', { name: 'Cuadre del asiento' });
      await expect.poll(async () => statistic(page, 'Total Debe')).toBe(money(10_050));
      expect(await statistic(page, 'Total Haber')).toBe(money(9_000));
      expect(await statistic(page, 'Diferencia')).toBe(money(1_050));
      await expectVisible(balance.getByText('Descuadrado', { exact: true }), "'Descuadrado'");
      const unbalanced = page.locator('.ant-alert').filter({ hasText: accountingMessages.unbalanced });
      await expectVisible(unbalanced, `'${accountingMessages.unbalanced}'`);
      await settle(page);
      await screenshot(page, 'accounting-entry-unbalanced');
      await page.getByRole('button', { name: 'Guardar asiento' }).click();
      await expectVisible(toast(page, accountingMessages.unbalanced), 'the refusal to save');
      await page.waitForTimeout(500);
      expect(entryPosts, 'an unbalanced entry is not sent').toHaveLength(0);
      expect(new URL(page.url()).pathname).toBe('/app/accounting/entries/create');

      // Balanced: 'Cuadrado', no warning, saved.
      await page.getByRole('textbox', { name: 'Haber de la línea 2' }).fill('100,50');
      await expectVisible(balance.getByText('Cuadrado', { exact: true }), "'Cuadrado'");
      expect(await statistic(page, 'Diferencia')).toBe(money(0));
      await expectHidden(unbalanced, 'the unbalanced warning');
      await screenshot(page, 'accounting-entry-balanced');
      const [created] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.request().method() === 'POST' &&
            /\/api\/v1\/accounting\/entries$/.test(new URL(r.url()).pathname),
        ),
        page.getByRole('button', { name: 'Guardar asiento' }).click(),
      ]);
      expect(created.status(), 'POST accounting/entries').toBe(201);
      const entry = ((await created.json()) as { data: JournalEntry }).data;
      expect(entry).toMatchObject({
        description,
        source: 'MANUAL',
        totalDebitCents: 10_050,
        totalCreditCents: 10_050,
        locked: false,
      });
      await waitForPath(page, '/app/accounting/journal');
      await expectVisible(toast(page, 'Asiento creado'), "'Asiento creado'");

      // In the journal: its number, amounts and lines.
      await page.getByRole('searchbox', { name: 'Buscar asiento' }).fill(stamp);
      const row = rows(page).filter({ hasText: description });
      await expectVisible(row, 'the new entry in the journal');
      await expect
        .poll(() => rows(page).count(), {
          timeout: UI_TIMEOUT_MS,
          message: 'the search finds only the new entry',
        })
        .toBe(1);
      const text = plain(await row.innerText());
      expect(text).toContain(String(entry.entryNumber));
      expect(text).toContain(money(10_050));
      expect(text).toContain('Manual');
      await expectVisible(row.getByText('Desbloqueado', { exact: true }), "'Desbloqueado'");
      await row.locator('.ant-table-row-expand-icon').click();
      const lines = page.locator('.ant-table-expanded-row').filter({ hasText: 'Comisión' });
      await expectVisible(lines.getByText('Servicios bancarios y similares'), 'the 626 line');
      await expectVisible(
        lines.getByText('Bancos e instituciones de crédito c/c vista, euros'),
        'the 572 line',
      );
      await settle(page);
      await screenshot(page, 'accounting-journal-entry');

      // Locked: no edit, no delete; the editor and the server refuse a change.
      const editHref = await row.getByRole('link', { name: 'Editar' }).getAttribute('href');
      expect(editHref).toBe(`/app/accounting/entries/${entry.entryId}/edit`);
      await row.getByRole('button', { name: 'Bloquear' }).click();
      await expectVisible(toast(page, 'Asiento bloqueado'), "'Asiento bloqueado'");
      await expectVisible(row.getByText('Bloqueado', { exact: true }), "the entry 'Bloqueado'");
      await expectHidden(row.getByRole('link', { name: 'Editar' }), "'Editar' of a locked entry");
      expect(
        await row.getByRole('button', { name: 'Eliminar' }).count(),
        "'Eliminar' of a locked entry",
      ).toBe(0);
      await expectVisible(row.getByRole('button', { name: 'Desbloquear' }), "'Desbloquear'");
      const refused = await callApi('accounting.deleteEntry', {
        token,
        companyId: ESPIGA_ID,
        params: { entryId: entry.entryId },
      });
      expect(refused.status, 'DELETE of a locked entry').toBe(409);
      expect(refused.error).toMatchObject({ code: 'ACC_LOCKED', message: accountingMessages.locked });
      await page.goto(editHref ?? '');
      await expectVisible(page.getByText(accountingMessages.locked), 'the editor refusing a locked entry');
      expect(await page.getByRole('button', { name: 'Guardar asiento' }).count()).toBe(0);

      // Unlocked: editable again; then deleted, leaving the books as the seed made them.
      await page.goto(`/app/accounting/journal?search=${stamp}`);
      await expectVisible(row, 'the entry in the journal again');
      await row.getByRole('button', { name: 'Desbloquear' }).click();
      await expectVisible(toast(page, 'Asiento desbloqueado'), "'Asiento desbloqueado'");
      await expectVisible(row.getByText('Desbloqueado', { exact: true }), "the entry 'Desbloqueado'");
      await expectVisible(row.getByRole('link', { name: 'Editar' }), "'Editar' of the unlocked entry");
      await row.getByRole('button', { name: 'Eliminar' }).click();
      await page.locator('.ant-popover:visible').getByRole('button', { name: 'Eliminar' }).click();
      await expectVisible(toast(page, 'Asiento eliminado'), "'Asiento eliminado'");
      await expectHidden(row, 'the deleted entry');
      await expectNoCrash(page, 'the journal');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the reports show what the books say: balance sheet Cuadrado, the P&L down to D), sums and balances, the ledger of 572',
    async ({ page, problems }) => {
      const token = await gestorOnEspiga(page);
      const api = async <T>(routeId: Parameters<typeof callApi>[0], params?: Record<string, string>) => {
        const answer = await callApi<T>(routeId, { token, companyId: ESPIGA_ID, params });
        expect(answer.success, `${routeId} answered ${answer.status}: ${answer.error?.message}`).toBe(true);
        return answer.data;
      };

      // --- Balance de situación ---
      const sheet = await api<BalanceSheet>('accounting.balanceSheet');
      expect(sheet.isBalanced).toBe(true);
      expect(sheet.totalAssetsCents).toBeGreaterThan(0);
      await page.goto('/app/accounting/balance');
      await expectVisible(heading(page, 'Balance de situación'), 'the balance sheet');
      await expectVisible(page.getByText('Cuadrado', { exact: true }), "'Cuadrado'");
      expect(await statistic(page, 'Total activo')).toBe(money(sheet.totalAssetsCents));
      expect(await statistic(page, 'Patrimonio neto y pasivo')).toBe(money(sheet.totalAssetsCents));
      expect(await statistic(page, 'Resultado del ejercicio')).toBe(money(sheet.resultCents));
      await expectVisible(
        page.getByText('B.VII Efectivo y otros activos líquidos equivalentes', { exact: true }),
        'the cash line among the current assets',
      );
      await settle(page);
      await screenshot(page, 'accounting-balance');
      await page.getByRole('tab', { name: 'Modelo Abreviado' }).click();
      const sheetLines = page
        .getByRole('table', { name: 'Partidas del balance' })
        .locator('tr.ant-table-row');
      const totalAssets = sheetLines.filter({ hasText: 'TOTAL ACTIVO (A + B)' });
      await expectVisible(totalAssets, "the model's 'TOTAL ACTIVO (A + B)'");
      // The legal line reads as the model prints it, its numbering once.
      expect(plain(await totalAssets.locator('td').first().innerText())).toBe('TOTAL ACTIVO (A + B)');
      expect(plain(await totalAssets.locator('td').last().innerText())).toBe(money(sheet.totalAssetsCents));
      const result = sheetLines.filter({ hasText: 'VII. Resultado del ejercicio' });
      expect(plain(await result.locator('td').last().innerText())).toBe(money(sheet.resultCents));
      await expectNoCrash(page, 'the balance sheet');

      // --- Cuenta de pérdidas y ganancias ---
      const pyg = await api<IncomeStatement>('accounting.incomeStatement');
      expect(pyg.resultCents).toBe(pyg.revenueCents - pyg.expenseCents);
      expect(pyg.resultCents, 'the P&L result is the balance sheet result').toBe(sheet.resultCents);
      await page.goto('/app/accounting/income-statement');
      await expectVisible(heading(page, 'Cuenta de pérdidas y ganancias'), 'the P&L');
      expect(await statistic(page, 'Ingresos')).toBe(money(pyg.revenueCents));
      expect(await statistic(page, 'Gastos')).toBe(money(pyg.expenseCents));
      expect(await statistic(page, 'Resultado del ejercicio')).toBe(money(pyg.resultCents));
      const pygLines = page.locator('.ant-table-row');
      for (const line of pyg.lines) {
        const shown = pygLines.filter({ has: page.getByTestId(`line-${line.code}`) });
        expect(plain(await shown.locator('td').first().innerText()), `P&L line ${line.code}`).toBe(
          plain(line.label),
        );
        expect(plain(await page.getByTestId(`line-${line.code}`).innerText())).toBe(money(line.amountCents));
      }
      await expectVisible(page.getByText(/^D\) RESULTADO DEL EJERCICIO/), "'D) RESULTADO DEL EJERCICIO'");
      expect(plain(await page.getByTestId('line-D').innerText())).toBe(money(pyg.resultCents));
      expect(
        plain(await page.getByTestId('line-1').innerText()),
        '1. Importe neto de la cifra de negocios',
      ).toBe(money(pyg.revenueCents));
      await settle(page);
      await screenshot(page, 'accounting-income-statement');
      await expectNoCrash(page, 'the P&L');

      // --- Balance de sumas y saldos ---
      const trial = await api<TrialBalance>('accounting.trialBalance');
      expect(trial.isBalanced).toBe(true);
      await page.goto('/app/accounting/trial-balance');
      await expectVisible(heading(page, 'Balance de sumas y saldos'), 'the trial balance');
      await expectVisible(page.getByText('Cuadrado', { exact: true }), "'Cuadrado'");
      const debit = cents(await page.getByTestId('total-debit').innerText());
      const credit = cents(await page.getByTestId('total-credit').innerText());
      expect(debit).toBeGreaterThan(0);
      expect(debit, 'sums: Debe = Haber').toBe(credit);
      expect(debit).toBe(trial.totals.debitCents);
      expect(await rows(page).count()).toBe(trial.rows.length);
      await expectVisible(rows(page).filter({ hasText: 'Capital social' }), 'the 100 row');
      await settle(page);
      await screenshot(page, 'accounting-trial-balance');
      await expectNoCrash(page, 'the trial balance');

      // --- Libro mayor of 572: every movement with its running balance ---
      const ledger = await api<Ledger>('accounting.ledger', { accountId: '572' });
      expect(ledger.movements.length).toBeGreaterThanOrEqual(2);
      await page.goto('/app/accounting/ledger/572');
      await expectVisible(heading(page, 'Libro mayor'), 'the ledger');
      await expectVisible(
        page.getByText('572 Bancos e instituciones de crédito c/c vista, euros').first(),
        'the account of the ledger',
      );
      await expectVisible(rows(page).first(), 'the movements');
      let running = sidedCents(await statistic(page, 'Saldo inicial'));
      expect(running).toBe(ledger.openingBalanceCents);
      const shown = await rows(page).all();
      expect(shown.length).toBe(ledger.movements.length);
      for (const [i, r] of shown.entries()) {
        const cells = (await r.locator('td').allInnerTexts()).map(plain);
        // Fecha, Asiento, Concepto, Origen, Debe, Haber, Saldo.
        const d = cells[4] ? cents(cells[4]) : 0;
        const h = cells[5] ? cents(cells[5]) : 0;
        running += d - h;
        expect(sidedCents(cells[6] ?? ''), `the balance after movement ${i + 1} (${cells[2]})`).toBe(running);
      }
      expect(sidedCents(await statistic(page, 'Saldo final'))).toBe(running);
      expect(running).toBe(ledger.closingBalanceCents);
      await expectVisible(
        rows(page).filter({ hasText: 'Ingreso en cuenta corriente' }),
        'the capital paid in',
      );
      await expectVisible(rows(page).filter({ hasText: 'Cargo en cuenta' }), 'the bank fee');
      await settle(page);
      await screenshot(page, 'accounting-ledger-572');
      await expectNoCrash(page, 'the ledger');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    "'Exportar Excel' of the journal downloads an XLSX file",
    async ({ page, problems }) => {
      await gestorOnEspiga(page);
      await page.goto('/app/accounting/journal');
      await expectVisible(heading(page, 'Libro diario'), 'the journal');
      await expectVisible(rows(page).first(), 'the entries');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByRole('button', { name: /Exportar Excel$/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const file = Buffer.concat(chunks);
      expect(file.length).toBeGreaterThan(1_000);
      // An XLSX is a ZIP: its first bytes are the local file header 'PK\x03\x04'.
      expect(file.subarray(0, 4).toString('latin1'), 'the XLSX').toBe('PK\u0003\u0004');
      expect(file.includes(Buffer.from('xl/worksheets/')), 'a workbook inside').toBe(true);
      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 90_000 },
  );

  e2eTest("a Starter company meets 'Funcionalidad Premium' on the chart", async ({ page, problems }) => {
    await finishOnboardingViaApi(accounts.autonomo);
    await logIn(page, accounts.autonomo);
    await waitForPath(page, '/app/dashboard');
    await expect
      .poll(async () => (await selectedCompany(page))?.companyId, { timeout: UI_TIMEOUT_MS })
      .toBe(STARTER_COMPANY_ID);
    await page.goto('/app/accounting/chart');
    await expectVisible(page.getByText('Funcionalidad Premium', { exact: true }), "'Funcionalidad Premium'");
    await expectVisible(page.getByText(`${accountingMessages.upgrade}.`), `'${accountingMessages.upgrade}'`);
    await expectVisible(page.getByRole('button', { name: 'Ver planes y mejorar' }), 'the upgrade button');
    expect(await rows(page).count(), 'no account shown').toBe(0);
    await settle(page);
    await screenshot(page, 'accounting-premium');
    // The server agrees: its plan lacks accounting.
    const token = await accessTokenFor(accounts.autonomo);
    const refused = await callApi('accounting.listAccounts', { token, companyId: STARTER_COMPANY_ID });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('ACC_PLAN_REQUIRED');
    expect(problems, 'console errors or failed requests').toEqual([]);
  });

  e2eTest(
    "the client without 'Ver datos contables' is offered no accounting; granted it, 'Mi contabilidad' shows the books read-only",
    async ({ page, newContext, problems }) => {
      const gestorToken = await accessTokenFor(accounts.gestor);
      const members = await callApi<{ content: { userId: string; email: string; permissions: string[] }[] }>(
        'companyUsers.list',
        { token: gestorToken, companyId: ESPIGA_ID, params: { companyId: ESPIGA_ID } },
      );
      const client = members.data?.content.find((m) => m.email === accounts.cliente);
      if (!client) throw new Error(`${accounts.cliente} is not a member of ${ESPIGA}`);
      // The demo seed gives the client no VIEW_ACCOUNTING_DATA (infra/local/demo-data.ts).
      expect(client.permissions).not.toContain('VIEW_ACCOUNTING_DATA');
      const setPermissions = async (permissions: string[]) => {
        const updated = await callApi('companyUsers.update', {
          token: gestorToken,
          companyId: ESPIGA_ID,
          params: { companyId: ESPIGA_ID, userId: client.userId },
          body: { permissions },
        });
        if (!updated.success)
          throw new Error(`PUT companies/users answered ${updated.status}: ${updated.error?.message}`);
      };

      // --- without the permission ---
      await finishOnboardingViaApi(accounts.cliente);
      await logIn(page, accounts.cliente);
      await waitForPath(page, '/app/dashboard');
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await expectVisible(nav.getByText('Mis facturas', { exact: true }), "the client's menu");
      await settle(page);
      for (const label of ['Mi contabilidad', 'Contabilidad', 'Plan de cuentas', 'Libro diario'])
        expect(await nav.getByText(label, { exact: true }).count(), `'${label}' in the client's menu`).toBe(
          0,
        );
      await page.goto('/app/my-accounting');
      await expectVisible(page.getByText('Acceso Restringido'), "'Acceso Restringido' on /app/my-accounting");
      await expectVisible(
        page.getByText('«Ver datos contables»', { exact: false }),
        'the permission it needs',
      );
      await page.goto('/app/accounting/balance');
      await expectVisible(page.getByText('Acceso Restringido'), "'Acceso Restringido' on the balance sheet");
      const clientToken = await accessTokenFor(accounts.cliente);
      const refused = await callApi('accounting.clientSummary', { token: clientToken, companyId: ESPIGA_ID });
      expect(refused.status, 'GET accounting/my-accounting without the permission').toBe(403);
      await screenshot(page, 'accounting-client-refused');
      expect(problems, 'console errors or failed requests (without the permission)').toEqual([]);

      // --- granted (then taken back: other tests read the seed's permissions) ---
      await setPermissions([...client.permissions, 'VIEW_ACCOUNTING_DATA']);
      try {
        const context = await newContext();
        const granted = await context.newPage();
        await logIn(granted, accounts.cliente);
        await waitForPath(granted, '/app/dashboard');
        const menu = granted.getByRole('navigation', { name: 'Menú principal' });
        await menu.getByRole('link', { name: 'Mi contabilidad' }).click();
        await waitForPath(granted, '/app/my-accounting');
        await expectVisible(heading(granted, 'Mi contabilidad'), "'Mi contabilidad'");
        const summary = await callApi<{ balanceSheet: BalanceSheet; incomeStatement: IncomeStatement }>(
          'accounting.clientSummary',
          { token: clientToken, companyId: ESPIGA_ID },
        );
        expect(summary.success, `GET accounting/my-accounting answered ${summary.status}`).toBe(true);
        await expectVisible(granted.getByText('Cuadrado', { exact: true }), "the balance 'Cuadrado'");
        expect(await statistic(granted, 'Total activo')).toBe(
          money(summary.data.balanceSheet.totalAssetsCents),
        );
        // Read-only: no link into the gestoría's books, no export, no entry.
        expect(await granted.locator('main a[href^="/app/accounting"]').count()).toBe(0);
        expect(await granted.getByRole('button', { name: /Exportar|Nuevo asiento/ }).count()).toBe(0);
        await granted.getByRole('tab', { name: 'Pérdidas y ganancias' }).click();
        await expectVisible(granted.getByText(/^D\) RESULTADO DEL EJERCICIO/), "the P&L's D) line");
        expect(plain(await granted.getByTestId('line-D').innerText())).toBe(
          money(summary.data.incomeStatement.resultCents),
        );
        await settle(granted);
        await screenshot(granted, 'accounting-my-accounting');
        await expectNoCrash(granted, 'Mi contabilidad');
      } finally {
        await setPermissions(client.permissions);
      }
      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );
});
