/**
 * checkContent (issue 17 item 1; spec part 2 §5 "Upload"): what a file is, decided by its bytes only.
 * The name can only make things worse: an extension that disagrees with the bytes (a PNG named
 * `.pdf`) is refused, a missing one is not. Everything refused is DOC_041, except size (DOC_042).
 * Nothing here trusts a declared size or count: see the bomb limits in content-check.ts.
 */

import {
  CONTENT_TYPE_OF_EXTENSION,
  extensionOf,
  invalidTypeMessage,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
} from '@shared/schemas/documents';
import { type ContentCheck, latin1, refuse, type SniffedType, startsWith } from './content-check';
import { checkJpeg, checkPng } from './image-check';
import { checkOle, checkOoxml } from './office-check';
import { checkPdfObjects, checkPdfRaw } from './pdf-check';
import { checkXml, looksLikeXml } from './xml-check';

const ALLOWED: Record<'READ' | 'SEND', readonly SniffedType[]> = {
  READ: ['pdf', 'jpeg', 'png', 'xml'],
  SEND: ['pdf', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx'],
};

const TYPE_OF_EXTENSION: Readonly<Record<string, SniffedType>> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  xml: 'xml',
  xsig: 'xml',
  doc: 'doc',
  docx: 'docx',
  xls: 'xls',
  xlsx: 'xlsx',
};

const LABEL: Record<SniffedType, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  xml: 'XML',
  doc: 'Word (.doc)',
  docx: 'Word (.docx)',
  xls: 'Excel (.xls)',
  xlsx: 'Excel (.xlsx)',
};

const CONTENT_TYPE: Record<SniffedType, string> = {
  pdf: CONTENT_TYPE_OF_EXTENSION.pdf!,
  jpeg: CONTENT_TYPE_OF_EXTENSION.jpeg!,
  png: CONTENT_TYPE_OF_EXTENSION.png!,
  xml: CONTENT_TYPE_OF_EXTENSION.xml!,
  doc: CONTENT_TYPE_OF_EXTENSION.doc!,
  docx: CONTENT_TYPE_OF_EXTENSION.docx!,
  xls: CONTENT_TYPE_OF_EXTENSION.xls!,
  xlsx: CONTENT_TYPE_OF_EXTENSION.xlsx!,
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The family the magic bytes announce (Office files are told apart by their contents later). */
function family(bytes: Uint8Array): 'pdf' | 'png' | 'jpeg' | 'zip' | 'ole' | 'xml' | null {
  // PDF 32000-1 §7.5.2: the header; readers accept it within the first 1024 bytes.
  if (latin1(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, OLE)) return 'ole';
  if (looksLikeXml(bytes)) return 'xml';
  return null;
}

export async function checkContent(
  bytes: Uint8Array,
  opts: { fileName: string; purpose: 'READ' | 'SEND' },
): Promise<ContentCheck> {
  if (bytes.length > MAX_DOCUMENT_BYTES) return refuse(tooLargeMessage(opts.fileName), 'DOC_042');
  if (bytes.length === 0) return refuse('El archivo está vacío.');
  const kind = family(bytes);
  if (!kind)
    return refuse(`${invalidTypeMessage(opts.fileName)}: su contenido no es PDF, JPEG, PNG, XML ni Office.`);

  let type: SniffedType;
  let pages: number | null = null;
  if (kind === 'zip' || kind === 'ole') {
    // Office files are only accepted to be sent; their structure is checked before saying what they are.
    if (opts.purpose !== 'SEND') return refuse(invalidTypeMessage(opts.fileName));
    const office = kind === 'zip' ? checkOoxml(bytes) : checkOle(bytes);
    if ('ok' in office) return office;
    type = office.type;
  } else {
    type = kind;
  }

  const ext = extensionOf(opts.fileName);
  const named = TYPE_OF_EXTENSION[ext];
  if (ext && named !== type)
    return refuse(
      named
        ? `El archivo "${opts.fileName}" dice ser ${LABEL[named]}, pero su contenido es ${LABEL[type]}.`
        : invalidTypeMessage(opts.fileName),
    );
  if (!ALLOWED[opts.purpose].includes(type)) return refuse(invalidTypeMessage(opts.fileName));

  if (type === 'png') {
    const refusal = checkPng(bytes);
    if (refusal) return refusal;
    pages = 1;
  } else if (type === 'jpeg') {
    const refusal = checkJpeg(bytes);
    if (refusal) return refusal;
    pages = 1;
  } else if (type === 'xml') {
    const refusal = checkXml(bytes);
    if (refusal) return refusal;
  } else if (type === 'pdf') {
    const refusal = checkPdfRaw(bytes);
    if (refusal) return refusal;
    const objects = await checkPdfObjects(bytes);
    if ('ok' in objects) return objects;
    pages = objects.pages;
  }
  return { ok: true, type, contentType: CONTENT_TYPE[type], pages };
}
