/** pdf.js's worker module, loaded in-thread (pdfjs-text.ts); it ships no declaration of its own. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
