/**
 * Documents, reading and the smart inbox in the browser (issue 17 item 7): the demo gestor, on
 * Panadería La Espiga SL, drops a Spanish invoice PDF (made here with pdf-lib: supplier, CIF,
 * number, date, base at 21 %, IVA, total) on /app/documents/upload, sees the upload complete and
 * the server's status reach 'Factura creada', finds it on /app/documents and reads the extraction
 * in its drawer (the supplier's NIF, the total in es-ES format). The demo client uploads another
 * invoice asking for a review with high priority on /app/document-upload and finds it on
 * /app/my-documents; the gestor finds it urgent on /app/document-reviews and approves it, and the
 * client sees it reviewed. The gestor's
 * /app/smart-inbox shows the company's address (…@inbox.cuadra.test) and the widget.
 * Every run uses fresh invoice numbers (with digits, as real ones have): a second run never meets
 * its own duplicates.
 */

import { cifControl } from '@shared/fiscal/nif';
import type { DocumentDetails } from '@shared/schemas/documents';
import { formatCents } from '@web/lib/format';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  accounts,
  callApi,
  dropFiles,
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
  waitForPath,
} from './harness';

const ESPIGA = 'Panadería La Espiga SL';
const ESPIGA_NIF = 'B46128732';
/** Upload, content check, queue, reading and draft: allow for a busy two-core machine. */
const READING_TIMEOUT_MS = 60_000;

/** A valid CIF (B = sociedad limitada) whose check digit is computed, not typed. */
const SUPPLIER_BODY = '9784231';
const SUPPLIER_NIF = `B${SUPPLIER_BODY}${cifControl(SUPPLIER_BODY).digit}`;
const SUPPLIER = 'Harinas y Molinos del Turia SL';

/** Intl puts a non-breaking space before the € sign. */
const money = (cents: number) => formatCents(cents).replace(/\s/g, ' ');
const plain = (text: string) => text.replace(/\s/g, ' ');

interface InvoicePdf {
  fileName: string;
  number: string;
  /** ISO date. */
  date: string;
  baseCents: number;
}

const esAmount = (cents: number) =>
  `${new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, useGrouping: 'always' }).format(cents / 100)} €`;
const esDate = (iso: string) => iso.split('-').reverse().join('/');
const quota = (baseCents: number) => Math.round((baseCents * 2100) / 10_000);

/** A one-page Spanish invoice with a real text layer: the issuer, Espiga as customer, one rate. */
async function invoicePdf(inv: InvoicePdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (t: string, x: number, y: number, size = 10, f = font) =>
    page.drawText(t, { x, y, size, font: f });
  text(SUPPLIER, 50, 790, 14, bold);
  text(`CIF: ${SUPPLIER_NIF}`, 50, 772);
  text('Polígono Industrial Fuente del Jarro, Calle Ciudad de Sevilla 12', 50, 758);
  text('46988 Paterna (Valencia)', 50, 744);
  text('FACTURA', 420, 790, 16, bold);
  text(`Nº factura: ${inv.number}`, 420, 770);
  text(`Fecha: ${esDate(inv.date)}`, 420, 756);
  text('Cliente:', 50, 700, 10, bold);
  text(ESPIGA, 50, 686);
  text(`NIF: ${ESPIGA_NIF}`, 50, 672);
  text('Calle Mayor 12, 46001 Valencia', 50, 658);
  text('Concepto', 50, 610, 10, bold);
  text('Importe', 470, 610, 10, bold);
  text('Harina de trigo panificable, 40 sacos de 25 kg', 50, 592);
  text(esAmount(inv.baseCents), 470, 592);
  const q = quota(inv.baseCents);
  text('Base imponible', 330, 540);
  text(esAmount(inv.baseCents), 470, 540);
  text('IVA 21 %', 330, 524);
  text(esAmount(q), 470, 524);
  text('Total factura', 330, 504, 11, bold);
  text(esAmount(inv.baseCents + q), 470, 504, 11, bold);
  text('Forma de pago: transferencia a 30 días. IBAN ES91 2100 0418 4502 0005 1332', 50, 440, 9);
  return pdf.save();
}

/** The upload row of a file on the uploader. */
const uploadRow = (page: Page, fileName: string) => page.getByTestId(`upload-${fileName}`);

/** The document the API lists under that file name for the company (newest first). */
async function documentNamed(token: string, companyId: string, fileName: string): Promise<DocumentDetails> {
  const listed = await callApi<{ content: DocumentDetails[] }>('documents.list', {
    token,
    companyId,
    query: { search: fileName, size: '5' },
  });
  const doc = listed.data?.content?.find((d) => d.fileName === fileName);
  if (!doc) throw new Error(`No document '${fileName}' (GET documents answered ${listed.status})`);
  return doc;
}

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
}

describe('documents', () => {
  e2eTest(
    'the gestor drops an invoice PDF, sees it read into a received invoice and its extraction, and opens the smart inbox',
    async ({ page, problems }) => {
      const stamp = Date.now().toString(36).toUpperCase();
      const inv: InvoicePdf = {
        fileName: `factura-harinas-${stamp}.pdf`,
        number: `HT-${today().slice(0, 4)}-${stamp}`,
        date: today(),
        baseCents: 48_650,
      };
      const total = inv.baseCents + quota(inv.baseCents);

      await finishOnboardingViaApi(accounts.gestor);
      await logIn(page, accounts.gestor);
      await waitForPath(page, '/app/dashboard');
      await selectCompany(page, 'Espiga', ESPIGA);
      const company = await selectedCompany(page);
      if (!company) throw new Error('No company selected');

      // --- /app/documents/upload: drop, upload, read ---
      await page.goto('/app/documents/upload');
      await expectVisible(page.getByRole('heading', { name: 'Subir documentos' }), 'the upload page');
      await expectVisible(page.getByText('Leer automáticamente (crear la factura recibida)'), 'the options');
      // Two small files dropped at once go in one batch request: the invoice, and a "PDF" that is
      // really a PNG, refused by its bytes (DOC_041) while the invoice goes on.
      const fake = `no-es-un-pdf-${stamp}.pdf`;
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await dropFiles(page, page.locator('.ant-upload-drag .ant-upload').first(), [
        { name: inv.fileName, bytes: await invoicePdf(inv) },
        { name: fake, bytes: new Uint8Array(png) },
      ]);
      const row = uploadRow(page, inv.fileName);
      await expectVisible(row.getByText('Pendiente', { exact: true }), 'the dropped file, pending');
      const [batch] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/documents/batch-upload')),
        page.getByRole('button', { name: 'Subir archivos' }).click(),
      ]);
      expect(batch.status(), 'POST documents/batch-upload').toBe(201);
      await expectVisible(row.getByText('Subido', { exact: true }), 'the file uploaded');
      await expectVisible(
        uploadRow(page, fake).locator('.ant-typography-danger'),
        'why the fake PDF was refused',
        READING_TIMEOUT_MS,
      );
      await expectVisible(
        row.getByText(/^Factura (creada|incompleta)$/),
        "the server status 'Factura creada'",
        READING_TIMEOUT_MS,
      );
      await expectVisible(
        row.getByRole('link', { name: 'Ver factura recibida' }),
        'the received invoice link',
      );
      await settle(page);
      await screenshot(page, 'documents-upload');
      await expectNoCrash(page, 'the upload page');

      // The reading, as the API stored it: the supplier's CIF, number, date and amounts.
      const { accessToken: token } = await storedTokens(page);
      const stored = await documentNamed(token, company.companyId, inv.fileName);
      expect(stored.status).toBe('INVOICE_CREATED');
      expect(stored.extraction).toMatchObject({
        supplierNif: SUPPLIER_NIF,
        customerNif: ESPIGA_NIF,
        invoiceNumber: inv.number,
        issueDate: inv.date,
        totalCents: total,
        bases: [{ rateBp: 2100, baseCents: inv.baseCents, quotaCents: quota(inv.baseCents) }],
        source: 'TEXT',
      });

      // --- /app/documents: the list and the details drawer ---
      await page.goto('/app/documents');
      await expectVisible(
        page.getByRole('heading', { name: 'Documentos', exact: true }),
        'the documents page',
      );
      await page.getByLabel('Buscar documentos').fill(inv.fileName);
      const listed = page.locator('tr.ant-table-row').filter({ hasText: inv.fileName });
      await expectVisible(listed, 'the document in the list');
      await expectVisible(listed.getByText('Factura creada', { exact: true }), 'its status in the list');
      await listed.getByRole('button', { name: inv.fileName }).click();
      const drawer = page.locator('.ant-drawer-open');
      await expectVisible(drawer.getByText('Detalle del documento'), 'the details drawer');
      const field = (label: string) =>
        drawer
          .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=..');
      await expectVisible(field('NIF del proveedor').getByText(SUPPLIER_NIF), "the supplier's NIF");
      expect(plain(await field('Total').innerText())).toContain(money(total));
      expect(plain(await field('Número de factura').innerText())).toContain(inv.number);
      expect(await field('Fecha de expedición').innerText()).toContain(esDate(inv.date));
      await expectVisible(drawer.getByText('Fuente: Texto del PDF'), 'the source of the reading');
      await expectVisible(drawer.getByText('Los importes cuadran'), 'the arithmetic check');
      await settle(page);
      await screenshot(page, 'documents-drawer', { fullPage: false });
      await expectNoCrash(page, 'the documents page');
      await page.keyboard.press('Escape');
      await expectHidden(drawer.getByText('Detalle del documento'), 'the drawer');

      // --- /app/smart-inbox: the company's address and the widget ---
      await page.goto('/app/smart-inbox');
      await expectVisible(page.getByRole('heading', { name: 'Buzón inteligente' }), 'the smart inbox page');
      const address = page.getByTestId('inbox-address');
      await expectVisible(address, "the inbox's address");
      expect(await address.innerText()).toMatch(/^[a-z0-9-]+@inbox\.cuadra\.test$/);
      await expectVisible(
        page.getByText(/^(Estado del buzón|Buzón inteligente no configurado)$/),
        'the inbox widget',
      );
      await settle(page);
      await screenshot(page, 'smart-inbox');
      await expectNoCrash(page, 'the smart inbox');

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );

  e2eTest(
    'the client uploads an invoice for review, the gestor approves it on Revisión de documentos and the client sees it reviewed',
    async ({ page, newContext, problems }) => {
      const stamp = Date.now().toString(36).toUpperCase();
      const inv: InvoicePdf = {
        fileName: `ticket-cliente-${stamp}.pdf`,
        number: `CL-${today().slice(0, 4)}-${stamp}`,
        date: today(),
        baseCents: 12_340,
      };

      // --- the client: /app/document-upload, asking for a review ---
      await finishOnboardingViaApi(accounts.cliente);
      await logIn(page, accounts.cliente);
      await page.goto('/app/document-upload');
      await expectVisible(
        page.getByRole('heading', { name: 'Subir documentos' }),
        "the client's upload page",
      );
      await page.getByRole('checkbox', { name: 'Quiero que mi gestor lo revise' }).check();
      // A review asked with high priority is urgent for the gestoría.
      await page.getByRole('combobox', { name: 'Prioridad' }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^Alta$/ })
        .click();
      await dropFiles(page, page.locator('.ant-upload-drag .ant-upload').first(), [
        { name: inv.fileName, bytes: await invoicePdf(inv) },
      ]);
      await page.getByRole('button', { name: 'Subir archivos' }).click();
      const row = uploadRow(page, inv.fileName);
      await expectVisible(row.getByText('Subido', { exact: true }), "the client's file uploaded");
      await expectVisible(
        row.getByText(/^Factura (creada|incompleta)$/),
        "the client's invoice read",
        READING_TIMEOUT_MS,
      );
      await settle(page);
      await screenshot(page, 'documents-client-upload');
      await expectNoCrash(page, "the client's upload page");

      // --- the client: /app/my-documents lists it, waiting for the review ---
      await page.goto('/app/my-documents');
      await expectVisible(page.getByRole('heading', { name: 'Mis documentos' }), "the client's documents");
      const mine = page.locator('tr.ant-table-row').filter({ hasText: inv.fileName });
      await expectVisible(mine, "the client's document in its list");
      await expectVisible(mine.getByText('En revisión', { exact: true }), 'its review pending');
      await settle(page);
      await screenshot(page, 'documents-my-documents');
      await expectNoCrash(page, "the client's documents");

      // --- the gestor: /app/document-reviews, 'Revisar', 'Aprobar' ---
      await finishOnboardingViaApi(accounts.gestor);
      const gestorContext = await newContext();
      const gestor = await gestorContext.newPage();
      await logIn(gestor, accounts.gestor);
      await waitForPath(gestor, '/app/dashboard');
      await selectCompany(gestor, 'Espiga', ESPIGA);
      await gestor.goto('/app/document-reviews');
      await expectVisible(
        gestor.getByRole('heading', { name: 'Revisión de documentos' }),
        'the reviews page',
      );
      const pending = gestor.locator('tr.ant-table-row').filter({ hasText: inv.fileName });
      await expectVisible(pending, "the client's document among the pending reviews");
      await expectVisible(
        pending.getByText('Urgente', { exact: true }),
        'marked urgent (asked with priority)',
      );
      await expectVisible(pending.getByText('Prioridad alta', { exact: true }), 'its high priority');
      await pending.getByRole('button', { name: 'Revisar' }).click();
      const panel = gestor.locator('.ant-drawer-open');
      await expectVisible(panel.getByText(`Revisar ${inv.fileName}`), 'the review drawer');
      expect(await panel.getByLabel('NIF del proveedor').inputValue()).toBe(SUPPLIER_NIF);
      expect(await panel.getByLabel('Número de factura').inputValue()).toBe(inv.number);
      await settle(gestor);
      await screenshot(gestor, 'documents-review', { fullPage: false });
      await panel.getByRole('button', { name: 'Aprobar' }).click();
      await expectHidden(panel.getByText(`Revisar ${inv.fileName}`), 'the review drawer');
      await expectHidden(pending, 'the approved document among the pending reviews');
      await expectNoCrash(gestor, 'the reviews page');

      // --- the client sees it reviewed ---
      await page.reload();
      await expectVisible(mine.getByText('Revisado', { exact: true }), "the client's document reviewed");

      expect(problems, 'console errors or failed requests').toEqual([]);
    },
    { timeout: 120_000 },
  );
});
