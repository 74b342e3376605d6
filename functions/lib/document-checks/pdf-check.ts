/**
 * PDF checks (issue 17 item 1). Two passes:
 *  1. Raw, before any parser inflates anything: the header and the `%%EOF` (truncation), an
 *     `/Encrypt` dictionary, and every Flate stream inflated under a cap (a stream inflating to more
 *     than 100× and more than 50 MB is a decompression bomb; parsers would allocate it whole).
 *  2. pdf-lib, which parses every object, those packed in compressed object streams too (where
 *     hostile PDFs hide their JavaScript from naive scanners): no object may carry JavaScript, a
 *     Launch action, automatic actions (/AA), rich media, an XFA form, or an embedded file other than
 *     an e-invoice XML (Factur-X / ZUGFeRD / Facturae / UBL attachments are what we want to read).
 * Names are compared decoded (`/J#61vaScript` is `/JavaScript`, PDF 32000-1 §7.3.5).
 */

import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { LIMITS, latin1, type Refusal, refuse } from './content-check';
import { inflateCapped } from './inflate-capped';
import { isEInvoiceXml } from './xml-check';

const damaged = () => refuse('El PDF está dañado o incompleto.');

/** Pass 1: structure markers and bounded inflation of every Flate stream. */
export function checkPdfRaw(bytes: Uint8Array): Refusal | null {
  const tail = latin1(bytes, Math.max(0, bytes.length - 2048));
  if (!tail.includes('%%EOF')) return refuse('El PDF está incompleto (el archivo se cortó antes del final).');
  const text = latin1(bytes);
  if (/\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text))
    return refuse('El PDF está cifrado o protegido con contraseña.');
  let total = 0;
  const streamStart = /stream(\r\n|\n|\r)/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    if (m.index > 0 && /[a-z]/i.test(text[m.index - 1] ?? '')) continue; // "endstream"
    const dataStart = m.index + m[0].length;
    const objectStart = text.lastIndexOf(' obj', m.index);
    const dict = text.slice(Math.max(objectStart, m.index - 4096, 0), m.index);
    const end = text.indexOf('endstream', dataStart);
    if (end < 0) return damaged();
    streamStart.lastIndex = end + 9;
    if (!/\/Filter\s*(\[\s*)?\/Fl(ateDecode)?\b/.test(dict)) continue;
    const data = bytes.subarray(dataStart, end);
    const limit = Math.max(LIMITS.flateBytes, LIMITS.flateRatio * data.length);
    const inflated = inflateCapped(data, { format: 'zlib', limit });
    total += inflated.size;
    if (inflated.exceeded || total > LIMITS.pdfInflatedTotal)
      return refuse('El PDF contiene datos comprimidos desproporcionados (posible bomba de descompresión).');
  }
  return null;
}

const nameOf = (name: PDFName): string =>
  name
    .asString()
    .slice(1)
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const ACTIVE_KEYS: Record<string, string> = {
  JavaScript: 'El PDF contiene JavaScript.',
  JS: 'El PDF contiene JavaScript.',
  AA: 'El PDF contiene acciones automáticas (/AA).',
  RichMedia: 'El PDF contiene contenido multimedia interactivo (RichMedia).',
  XFA: 'El PDF contiene un formulario XFA.',
};
const ACTIVE_ACTIONS: Record<string, string> = {
  JavaScript: 'El PDF contiene JavaScript.',
  Launch: 'El PDF intenta abrir otro programa (acción Launch).',
  RichMediaExecute: 'El PDF contiene contenido multimedia interactivo (RichMedia).',
};

interface Found {
  reason: string | null;
  embedded: { name: string; stream: PDFRawStream | PDFStream | null }[];
  embeddedStreams: (PDFRawStream | PDFStream)[];
}

function textOf(obj: PDFObject | undefined): string | null {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : null;
}

/** Walks one object's dictionaries (inline ones too) looking for active content and embedded files. */
function inspect(doc: PDFDocument, obj: PDFObject, found: Found, depth = 0): void {
  if (found.reason || depth > 32) return;
  if (obj instanceof PDFArray) {
    for (const item of obj.asArray()) inspect(doc, item, found, depth + 1);
    return;
  }
  const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
  if (!dict) return;
  for (const [key, value] of dict.entries()) {
    const k = nameOf(key);
    const why = ACTIVE_KEYS[k];
    if (why) {
      found.reason = why;
      return;
    }
    if ((k === 'S' || k === 'Subtype') && value instanceof PDFName) {
      const action =
        ACTIVE_ACTIONS[nameOf(value)] ?? (nameOf(value) === 'RichMedia' ? ACTIVE_KEYS.RichMedia : undefined);
      if (action) {
        found.reason = action;
        return;
      }
    }
    if (
      k === 'Type' &&
      value instanceof PDFName &&
      nameOf(value) === 'EmbeddedFile' &&
      obj instanceof PDFStream
    )
      found.embeddedStreams.push(obj);
    if (k === 'EF') {
      const ef = doc.context.lookup(value);
      const fileRef =
        ef instanceof PDFDict ? (ef.get(PDFName.of('UF')) ?? ef.get(PDFName.of('F'))) : undefined;
      const stream = fileRef ? doc.context.lookup(fileRef) : undefined;
      const name = textOf(dict.lookup(PDFName.of('UF'))) ?? textOf(dict.lookup(PDFName.of('F'))) ?? '';
      found.embedded.push({ name, stream: stream instanceof PDFStream ? stream : null });
    }
    if (value instanceof PDFDict || value instanceof PDFArray) inspect(doc, value, found, depth + 1);
  }
}

function streamBytes(stream: PDFRawStream | PDFStream): Uint8Array | null {
  try {
    return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  } catch {
    return null;
  }
}

/** Pass 2: every object through pdf-lib. Returns the page count, or why the PDF is refused. */
export async function checkPdfObjects(bytes: Uint8Array): Promise<{ pages: number } | Refusal> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    });
  } catch {
    return damaged();
  }
  if (doc.isEncrypted) return refuse('El PDF está cifrado o protegido con contraseña.');
  const declared = doc.catalog
    .lookupMaybe(PDFName.of('Pages'), PDFDict)
    ?.lookupMaybe(PDFName.of('Count'), PDFNumber);
  if (declared && declared.asNumber() > LIMITS.maxPdfPages)
    return refuse(`El PDF tiene demasiadas páginas (${declared.asNumber()}; máximo ${LIMITS.maxPdfPages}).`);
  const found: Found = { reason: null, embedded: [], embeddedStreams: [] };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    inspect(doc, obj, found);
    if (found.reason) return refuse(found.reason);
  }
  const named = new Set(found.embedded.map((e) => e.stream));
  const files = [
    ...found.embedded,
    ...found.embeddedStreams.filter((s) => !named.has(s)).map((stream) => ({ name: 'adjunto.xml', stream })),
  ];
  for (const file of files) {
    const content = file.stream ? streamBytes(file.stream) : null;
    if (!content || !isEInvoiceXml(file.name || 'adjunto', content))
      return refuse(
        `El PDF lleva incrustado un archivo que no es una factura electrónica XML${file.name ? ` ("${file.name}")` : ''}.`,
      );
  }
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    return damaged();
  }
  if (pages === 0) return damaged();
  if (pages > LIMITS.maxPdfPages)
    return refuse(`El PDF tiene demasiadas páginas (${pages}; máximo ${LIMITS.maxPdfPages}).`);
  return { pages };
}
