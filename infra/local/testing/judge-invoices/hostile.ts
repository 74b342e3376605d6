/**
 * Hostile files (issue 17 item 1: "a PNG renamed .pdf, a PDF with JavaScript or embedded files, a
 * decompression bomb, an empty or truncated file are refused with a reason (DOC_041/DOC_042) and never
 * reach a reader"). Each one that looks like an invoice carries a real invoice's text with a number of
 * its own, so a reading that leaked would show up as an extraction or a received invoice.
 */

import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { encodeGrayPng, PNG_SIGNATURE, pngChunk } from './pdf';

export interface HostileFile {
  key: string;
  what: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** The invoice number printed inside (to look for a leaked draft), when there is one. */
  leakNumber?: string;
}

/** A plausible one-page invoice PDF (the body of the hostile PDFs). */
async function invoiceBody(number: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  const lines = [
    'Suministros Hostiles del Puerto, S.L.   CIF: B98765432',
    `FACTURA Nº ${number}      Fecha: 02/11/2026`,
    'Cliente: Panadería La Espiga SL  CIF: B46128732',
    'Base imponible 100,00   IVA 21 % 21,00   TOTAL 121,00 €',
  ];
  for (const [i, t] of lines.entries()) page.drawText(t, { x: 50, y: 780 - i * 20, size: 11, font });
  return doc;
}

export async function hostileFiles(seed: number): Promise<HostileFile[]> {
  const tag = String(seed % 100_000).padStart(5, '0');
  const out: HostileFile[] = [];

  // 1. A PNG under a .pdf name (the extension disagrees with the bytes).
  const gray = new Uint8Array(64 * 64).fill(200);
  out.push({
    key: 'png-renamed-pdf',
    what: 'un PNG con nombre .pdf',
    fileName: 'factura-noviembre.pdf',
    contentType: 'application/pdf',
    bytes: encodeGrayPng(gray, 64, 64),
  });

  // 2. OpenAction JavaScript, plain objects, and 2b the same inside an object stream.
  for (const streams of [false, true]) {
    const number = `HJS${streams ? 'O' : 'P'}-${tag}`;
    const doc = await invoiceBody(number);
    const js = doc.context.obj({
      Type: 'Action',
      S: 'JavaScript',
      JS: PDFString.of('app.alert("hola"); this.exportDataObject({cName:"x", nLaunch:2});'),
    });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(js));
    out.push({
      key: streams ? 'pdf-openaction-js-objstm' : 'pdf-openaction-js',
      what: streams
        ? 'un PDF con JavaScript en OpenAction (dentro de un object stream comprimido)'
        : 'un PDF con JavaScript en OpenAction',
      fileName: `factura-${number}.pdf`,
      contentType: 'application/pdf',
      bytes: await doc.save({ useObjectStreams: streams }),
      leakNumber: number,
    });
  }

  // 3. An embedded executable (EmbeddedFiles name tree).
  {
    const number = `HEXE-${tag}`;
    const doc = await invoiceBody(number);
    const exe = new Uint8Array(2048);
    exe.set(Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'));
    exe.set(Buffer.from('This program cannot be run in DOS mode.', 'latin1'), 78);
    await doc.attach(exe, 'visor-factura.exe', {
      mimeType: 'application/x-msdownload',
      description: 'Visor',
    });
    out.push({
      key: 'pdf-embedded-exe',
      what: 'un PDF con un .exe adjunto',
      fileName: `factura-${number}.pdf`,
      contentType: 'application/pdf',
      bytes: await doc.save({ useObjectStreams: false }),
      leakNumber: number,
    });
  }

  // 4. A truncated PDF (the download stopped at 60 %: no xref, no trailer, no %%EOF).
  {
    const number = `HTRU-${tag}`;
    const doc = await invoiceBody(number);
    const full = await doc.save({ useObjectStreams: false });
    out.push({
      key: 'pdf-truncated',
      what: 'un PDF truncado',
      fileName: `factura-${number}.pdf`,
      contentType: 'application/pdf',
      bytes: full.slice(0, Math.floor(full.length * 0.6)),
      leakNumber: number,
    });
  }

  // 5. An empty file.
  out.push({
    key: 'empty',
    what: 'un fichero vacío',
    fileName: 'factura-vacia.pdf',
    contentType: 'application/pdf',
    bytes: new Uint8Array(),
  });

  // 6. A PNG decompression bomb: IHDR 60000 × 60000 (3.6 Gpixel), a few KB of deflated zeros.
  {
    const w = 60_000;
    const ihdr = new Uint8Array(13);
    const dv = new DataView(ihdr.buffer);
    dv.setUint32(0, w);
    dv.setUint32(4, w);
    ihdr.set([8, 0, 0, 0, 0], 8);
    // 200 rows of zeros (the rest never comes): small on the wire, 3.6 GB if decoded.
    const idat = deflateSync(new Uint8Array((w + 1) * 200), { level: 9 });
    out.push({
      key: 'png-bomb',
      what: 'una bomba de descompresión PNG (IHDR 60000×60000)',
      fileName: 'ticket-escaneado.png',
      contentType: 'image/png',
      bytes: Buffer.concat([
        PNG_SIGNATURE,
        pngChunk('IHDR', ihdr),
        pngChunk('IDAT', idat),
        pngChunk('IEND', new Uint8Array()),
      ]),
    });
  }

  // 7. An e-invoice XML with a DOCTYPE and entities (billion laughs / XXE).
  {
    const number = `HXXE-${tag}`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE Invoice [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:ID>${number}</cbc:ID>
  <cbc:IssueDate>2026-11-02</cbc:IssueDate>
  <cbc:Note>&lol3; &xxe;</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>ESB98765432</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>Suministros Hostiles del Puerto, S.L.</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:PayableAmount currencyID="EUR">121.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
</Invoice>
`;
    out.push({
      key: 'xml-doctype-entities',
      what: 'un XML con DOCTYPE y entidades (billion laughs / XXE)',
      fileName: `factura-${number}.xml`,
      contentType: 'application/xml',
      bytes: Buffer.from(xml, 'utf8'),
      leakNumber: number,
    });
  }
  return out;
}
