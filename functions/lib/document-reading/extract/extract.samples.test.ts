import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { accuracy, accuracyTable, type Truth } from '@functions/lib/invoice-samples';
import { describe, expect, it } from 'vitest';
import samples from '../testing/samples-truth.json';
import { extractFromText } from './extract';

// The 31 synthetic Spanish invoices of the shared data (SOURCES.md): their text layer through
// `pdftotext -layout` (poppler, installed by .ci/run), the photo through Tesseract.
const DIR = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';

const pagesOf = (text: string) => text.split('\f').map((p) => p.split('\n'));

function textOf(file: string): { pages: string[][]; source: 'TEXT' | 'OCR' } {
  const path = join(DIR, file);
  if (file.endsWith('.pdf'))
    return {
      pages: pagesOf(execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })),
      source: 'TEXT',
    };
  const out = execFileSync(
    'tesseract',
    [path, 'stdout', '-l', 'spa', '--psm', '4', '-c', 'preserve_interword_spaces=1'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return { pages: pagesOf(out), source: 'OCR' };
}

describe('extractFromText on the shared samples', () => {
  it('reads at least 95 % of the fields right', () => {
    const cases = (samples.samples as { id: string; file: string; truth: Truth }[]).map((s) => {
      const { pages, source } = textOf(s.file);
      const { extraction } = extractFromText(pages, { source });
      return { id: s.id, truth: s.truth, read: extraction };
    });
    const report = accuracy(cases);
    console.log(accuracyTable(`samples (${cases.length})`, report));
    for (const m of report.misses)
      console.log('  miss', m.id, m.field, JSON.stringify(m.truth), '->', JSON.stringify(m.read));
    // 31 PDFs and the photo (F-2025-007, PNG).
    expect(cases).toHaveLength(32);
    expect(report.overall).toBeGreaterThanOrEqual(0.95);
  }, 60_000);
});
