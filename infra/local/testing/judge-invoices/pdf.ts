/**
 * Draws the judge's invoices as digital PDFs (a real text layer) with pdf-lib, in five layouts of its
 * own: a utility bill, a professional's minuta, a classic table invoice (recargo, exempt, two pages,
 * rectificativa, VeriFacTu QR), a narrow till ticket and an English EU invoice. Fonts are the PDF
 * standard ones (Helvetica, Times, Courier) at sizes from 8 to 11 pt.
 */

import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encode } from 'uqr';
import { type InvoiceSpec, type Party, taxSummary, totalsOf } from './corpus';
import { amount, date, money, rate, verifactuQrUrl } from './format';

const A4 = { w: 595.28, h: 841.89 };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function fontsOf(doc: PDFDocument, family: InvoiceSpec['font']): Promise<Fonts> {
  const pick = {
    Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
    Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
    Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
  }[family];
  return { regular: await doc.embedFont(pick[0]!), bold: await doc.embedFont(pick[1]!) };
}

/** A page written from the top (y grows downwards), in points. */
class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
    readonly size: number,
  ) {}
  get width() {
    return this.page.getWidth();
  }
  text(
    x: number,
    y: number,
    s: string,
    o: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
  ) {
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const size = o.size ?? this.size;
    const w = font.widthOfTextAtSize(s, size);
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x;
    this.page.drawText(s, { x: left, y: this.page.getHeight() - y, size, font, color: rgb(0, 0, 0) });
  }
  rule(x1: number, y: number, x2: number, thickness = 0.6) {
    const h = this.page.getHeight();
    this.page.drawLine({
      start: { x: x1, y: h - y },
      end: { x: x2, y: h - y },
      thickness,
      color: rgb(0.2, 0.2, 0.2),
    });
  }
  box(x: number, y: number, w: number, hgt: number, fill?: number) {
    this.page.drawRectangle({
      x,
      y: this.page.getHeight() - y - hgt,
      width: w,
      height: hgt,
      borderColor: rgb(0.3, 0.3, 0.3),
      borderWidth: 0.6,
      ...(fill !== undefined ? { color: rgb(fill, fill, fill) } : {}),
    });
  }
  /** A QR symbol drawn as dark modules (vector), top-left corner at (x, y). */
  qr(x: number, y: number, text: string, sidePt: number) {
    const m = encode(text, { ecc: 'M', border: 0, boostEcc: false }).data;
    const mod = sidePt / m.length;
    const h = this.page.getHeight();
    for (let r = 0; r < m.length; r++) {
      for (let c = 0; c < m.length; c++) {
        if (m[r]![c]) {
          this.page.drawRectangle({
            x: x + c * mod,
            y: h - y - (r + 1) * mod,
            width: mod,
            height: mod,
            color: rgb(0, 0, 0),
          });
        }
      }
    }
  }
}

// --- a small PNG encoder (for the embedded QR image) -------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit grayscale PNG of `gray` (one byte per pixel, row after row). */
export function encodeGrayPng(gray: Uint8Array, width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(gray.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** The QR of `text` as a PNG, `px` pixels per module, 4 modules of quiet zone. */
export function qrPng(text: string, px = 4): Uint8Array {
  const m = encode(text, { ecc: 'M', border: 4, boostEcc: false }).data;
  const side = m.length * px;
  const gray = new Uint8Array(side * side).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) if (m[Math.floor(y / px)]![Math.floor(x / px)]) gray[y * side + x] = 0;
  }
  return encodeGrayPng(gray, side, side);
}

export const qrUrlOf = (spec: InvoiceSpec): string =>
  verifactuQrUrl({
    nif: spec.supplier.nif,
    number: spec.number,
    issueDate: spec.issueDate,
    totalCents: totalsOf(spec).total,
  });

// --- layouts ------------------------------------------------------------------------------------

const partyLines = (p: Party): string[] => [...p.address];
const taxId = (p: Party) => `${p.nifLabel}: ${p.nifPrinted}`;

function utility(
  doc: PDFDocument,
  s: Sheet,
  spec: InvoiceSpec,
  qrImage?: Awaited<ReturnType<PDFDocument['embedPng']>>,
) {
  const labels = [
    {
      title: 'FACTURA',
      number: 'Nº de factura',
      date: 'Fecha de emisión',
      detail: 'Detalle de la factura',
      total: 'TOTAL FACTURA',
    },
    {
      title: 'FACTURA DE SERVICIOS',
      number: 'Número de factura',
      date: 'Fecha factura',
      detail: 'Conceptos facturados',
      total: 'Importe total a pagar',
    },
    { title: 'Factura', number: 'Factura nº', date: 'Fecha', detail: 'Detalle', total: 'Total' },
  ][spec.variant]!;
  const W = s.width;
  const big = spec.fontSize + 11;
  s.text(40, 60, spec.supplier.tradeName ?? spec.supplier.legalName, { size: big, bold: true });
  s.text(40, 76, 'Atención al cliente 900 100 200 · www.ejemplo-suministros.test', {
    size: spec.fontSize - 1,
  });
  s.text(W - 40, 56, labels.title, { size: spec.fontSize + 6, bold: true, align: 'right' });
  s.text(W - 40, 74, `${labels.number}: ${spec.number}`, { align: 'right', bold: true });
  s.text(W - 40, 88, `${labels.date}: ${date(spec.issueDate, spec.dateStyle)}`, { align: 'right' });
  let y = 102;
  const od = spec.otherDates ?? [];
  if (od.length >= 2 && od[0]!.label.startsWith('Periodo')) {
    s.text(
      W - 40,
      y,
      `${od[0]!.label} ${date(od[0]!.iso, spec.dateStyle)} ${od[1]!.label} ${date(od[1]!.iso, spec.dateStyle)}`,
      { align: 'right' },
    );
    y += 14;
    for (const o of od.slice(2)) {
      s.text(W - 40, y, `${o.label}: ${date(o.iso, spec.dateStyle)}`, { align: 'right' });
      y += 14;
    }
  } else {
    for (const o of od) {
      s.text(W - 40, y, `${o.label}: ${date(o.iso, spec.dateStyle)}`, { align: 'right' });
      y += 14;
    }
  }
  if (qrImage) {
    s.text(40, 100, 'QR tributario:', { size: spec.fontSize - 1 });
    s.page.drawImage(qrImage, { x: 40, y: s.page.getHeight() - 200, width: 92, height: 92 });
    s.text(40, 212, 'VERI*FACTU', { bold: true });
  }
  const cy = Math.max(y + 10, qrImage ? 230 : 130);
  s.box(40, cy, W - 80, 70, 0.95);
  s.text(50, cy + 16, 'Datos del titular', { bold: true });
  const c = spec.customer!;
  s.text(50, cy + 31, c.legalName);
  s.text(50, cy + 44, taxId(c));
  s.text(300, cy + 31, partyLines(c)[0]!);
  s.text(300, cy + 44, partyLines(c)[1]!);
  s.text(300, cy + 57, 'CUPS / Servicio: ES0021000012345678AB');
  y = cy + 95;
  s.text(40, y, labels.detail, { bold: true, size: spec.fontSize + 2 });
  y += 8;
  s.rule(40, y, W - 40);
  y += 14;
  for (const l of spec.lines) {
    s.text(46, y, l.description);
    if (l.detail) s.text(300, y, l.detail, { size: spec.fontSize - 0.5 });
    s.text(W - 46, y, money(l.amountCents, spec.money), { align: 'right' });
    y += spec.fontSize + 6;
  }
  s.rule(40, y - 4, W - 40);
  y += 12;
  const t = totalsOf(spec);
  for (const r of t.rows) {
    s.text(330, y, 'Base imponible');
    s.text(W - 46, y, money(r.baseCents, spec.money), { align: 'right' });
    y += spec.fontSize + 6;
    s.text(330, y, `IVA ${rate(r.rateBp)} % s/ ${amount(r.baseCents, spec.money)}`);
    s.text(W - 46, y, money(r.quotaCents, spec.money), { align: 'right' });
    y += spec.fontSize + 6;
  }
  s.box(320, y - 4, W - 360, spec.fontSize + 14, 0.88);
  s.text(330, y + spec.fontSize + 2, labels.total, { bold: true, size: spec.fontSize + 2 });
  s.text(W - 46, y + spec.fontSize + 2, money(t.total, spec.money), {
    bold: true,
    size: spec.fontSize + 2,
    align: 'right',
  });
  y += 50;
  s.text(40, y, `Forma de pago: domiciliación bancaria en ES91 2100 0418 4502 0005 1332.`, {
    size: spec.fontSize - 1,
  });
  // The legal name sits beside the tax id in the footer (art. 6.1.c RD 1619/2012), the brand on top.
  const foot = s.page.getHeight() > 500 ? 800 : y + 40;
  s.rule(40, foot - 12, W - 40, 0.4);
  s.text(
    40,
    foot,
    `${spec.supplier.legalName} · ${taxId(spec.supplier)} · ${spec.supplier.address.join(', ')}`,
    {
      size: spec.fontSize - 1.5,
    },
  );
  s.text(
    40,
    foot + 11,
    'Inscrita en el Registro Mercantil de Valencia, Tomo 8.123, Libro 5.410, Folio 45, Hoja V-104.223',
    {
      size: spec.fontSize - 1.5,
    },
  );
  void doc;
}

function minuta(s: Sheet, spec: InvoiceSpec) {
  const v = spec.variant;
  const W = s.width;
  const L =
    v === 0
      ? {
          title: 'MINUTA DE HONORARIOS',
          number: 'Minuta nº',
          date: 'Fecha',
          client: 'Cliente',
          total: 'TOTAL A PERCIBIR',
          irpf: 'Retención IRPF',
        }
      : {
          title: 'FACTURA',
          number: 'Factura núm.',
          date: 'Fecha de expedición',
          client: 'Destinatario',
          total: 'LÍQUIDO A PAGAR',
          irpf: 'Retención a cuenta del IRPF',
        };
  let y = 60;
  if (spec.supplier.tradeName) {
    s.text(W / 2, y, spec.supplier.tradeName.toUpperCase(), {
      size: spec.fontSize + 6,
      bold: true,
      align: 'center',
    });
    y += 22;
  }
  s.text(60, y, spec.supplier.legalName, { bold: true, size: spec.fontSize + 1 });
  s.text(60, y + 15, taxId(spec.supplier));
  s.text(60, y + 29, spec.supplier.address[0]!);
  s.text(60, y + 43, spec.supplier.address[1]!);
  s.text(
    60,
    y + 57,
    v === 0 ? 'Abogada, colegiada nº 12.345 ICAV' : 'Arquitecto técnico, colegiado nº 3.210 COAATV',
  );
  y += 95;
  s.text(W / 2, y, L.title, { bold: true, size: spec.fontSize + 4, align: 'center' });
  y += 28;
  s.text(60, y, `${L.number}: ${spec.number}`, { bold: true });
  s.text(W - 60, y, `${L.date}: ${date(spec.issueDate, spec.dateStyle)}`, { align: 'right' });
  y += 26;
  const c = spec.customer!;
  s.text(60, y, `${L.client}:`, { bold: true });
  s.text(140, y, c.legalName);
  s.text(140, y + 14, taxId(c));
  s.text(140, y + 28, c.address.join(', '));
  y += 60;
  s.text(60, y, 'Concepto', { bold: true });
  s.text(W - 60, y, 'Importe', { bold: true, align: 'right' });
  y += 6;
  s.rule(60, y, W - 60);
  y += 16;
  for (const l of spec.lines) {
    s.text(60, y, l.description, { size: spec.fontSize - 0.5 });
    s.text(W - 60, y, money(l.amountCents, spec.money), { align: 'right' });
    y += spec.fontSize + 8;
  }
  s.rule(60, y, W - 60);
  y += 20;
  const t = totalsOf(spec);
  const row = (label: string, cents: number, bold = false) => {
    s.text(300, y, label, { bold });
    s.text(W - 60, y, money(cents, spec.money), { align: 'right', bold });
    y += spec.fontSize + 8;
  };
  row(v === 0 ? 'Base imponible' : 'Suma de honorarios (base)', t.base);
  for (const r of t.rows) row(`IVA ${rate(r.rateBp)} %`, r.quotaCents);
  if (v === 1) row('Total factura', t.gross);
  row(`${L.irpf} (${rate(spec.irpfBp ?? 0)} %)`, -t.irpf);
  y += 4;
  s.rule(300, y - 12, W - 60, 1);
  row(L.total, t.total, true);
  y += 30;
  s.text(60, y, 'Pago por transferencia a la cuenta ES76 0081 0693 1100 0123 4567 en el plazo de 30 días.', {
    size: spec.fontSize - 1,
  });
}

function classic(s: Sheet, spec: InvoiceSpec, sheets: Sheet[]) {
  const v = spec.variant;
  const W = s.width;
  const L = [
    {
      title: 'FACTURA',
      number: 'Nº Factura',
      date: 'Fecha',
      client: 'CLIENTE',
      base: 'Base imponible',
      total: 'TOTAL FACTURA',
    },
    {
      title: 'FACTURA',
      number: 'Factura núm.',
      date: 'Fecha de expedición',
      client: 'Facturar a',
      base: 'B. Imponible',
      total: 'Importe total',
    },
    {
      title: 'FACTURA',
      number: 'Número',
      date: 'Fecha factura',
      client: 'Datos del cliente',
      base: 'Base',
      total: 'TOTAL A PAGAR',
    },
  ][v]!;
  const title = spec.rectifies ? 'FACTURA RECTIFICATIVA' : L.title;
  const header = (sh: Sheet, pageNo: number, pages: number) => {
    sh.text(40, 58, spec.supplier.tradeName ?? spec.supplier.legalName, {
      size: spec.fontSize + 9,
      bold: true,
    });
    sh.text(40, 76, spec.supplier.legalName, { bold: true });
    sh.text(40, 89, taxId(spec.supplier));
    sh.text(40, 102, spec.supplier.address.join(' - '));
    sh.text(W - 40, 58, title, { size: spec.fontSize + 6, bold: true, align: 'right' });
    sh.text(W - 40, 76, `${L.number}: ${spec.number}`, { align: 'right', bold: true });
    sh.text(W - 40, 89, `${L.date}: ${date(spec.issueDate, spec.dateStyle)}`, { align: 'right' });
    if (pages > 1) sh.text(W - 40, 102, `Página ${pageNo} de ${pages}`, { align: 'right' });
  };
  const pages = spec.linesOnFirstPage && spec.linesOnFirstPage < spec.lines.length ? 2 : 1;
  header(s, 1, pages);
  let y = 120;
  if (spec.qr) {
    s.text(W - 140, 112, 'QR tributario:', { size: spec.fontSize - 1 });
    s.qr(
      W - 140,
      118,
      verifactuQrUrl({
        nif: spec.supplier.nif,
        number: spec.number,
        issueDate: spec.issueDate,
        totalCents: totalsOf(spec).total,
      }),
      96,
    );
    s.text(W - 140, 226, 'VERI*FACTU', { bold: true });
    s.text(W - 140, 238, 'Factura verificable en la sede', { size: spec.fontSize - 2 });
    s.text(W - 140, 247, 'electrónica de la AEAT', { size: spec.fontSize - 2 });
  }
  for (const o of spec.otherDates ?? []) {
    s.text(40, y + 6, `${o.label}: ${date(o.iso, spec.dateStyle)}`);
    y += 14;
  }
  if (spec.rectifies) {
    s.text(
      40,
      y + 6,
      `Rectifica a la factura nº ${spec.rectifies.number} de fecha ${date(spec.rectifies.issueDate, spec.dateStyle)}`,
    );
    s.text(40, y + 19, 'Motivo: devolución de mercancía defectuosa (art. 15 RD 1619/2012).');
    y += 28;
  }
  const c = spec.customer!;
  const cw = spec.qr ? W - 200 : W - 80;
  s.box(40, y + 10, cw, 62);
  s.text(48, y + 24, L.client, { bold: true });
  s.text(48, y + 38, c.legalName);
  s.text(48, y + 51, taxId(c));
  s.text(48, y + 64, c.address.join(', '));
  y += spec.qr ? 160 : 95;
  const cols = { desc: 46, qty: 330, vat: 440, amount: W - 46 };
  const tableHead = (sh: Sheet, at: number) => {
    sh.box(40, at - 11, W - 80, 16, 0.85);
    sh.text(cols.desc, at, 'Descripción', { bold: true });
    sh.text(cols.qty, at, 'Cant. x Precio', { bold: true });
    sh.text(cols.vat, at, '% IVA', { bold: true });
    sh.text(cols.amount, at, 'Importe', { bold: true, align: 'right' });
  };
  tableHead(s, y);
  y += 18;
  let sheet = s;
  let running = 0;
  spec.lines.forEach((l, i) => {
    if (pages === 2 && i === spec.linesOnFirstPage) {
      sheet.text(cols.vat, y + 6, 'Suma y sigue:', { bold: true });
      sheet.text(cols.amount, y + 6, amount(running, spec.money), { align: 'right', bold: true });
      sheet = sheets[1]!;
      header(sheet, 2, 2);
      y = 135;
      tableHead(sheet, y);
      y += 18;
    }
    sheet.text(cols.desc, y, l.description);
    if (l.detail) sheet.text(cols.qty, y, l.detail);
    sheet.text(cols.vat, y + 0, `${rate(l.rateBp)}%`);
    sheet.text(cols.amount, y, amount(l.amountCents, spec.money), { align: 'right' });
    running += l.amountCents;
    y += spec.fontSize + 5;
  });
  y += 6;
  sheet.rule(40, y, W - 40);
  y += 22;
  // The tax summary (art. 6.1.g-j RD 1619/2012): one row per rate, with recargo when it applies.
  const rows = taxSummary(spec);
  const sx = { base: 200, rate: 290, quota: 360, reRate: 440, re: W - 46 };
  sheet.text(40, y, 'Resumen', { bold: true });
  sheet.text(sx.base, y, L.base, { bold: true, align: 'right' });
  sheet.text(sx.rate, y, '% IVA', { bold: true, align: 'right' });
  sheet.text(sx.quota + 40, y, 'Cuota IVA', { bold: true, align: 'right' });
  if (spec.recargo) {
    sheet.text(sx.reRate + 20, y, '% R.E.', { bold: true, align: 'right' });
    sheet.text(sx.re, y, 'Cuota R.E.', { bold: true, align: 'right' });
  }
  y += spec.fontSize + 6;
  for (const r of rows) {
    sheet.text(sx.base, y, amount(r.baseCents, spec.money), { align: 'right' });
    sheet.text(sx.rate, y, rate(r.rateBp), { align: 'right' });
    sheet.text(sx.quota + 40, y, amount(r.quotaCents, spec.money), { align: 'right' });
    if (spec.recargo) {
      sheet.text(sx.reRate + 20, y, rate(r.recargoBp), { align: 'right' });
      sheet.text(sx.re, y, amount(r.recargoCents, spec.money), { align: 'right' });
    }
    y += spec.fontSize + 6;
  }
  const t = totalsOf(spec);
  y += 10;
  sheet.box(W - 250, y - 4, 210, spec.fontSize + 16, 0.9);
  sheet.text(W - 240, y + spec.fontSize + 3, L.total, { bold: true, size: spec.fontSize + 2 });
  sheet.text(W - 46, y + spec.fontSize + 3, money(t.total, spec.money), {
    bold: true,
    size: spec.fontSize + 2,
    align: 'right',
  });
  y += 45;
  if (spec.mention) {
    sheet.text(40, y, spec.mention, { size: spec.fontSize - 0.5 });
    y += 16;
  }
  sheet.text(40, y, 'Forma de pago: transferencia a 30 días. IBAN ES66 2038 9652 1130 0071 2345', {
    size: spec.fontSize - 1,
  });
}

function ticket(s: Sheet, spec: InvoiceSpec) {
  const W = s.width;
  const cx = W / 2;
  let y = 30;
  const line = (t: string, o: { bold?: boolean; align?: 'center' | 'left' } = {}) => {
    if (o.align === 'left') s.text(12, y, t, { bold: o.bold });
    else s.text(cx, y, t, { align: 'center', bold: o.bold });
    y += spec.fontSize + 4;
  };
  const pair = (a: string, b: string, bold = false) => {
    s.text(12, y, a, { bold });
    s.text(W - 12, y, b, { align: 'right', bold });
    y += spec.fontSize + 4;
  };
  s.text(cx, y, spec.supplier.tradeName ?? '', { align: 'center', bold: true, size: spec.fontSize + 3 });
  y += spec.fontSize + 8;
  line(spec.supplier.legalName);
  line(`${spec.supplier.nifLabel} ${spec.supplier.nifPrinted}`);
  for (const a of spec.supplier.address) line(a);
  y += 4;
  line('FACTURA SIMPLIFICADA', { bold: true });
  pair(`Nº: ${spec.number}`, 'Mesa: 7');
  pair(`Fecha: ${date(spec.issueDate, spec.dateStyle)}`, 'Hora: 14:32');
  line('----------------------------------');
  for (const l of spec.lines) pair(l.description, amount(l.grossCents ?? l.amountCents, spec.money));
  line('----------------------------------');
  const t = totalsOf(spec);
  pair('TOTAL (IVA INCL.)', `${amount(t.total, spec.money)} EUR`, true);
  y += 4;
  for (const r of t.rows) {
    pair(`BASE IMPONIBLE ${rate(r.rateBp)}%`, amount(r.baseCents, spec.money));
    pair(`CUOTA IVA ${rate(r.rateBp)}%`, amount(r.quotaCents, spec.money));
  }
  y += 4;
  pair('TARJETA', amount(t.total, spec.money));
  y += 6;
  line('GRACIAS POR SU VISITA');
}

function english(s: Sheet, spec: InvoiceSpec) {
  const v = spec.variant;
  const W = s.width;
  const L =
    v === 0
      ? {
          title: 'INVOICE',
          number: 'Invoice No.',
          date: 'Invoice Date',
          client: 'Bill to',
          net: 'Subtotal',
          total: 'Total due',
        }
      : {
          title: 'Tax invoice',
          number: 'Invoice number',
          date: 'Date',
          client: 'Customer',
          net: 'Net amount',
          total: 'Amount due',
        };
  s.text(40, 60, spec.supplier.tradeName ?? spec.supplier.legalName, {
    size: spec.fontSize + 10,
    bold: true,
  });
  s.text(W - 40, 60, L.title, { size: spec.fontSize + 8, bold: true, align: 'right' });
  s.text(40, 84, spec.supplier.legalName, { bold: true });
  s.text(40, 97, spec.supplier.address[0]!);
  s.text(40, 110, spec.supplier.address[1]!);
  s.text(40, 123, taxId(spec.supplier));
  s.text(W - 40, 84, `${L.number}: ${spec.number}`, { align: 'right' });
  s.text(W - 40, 97, `${L.date}: ${date(spec.issueDate, spec.dateStyle)}`, { align: 'right' });
  let y = 110;
  for (const o of spec.otherDates ?? []) {
    s.text(W - 40, y, `${o.label}: ${date(o.iso, spec.dateStyle)}`, { align: 'right' });
    y += 13;
  }
  const c = spec.customer!;
  y = 160;
  s.text(40, y, `${L.client}:`, { bold: true });
  s.text(40, y + 14, c.legalName);
  s.text(40, y + 27, `${c.address.join(', ')}, Spain`);
  s.text(40, y + 40, taxId(c));
  y += 75;
  s.box(40, y - 11, W - 80, 16, 0.9);
  s.text(46, y, 'Description', { bold: true });
  s.text(340, y, 'Qty x Unit price', { bold: true });
  s.text(W - 46, y, 'Amount', { bold: true, align: 'right' });
  y += 20;
  for (const l of spec.lines) {
    s.text(46, y, l.description);
    s.text(340, y, l.detail ?? '1');
    s.text(W - 46, y, money(l.amountCents, spec.money), { align: 'right' });
    y += spec.fontSize + 7;
  }
  s.rule(40, y, W - 40);
  y += 20;
  const t = totalsOf(spec);
  s.text(340, y, L.net);
  s.text(W - 46, y, money(t.base, spec.money), { align: 'right' });
  y += spec.fontSize + 7;
  s.text(340, y, 'VAT 0% (reverse charge)');
  s.text(W - 46, y, money(t.vat, spec.money), { align: 'right' });
  y += spec.fontSize + 9;
  s.text(340, y, L.total, { bold: true, size: spec.fontSize + 2 });
  s.text(W - 46, y, money(t.total, spec.money), { align: 'right', bold: true, size: spec.fontSize + 2 });
  y += 40;
  s.text(40, y, spec.mention ?? '', { size: spec.fontSize - 0.5 });
  s.text(40, y + 14, 'Paid by card. Thank you for your business.', { size: spec.fontSize - 0.5 });
}

/** The digital PDF of a spec. */
export async function renderInvoicePdf(spec: InvoiceSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Factura ${spec.number}`);
  doc.setProducer('judge-invoices');
  doc.setCreationDate(new Date(`${spec.issueDate}T09:00:00Z`));
  const fonts = await fontsOf(doc, spec.font);
  if (spec.layout === 'ticket') {
    const h = 300 + spec.lines.length * (spec.fontSize + 4);
    ticket(new Sheet(doc.addPage([226.77, h]), fonts, spec.fontSize), spec);
  } else {
    const first = new Sheet(doc.addPage([A4.w, A4.h]), fonts, spec.fontSize);
    if (spec.layout === 'utility') {
      const img = spec.qr === 'image' ? await doc.embedPng(qrPng(qrUrlOf(spec))) : undefined;
      utility(doc, first, spec, img);
    } else if (spec.layout === 'minuta') minuta(first, spec);
    else if (spec.layout === 'english') english(first, spec);
    else {
      const two = spec.linesOnFirstPage && spec.linesOnFirstPage < spec.lines.length;
      const sheets = [first, ...(two ? [new Sheet(doc.addPage([A4.w, A4.h]), fonts, spec.fontSize)] : [])];
      classic(first, spec, sheets);
    }
  }
  return doc.save({ useObjectStreams: false });
}
