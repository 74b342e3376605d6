/**
 * The face of the qr library: the only module other code imports (infra/architecture.test.ts).
 * A pure library: level-M QR matrices, as PNG or SVG.
 */

export { renderQrPng } from './png';
export { darkRuns, qrMatrix } from './qr';
export { renderQrSvg } from './svg';
