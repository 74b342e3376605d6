/**
 * The files a PDF carries (ISO 32000-1 §7.11.4 embedded file streams): where a Factur-X / ZUGFeRD
 * invoice keeps its CII XML (factur-x.xml, zugferd-invoice.xml, xrechnung.xml) and where some Spanish
 * producers attach the Facturae or UBL. Three places are read:
 *  - the document's name tree /Names /EmbeddedFiles (with /Kids), what pdf-lib's `attach()` writes;
 *  - the catalog's /AF associated files (PDF/A-3, required by Factur-X);
 *  - /FileAttachment annotations of the pages.
 * Each file spec's /EF /F (or /UF) stream is decoded (Flate, capped): 10 MB in all, so a hostile PDF
 * cannot make this allocate more. Files named *.xml are decoded first (an e-invoice is what is looked
 * for); a file that would pass the cap is skipped, and after two such files the rest are. A file is
 * returned once even when several places point at it.
 */

import type { PDFContext, PDFDict, PDFDocument, PDFObject } from 'pdf-lib';
import { PDFRef } from 'pdf-lib';
import {
  arrayOf,
  decodeStream,
  dictOf,
  get,
  listOf,
  loadPdf,
  nameOf,
  StreamTooLargeError,
  streamOf,
  textOf,
} from './objects';

export interface EmbeddedFile {
  name: string;
  bytes: Uint8Array;
}

/** All embedded files together may not exceed this once decoded. */
export const MAX_EMBEDDED_BYTES = 10 * 1024 * 1024;
/** Name-tree depth and file count bounds (a cyclic or enormous tree is a hostile file). */
const MAX_TREE_DEPTH = 10;
const MAX_FILES = 50;
/** Files too large for what is left of the cap before the search gives up. */
const MAX_OVERSIZED = 2;

interface FileSpec {
  name: string | null;
  spec: PDFDict;
}

/** The (key, file spec) pairs of a name tree, depth-first, bounded. */
function nameTree(ctx: PDFContext, node: PDFDict | null, depth: number, out: FileSpec[]): void {
  if (!node || depth > MAX_TREE_DEPTH || out.length >= MAX_FILES) return;
  const names = arrayOf(ctx, get(node, 'Names'))?.asArray() ?? [];
  for (let i = 0; i + 1 < names.length; i += 2) {
    const spec = dictOf(ctx, names[i + 1]);
    if (spec) out.push({ name: textOf(ctx, names[i]), spec });
  }
  for (const kid of arrayOf(ctx, get(node, 'Kids'))?.asArray() ?? [])
    nameTree(ctx, dictOf(ctx, kid), depth + 1, out);
}

function fileSpecs(doc: PDFDocument): FileSpec[] {
  const ctx = doc.context;
  const specs: FileSpec[] = [];
  const names = dictOf(ctx, get(doc.catalog, 'Names'));
  nameTree(ctx, dictOf(ctx, get(names, 'EmbeddedFiles')), 0, specs);
  for (const af of listOf(ctx, get(doc.catalog, 'AF'))) {
    const spec = dictOf(ctx, af);
    if (spec) specs.push({ name: null, spec });
  }
  for (const page of doc.getPages()) {
    for (const a of arrayOf(ctx, get(page.node, 'Annots'))?.asArray() ?? []) {
      const annot = dictOf(ctx, a);
      if (nameOf(ctx, get(annot, 'Subtype')) !== 'FileAttachment') continue;
      const spec = dictOf(ctx, get(annot, 'FS'));
      if (spec) specs.push({ name: null, spec });
    }
  }
  return specs.slice(0, MAX_FILES);
}

/** The file name of a spec: /UF (Unicode), else /F, else the name-tree key. */
function fileName(ctx: PDFContext, s: FileSpec): string {
  return textOf(ctx, get(s.spec, 'UF')) ?? textOf(ctx, get(s.spec, 'F')) ?? s.name ?? 'adjunto';
}

const refKey = (o: PDFObject | undefined) => (o instanceof PDFRef ? o.toString() : null);

/** The files embedded in a PDF (name and decoded bytes), or [] when it has none or cannot be read. */
export async function pdfEmbeddedFiles(pdf: Uint8Array): Promise<EmbeddedFile[]> {
  const doc = await loadPdf(pdf);
  if (!doc) return [];
  const ctx = doc.context;
  const files: EmbeddedFile[] = [];
  const seen = new Set<string>();
  let budget = MAX_EMBEDDED_BYTES;
  let specs: FileSpec[];
  try {
    specs = fileSpecs(doc);
  } catch {
    return []; // a structure pdf-lib cannot walk: nothing embedded can be trusted either
  }
  let oversized = 0;
  const isXml = (s: FileSpec) => /\.xml$/i.test(fileName(ctx, s));
  specs.sort((a, b) => Number(isXml(b)) - Number(isXml(a)));
  for (const s of specs) {
    const ef = dictOf(ctx, get(s.spec, 'EF'));
    const ref = get(ef, 'F') ?? get(ef, 'UF');
    const stream = streamOf(ctx, ref);
    const key = refKey(ref);
    if (key !== null && seen.has(key)) continue;
    if (key !== null) seen.add(key);
    if (!stream) continue;
    try {
      const decoded = decodeStream(ctx, stream, budget);
      if (!decoded || decoded.pendingFilter) continue;
      budget -= decoded.bytes.length;
      files.push({ name: fileName(ctx, s), bytes: decoded.bytes });
    } catch (e) {
      if (e instanceof StreamTooLargeError && ++oversized >= MAX_OVERSIZED) break;
      // Any other failure is this file's (a broken stream or dictionary): the others are still read.
    }
  }
  return files;
}
