/**
 * checkContent against hostile files built here (issue 17 item 1) and the sample invoices, which
 * must all pass. Each hostile case is refused with DOC_041 (DOC_042 for size) and a Spanish reason.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { craftPng, jpegOf, pngOf } from '@functions/lib/images/test-fixtures';
import { strToU8, zipSync, zlibSync } from 'fflate';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkContent } from './check-content';

const SAMPLES = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';
const sample = (name: string) => new Uint8Array(readFileSync(path.join(SAMPLES, name)));

const read = (bytes: Uint8Array, fileName: string) => checkContent(bytes, { fileName, purpose: 'READ' });
const send = (bytes: Uint8Array, fileName: string) => checkContent(bytes, { fileName, purpose: 'SEND' });

async function expectRefused(result: ReturnType<typeof checkContent>, pattern: RegExp, code = 'DOC_041') {
  const r = await result;
  expect(r.ok, JSON.stringify(r)).toBe(false);
  if (r.ok) return;
  expect(r.code).toBe(code);
  expect(r.reason).toMatch(pattern);
}

/** A one-page PDF written by pdf-lib, changed by `edit` before saving. */
async function pdfWith(edit: (doc: PDFDocument) => void | Promise<void>, useObjectStreams = false) {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Factura F-1');
  await edit(doc);
  return doc.save({ useObjectStreams });
}

/** A PDF written by hand (objects numbered from 1), with a correct xref table. */
function rawPdf(objects: (string | Uint8Array)[], trailerExtra = ''): Uint8Array {
  const enc = (s: string) => Buffer.from(s, 'latin1');
  const parts: Uint8Array[] = [enc('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      enc(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? enc(body) : body,
      enc('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    enc(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const PAGE_OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
];

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">
  <rsm:ExchangedDocument><ram:ID xmlns:ram="urn:x">F-1</ram:ID></rsm:ExchangedDocument>
</rsm:CrossIndustryInvoice>`;

describe('checkContent: the sample invoices pass', () => {
  const files = readdirSync(SAMPLES).filter((f) => /\.(pdf|png|jpg)$/.test(f));

  it.each(files)('%s is accepted for reading, with its type and pages', async (file) => {
    const r = await read(sample(file), file);
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect(r.type).toBe(file.endsWith('.pdf') ? 'pdf' : file.endsWith('.png') ? 'png' : 'jpeg');
    expect(r.pages).toBeGreaterThanOrEqual(1);
  });

  it('accepts an e-invoice XML and a file without extension, typed by its bytes', async () => {
    expect(await read(strToU8(CII), 'factura.xml')).toEqual({
      ok: true,
      type: 'xml',
      contentType: 'application/xml',
      pages: null,
    });
    expect(await read(sample('F-2025-007.png'), 'scan')).toMatchObject({
      ok: true,
      type: 'png',
      contentType: 'image/png',
    });
  });
});

describe('checkContent: refused by type and name', () => {
  it('refuses a PNG renamed .pdf', async () => {
    await expectRefused(read(pngOf(20, 20), 'factura.pdf'), /dice ser PDF, pero su contenido es PNG/);
  });

  it('refuses the empty file and unknown bytes', async () => {
    await expectRefused(read(new Uint8Array(), 'vacio.pdf'), /vacío/);
    await expectRefused(
      read(strToU8('MZ\x90\x00 this is an executable'), 'factura.pdf'),
      /no es un tipo válido/,
    );
  });

  it('refuses a file over 50 MB with DOC_042', async () => {
    const big = new Uint8Array(51 * 1024 * 1024);
    big.set(strToU8('%PDF-1.7\n'));
    await expectRefused(read(big, 'enorme.pdf'), /demasiado grande. Máximo: 50 MB/, 'DOC_042');
  });

  it('refuses Office files for reading, and an XML for sending', async () => {
    const docx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'word/document.xml': strToU8('<w:document/>'),
    });
    await expectRefused(read(docx, 'contrato.docx'), /no es un tipo válido/);
    expect(await send(docx, 'contrato.docx')).toMatchObject({ ok: true, type: 'docx' });
    await expectRefused(send(strToU8(CII), 'factura.xml'), /no es un tipo válido/);
  });
});

describe('checkContent: hostile PDFs', () => {
  it('refuses JavaScript in the OpenAction', async () => {
    const pdf = await pdfWith((doc) => {
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      );
    });
    await expectRefused(read(pdf, 'factura.pdf'), /JavaScript/);
  });

  it('refuses JavaScript hidden in a compressed object stream (and under an escaped name)', async () => {
    const pdf = await pdfWith((doc) => {
      const action = doc.context.register(
        doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      );
      doc.catalog.set(PDFName.of('OpenAction'), action);
    }, true);
    // The fixture really hides it: no JavaScript name anywhere in the raw bytes.
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/JavaScript|\/JS/);
    await expectRefused(read(pdf, 'factura.pdf'), /JavaScript/);

    const escaped = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...PAGE_OBJECTS.slice(1),
      '<< /S /J#61va#53cript /J#53 (app.alert(1)) >>',
    ]);
    await expectRefused(read(escaped, 'factura.pdf'), /JavaScript/);
  });

  it('refuses Launch actions, /AA, RichMedia and XFA', async () => {
    const launch = rawPdf([...PAGE_OBJECTS, '<< /S /Launch /F (calc.exe) >>']);
    await expectRefused(read(launch, 'a.pdf'), /Launch/);
    const aa = rawPdf([
      PAGE_OBJECTS[0]!,
      PAGE_OBJECTS[1]!,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] /AA << /O 4 0 R >> >>',
      '<< /S /GoTo /D [3 0 R /Fit] >>',
    ]);
    await expectRefused(read(aa, 'a.pdf'), /acciones automáticas/);
    const xfa = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /XFA 4 0 R >> >>',
      ...PAGE_OBJECTS.slice(1),
      '<< >>',
    ]);
    await expectRefused(read(xfa, 'a.pdf'), /XFA/);
    const media = rawPdf([...PAGE_OBJECTS, '<< /Type /Annot /Subtype /RichMedia >>']);
    await expectRefused(read(media, 'a.pdf'), /RichMedia/);
  });

  it('refuses an embedded .exe, accepts an embedded Factur-X XML', async () => {
    const exe = await pdfWith((doc) =>
      doc.attach(strToU8('MZ\x90\x00 not really a program'), 'setup.exe', {
        mimeType: 'application/octet-stream',
      }),
    );
    await expectRefused(
      read(exe, 'factura.pdf'),
      /incrustado un archivo que no es una factura electrónica XML \("setup.exe"\)/,
    );

    const facturX = await pdfWith((doc) =>
      doc.attach(strToU8(CII), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X' }),
    );
    expect(await read(facturX, 'factura.pdf')).toMatchObject({ ok: true, type: 'pdf', pages: 1 });

    const fakeXml = await pdfWith((doc) =>
      doc.attach(strToU8('<html><script/></html>'), 'factura.xml', { mimeType: 'text/xml' }),
    );
    await expectRefused(read(fakeXml, 'factura.pdf'), /incrustado/);
  });

  it('refuses an encrypted PDF', async () => {
    const pdf = rawPdf(
      [...PAGE_OBJECTS, '<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>'],
      '/Encrypt 4 0 R /ID [<01><01>] ',
    );
    await expectRefused(read(pdf, 'factura.pdf'), /cifrado/);
  });

  it('refuses truncated PDFs', async () => {
    const full = sample('F-2024-001.pdf');
    await expectRefused(read(full.subarray(0, Math.floor(full.length / 2)), 'factura.pdf'), /incompleto/);
    // The end marker is there but the objects are not (a cut in the middle, the tail glued back).
    const glued = Buffer.concat([full.subarray(0, 200), full.subarray(full.length - 60)]);
    await expectRefused(read(glued, 'factura.pdf'), /dañado|incompleto/);
  });

  it('refuses a PDF with more than 200 pages', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 201; i++) doc.addPage([10, 10]);
    await expectRefused(read(await doc.save(), 'a.pdf'), /demasiadas páginas/);
  });

  it('refuses a Flate bomb stream (60 MB of zeros in 60 KB)', async () => {
    const bomb = zlibSync(new Uint8Array(60 * 1024 * 1024), { level: 9 });
    const stream = Buffer.concat([
      Buffer.from(`<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      bomb,
      Buffer.from('\nendstream', 'latin1'),
    ]);
    await expectRefused(read(rawPdf([...PAGE_OBJECTS, stream]), 'a.pdf'), /bomba de descompresión/);
  });
});

describe('checkContent: images', () => {
  it('refuses a truncated PNG and JPEG, a PNG with a bad CRC', async () => {
    const png = pngOf(40, 40);
    await expectRefused(read(png.subarray(0, png.length - 12), 'a.png'), /incompleta/);
    const jpeg = jpegOf(64, 64);
    await expectRefused(read(jpeg.subarray(0, jpeg.length - 200), 'a.jpg'), /incompleta/);
    const photo = sample('F-2025-007.jpg');
    await expectRefused(read(photo.subarray(0, photo.length / 2), 'a.jpg'), /incompleta/);
    const bad = png.slice();
    bad[40] = (bad[40]! + 1) % 256;
    await expectRefused(read(bad, 'a.png'), /CRC|dañada/);
  });

  it('refuses a PNG whose IHDR claims 50000 × 50000 pixels (bomb)', async () => {
    const bomb = craftPng({ width: 50_000, height: 50_000, raw: new Uint8Array(1024) });
    await expectRefused(read(bomb, 'a.png'), /demasiado grande para procesarla/);
  });
});

describe('checkContent: Office and XML', () => {
  const contentTypes = strToU8(
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );

  it('refuses a docx with vbaProject.bin and a macro-enabled content type', async () => {
    const docm = zipSync({
      '[Content_Types].xml': contentTypes,
      'word/document.xml': strToU8('<w:document/>'),
      'word/vbaProject.bin': new Uint8Array(64),
    });
    await expectRefused(send(docm, 'contrato.docx'), /macros/);
    const renamed = zipSync({
      '[Content_Types].xml': strToU8(
        '<Types><Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8('<w:document/>'),
    });
    await expectRefused(send(renamed, 'contrato.docx'), /macros/);
  });

  it('refuses a zip-bomb xlsx, also when its central directory lies about the sizes', async () => {
    const files = {
      '[Content_Types].xml': contentTypes,
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': new Uint8Array(30 * 1024 * 1024),
    };
    const bomb = zipSync(files, { level: 9 });
    await expectRefused(send(bomb, 'cuentas.xlsx'), /bomba de descompresión/);
    // Declared uncompressed size 100 bytes in the central directory: inflation stops past it.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let at = lying.length - 22; at > 0; at--) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(at + 28, true);
      const name = Buffer.from(lying.subarray(at + 46, at + 46 + nameLength)).toString();
      if (name === 'xl/worksheets/sheet1.xml') view.setUint32(at + 24, 100, true);
    }
    await expectRefused(send(lying, 'cuentas.xlsx'), /bomba de descompresión/);
  });

  it('refuses a zip with more than 1000 entries', async () => {
    const files: Record<string, Uint8Array> = {
      '[Content_Types].xml': contentTypes,
      'xl/workbook.xml': strToU8('<w/>'),
    };
    for (let i = 0; i < 1001; i++) files[`xl/media/${i}.txt`] = strToU8('x');
    await expectRefused(send(zipSync(files), 'cuentas.xlsx'), /demasiados archivos/);
  });

  it('reads OLE .doc/.xls by their directory, refusing VBA storages', async () => {
    const ole = (...names: string[]) => {
      const bytes = new Uint8Array(512 + 128 * 12);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      names.forEach((name, i) => {
        const at = 512 + 128 * i;
        const utf16 = Buffer.from(`${name}\0`, 'utf16le');
        bytes.set(utf16, at);
        bytes[at + 64] = utf16.length;
        bytes[at + 66] = i === 0 ? 5 : 2;
      });
      return bytes;
    };
    expect(await send(ole('Root Entry', 'WordDocument'), 'carta.doc')).toMatchObject({
      ok: true,
      type: 'doc',
    });
    expect(await send(ole('Root Entry', 'Workbook'), 'libro.xls')).toMatchObject({ ok: true, type: 'xls' });
    await expectRefused(send(ole('Root Entry', 'WordDocument', 'Macros'), 'carta.doc'), /macros/);
    await expectRefused(send(ole('Root Entry', 'Workbook', '_VBA_PROJECT_CUR'), 'libro.xls'), /macros/);
    await expectRefused(send(ole('Root Entry', 'WordDocument'), 'carta.xls'), /dice ser Excel/);
  });

  it('refuses XML with a DOCTYPE (billion laughs) and a truncated XML', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Invoice>&lol2;</Invoice>`;
    await expectRefused(read(strToU8(laughs), 'factura.xml'), /DOCTYPE/);
    await expectRefused(read(strToU8(CII.slice(0, 120)), 'factura.xml'), /dañado o incompleto/);
  });
});
