/**
 * Expenses and recurring invoices in the browser (issue 4 item 11): a gestor creates a supplier,
 * registers a received invoice with two lines for it, finds it in the expenses list with the total
 * the API computed, and opens the recurring dashboard and templates pages without errors.
 */

import { dniLetter } from '@shared/fiscal/nif';
import { formatCents } from '@web/lib/format';
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
  selectedCompany,
  settle,
  storedTokens,
  waitForPath,
} from './harness';

/** A valid DNI no other run has used (the tax id is unique per company). */
function freshNif(): string {
  const n = 10_000_000 + Math.floor(Math.random() * 89_999_999);
  return `${n}${dniLetter(n)}`;
}

/** Intl puts a non-breaking space before the € sign. */
const money = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

describe('expenses', () => {
  e2eTest(
    'create a supplier, register a two-line received invoice and see it listed with its total',
    async ({ page, problems }) => {
      const stamp = Date.now().toString(36);
      const supplierName = `Suministros E2E ${stamp}`;
      const invoiceNumber = `E2E-${stamp}`;

      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');

      // --- the supplier ---
      await page.goto('/app/admin/invoicing/suppliers');
      await expectVisible(page.getByRole('heading', { name: 'Proveedores' }), 'the suppliers page');
      await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText('Nuevo proveedor'), 'the supplier drawer');
      await drawer.locator('#name').fill(supplierName);
      await drawer.locator('#nif').fill(freshNif());
      await drawer.locator('#iban').fill('ES91 2100 0418 4502 0005 1332');
      await drawer.getByRole('button', { name: 'Guardar' }).click();
      await expectHidden(drawer.getByText('Nuevo proveedor'), 'the supplier drawer');
      await page.getByLabel('Buscar proveedores').fill(supplierName);
      await expectVisible(page.locator('td').getByText(supplierName), 'the new supplier in the list');
      await screenshot(page, 'expenses-suppliers');

      // --- the received invoice: 1 × 100,00 at 21 % and 2 × 25,50 at 10 % ---
      await page.goto('/app/admin/invoicing/expenses');
      await expectVisible(page.getByRole('heading', { name: 'Gastos' }), 'the expenses page');
      await page.getByRole('button', { name: 'Nueva factura recibida' }).click();
      await expectVisible(drawer.getByText('Nueva factura recibida'), 'the received-invoice drawer');
      const supplierSelect = drawer.getByRole('combobox', { name: 'Proveedor' });
      await supplierSelect.click();
      await supplierSelect.pressSequentially(stamp);
      const option = page.locator('.ant-select-item-option', { hasText: supplierName });
      await expectVisible(option, 'the supplier among the search results');
      await option.click();
      await drawer.locator('#supplierInvoiceNumber').fill(invoiceNumber);
      await drawer.getByLabel('Descripción (línea 1)').fill('Material de oficina');
      await drawer.getByLabel('Precio unitario (línea 1)').fill('100,00');
      await drawer.getByRole('button', { name: 'Añadir línea' }).click();
      await drawer.getByLabel('Descripción (línea 2)').fill('Servicio de catering');
      await drawer.getByLabel('Cantidad (línea 2)').fill('2');
      await drawer.getByLabel('Precio unitario (línea 2)').fill('25,50');
      // The rate's option is picked from the open dropdown, again if the click landed before it
      // was ready (under load the total kept 21 % on both lines).
      const rate2 = drawer.getByLabel('IVA (línea 2)');
      await expect
        .poll(
          async () => {
            await rate2.click();
            await page
              .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
                hasText: /^10 %$/,
              })
              .click({ timeout: 5_000 })
              .catch(() => undefined);
            return (await drawer.getByTestId('received-total').innerText()).replace(/\s/g, ' ');
          },
          { timeout: 30_000 },
        )
        .toBe(money(17_710));
      // Base 151,00; IVA 21,00 + 5,10; total 177,10 — the preview shows it before saving.
      await expect
        .poll(async () => (await drawer.getByTestId('received-total').innerText()).replace(/\s/g, ' '))
        .toBe(money(17_710));
      await screenshot(page, 'expenses-received-invoice-form');
      await drawer.getByRole('button', { name: 'Guardar' }).click();
      await expectHidden(drawer.getByText('Nueva factura recibida'), 'the received-invoice drawer');

      await page.getByLabel('Buscar facturas recibidas').fill(invoiceNumber);
      const row = page.locator('tr', { hasText: invoiceNumber });
      await expectVisible(row, 'the received invoice in the list');
      expect((await row.innerText()).replace(/\s/g, ' ')).toContain(money(17_710));
      expect((await row.innerText()).replace(/\s/g, ' ')).toContain(supplierName);
      await expectVisible(row.getByText('Pendiente'), 'its approval status');
      await settle(page);
      await screenshot(page, 'expenses-list');
      expect(problems.filter((p) => !p.includes('favicon'))).toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the recurring dashboard and templates pages open without errors; a template is created and generated',
    async ({ page, problems }) => {
      const stamp = Date.now().toString(36);
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');

      await page.goto('/app/invoices/recurring');
      await waitForPath(page, '/app/invoices/recurring/dashboard');
      await expectVisible(
        page.getByRole('heading', { name: 'Facturas recurrentes' }),
        'the recurring dashboard',
      );
      await expectVisible(page.getByText('Próximas facturas'), 'the upcoming invoices');
      await expectVisible(page.getByText('Últimas generaciones'), 'the last generations');
      await expectVisible(page.getByRole('button', { name: 'Guardar configuración' }), 'the settings form');
      await settle(page);
      expect(await page.getByText('No se ha podido').count()).toBe(0);
      await screenshot(page, 'recurring-dashboard');

      // A customer to bill, created through the API as the signed-in gestor.
      const { accessToken } = await storedTokens(page);
      const company = await selectedCompany(page);
      const customerName = `Cliente recurrente ${stamp}`;
      const created = await callApi('customers.create', {
        token: accessToken,
        companyId: company!.companyId,
        body: {
          name: customerName,
          taxId: freshNif(),
          address: {
            street: 'Calle Mayor 1',
            postalCode: '46001',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
        },
      });
      expect(created.status, JSON.stringify(created.error)).toBe(201);

      await page.getByRole('button', { name: 'Plantillas' }).click();
      await waitForPath(page, '/app/invoices/recurring/templates');
      await expectVisible(
        page.getByRole('heading', { name: 'Plantillas recurrentes' }),
        'the templates page',
      );
      await page.getByRole('button', { name: 'Nueva plantilla' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText(/\{MES\}/).first(), 'the placeholders help');
      const templateName = `Cuota ${stamp}`;
      await drawer.locator('#name').fill(templateName);
      const customerSelect = drawer.getByRole('combobox', { name: 'Cliente' });
      await customerSelect.click();
      await customerSelect.pressSequentially(stamp);
      const option = page.locator('.ant-select-item-option', { hasText: customerName });
      await expectVisible(option, 'the customer among the options');
      await option.click();
      await drawer.getByLabel('Descripción de la línea 1').fill('Cuota de mantenimiento {MES} {AÑO}');
      await drawer.getByLabel('Precio unitario de la línea 1').fill('50,00');
      await screenshot(page, 'recurring-template-form');
      await drawer.getByRole('button', { name: 'Guardar' }).click();
      await expectHidden(drawer.getByText('Nueva plantilla recurrente'), 'the template drawer');
      const row = page.locator('tr', { hasText: templateName });
      await expectVisible(row, 'the new template in the list');
      expect((await row.innerText()).replace(/\s/g, ' ')).toContain(money(6050));

      await row.getByRole('button', { name: 'Generar ahora' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Generar' }).click();
      await expectVisible(
        page.getByText(/Factura generada|No se ha podido generar/),
        'the outcome of the generation',
      );
      await settle(page);
      await screenshot(page, 'recurring-templates');

      await page.goto('/app/invoices/recurring/dashboard');
      const generation = page.locator('tr', { hasText: templateName });
      await expectVisible(generation, 'the generation in the history');
      await expectVisible(generation.getByRole('link'), 'a link to the generated invoice');
      expect(await generation.getByRole('link').getAttribute('href')).toMatch(/^\/app\/invoices\/[^/]+$/);
      expect(problems.filter((p) => !p.includes('favicon'))).toEqual([]);
    },
    { timeout: 120_000 },
  );
});
