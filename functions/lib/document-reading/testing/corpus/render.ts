/**
 * Renders a corpus invoice as a digital PDF with a real text layer (pdf-lib, Helvetica with WinAnsi:
 * every character used here is in that encoding), in one of six visibly different layouts, optionally
 * carrying a VeriFacTu QR (Orden HAC/1177/2024) built the way Cuadra's own invoices build it.
 */

import { renderQrPng } from '@functions/lib/qr';
import { verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import type { CorpusInvoice, CorpusItem, DateStyle } from './invoices';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (style) {
    case 'slash':
      return `${d}/${m}/${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'dots':
      return `${d}.${m}.${y.slice(2)}`;
    case 'long':
      return `${Number(d)} de ${MONTHS[Number(m) - 1]} de ${y}`;
    case 'month':
      return `${d}-${MONTHS[Number(m) - 1]!.slice(0, 3)}-${y}`;
  }
}

export const es = (cents: number): string => {
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}${euros},${String(abs % 100).padStart(2, '0')}`;
};
const en = (cents: number): string => {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
};
const pct = (bp: number): string => `${String(bp / 100).replace('.', ',')} %`;

interface Pen {
  page: PDFPage;
  font: PDFFont;
  bold: PDFFont;
}
type Draw = (x: number, y: number, s: string, o?: { size?: number; bold?: boolean; right?: boolean }) => void;

function drawer(pen: Pen): Draw {
  return (x, y, s, o = {}) => {
    const size = o.size ?? 9;
    const font = o.bold ? pen.bold : pen.font;
    const w = o.right ? font.widthOfTextAtSize(s, size) : 0;
    pen.page.drawText(s, { x: x - w, y, size, font });
  };
}

const lineTotal = (it: CorpusItem) => it.quantity * it.unitCents;

function partyLines(p: CorpusInvoice['supplier'], label: string): string[] {
  return [p.name, ...p.address, `${label}: ${p.printedNif}`];
}

/** The summary / inline totals block, per layout family. */
function totalsBlock(
  inv: CorpusInvoice,
  d: Draw,
  y: number,
  style: 'table' | 'inline' | 'rows' | 'english' | 'compact',
): number {
  const t = inv.truth;
  const tax = inv.taxName;
  const money = style === 'english' ? en : es;
  if (style === 'table') {
    d(60, y, 'RESUMEN DE IMPUESTOS', { bold: true });
    y -= 14;
    const head = [
      'Base imponible',
      `% ${tax}`,
      `Cuota ${tax}`,
      ...(inv.recargo ? ['% R.E.', 'Cuota R.E.'] : []),
    ];
    head.forEach((h, i) => {
      d(160 + i * 80, y, h, { right: true, bold: true });
    });
    y -= 13;
    for (const b of t.bases) {
      const re = t.recargo.find((_, i) => t.bases[i] === b);
      const cells = [
        `${money(b.baseCents)} €`,
        pct(b.rateBp),
        `${money(b.quotaCents)} €`,
        ...(re ? [pct(re.rateBp), `${money(re.quotaCents)} €`] : []),
      ];
      cells.forEach((c, i) => {
        d(160 + i * 80, y, c, { right: true });
      });
      y -= 13;
    }
  } else if (style === 'inline' || style === 'english') {
    const label = style === 'english' ? 'Subtotal' : 'Base imponible';
    d(330, y, label);
    d(540, y, `${money(t.bases.reduce((a, b) => a + b.baseCents, 0))} €`, { right: true });
    y -= 13;
    for (const b of t.bases) {
      const name = style === 'english' && tax === 'IVA' ? 'VAT' : tax;
      const extra =
        b.rateBp === 0
          ? inv.scenario === 'intra-eu'
            ? ' (reverse charge)'
            : ' (exento)'
          : t.bases.length > 1
            ? ` s/ ${money(b.baseCents)}`
            : '';
      d(330, y, `${name} ${pct(b.rateBp)}${extra}`);
      d(540, y, `${money(b.quotaCents)} €`, { right: true });
      y -= 13;
    }
    t.recargo.forEach((re, i) => {
      d(330, y, `R.E. ${pct(re.rateBp)} s/ ${money(t.bases[i]!.baseCents)}`);
      d(540, y, `${money(re.quotaCents)} €`, { right: true });
      y -= 13;
    });
  } else if (style === 'rows') {
    d(60, y, `Desglose de ${tax}`, { bold: true });
    y -= 14;
    t.bases.forEach((b, i) => {
      d(60, y, b.rateBp === 0 ? 'Exento 0 %' : `${tax} ${pct(b.rateBp)}`);
      d(300, y, `${money(b.baseCents)} €`, { right: true });
      d(420, y, `${money(b.quotaCents)} €`, { right: true });
      y -= 13;
      const re = t.recargo[i];
      if (re) {
        d(60, y, `Recargo de equivalencia ${pct(re.rateBp)}`);
        d(300, y, `${money(b.baseCents)} €`, { right: true });
        d(420, y, `${money(re.quotaCents)} €`, { right: true });
        y -= 13;
      }
    });
  } else {
    t.bases.forEach((b, i) => {
      d(
        60,
        y,
        `Base imponible al ${pct(b.rateBp)}: ${money(b.baseCents)} €     Cuota: ${money(b.quotaCents)} €`,
      );
      y -= 13;
      const re = t.recargo[i];
      if (re) {
        d(60, y, `RE ${pct(re.rateBp)}: ${money(re.quotaCents)} €`);
        y -= 13;
      }
    });
  }
  if (t.irpf) {
    const label =
      style === 'english'
        ? `IRPF -${pct(t.irpf.rateBp)}`
        : style === 'rows'
          ? `Retención ${pct(t.irpf.rateBp)}`
          : `Retención IRPF ${pct(t.irpf.rateBp)}`;
    d(style === 'inline' || style === 'english' ? 330 : 60, y, label);
    d(style === 'inline' || style === 'english' ? 540 : 420, y, `-${money(t.irpf.amountCents)} €`, {
      right: true,
    });
    y -= 13;
  }
  y -= 6;
  const totalLabel = {
    table: 'TOTAL FACTURA',
    inline: 'Total a pagar',
    rows: 'Importe total',
    english: 'TOTAL',
    compact: 'TOTAL',
  }[style];
  d(330, y, totalLabel, { bold: true, size: 10 });
  d(540, y, style === 'english' ? `${money(t.totalCents!)} EUR` : `${money(t.totalCents!)} €`, {
    right: true,
    bold: true,
    size: 10,
  });
  y -= 20;
  if (inv.mention) {
    d(60, y, inv.mention, { size: 8 });
    y -= 12;
  }
  return y;
}

function itemTable(d: Draw, y: number, items: CorpusItem[], english = false): number {
  const money = english ? en : es;
  const head = english
    ? ['Description', 'Qty', 'Price', 'Amount']
    : ['Concepto', 'Cant.', 'Precio', 'Importe'];
  d(60, y, head[0]!, { bold: true });
  d(330, y, head[1]!, { bold: true, right: true });
  d(420, y, head[2]!, { bold: true, right: true });
  d(540, y, head[3]!, { bold: true, right: true });
  y -= 14;
  for (const it of items) {
    d(60, y, it.description);
    d(330, y, String(it.quantity), { right: true });
    d(420, y, money(it.unitCents), { right: true });
    d(540, y, money(lineTotal(it)), { right: true });
    y -= 12;
  }
  return y - 10;
}

function header(inv: CorpusInvoice, d: Draw, y: number): number {
  const t = inv.truth;
  const date = formatDate(t.issueDate!, inv.dateStyle);
  const s = inv.supplier;
  const c = inv.customer;
  switch (inv.layout) {
    case 'classic':
    case 'long': {
      if (s.tradeName) d(60, y + 18, s.tradeName, { bold: true, size: 16 });
      partyLines(s, 'NIF').forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      d(360, y, 'CLIENTE', { bold: true });
      partyLines(c, 'CIF').forEach((l, i) => {
        d(360, y - 12 - i * 12, l);
      });
      y -= 80;
      d(60, y, 'FACTURA', { bold: true, size: 14 });
      d(200, y, `Nº factura: ${t.invoiceNumber}`);
      d(380, y, `Fecha: ${date}`);
      y -= 14;
      d(200, y, `Nº pedido: ${inv.orderNumber}`);
      d(380, y, `Vencimiento: ${formatDate(inv.dueDate, 'slash')}`);
      return y - 24;
    }
    case 'right-header': {
      d(60, y, 'FACTURA', { bold: true, size: 18 });
      d(330, y, `Razón social: ${s.name}`);
      s.address.forEach((l, i) => {
        d(330, y - 12 - i * 12, l);
      });
      d(330, y - 36, `NIF: ${s.printedNif}`);
      y -= 60;
      d(60, y, 'Facturar a:', { bold: true });
      [c.name, ...c.address, `NIF: ${c.printedNif}`].forEach((l, i) => {
        d(60, y - 12 - i * 12, l);
      });
      d(330, y - 12, `Factura nº ${t.invoiceNumber}`);
      d(330, y - 24, `Fecha de emisión: ${date}`);
      d(330, y - 36, `Albarán nº: ALB-${inv.orderNumber.slice(2)}`);
      return y - 80;
    }
    case 'boxes': {
      d(60, y, 'Datos del emisor', { bold: true });
      d(320, y, 'Datos del cliente', { bold: true });
      [s.name, `N.I.F.: ${s.printedNif}`, ...s.address].forEach((l, i) => {
        d(60, y - 13 - i * 12, l);
      });
      [c.name, `N.I.F.: ${c.printedNif}`, ...c.address].forEach((l, i) => {
        d(320, y - 13 - i * 12, l);
      });
      y -= 76;
      d(60, y, `Número: ${t.invoiceNumber}`);
      d(220, y, `Fecha de factura: ${date}`);
      d(420, y, `Nº cliente: ${inv.orderNumber.slice(2)}`);
      return y - 24;
    }
    case 'english': {
      d(60, y, 'INVOICE', { bold: true, size: 16 });
      d(360, y, `Invoice No: ${t.invoiceNumber}`);
      d(360, y - 12, `Date: ${formatDate(t.issueDate!, 'dash')}`);
      y -= 30;
      [s.name, ...s.address, `VAT: ${s.printedNif}`].forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      d(360, y, 'Bill to:', { bold: true });
      [c.name, ...c.address, `VAT: ES${c.nif}`].forEach((l, i) => {
        d(360, y - 12 - i * 12, l);
      });
      return y - 80;
    }
    case 'compact': {
      const lines = [
        `Emisor: ${s.name}`,
        `NIF: ${s.printedNif}`,
        `Dirección: ${s.address.join(', ')}`,
        '',
        `Destinatario: ${c.name}`,
        `CIF: ${c.printedNif}`,
        '',
        `Factura: ${t.invoiceNumber}`,
        `Fecha: ${date}`,
        `Pedido nº ${inv.orderNumber}`,
      ];
      lines.forEach((l, i) => {
        d(60, y - i * 12, l);
      });
      return y - lines.length * 12 - 14;
    }
  }
}

const STYLE = {
  classic: 'table',
  long: 'table',
  'right-header': 'inline',
  boxes: 'rows',
  english: 'english',
  compact: 'compact',
} as const;

export interface RenderOptions {
  /** Print a VeriFacTu QR whose fields equal the truth. */
  qr?: boolean;
}

export function qrUrlOf(inv: CorpusInvoice): string {
  const t = inv.truth;
  const [y, m, d] = t.issueDate!.split('-');
  return verifactuQrUrl({
    nif: t.supplierNif!,
    numSerie: t.invoiceNumber!,
    fecha: `${d}-${m}-${y}`,
    importe: (t.totalCents! / 100).toFixed(2),
    mode: 'VERIFACTU',
    environment: 'TEST',
  });
}

export async function renderInvoicePdf(inv: CorpusInvoice, opts: RenderOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595, 842]);
  let d = drawer({ page, font, bold });
  let y = header(inv, d, 780);
  const english = inv.layout === 'english';
  if (inv.layout === 'long') {
    const first = inv.items.slice(0, 30);
    y = itemTable(d, y, first);
    d(540, 40, 'Página 1 de 2', { right: true, size: 8 });
    page = doc.addPage([595, 842]);
    d = drawer({ page, font, bold });
    d(60, 800, `FACTURA ${inv.truth.invoiceNumber} (continuación)`, { bold: true });
    d(540, 40, 'Página 2 de 2', { right: true, size: 8 });
    y = itemTable(d, 770, inv.items.slice(30));
  } else {
    y = itemTable(d, y, inv.items, english);
  }
  y = totalsBlock(inv, d, y, STYLE[inv.layout]);
  if (opts.qr) {
    const png = await doc.embedPng(renderQrPng(qrUrlOf(inv), { sizePx: 240 }));
    d(60, y - 10, 'QR tributario:', { size: 8 });
    page.drawImage(png, { x: 60, y: y - 110, width: 90, height: 90 });
    d(160, y - 60, 'VERI*FACTU', { size: 8 });
  }
  return doc.save({ useObjectStreams: false });
}
