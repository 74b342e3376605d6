/**
 * The engine of DOCUMENTS_OCR_ENGINE (envNames.ocrEngine): `tesseract` locally (poppler + Tesseract
 * installed), `textract` in AWS, which is also the default when unset (shared/config/env-names.ts).
 */

import type { OcrEngine } from './ocr-engine';
import { tesseractEngine } from './tesseract';
import { textractEngine } from './textract';

export function makeOcrEngine(name: string | undefined): OcrEngine {
  const engine = (name ?? '').trim().toLowerCase();
  if (engine === 'tesseract') return tesseractEngine();
  if (engine === '' || engine === 'textract') return textractEngine();
  throw new Error(`Unknown OCR engine "${name}" (expected tesseract or textract)`);
}
