/**
 * Issued invoices end to end (issue 4, item 13): in the browser, as the demo gestor, an invoice
 * with two lines (21 % and 10 %) is written in the form, the live total checked, "Guardar y
 * confirmar" gives it its number on the detail page, a payment of the full amount makes it
 * "Cobrada", and "Enviar por e-mail" logs the e-mail and delivers it, PDF attached, to the dev
 * mailbox.
 */

import { validateTaxId } from '@shared/fiscal/nif';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  baseUrl,
  callApi,
  e2eTest,
  expectVisible,
  finishOnboardingViaApi,
  logIn,
  screenshot,
  selectedCompany,
  settle,
  storedTokens,
  UI_TIMEOUT_MS,
  waitForPath,
} from './harness';

interface SeriesView {
  seriesId: string;
  code: string;
  isDefault: boolean;
  purpose: string;
}

interface Mail {
  to: string[];
  subject?: string;
  attachments?: { filename?: string; contentType: string; size: number }[];
}

/** The company needs a default series (per purpose) to number invoices: made through the API if missing. */
async function ensureDefaultSeries(
  token: string,
  companyId: string,
  purpose: 'ORDINARY' | 'RECTIFICATIVA' = 'ORDINARY',
): Promise<void> {
  const list = await callApi<SeriesView[] | { content: SeriesView[] }>('invoiceSeries.list', {
    token,
    companyId,
  });
  if (!list.success) throw new Error(`GET invoice-series answered ${list.status}: ${list.error?.message}`);
  const series = Array.isArray(list.data) ? list.data : list.data.content;
  if (series.some((s) => s.isDefault && s.purpose === purpose)) return;
  const created = await callApi('invoiceSeries.create', {
    token,
    companyId,
    body: {
      code: purpose === 'ORDINARY' ? 'E2E' : 'E2ER',
      description: 'Serie de pruebas e2e',
      purpose,
      isDefault: true,
    },
  });
  if (!created.success)
    throw new Error(`POST invoice-series answered ${created.status}: ${created.error?.message}`);
}

/** Picks `option` in the antd Select whose input is labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const item = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
  await expectVisible(item, `the option "${option}" of ${label}`);
  await item.first().click();
}

/** A valid CIF for the inline customer (control character computed, not hard-coded). */
function validCif(): string {
  for (const letter of 'ABCDEFGHIJ') {
    const candidate = `B1234567${letter}`;
    if (validateTaxId(candidate).valid) return candidate;
  }
  for (let d = 0; d <= 9; d++) {
    const candidate = `B1234567${d}`;
    if (validateTaxId(candidate).valid) return candidate;
  }
  throw new Error('no valid CIF found');
}

const euros = (text: string) => new RegExp(text.replace(/\s/g, '\\s*').replace('€', '\\s*€'));

describe('issued invoices', () => {
  e2eTest(
    'create with two lines, confirm, pay in full, e-mail with the PDF, find it in the list and export it',
    async ({ page }) => {
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      const { accessToken } = await storedTokens(page);
      await expect
        .poll(() => selectedCompany(page), { timeout: UI_TIMEOUT_MS, message: 'a selected company' })
        .not.toBeNull();
      const company = await selectedCompany(page);
      await ensureDefaultSeries(accessToken, company!.companyId);

      // --- the form, with the live preview -----------------------------------------------------
      await page.goto('/app/invoices/create');
      await expectVisible(page.getByRole('heading', { name: 'Nueva factura' }), 'the invoice form');
      await page.getByText('Datos del cliente', { exact: true }).click();
      await page.getByLabel('NIF del cliente').fill(validCif());
      await page.getByLabel('Nombre del cliente').fill('Comunidad de Propietarios Embajadores 41');
      await page.getByLabel('Dirección del cliente').fill('Calle de Embajadores 41');
      await page.getByLabel('Código postal del cliente').fill('28012');
      await page.getByLabel('Población del cliente').fill('Madrid');

      await page.getByLabel('Descripción de la línea 1').fill('Reparación de bajante comunitaria');
      await page.getByLabel('Cantidad de la línea 1').fill('2');
      await page.getByLabel('Precio unitario de la línea 1').fill('50');
      await page.getByRole('button', { name: 'Añadir línea' }).click();
      await page.getByLabel('Descripción de la línea 2').fill('Material de fontanería');
      await page.getByLabel('Cantidad de la línea 2').fill('1');
      await page.getByLabel('Precio unitario de la línea 2').fill('50,00');
      await choose(page, 'Tipo de IVA de la línea 2', '10 %');

      // 2 × 50 € at 21 % + 50 € at 10 % = 100 + 21 + 50 + 5 = 176 €.
      const total = page.getByTestId('invoice-total');
      await expect.poll(() => total.innerText(), { timeout: UI_TIMEOUT_MS }).toMatch(euros('176,00 €'));
      await expectVisible(page.getByRole('cell', { name: 'IVA 10 %' }), 'the 10 % group of the breakdown');
      await expectVisible(page.getByRole('cell', { name: 'IVA 21 %' }), 'the 21 % group of the breakdown');
      await screenshot(page, 'invoicing-form');

      await page.getByRole('button', { name: 'Guardar y confirmar' }).click();
      await waitForPath(
        page,
        (url) => /^\/app\/invoices\/[\w-]+$/.test(url.pathname) && !url.pathname.endsWith('/create'),
      );
      const heading = page.getByRole('heading', { name: /^Factura \S+/ });
      await expectVisible(heading, 'the invoice number in the heading');
      const number = (await heading.innerText()).replace(/^Factura\s+/, '').trim();
      expect(number).toMatch(/\d{4}/);
      await expectVisible(page.getByText('Confirmada', { exact: true }), 'the Confirmada status');
      await expectVisible(page.getByText('Pendiente', { exact: true }), 'the Pendiente payment status');
      const invoicePath = new URL(page.url()).pathname;
      await screenshot(page, 'invoicing-detail');

      // --- a payment of the full amount -------------------------------------------------------
      await page.getByRole('link', { name: 'Registrar cobro' }).click();
      await waitForPath(page, `${invoicePath}/payments`);
      const amount = page.getByLabel('Importe del cobro');
      await expectVisible(amount, 'the payment form');
      await expect.poll(() => amount.inputValue()).toBe('176,00');
      await page.getByRole('button', { name: 'Registrar cobro' }).click();
      await expectVisible(page.getByText('Cobrada', { exact: true }), 'the Cobrada status');
      await expect.poll(() => page.getByTestId('pending-amount').innerText()).toMatch(euros('0,00 €'));
      await expectVisible(page.getByRole('cell', { name: euros('176,00 €') }), 'the payment in the list');
      await screenshot(page, 'invoicing-payments');

      // --- the e-mail, with the PDF attached --------------------------------------------------
      await page.getByRole('link', { name: 'Volver a la factura' }).click();
      await waitForPath(page, invoicePath);
      await expectVisible(
        page.getByText('Cobrada', { exact: true }),
        'the Cobrada status on the detail page',
      );
      const to = `e2e-factura-${Date.now()}@cuadra.test`;
      await page.getByRole('button', { name: 'Enviar por e-mail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar factura por e-mail' });
      await expectVisible(dialog, 'the e-mail dialog');
      await dialog.getByLabel('Para').fill(to);
      await dialog.getByLabel('Mensaje').fill('Adjuntamos la factura de la reparación.');
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      const log = page.getByLabel('Registro de envíos por e-mail');
      await expectVisible(log.getByRole('cell', { name: to }), 'the e-mail in the log', 30_000);
      await expectVisible(log.getByText('Enviado', { exact: true }), 'the e-mail logged as Enviado', 30_000);

      const deadline = Date.now() + 30_000;
      let mail: Mail | undefined;
      while (!mail) {
        if (Date.now() > deadline) throw new Error(`No e-mail reached ${to} in the dev mailbox within 30 s`);
        const mails = (await (await fetch(new URL('/_dev/mailbox.json', baseUrl()))).json()) as Mail[];
        mail = mails.find((m) => m.to.some((address) => address.includes(to)));
        if (!mail) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const pdf = mail.attachments?.find((a) => a.contentType === 'application/pdf');
      expect(
        pdf,
        `a PDF attached to the e-mail (attachments: ${JSON.stringify(mail.attachments)})`,
      ).toBeDefined();
      expect(pdf!.size).toBeGreaterThan(1000);
      expect(`${mail.subject ?? ''} ${pdf!.filename ?? ''}`).toContain(number);
      await settle(page);
      await screenshot(page, 'invoicing-email');

      // --- the list shows it, and exports the filtered list ----------------------------------
      await page.getByRole('link', { name: 'Facturas emitidas' }).click();
      await waitForPath(page, '/app/admin/invoicing/income');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });
      await expectVisible(row, `the invoice ${number} in the list`);
      await expectVisible(row.getByText('Cobrada', { exact: true }), 'Cobrada in the list');
      await choose(page, 'Estado de cobro', 'Cobrada');
      await waitForPath(page, /paymentStatus=PAID/);
      await expectVisible(row, `the invoice ${number} among the paid ones`);
      await screenshot(page, 'invoicing-income');
      await page.getByRole('button', { name: /Exportar/ }).click();
      const download = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await new Promise<string>((resolve, reject) => {
        file
          .createReadStream()
          .then((stream) => {
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
            stream.on('error', reject);
          })
          .catch(reject);
      });
      expect(csv).toContain(number);
    },
    { timeout: 150_000 },
  );

  e2eTest(
    'rectify a confirmed invoice by differences, and confirm two drafts with a bulk operation',
    async ({ page }) => {
      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      const { accessToken: token } = await storedTokens(page);
      await expect
        .poll(() => selectedCompany(page), { timeout: UI_TIMEOUT_MS, message: 'a selected company' })
        .not.toBeNull();
      const { companyId } = (await selectedCompany(page))!;
      await ensureDefaultSeries(token, companyId);
      await ensureDefaultSeries(token, companyId, 'RECTIFICATIVA');

      const stamp = Date.now();
      const customerName = `Cliente e2e ${stamp}`;
      const body = (description: string) => ({
        invoiceType: 'F1',
        // The day in Madrid, as the browser (Europe/Madrid) dates the invoices other steps create:
        // the UTC date is the day before between midnight and 01:00/02:00 in Spain.
        invoiceDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date()),
        customer: {
          nif: validCif(),
          name: customerName,
          address: 'Calle Mayor 1',
          postalCode: '28001',
          city: 'Madrid',
        },
        invoiceLines: [{ description, quantity: '1', unitPriceCents: 10_000, vatRateBp: 2100 }],
      });
      const confirmed = await callApi<{ invoiceId: string; invoiceNumber: string }>(
        'invoices.createAndConfirm',
        {
          token,
          companyId,
          body: body('Instalación de caldera'),
        },
      );
      if (!confirmed.success)
        throw new Error(`create-and-confirm answered ${confirmed.status}: ${confirmed.error?.message}`);
      const drafts: string[] = [];
      for (const description of ['Revisión anual', 'Cambio de grifo']) {
        const draft = await callApi<{ invoiceId: string }>('invoices.create', {
          token,
          companyId,
          body: body(description),
        });
        if (!draft.success)
          throw new Error(`POST invoices answered ${draft.status}: ${draft.error?.message}`);
        drafts.push(draft.data.invoiceId);
      }

      // --- the rectificativa, by differences: 20 € less on the base --------------------------
      await page.goto(`/app/invoices/${confirmed.data.invoiceId}`);
      await expectVisible(
        page.getByRole('heading', { name: `Factura ${confirmed.data.invoiceNumber}` }),
        'the invoice',
      );
      await page.getByRole('button', { name: 'Emitir rectificativa' }).click();
      const dialog = page.getByRole('dialog', { name: /Emitir rectificativa/ });
      await expectVisible(dialog, 'the rectificativa dialog');
      await dialog.getByText('Por diferencias', { exact: true }).click();
      await dialog.getByLabel('Descripción de la línea 1').fill('Descuento pactado');
      await dialog.getByLabel('Cantidad de la línea 1').fill('-1');
      await dialog.getByLabel('Precio unitario de la línea 1').fill('20');
      await dialog.getByLabel('Motivo').fill('Descuento acordado tras la instalación');
      await screenshot(page, 'invoicing-rectify-dialog');
      await dialog.getByRole('button', { name: 'Emitir rectificativa' }).click();
      await waitForPath(page, (url) => url.pathname !== `/app/invoices/${confirmed.data.invoiceId}`);
      await expectVisible(page.getByText('Rectificativa por diferencias'), 'the rectification block');
      await expectVisible(
        page.getByRole('link', { name: confirmed.data.invoiceNumber, exact: true }),
        'the link to the rectified invoice',
      );
      await expect.poll(() => page.getByTestId('invoice-total').innerText()).toMatch(euros('-24,20 €'));
      await screenshot(page, 'invoicing-rectificativa');
      await page.getByRole('link', { name: confirmed.data.invoiceNumber, exact: true }).click();
      await expectVisible(
        page.getByText('Esta factura ha sido rectificada'),
        'the rectified mark on the original',
      );

      // --- a bulk confirmation of the two drafts ---------------------------------------------
      await page.goto(`/app/admin/invoicing/income?status=DRAFT&search=${encodeURIComponent(customerName)}`);
      for (const description of drafts) {
        const row = page
          .getByRole('row')
          .filter({ has: page.locator(`a[href$="/app/invoices/${description}"]`) });
        await expectVisible(row, `the draft ${description} in the list`);
        await row.getByRole('checkbox').check();
      }
      const toolbar = page.getByRole('toolbar', { name: 'Acciones masivas' });
      await expectVisible(toolbar.getByText('2 facturas seleccionadas'), 'the bulk toolbar');
      await toolbar.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('link', { name: 'Ver el progreso' }).click();
      await waitForPath(page, '/app/invoices/bulk-operations');
      await expectVisible(page.getByText('Completada', { exact: true }), 'the operation completed', 30_000);
      await expectVisible(
        page.getByText('2 de 2 procesadas · 2 correctas · 0 con error'),
        'both drafts confirmed',
      );
      await screenshot(page, 'invoicing-bulk');
      for (const id of drafts) {
        const got = await callApi<{ status: string; invoiceNumber: string | null }>('invoices.get', {
          token,
          companyId,
          params: { invoiceId: id },
        });
        expect(got.data.status).toBe('CONFIRMED');
        expect(got.data.invoiceNumber).toBeTruthy();
      }
    },
    { timeout: 150_000 },
  );
});
