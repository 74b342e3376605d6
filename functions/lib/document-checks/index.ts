/**
 * The face of the document-checks library (issue 17 item 1): what an uploaded file's BYTES are, never
 * its name — the type they prove, and every refusal (DOC_041 / DOC_042) with a Spanish reason: empty or
 * truncated files, a type the purpose does not allow or an extension the bytes contradict, PDFs with
 * JavaScript, launch actions or embedded files other than an e-invoice XML, encrypted PDFs, decompression
 * bombs, Office macros, XML with DOCTYPE/ENTITY. Pure (pdf-lib and fflate only): the documents API
 * answers a multipart upload with it at once, the arrival worker guards every stored object with it, and
 * the reading library (document-reading) reads only what it let through. Kept apart from the reading so
 * neither the API function nor the arrival worker bundles the OCR engines.
 */

export { checkContent } from './check-content';
export type { ContentCheck, SniffedType } from './content-check';
export { xmlText } from './xml-check';
