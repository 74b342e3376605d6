/**
 * VeriFacTu pages in the browser (issue 5, item 8): the demo gestor opens Panadería La Espiga's
 * VeriFacTu configuration page (configuration form, connection test, certificates with the upload
 * that refuses a file that is not .p12/.pfx before sending it), then, with the company selected,
 * /app/verifactu with its status card, and the history. Read-only: the demo company's
 * configuration is not changed, so the other suites see the seed as it is.
 */

import type { CompanyEntry } from '@shared/schemas/companies';
import type { VerifactuDashboard } from '@shared/schemas/verifactu';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  settle,
  storedTokens,
  waitForPath,
} from './harness';

const ESPIGA = /Panader[ií]a La Espiga/i;

/** Panadería La Espiga SL as the gestor's companies list gives it. */
async function espiga(token: string): Promise<CompanyEntry> {
  const list = await callApi<{ content: CompanyEntry[] }>('companies.list', {
    token,
    query: { page: '0', size: '100' },
  });
  if (!list.success) throw new Error(`GET companies answered ${list.status}: ${list.error?.message}`);
  const company = list.data.content.find((c) => ESPIGA.test(c.name));
  if (!company) throw new Error('The demo gestor does not manage Panadería La Espiga SL');
  return company;
}

/** Selects the company as the header's selector does (stored choice), then opens `path`. */
async function openAs(page: Page, company: CompanyEntry, path: string): Promise<void> {
  await page.evaluate(
    (entry) => window.localStorage.setItem('selected_company', JSON.stringify(entry)),
    company,
  );
  await page.goto(path);
}

describe('verifactu', () => {
  e2eTest(
    "the gestor opens Panadería La Espiga's VeriFacTu configuration, status and history",
    async ({ page }) => {
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      const { accessToken } = await storedTokens(page);
      const company = await espiga(accessToken);

      // --- the company's configuration page ---
      await openAs(page, company, `/app/companies/${company.companyId}/verifactu`);
      await expectVisible(
        page.getByRole('heading', { name: 'Configuración VeriFacTu' }),
        'the configuration page',
      );
      await expectVisible(page.getByText(company.name).first(), "the company's name");
      await expectVisible(page.getByText('Certificados', { exact: true }), 'the certificates card');
      // Who manages the company can upload: a file that is not .p12/.pfx is refused before any request.
      await expectVisible(
        page.getByRole('button', { name: /Elegir certificado \(\.p12 \/ \.pfx\)/ }),
        'the certificate upload',
      );
      await page.locator('input[type="file"]').setInputFiles({
        name: 'certificado.pem',
        mimeType: 'application/x-pem-file',
        buffer: Buffer.from('-----BEGIN CERTIFICATE-----'),
      });
      await expectVisible(page.getByText('El certificado debe ser un archivo .p12 o .pfx.'), 'the refusal');
      const config = await callApi('verifactu.getConfig', {
        token: accessToken,
        params: { companyId: company.companyId },
      });
      if (config.status === 200) {
        // The backend answers: the form (create or update) and the connection card are there.
        await expectVisible(
          page.getByRole('button', { name: /^(Guardar configuración|Guardar cambios)$/ }),
          'the configuration form',
        );
        await expectVisible(page.getByRole('button', { name: 'Probar conexión' }), "'Probar conexión'");
      }
      await settle(page);
      await screenshot(page, 'verifactu-company-config');

      // --- /app/verifactu for the selected company: the status card ---
      await openAs(page, company, '/app/verifactu');
      await expectVisible(
        page.getByRole('heading', { name: 'VeriFacTu', exact: true }),
        'the VeriFacTu page',
      );
      const card = page.getByLabel('Estado VeriFacTu');
      await expectVisible(card, 'the status card');
      const dashboard = await callApi<VerifactuDashboard>('verifactu.dashboard', {
        token: accessToken,
        params: { companyId: company.companyId },
        companyId: company.companyId,
      });
      if (dashboard.success) {
        if (dashboard.data.configured) {
          await expectVisible(card.getByText('Modo'), 'the mode of the configuration');
        } else {
          const cta = card.getByRole('link', { name: 'Configurar VeriFacTu' });
          await expectVisible(cta, "the 'Configurar VeriFacTu' call to action");
          expect(await cta.getAttribute('href')).toBe(`/app/companies/${company.companyId}/verifactu`);
          await expectVisible(page.getByText('VeriFacTu no configurado'), 'the medium warning');
        }
        await expectVisible(page.getByRole('button', { name: 'Verificar cadena' }), "'Verificar cadena'");
      } else {
        // Without the backend the card still stands, with the error and 'Reintentar'.
        await expectVisible(card.getByText('No se ha podido cargar el estado VeriFacTu'), 'the load error');
      }
      await settle(page);
      await screenshot(page, 'verifactu-status');

      // --- the history ---
      await page.getByRole('link', { name: 'Historial de envíos' }).click();
      await waitForPath(page, '/app/verifactu/history');
      await expectVisible(page.getByRole('heading', { name: 'Historial VeriFacTu' }), 'the history page');
      await expectVisible(page.getByRole('button', { name: 'Exportar a Excel' }), 'the export button');
      await settle(page);
      await screenshot(page, 'verifactu-history');

      // --- one record (the seed's confirmed invoices have theirs): the drawer, then the invoice panel ---
      const details = page.getByRole('button', { name: /^Ver detalle de / });
      if ((await details.count()) === 0) return;
      await details.first().click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText(/^Registro VeriFacTu de /), 'the record drawer');
      await expectVisible(drawer.getByText('Huella', { exact: true }), "the record's huella");
      await expectVisible(drawer.getByRole('button', { name: 'Descargar XML' }), "'Descargar XML'");
      await expectVisible(drawer.getByRole('img', { name: /^QR tributario de / }), 'the QR image');
      await settle(page);
      await screenshot(page, 'verifactu-record');

      await drawer.getByRole('link').first().click();
      await waitForPath(page, /^\/app\/invoices\/[^/]+$/);
      const panel = page.getByLabel('VeriFacTu', { exact: true });
      await expectVisible(panel, "the invoice's VeriFacTu panel");
      await expectVisible(
        panel.getByRole('button', { name: 'Descargar registro XML' }),
        "'Descargar registro XML'",
      );
      await expectVisible(
        panel.getByRole('img', { name: /^QR tributario de la factura / }),
        "the invoice's QR",
      );
      await screenshot(page, 'verifactu-invoice-panel');
    },
  );
});
