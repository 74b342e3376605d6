/**
 * The invoice as an A4 PDF (pdf-lib, standard Helvetica in WinAnsi), with the contents art. 6
 * RD 1619/2012 requires: number and series, dates (6.1.a, 6.1.f), issuer and customer with NIF and
 * address (6.1.c–e), the lines, the VAT breakdown by rate with base and cuota (6.1.g–h), and the
 * legal mentions (6.1.j–n). A rectificativa (R1–R5) also carries what art. 15 requires: its
 * condition, the rectified invoices with their numbers and dates, the reason and the method (por
 * sustitución / por diferencias). A confirmed invoice whose VeriFacTu record is really sent in
 * VERI*FACTU mode carries, on its first page, the QR of the AEAT validation URL with 'QR tributario:'
 * above it and the legend below it (Orden HAC/1177/2024 arts. 20–21); the caller decides
 * (lib/invoice-document). Pure: the same inputs give the same document.
 */

import { darkRuns, qrMatrix } from '@functions/lib/qr';
import { createLogger } from '@functions/platform/logger';
import { QR_LABEL, VERIFACTU_LEGEND_LONG } from '@shared/fiscal/verifactu-record';
import { isNormalisedImage } from '@shared/images/normalised-image';
import type { CompanySettings } from '@shared/schemas/companies';
import type {
  Invoice,
  InvoiceCustomerSnapshot,
  InvoiceIssuerSnapshot,
  InvoiceRectification,
  PaymentMethod,
} from '@shared/schemas/invoices';
import {
  degrees,
  fill,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rectangle,
  rgb,
  StandardFonts,
  setFillingColor,
} from 'pdf-lib';
import { formatCents, formatDate, formatQuantity, formatRate, toWinAnsi } from './format';

const MM = 72 / 25.4;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 40;
const CONTENT_W = PAGE_W - 2 * MARGIN;
/** Space kept at the bottom of every page for the page number. */
const BOTTOM = 55;
/**
 * Reserved for the VeriFacTu QR (art. 21 Orden HAC/1177/2024: 30–40 mm), top right of the first
 * page. An invoice without a QR (draft, SII company, a record not sent in VERI*FACTU mode) shows
 * only a thin frame here; with one, the QR block below takes its place (see `drawVerifactuQr`).
 */
export const QR_AREA = { size: 36 * MM, x: PAGE_W - MARGIN - 36 * MM, top: PAGE_H - MARGIN } as const;

/**
 * The VeriFacTu QR block: the symbol is printed at 32 mm (the order allows 30–40 mm), centred in
 * QR_AREA's width, with a quiet zone of at least 2 mm and 4 modules (ISO/IEC 18004) kept free of
 * any mark on every side; 'QR tributario:' right above the quiet zone, the legend right below it.
 */
export const QR_SYMBOL_SIZE = 32 * MM;
const QR_MIN_QUIET = 2 * MM;
const QR_LABEL_SIZE = 8;
const QR_LEGEND_SIZE = 9;
const QR_LEGEND_LONG_SIZE = 7.5;

/** What the invoice's VeriFacTu record puts on the PDF. */
export interface InvoiceQr {
  /** The AEAT validation URL (ValidarQR or ValidarQRNoVerifactu). */
  qrUrl: string;
  /** 'VERI*FACTU' in VERI*FACTU mode; null in NO VERI*FACTU mode (no legend then). */
  legend: string | null;
}

/** Where the symbol goes: its top-left corner, module size and quiet zone (points). */
export function qrPlacement(modules: number): { x: number; top: number; module: number; quiet: number } {
  const module = QR_SYMBOL_SIZE / modules;
  const quiet = Math.max(QR_MIN_QUIET, 4 * module);
  const labelBaseline = QR_AREA.top - QR_LABEL_SIZE;
  return {
    x: QR_AREA.x + (QR_AREA.size - QR_SYMBOL_SIZE) / 2,
    // Below the label's baseline (room for a descender), then the quiet zone.
    top: labelBaseline - 2.5 - quiet,
    module,
    quiet,
  };
}

const GREY = rgb(0.35, 0.35, 0.35);
const LIGHT = rgb(0.8, 0.8, 0.8);
const BLACK = rgb(0, 0, 0);
const RED = rgb(0.75, 0.1, 0.1);

const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  TRANSFER: 'Transferencia bancaria',
  DIRECT_DEBIT: 'Domiciliación bancaria',
  CARD: 'Tarjeta',
  CASH: 'Efectivo',
  OTHER: 'Otro',
};

const OPERATION_LABELS: Record<string, string> = {
  S2: 'Inversión del sujeto pasivo',
  N1: 'No sujeta',
  N2: 'No sujeta (localización)',
};

export function invoiceTitle(invoiceType: string): string {
  if (invoiceType.startsWith('R')) return 'FACTURA RECTIFICATIVA';
  if (invoiceType === 'F2') return 'FACTURA SIMPLIFICADA';
  return 'FACTURA';
}

function parseColour(hex: string | undefined): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return rgb(0.12, 0.31, 0.47);
  return rgb(
    Number.parseInt(m[1]!, 16) / 255,
    Number.parseInt(m[2]!, 16) / 255,
    Number.parseInt(m[3]!, 16) / 255,
  );
}

/**
 * A breakdown group's row title. A one-stop-shop group (`ossCountry`) charges the VAT of the member state
 * of consumption: its rate and state are printed (art. 6.1.g RD 1619/2012, the rate applied).
 */
const operationLabel = (operation: string, vatRateBp: number, ossCountry?: string): string =>
  ossCountry
    ? `IVA ${ossCountry} ${formatRate(vatRateBp)} (OSS)`
    : operation === 'S1'
      ? `IVA ${formatRate(vatRateBp)}`
      : (OPERATION_LABELS[operation] ?? (operation.startsWith('E') ? `Exenta (${operation})` : operation));

/** The short VAT cell of a line; the breakdown and the legal mentions give the full wording. */
const lineVatLabel = (operation: string, vatRateBp: number, ossCountry?: string): string => {
  if (ossCountry) return `${formatRate(vatRateBp)} ${ossCountry}`;
  if (operation === 'S1') return formatRate(vatRateBp);
  if (operation === 'S2') return 'ISP';
  return operation.startsWith('E') ? 'Exenta' : 'No sujeta';
};

function customerLines(c: InvoiceCustomerSnapshot): string[] {
  const lines = [c.name];
  if (c.taxId) {
    lines.push(
      typeof c.taxId === 'string'
        ? `NIF: ${c.taxId}`
        : `${c.taxId.type === 'NIF_IVA' ? 'NIF-IVA' : 'Id.'}: ${c.taxId.value} (${c.taxId.country})`,
    );
  }
  if (c.address) lines.push(c.address);
  const city = [c.postalCode, c.city].filter(Boolean).join(' ');
  if (city || (c.country && c.country !== 'ES'))
    lines.push([city, c.country !== 'ES' ? c.country : ''].filter(Boolean).join(', '));
  return lines;
}

function issuerLines(issuer: InvoiceIssuerSnapshot): string[] {
  const lines = [issuer.name, `NIF: ${issuer.nif}`, issuer.street];
  lines.push(
    [
      `${issuer.postalCode} ${issuer.city}`.trim(),
      issuer.province,
      issuer.country !== 'ES' ? issuer.country : '',
    ]
      .filter(Boolean)
      .join(', '),
  );
  if (issuer.email) lines.push(issuer.email);
  if (issuer.phone) lines.push(issuer.phone);
  return lines;
}

export const RECTIFICATION_METHOD_LABELS: Record<InvoiceRectification['method'], string> = {
  SUBSTITUTION: 'Rectificación por sustitución',
  DIFFERENCES: 'Rectificación por diferencias',
};

/** What art. 15 RD 1619/2012 asks a rectificativa to state, as printable lines. */
export function rectificationLines(r: InvoiceRectification): string[] {
  const lines = [`Método: ${RECTIFICATION_METHOD_LABELS[r.method] ?? r.method}`];
  const refs = r.rectified.map((ref) => `${ref.invoiceNumber} de ${formatDate(ref.invoiceDate)}`);
  if (refs.length)
    lines.push(`${refs.length > 1 ? 'Facturas rectificadas' : 'Factura rectificada'}: ${refs.join('; ')}`);
  lines.push(`Motivo de la rectificación: ${r.reason}`);
  return lines;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { title: 'Descripción', width: 205, align: 'left' },
  { title: 'Cantidad', width: 55, align: 'right' },
  { title: 'Precio unit.', width: 70, align: 'right' },
  { title: 'Dto.', width: 40, align: 'right' },
  { title: 'IVA', width: 45, align: 'right' },
  { title: 'Base', width: CONTENT_W - 415, align: 'right' },
];

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly colour: RGB,
    readonly continuation: string,
    readonly draft: boolean,
  ) {}

  addPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.y = PAGE_H - MARGIN;
    if (this.draft) this.watermark();
    if (this.pages.length > 1) {
      this.text(this.continuation, MARGIN, this.y - 10, { size: 9, colour: GREY });
      this.y -= 28;
    }
  }

  watermark(): void {
    this.page.drawText('BORRADOR', {
      x: 130,
      y: 260,
      size: 110,
      font: this.bold,
      color: RED,
      opacity: 0.12,
      rotate: degrees(45),
    });
  }

  width(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.font).widthOfTextAtSize(toWinAnsi(text), size);
  }

  text(
    text: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; colour?: RGB; align?: 'left' | 'right'; width?: number } = {},
  ): void {
    const size = o.size ?? 9;
    const clean = toWinAnsi(text);
    const w = this.width(clean, size, o.bold);
    const left = o.align === 'right' ? x + (o.width ?? 0) - w : x;
    this.page.drawText(clean, {
      x: left,
      y,
      size,
      font: o.bold ? this.bold : this.font,
      color: o.colour ?? BLACK,
    });
  }

  /** Splits text into lines that fit `width` (words longer than a line are cut). */
  wrap(text: string, width: number, size: number, bold = false): string[] {
    const out: string[] = [];
    for (const paragraph of text.split(/\r\n?|\n/).map(toWinAnsi)) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        let w = word;
        while (this.width(w, size, bold) > width) {
          let cut = w.length - 1;
          while (cut > 1 && this.width(w.slice(0, cut), size, bold) > width) cut--;
          if (line) out.push(line);
          out.push(w.slice(0, cut));
          line = '';
          w = w.slice(cut);
        }
        const candidate = line ? `${line} ${w}` : w;
        if (this.width(candidate, size, bold) > width && line) {
          out.push(line);
          line = w;
        } else line = candidate;
      }
      out.push(line);
    }
    return out;
  }

  /** Moves to a new page when `height` does not fit; true when it did. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.addPage();
    return true;
  }

  heading(title: string): void {
    this.ensure(30);
    this.y -= 16;
    this.text(title, MARGIN, this.y, { size: 10, bold: true, colour: this.colour });
    this.y -= 4;
  }

  paragraph(text: string, size = 8.5, colour: RGB = BLACK): void {
    for (const line of this.wrap(text, CONTENT_W, size)) {
      this.ensure(size + 3);
      this.y -= size + 3;
      this.text(line, MARGIN, this.y, { size, colour });
    }
  }
}

/**
 * The company's logo: only its normalised copy (lib/images), with the dimensions stored beside it.
 * Anything else is not drawn: pdf-lib decodes a PNG whole to embed it, so an image whose header
 * claims more than the normalised side could be a decompression bomb in every PDF.
 */
export interface InvoiceLogo {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
  normalised: true;
  width: number;
  height: number;
}

/** Where the company's logo goes: top, left of the VeriFacTu QR frame, at most 45 × 22 mm. */
const LOGO_BOX = { w: 45 * MM, h: 22 * MM, gap: 4 * MM } as const;

async function drawLogo(doc: PDFDocument, page: PDFPage, logo: InvoiceLogo): Promise<void> {
  if (!logo.normalised || !isNormalisedImage(logo)) {
    createLogger({ component: 'invoice-pdf' }).warn('logo skipped: not a normalised image', {
      contentType: logo.contentType,
      declared: `${logo.width}x${logo.height}`,
    });
    return;
  }
  let image: PDFImage;
  try {
    image =
      logo.contentType === 'image/png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    // A logo that cannot be read must not stop the invoice: it is printed without it.
    return;
  }
  const scale = Math.min(LOGO_BOX.w / image.width, LOGO_BOX.h / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: QR_AREA.x - LOGO_BOX.gap - width,
    y: QR_AREA.top - height,
    width,
    height,
  });
}

/**
 * Draws the QR block on the (first) page: label, symbol as filled rectangles (one per run of dark
 * modules, in one path, so no seams), legend. Returns the lowest y it used.
 */
function drawVerifactuQr(w: Writer, qr: InvoiceQr): number {
  const matrix = qrMatrix(qr.qrUrl);
  const { x, top, module, quiet } = qrPlacement(matrix.length);
  const centre = x + QR_SYMBOL_SIZE / 2;
  const centred = (text: string, y: number, size: number, bold = false) =>
    w.text(text, centre - w.width(text, size, bold) / 2, y, { size, bold });

  centred(QR_LABEL, QR_AREA.top - QR_LABEL_SIZE, QR_LABEL_SIZE, true);
  w.page.pushOperators(
    pushGraphicsState(),
    setFillingColor(BLACK),
    ...darkRuns(matrix).map((r) =>
      rectangle(x + r.x * module, top - (r.row + 1) * module, r.length * module, module),
    ),
    fill(),
    popGraphicsState(),
  );
  let y = top - QR_SYMBOL_SIZE - quiet;
  if (!qr.legend) return y;
  y -= QR_LEGEND_SIZE;
  centred(qr.legend, y, QR_LEGEND_SIZE, true);
  // The long form as well when it fits under the code in three lines at most.
  const long = w.wrap(VERIFACTU_LEGEND_LONG, QR_AREA.size + 8 * MM, QR_LEGEND_LONG_SIZE);
  if (long.length <= 3) {
    for (const line of long) {
      y -= QR_LEGEND_LONG_SIZE + 2;
      centred(line, y, QR_LEGEND_LONG_SIZE);
    }
  }
  return y - 3;
}

/** A new document with its metadata: title and number, author, and the date of the invoice. */
function startDocument(
  doc: PDFDocument,
  invoice: Invoice,
  issuer: InvoiceIssuerSnapshot,
  heading: string,
): void {
  doc.setTitle(toWinAnsi(heading));
  doc.setAuthor(toWinAnsi(issuer.name));
  doc.setProducer('Cuadra');
  doc.setCreator('Cuadra');
  const createdAt = new Date(invoice.confirmedAt ?? invoice.updatedAt);
  if (!Number.isNaN(createdAt.getTime())) {
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
  }
}

/**
 * The VeriFacTu area (top right, first page only): the QR block when the invoice carries one, else
 * the empty frame. Returns the lowest y it used.
 */
function drawVerifactuArea(w: Writer, qr: InvoiceQr | undefined): number {
  if (qr) return drawVerifactuQr(w, qr);
  w.page.drawRectangle({
    x: QR_AREA.x,
    y: QR_AREA.top - QR_AREA.size,
    width: QR_AREA.size,
    height: QR_AREA.size,
    borderColor: LIGHT,
    borderWidth: 0.5,
  });
  return QR_AREA.top - QR_AREA.size;
}

/** Title, number, series and dates (art. 6.1.a, 6.1.f), left of the logo and the QR area. */
function drawTitleBlock(w: Writer, invoice: Invoice, title: string, number: string, qrBottom: number): void {
  let y = w.y - 20;
  w.text(title, MARGIN, y, { size: 18, bold: true, colour: w.colour });
  if (w.draft) {
    y -= 18;
    w.text('BORRADOR — sin validez fiscal', MARGIN, y, { size: 11, bold: true, colour: RED });
  }
  const meta: [string, string][] = [['Número', number]];
  if (invoice.series) meta.push(['Serie', invoice.series]);
  meta.push(['Fecha de expedición', formatDate(invoice.invoiceDate)]);
  if (invoice.operationDate && invoice.operationDate !== invoice.invoiceDate) {
    meta.push(['Fecha de operación', formatDate(invoice.operationDate)]);
  }
  y -= 8;
  for (const [label, value] of meta) {
    y -= 13;
    w.text(`${label}:`, MARGIN, y, { size: 9.5, bold: true });
    w.text(value, MARGIN + 105, y, { size: 9.5 });
  }
  w.y = Math.min(y, qrBottom) - 14;
}

/** Issuer and customer side by side (art. 6.1.c, 6.1.d, 6.1.e). */
function drawParties(w: Writer, invoice: Invoice, issuer: InvoiceIssuerSnapshot): void {
  const colW = CONTENT_W / 2 - 10;
  const blocks: [string, string[]][] = [['Emisor', issuerLines(issuer)]];
  if (invoice.customer) blocks.push(['Cliente', customerLines(invoice.customer)]);
  let lowest = w.y;
  blocks.forEach(([label, lines], i) => {
    const x = MARGIN + i * (colW + 20);
    let by = w.y - 12;
    w.text(label, x, by, { size: 10, bold: true, colour: w.colour });
    by -= 3;
    lines.forEach((line, j) => {
      for (const part of w.wrap(line, colW, 9, j === 0)) {
        by -= 12;
        w.text(part, x, by, { size: 9, bold: j === 0 });
      }
    });
    lowest = Math.min(lowest, by);
  });
  w.y = lowest - 18;
}

/** A rectificativa says so, names the invoices it rectifies and why, and how (art. 15 RD 1619/2012). */
function drawRectification(w: Writer, invoice: Invoice): void {
  if (!invoice.rectification) return;
  w.heading('Datos de la rectificación');
  for (const l of rectificationLines(invoice.rectification)) w.paragraph(l, 9);
  w.y -= 10;
}

/** The header row of the lines table, repeated on every page the table reaches. */
function drawLinesHeader(w: Writer): void {
  w.page.drawRectangle({ x: MARGIN, y: w.y - 16, width: CONTENT_W, height: 16, color: w.colour });
  let x = MARGIN;
  for (const c of COLUMNS) {
    w.text(c.title, x + 3, w.y - 11.5, {
      size: 8.5,
      bold: true,
      colour: rgb(1, 1, 1),
      align: c.align,
      width: c.width - 6,
    });
    x += c.width;
  }
  w.y -= 16;
}

/** One line of the table: a row as tall as its longest cell, so nothing spills into the next row. */
function drawLineRow(w: Writer, line: Invoice['invoiceLines'][number]): void {
  const desc = w.wrap(line.description, COLUMNS[0]!.width - 6, 8.5);
  const cells = [
    formatQuantity(line.quantityMilli),
    formatCents(line.unitPriceCents),
    line.discountBp ? formatRate(line.discountBp) : '',
    lineVatLabel(line.operation, line.vatRateBp, line.ossCountry),
    formatCents(line.baseCents),
  ].map((cell, i) => {
    const width = COLUMNS[i + 1]!.width - 6;
    return w.width(cell, 8.5) > width ? w.wrap(cell, width, 7) : [cell];
  });
  const height = Math.max(desc.length * 11, ...cells.map((parts) => parts.length * 9 + 2)) + 5;
  if (w.ensure(height)) drawLinesHeader(w);
  const top = w.y - 11;
  desc.forEach((d, i) => {
    w.text(d, MARGIN + 3, top - i * 11, { size: 8.5 });
  });
  let x = MARGIN + COLUMNS[0]!.width;
  cells.forEach((parts, i) => {
    const c = COLUMNS[i + 1]!;
    parts.forEach((p, k) => {
      w.text(p, x + 3, top - k * 9, {
        size: parts.length > 1 ? 7 : 8.5,
        align: 'right',
        width: c.width - 6,
      });
    });
    x += c.width;
  });
  w.y -= height;
  w.page.drawLine({
    start: { x: MARGIN, y: w.y },
    end: { x: MARGIN + CONTENT_W, y: w.y },
    thickness: 0.3,
    color: LIGHT,
  });
}

/** The lines, with the header row repeated on every page. */
function drawLines(w: Writer, invoice: Invoice): void {
  drawLinesHeader(w);
  for (const line of invoice.invoiceLines) drawLineRow(w, line);
}

/** VAT breakdown by rate: base and cuota (art. 6.1.g, 6.1.h), recargo de equivalencia when any. */
function drawVatBreakdown(w: Writer, invoice: Invoice): void {
  const hasRecargo = invoice.breakdown.some((g) => g.recargoRateBp > 0 || g.recargoCents > 0);
  w.y -= 8;
  w.heading('Desglose de IVA');
  const bCols = hasRecargo ? [175, 95, 75, 95, 75] : [215, 115, 0, 0, 185];
  const bTitles = ['Tipo', 'Base imponible', 'Cuota IVA', 'Recargo eq.', 'Cuota recargo'];
  const bRow = (cells: string[], boldRow: boolean) => {
    w.ensure(14);
    w.y -= 13;
    let x = MARGIN;
    const shown = hasRecargo ? [0, 1, 2, 3, 4] : [0, 1, 2];
    const widths = hasRecargo ? bCols : [215, 115, CONTENT_W - 330];
    shown.forEach((idx, k) => {
      const width = widths[k]!;
      w.text(cells[idx] ?? '', x, w.y, {
        size: 8.5,
        bold: boldRow,
        align: k === 0 ? 'left' : 'right',
        width: width - 3,
      });
      x += width;
    });
  };
  bRow(bTitles, true);
  for (const g of invoice.breakdown) {
    bRow(
      [
        operationLabel(g.operation, g.vatRateBp, g.ossCountry),
        formatCents(g.baseCents),
        formatCents(g.vatCents),
        g.recargoRateBp ? formatRate(g.recargoRateBp) : '',
        g.recargoRateBp || g.recargoCents ? formatCents(g.recargoCents) : '',
      ],
      false,
    );
  }
}

/** The totals: base, VAT, recargo, IRPF withheld when any, and the invoice total underlined. */
function drawTotals(w: Writer, invoice: Invoice): void {
  const t = invoice.totals;
  const totals: [string, string, boolean][] = [
    ['Base imponible', formatCents(t.baseCents), false],
    ['Cuota de IVA', formatCents(t.vatCents), false],
  ];
  if (t.recargoCents) totals.push(['Recargo de equivalencia', formatCents(t.recargoCents), false]);
  if (t.irpfCents || invoice.irpfRateBp) {
    totals.push([`Retención IRPF (${formatRate(invoice.irpfRateBp)})`, formatCents(-t.irpfCents), false]);
  }
  totals.push(['Total factura', formatCents(t.totalCents), true]);
  w.y -= 10;
  w.ensure(totals.length * 15 + 6);
  const labelX = MARGIN + CONTENT_W - 260;
  for (const [label, value, strong] of totals) {
    w.y -= strong ? 17 : 14;
    if (strong) {
      w.page.drawLine({
        start: { x: labelX, y: w.y + 12 },
        end: { x: MARGIN + CONTENT_W, y: w.y + 12 },
        thickness: 0.8,
        color: w.colour,
      });
    }
    const size = strong ? 11 : 9;
    w.text(label, labelX, w.y, { size, bold: strong, colour: strong ? w.colour : BLACK });
    w.text(value, labelX, w.y, { size, bold: strong, align: 'right', width: 260 });
  }
}

/** Legal mentions (exemption article, inversión del sujeto pasivo, recargo, criterio de caja). */
function drawLegalMentions(w: Writer, invoice: Invoice): void {
  if (!invoice.legalMentions.length) return;
  w.heading('Menciones legales');
  for (const mention of invoice.legalMentions) w.paragraph(mention);
}

/** How and when to pay: method, due date, and the IBAN unless paid in cash or by card. */
function drawPayment(w: Writer, invoice: Invoice, settings: CompanySettings): void {
  const payment: string[] = [];
  if (invoice.paymentMethod) payment.push(`Forma de pago: ${PAYMENT_METHODS[invoice.paymentMethod]}`);
  if (invoice.dueDate) payment.push(`Vencimiento: ${formatDate(invoice.dueDate)}`);
  const iban = settings.invoicing.iban;
  if (iban && invoice.paymentMethod !== 'CASH' && invoice.paymentMethod !== 'CARD') {
    payment.push(`IBAN: ${iban.replace(/(.{4})(?=.)/g, '$1 ')}`);
  }
  if (!payment.length) return;
  w.heading('Pago');
  for (const p of payment) w.paragraph(p, 9);
}

/** The invoice's notes and the company's footer text. */
function drawNotes(w: Writer, invoice: Invoice, settings: CompanySettings): void {
  if (invoice.notes) {
    w.heading('Observaciones');
    w.paragraph(invoice.notes);
  }
  if (settings.invoicing.footerNotes) {
    w.y -= 8;
    w.paragraph(settings.invoicing.footerNotes, 8, GREY);
  }
}

/** Page numbers and the issuer on every page, now that the count is known. */
function drawPageFooters(w: Writer, issuer: InvoiceIssuerSnapshot): void {
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    w.page = page;
    const label = `Página ${i + 1} / ${total}`;
    w.text(label, MARGIN, 28, { size: 8, colour: GREY, align: 'right', width: CONTENT_W });
    w.text(`${issuer.name} · NIF ${issuer.nif}`, MARGIN, 28, { size: 8, colour: GREY });
  });
}

/**
 * The PDF of a stored invoice, with the issuer's data (the snapshot of a confirmed invoice, the
 * company now for a draft) and the company's invoicing settings; the QR block only when the caller
 * gives one (lib/invoice-document: an alta really sent in VERI*FACTU mode). Each step below draws
 * one part of the page in reading order and leaves the writer's cursor under it.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  issuer: InvoiceIssuerSnapshot,
  settings: CompanySettings,
  logo?: InvoiceLogo,
  qr?: InvoiceQr,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = invoiceTitle(invoice.invoiceType);
  const draft = invoice.status === 'DRAFT';
  const number = invoice.invoiceNumber ?? 'BORRADOR';
  startDocument(doc, invoice, issuer, `${title} ${number}`);

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const colour = parseColour(settings.invoicing.primaryColor);
  const w = new Writer(doc, font, bold, colour, `${title} ${number} (continuación)`, draft);
  w.addPage();

  const qrBottom = drawVerifactuArea(w, qr);
  if (logo) await drawLogo(doc, w.page, logo);
  drawTitleBlock(w, invoice, title, number, qrBottom);
  drawParties(w, invoice, issuer);
  drawRectification(w, invoice);
  drawLines(w, invoice);
  drawVatBreakdown(w, invoice);
  drawTotals(w, invoice);
  drawLegalMentions(w, invoice);
  drawPayment(w, invoice, settings);
  drawNotes(w, invoice, settings);
  drawPageFooters(w, issuer);

  return doc.save();
}
