/**
 * The Textract engine against a mocked client (aws-sdk-client-mock) and a response in the shape
 * AnalyzeExpense returns (SummaryFields + Blocks, normalised geometry), written for these tests.
 */

import {
  AnalyzeExpenseCommand,
  type Block,
  type ExpenseDocument,
  GetExpenseAnalysisCommand,
  StartExpenseAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReadingError } from '../reading-error';
import { makeOcrEngine } from './make-engine';
import { expenseToPages, textractEngine } from './textract';

const textract = mockClient(TextractClient);
beforeEach(() => textract.reset());

const line = (text: string, left: number, top: number, page = 1, confidence = 99): Block => ({
  BlockType: 'LINE',
  Text: text,
  Page: page,
  Confidence: confidence,
  Geometry: { BoundingBox: { Left: left, Top: top, Width: text.length * 0.008, Height: 0.012 } },
});

/** A recorded-shape AnalyzeExpense document: two columns at the top, the tax table, a label above its value. */
const INVOICE: ExpenseDocument = {
  ExpenseIndex: 1,
  SummaryFields: [
    {
      Type: { Text: 'INVOICE_RECEIPT_ID', Confidence: 98 },
      LabelDetection: { Text: 'Nº', Confidence: 97 },
      ValueDetection: { Text: 'F-2024/004', Confidence: 98 },
      PageNumber: 1,
    },
    {
      Type: { Text: 'TOTAL', Confidence: 95 },
      LabelDetection: { Text: 'TOTAL A PAGAR', Confidence: 96 },
      ValueDetection: { Text: '6.356,00 €', Confidence: 90 },
      PageNumber: 1,
    },
  ],
  Blocks: [
    line('FACTURA', 0.05, 0.05),
    line('CLIENTE', 0.7, 0.045),
    line('Nº F-2024/004', 0.05, 0.08),
    line('NIF: 12547893W', 0.7, 0.081),
    line('Proveedor: Clínica Dental Sonrisa', 0.05, 0.2),
    line('NIF/CIF: B38456789', 0.05, 0.22, 1, 91),
    line('IGIC 7%', 0.1, 0.5),
    line('4.700,00 €', 0.3, 0.5),
    line('329,00 €', 0.7, 0.501),
    line('TOTAL A PAGAR', 0.5, 0.8),
    line('6.356,00 €', 0.5, 0.83),
    { BlockType: 'WORD', Text: 'FACTURA', Page: 1 },
  ],
};

describe('expenseToPages', () => {
  it('lays LINE blocks out by height and column, and adds label/value pairs found across lines', () => {
    const [page] = expenseToPages([INVOICE]);
    expect(page!.page).toBe(1);
    expect(page!.lines[0]).toMatch(/^FACTURA\s{10,}CLIENTE$/);
    expect(page!.lines[1]).toMatch(/^Nº F-2024\/004\s+NIF: 12547893W$/);
    expect(page!.lines).toContainEqual(expect.stringMatching(/IGIC 7%\s+4\.700,00 €\s+329,00 €/));
    // "Nº F-2024/004" is already on one line; the total's label sits above its value.
    expect(page!.lines.filter((l) => l.includes('F-2024/004'))).toHaveLength(1);
    expect(page!.lines.at(-1)).toBe('TOTAL A PAGAR 6.356,00 €');
    expect(page!.confidence).toBeGreaterThan(0.9);
    expect(page!.confidence).toBeLessThan(1);
  });
});

describe('textractEngine', () => {
  const engine = () => textractEngine({ client: new TextractClient({ region: 'eu-west-1' }), waitMs: 0 });

  it('reads an image or a one-page PDF synchronously from its bytes', async () => {
    textract.on(AnalyzeExpenseCommand).resolves({ ExpenseDocuments: [INVOICE] });
    const pages = await engine().ocr({ bytes: new Uint8Array([1, 2, 3]), type: 'jpeg', pages: 1 });
    expect(pages).toHaveLength(1);
    expect(textract.commandCalls(AnalyzeExpenseCommand)[0]!.args[0].input.Document?.Bytes).toEqual(
      new Uint8Array([1, 2, 3]),
    );
    expect(textract.commandCalls(StartExpenseAnalysisCommand)).toHaveLength(0);
  });

  it('starts an asynchronous job for a multi-page PDF and hands back its JobId while it runs', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'job-1' });
    textract.on(GetExpenseAnalysisCommand).resolves({ JobStatus: 'IN_PROGRESS' });
    const input = {
      bytes: new Uint8Array([9]),
      type: 'pdf' as const,
      pages: 3,
      location: { bucket: 'docs', key: 'incoming/c/d/f.pdf' },
    };
    const error = await engine()
      .ocr(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadingError);
    expect(error).toMatchObject({ retryable: true, jobId: 'job-1', code: 'DOC_043' });
    const start = textract.commandCalls(StartExpenseAnalysisCommand)[0]!.args[0].input;
    expect(start.DocumentLocation?.S3Object).toEqual({ Bucket: 'docs', Name: 'incoming/c/d/f.pdf' });
    expect(start.ClientRequestToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('collects every page of a finished job, following NextToken', async () => {
    const page2: ExpenseDocument = { ExpenseIndex: 1, Blocks: [line('Página 2', 0.1, 0.1, 2)] };
    textract
      .on(GetExpenseAnalysisCommand, { JobId: 'job-1', NextToken: undefined })
      .resolves({ JobStatus: 'SUCCEEDED', ExpenseDocuments: [INVOICE], NextToken: 't2' })
      .on(GetExpenseAnalysisCommand, { JobId: 'job-1', NextToken: 't2' })
      .resolves({ JobStatus: 'SUCCEEDED', ExpenseDocuments: [page2] });
    const pages = await engine().ocr({ bytes: new Uint8Array([9]), type: 'pdf', pages: 2, jobId: 'job-1' });
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pages[1]!.lines).toEqual(['Página 2']);
    expect(textract.commandCalls(StartExpenseAnalysisCommand)).toHaveLength(0);
  });

  it('retries throttling, gives up on documents Textract cannot read or a failed job', async () => {
    const throttled = Object.assign(new Error('slow down'), {
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400 },
    });
    textract.on(AnalyzeExpenseCommand).rejects(throttled);
    await expect(engine().ocr({ bytes: new Uint8Array([1]), type: 'png', pages: 1 })).rejects.toMatchObject({
      retryable: true,
    });

    const unsupported = Object.assign(new Error('bad'), {
      name: 'UnsupportedDocumentException',
      $metadata: { httpStatusCode: 400 },
    });
    textract.on(AnalyzeExpenseCommand).rejects(unsupported);
    await expect(engine().ocr({ bytes: new Uint8Array([1]), type: 'png', pages: 1 })).rejects.toMatchObject({
      retryable: false,
    });

    textract.on(GetExpenseAnalysisCommand).resolves({ JobStatus: 'FAILED', StatusMessage: 'bad PDF' });
    await expect(
      engine().ocr({ bytes: new Uint8Array([1]), type: 'pdf', pages: 4, jobId: 'j' }),
    ).rejects.toMatchObject({ retryable: false });

    await expect(engine().ocr({ bytes: new Uint8Array([1]), type: 'pdf', pages: 4 })).rejects.toMatchObject({
      retryable: false,
    });
  });
});

describe('makeOcrEngine', () => {
  it('makes the engine named by DOCUMENTS_OCR_ENGINE (textract when unset)', () => {
    expect(makeOcrEngine('tesseract').name).toBe('TESSERACT');
    expect(makeOcrEngine('TEXTRACT').name).toBe('TEXTRACT');
    expect(makeOcrEngine(undefined).name).toBe('TEXTRACT');
    expect(() => makeOcrEngine('gpt')).toThrow(/Unknown OCR engine/);
  });
});
