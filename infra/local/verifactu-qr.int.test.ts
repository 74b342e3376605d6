/**
 * The VeriFacTu QR against the local cloud (issue 5, item 3; issue 10, item 3): a fresh company of
 * the demo gestor with VeriFacTu configured (VERI*FACTU mode, a test certificate) confirms an
 * invoice; its QR comes back as PNG and SVG (and as a download) encoding the AEAT validation URL of
 * its registro de alta, and the invoice PDF carries 'QR tributario:' with the VERI*FACTU legend.
 * An invoice whose record is not really sent gets neither: the company's first record goes to the
 * local AEAT simulator, which answers with a waiting time (TiempoEsperaEnvio) that holds the second
 * one in the queue; the configuration is then disabled, so that record cannot be sent — no QR, no
 * legend, while the first, already sent, keeps both — until VeriFacTu is enabled again. Meanwhile a
 * confirmation follows the rule of the day (shared/fiscal/verifactu-obligation.ts, RD 1007/2023):
 * before an SL's date it confirms without QR, from it it is refused (DOC_047) with where to
 * configure. An SII company's invoice has no record: 404 and the PDF keeps the empty frame.
 * Every company here configures VeriFacTu before it confirms, so the test holds whatever the date.
 */

import { NO_QR_MESSAGE } from '@functions/domains/verifactu/actions/get-invoice-qr';
import { qrMatrix } from '@functions/lib/qr';
import { formatInfo, pngBilevelPixels, pngChunks } from '@functions/lib/qr/test-helpers';
import { cifControl } from '@shared/fiscal/nif';
import { mandatoryRefusal, verifactuObligationOf } from '@shared/fiscal/verifactu-obligation';
import { formatAeatDate, formatAmount, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type { InvoiceVerifactuStatus, SubmissionStatus } from '@shared/schemas/verifactu';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { aeatSimulatorClient } from './testing/aeat-simulator';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const GESTOR_EMAIL = 'gestor@cuadra.test';
const DISABLED_REASON =
  'VeriFacTu está desactivado en la configuración de la empresa: los registros no se envían.';
/** Final states of a record that went to the AEAT. */
const ANSWERED: readonly SubmissionStatus[] = ['VERIFIED', 'ACCEPTED_WITH_ERRORS', 'ERROR'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const run = Date.now().toString(36).toUpperCase().slice(-4);
const freshCif = () => {
  const seven = String((Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const TODAY = new Date().toISOString().slice(0, 10);
const address = {
  street: 'Calle Mayor 1',
  postalCode: '46001',
  city: 'Valencia',
  province: 'Valencia',
  country: 'ES',
};

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

describe('VeriFacTu QR (local cloud)', () => {
  let gestor: string;

  const ok = async <T>(
    companyId: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await api.request<T>(method, path, { token: gestor, companyId, ...opts });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const get = (companyId: string, path: string, accept: string) =>
    fetch(new URL(path, cloud.url), {
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId, accept },
    });

  interface Company {
    id: string;
    nif: string;
    customer: Customer;
    series: InvoiceSeriesView;
  }

  /**
   * A fresh SL of the demo gestor with a customer and a series; outside the SII it configures
   * VeriFacTu (VERI*FACTU mode, test environment, a certificate of the local test CA) first.
   */
  async function freshCompany(name: string, siiEnabled: boolean): Promise<Company> {
    const company = await ok<{ companyId: string; nif: string }>('', 'POST', '/api/v1/companies', {
      body: { name, nif: freshCif(), companyType: 'SL', address, siiEnabled },
    });
    const id = company.companyId;
    if (!siiEnabled) await configureVerifactuThroughApi(cloud, { email: GESTOR_EMAIL, companyId: id });
    const customer = await ok<Customer>(id, 'POST', '/api/v1/customers', {
      body: { name: `Cliente QR ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    // A series code with '/' would be refused; the number still goes through the URL escaping.
    const series = await ok<InvoiceSeriesView>(id, 'POST', '/api/v1/invoice-series', {
      body: { code: `Q${run}`, description: `QR ${run}`, isDefault: false },
    });
    return { id, nif: company.nif, customer, series };
  }

  /** POST create-and-confirm of one 121,00 € invoice (the raw answer). */
  const createAndConfirm = (co: Company) =>
    api.request<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      token: gestor,
      companyId: co.id,
      query: { series: co.series.seriesId },
      body: {
        invoiceType: 'F1',
        invoiceDate: TODAY,
        customerId: co.customer.customerId,
        invoiceLines: [
          { description: 'Revisión anual', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 },
        ],
      },
    });

  const confirm = async (co: Company): Promise<Invoice> => {
    const res = await createAndConfirm(co);
    if (!res.body.success)
      throw new Error(`create-and-confirm -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  /** A fresh company with a customer and a series, and one confirmed invoice. */
  async function confirmedInvoice(name: string, siiEnabled: boolean) {
    const co = await freshCompany(name, siiEnabled);
    return { id: co.id, nif: co.nif, invoice: await confirm(co) };
  }

  const statusOf = (companyId: string, invoiceId: string) =>
    ok<InvoiceVerifactuStatus>(companyId, 'GET', `/api/v1/verifactu/invoices/${invoiceId}/status`);

  const pdfOf = async (companyId: string, invoiceId: string) =>
    (
      await pdfText(
        new Uint8Array(
          await (await get(companyId, `/api/v1/invoices/${invoiceId}/pdf`, 'application/pdf')).arrayBuffer(),
        ),
      )
    )[0]!;

  /** Polls the invoice's record until the AEAT simulator answered it; runs the sweep now and then. */
  async function answered(companyId: string, invoiceId: string): Promise<InvoiceVerifactuStatus> {
    const deadline = Date.now() + 45_000;
    let lastSweep = Date.now();
    for (;;) {
      const s = await statusOf(companyId, invoiceId);
      if (s.submissionStatus && ANSWERED.includes(s.submissionStatus)) return s;
      if (Date.now() > deadline) throw new Error(`record of ${invoiceId} still ${s.submissionStatus}`);
      if (Date.now() - lastSweep > 3_000) {
        lastSweep = Date.now();
        await fetch(new URL('/_dev/schedules/verifactu-sweep/run', cloud.url), {
          method: 'POST',
          headers: { accept: 'application/json' },
        }).catch(() => undefined);
      }
      await sleep(400);
    }
  }

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
  });

  it('serves the QR of a confirmed invoice as PNG and SVG, and the PDF carries it with its legend', async () => {
    const { id, nif, invoice } = await confirmedInvoice(`QR VeriFacTu ${run} SL`, false);
    // VERI*FACTU mode, test environment (the AEAT's prewww2 host).
    const url = verifactuQrUrl({
      nif,
      numSerie: invoice.invoiceNumber!,
      fecha: formatAeatDate(invoice.invoiceDate),
      importe: formatAmount(invoice.totals.totalCents),
      mode: 'VERIFACTU',
      environment: 'TEST',
    });
    expect(url).toContain('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=');
    expect(url).toContain('&importe=121.00');
    const matrix = qrMatrix(url);
    expect(formatInfo(matrix).level).toBe('M');

    const png = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr?format=png&size=240`,
      'image/png',
    );
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect(pngChunks(bytes).map((c) => [c.type, c.crcOk])).toEqual([
      ['IHDR', true],
      ['IDAT', true],
      ['IEND', true],
    ]);
    const { width, dark } = pngBilevelPixels(bytes);
    expect(width).toBe(240);
    const module = Math.floor(240 / (matrix.length + 8));
    const offset = Math.floor((240 - matrix.length * module) / 2);
    const sampled = matrix.map((row, y) =>
      row.map((_, x) => dark[offset + y * module]![offset + x * module]!),
    );
    expect(sampled).toEqual(matrix);

    const svg = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr?format=svg`,
      'image/svg+xml',
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const text = await svg.text();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
    expect(text).toContain(url.replace(/&/g, '&amp;'));

    const download = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr/download`,
      'image/png',
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="qr-${invoice.invoiceNumber!.replace(/[^\w.-]+/g, '-')}.png"`,
    );

    const pdf = await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf');
    expect(pdf.status).toBe(200);
    const pages = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).toContain('QR tributario:');
    expect(pages[0]).toContain('VERI*FACTU');
    expect(pages[0]).toContain(invoice.invoiceNumber!);
  });

  it('no QR nor legend unless the record is really sent in VERI*FACTU mode; a confirmation follows the rule of the day', {
    timeout: 150_000,
  }, async () => {
    const sim = aeatSimulatorClient(cloud.aeatSimulator!);
    // The waiting time the simulated AEAT answers with holds the company's next record in the queue.
    await sim.setWait(180);
    try {
      const co = await freshCompany(`QR No Enviado ${run} SL`, false);
      const sent = await confirm(co);
      expect(ANSWERED).toContain((await answered(co.id, sent.invoiceId)).submissionStatus);
      const held = await confirm(co);
      await ok(co.id, 'PUT', `/api/v1/companies/${co.id}/verifactu-config`, { body: { enabled: false } });

      // The held record cannot be sent now: no QR (404), nor URL, nor legend, and why.
      const heldStatus = await statusOf(co.id, held.invoiceId);
      expect(heldStatus).toMatchObject({
        applies: true,
        submissionStatus: 'QUEUED',
        qrUrl: null,
        legend: null,
        pendingReason: { code: 'DISABLED', message: DISABLED_REASON },
      });
      const qr = await api.request('GET', `/api/v1/verifactu/invoices/${held.invoiceId}/qr`, {
        token: gestor,
        companyId: co.id,
      });
      expect(qr.status).toBe(404);
      expect(qr.body.error?.message).toBe(NO_QR_MESSAGE);
      const heldPdf = await pdfOf(co.id, held.invoiceId);
      expect(heldPdf).toContain(held.invoiceNumber!);
      expect(heldPdf).not.toContain('QR tributario:');
      expect(heldPdf).not.toContain('VERI*FACTU');
      expect(heldPdf).not.toContain('Factura verificable');

      // The one the AEAT has keeps both.
      expect((await statusOf(co.id, sent.invoiceId)).legend).toBe('VERI*FACTU');
      expect((await get(co.id, `/api/v1/verifactu/invoices/${sent.invoiceId}/qr`, 'image/png')).status).toBe(
        200,
      );
      const sentPdf = await pdfOf(co.id, sent.invoiceId);
      expect(sentPdf).toContain('QR tributario:');
      expect(sentPdf).toContain('VERI*FACTU');

      // A confirmation while the company cannot send: the rule in force today for an SL.
      const obligation = verifactuObligationOf({ companyType: 'SL', siiEnabled: false }, new Date());
      expect(obligation).toMatchObject({ applies: true, taxpayerKind: 'CORPORATE_TAX' });
      const third = await createAndConfirm(co);
      let unsent: Invoice | null = null;
      if (obligation.mandatory) {
        expect(third.status).toBe(409);
        expect(third.body.error).toMatchObject({
          code: 'DOC_047',
          message: `${mandatoryRefusal(obligation.mandatoryFrom!)} ${DISABLED_REASON}`,
          details: {
            reason: 'VERIFACTU_REQUIRED',
            sendingBlock: 'DISABLED',
            mandatoryFrom: obligation.mandatoryFrom,
            link: `/app/companies/${co.id}/verifactu`,
          },
        });
      } else {
        expect(third.status).toBe(201);
        unsent = third.body.data!;
        expect(await statusOf(co.id, unsent.invoiceId)).toMatchObject({
          submissionStatus: 'QUEUED',
          qrUrl: null,
          legend: null,
          pendingReason: { code: 'DISABLED' },
        });
        expect(await pdfOf(co.id, unsent.invoiceId)).not.toContain('QR tributario:');
      }

      // Enabled again, the company sends: the held record (and any confirmed meanwhile) gets both.
      await ok(co.id, 'PUT', `/api/v1/companies/${co.id}/verifactu-config`, { body: { enabled: true } });
      for (const inv of unsent ? [held, unsent] : [held]) {
        const s = await statusOf(co.id, inv.invoiceId);
        expect(s.pendingReason).toBeNull();
        expect(s.legend).toBe('VERI*FACTU');
        expect(s.qrUrl).toBe(
          verifactuQrUrl({
            nif: co.nif,
            numSerie: inv.invoiceNumber!,
            fecha: formatAeatDate(inv.invoiceDate),
            importe: formatAmount(inv.totals.totalCents),
            mode: 'VERIFACTU',
            environment: 'TEST',
          }),
        );
        expect((await get(co.id, `/api/v1/verifactu/invoices/${inv.invoiceId}/qr`, 'image/png')).status).toBe(
          200,
        );
        const pdf = await pdfOf(co.id, inv.invoiceId);
        expect(pdf).toContain('QR tributario:');
        expect(pdf).toContain('VERI*FACTU');
      }
    } finally {
      // Back to the simulator's default for the files that run after this one.
      await sim.setWait(60);
    }
  });

  it('an SII company invoice has no VeriFacTu QR: 404 in Spanish, and the PDF has no QR block', async () => {
    const { id, invoice } = await confirmedInvoice(`QR SII ${run} SA`, true);
    const res = await api.request('GET', `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr`, {
      token: gestor,
      companyId: id,
    });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    if (!res.body.success) {
      expect(res.body.error.code).toBe('CORE_006');
      expect(res.body.error.message).toBe(NO_QR_MESSAGE);
    }
    const pdf = await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf');
    expect(pdf.status).toBe(200);
    const pages = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).not.toContain('QR tributario:');
  });
});
