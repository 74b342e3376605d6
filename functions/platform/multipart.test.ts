import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart } from './multipart';

/** What a browser sends for a form with a file and two text fields (CRLF line ends, binary content). */
async function encoded(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

describe('multipart/form-data bodies', () => {
  it('turns a browser form into { file: { fileName, contentType, contentBase64 }, text fields, JSON fields }', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0xff]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/zip' }), 'facturas ñ.xlsx');
    form.append('invoiceType', 'ISSUED');
    form.append('mappingConfig', JSON.stringify({ IVA: 'vatRatePercent' }));
    const { body, contentType } = await encoded(form);

    const parsed = parseMultipart(body, multipartBoundary(contentType)!);

    expect(parsed).toEqual({
      file: {
        fileName: 'facturas ñ.xlsx',
        contentType: 'application/zip',
        contentBase64: Buffer.from(bytes).toString('base64'),
      },
      invoiceType: 'ISSUED',
      mappingConfig: { IVA: 'vatRatePercent' },
    });
  });

  it('collects a name sent twice into an array (several files)', async () => {
    const form = new FormData();
    form.append('files', new Blob(['a;b\r\n1;2']), 'uno.csv');
    form.append('files', new Blob(['c']), 'dos.csv');
    const { body, contentType } = await encoded(form);

    const parsed = parseMultipart(body, multipartBoundary(contentType)!);

    expect(Array.isArray(parsed.files)).toBe(true);
    expect((parsed.files as { fileName: string }[]).map((f) => f.fileName)).toEqual(['uno.csv', 'dos.csv']);
    expect(
      Buffer.from((parsed.files as { contentBase64: string }[])[0]!.contentBase64, 'base64').toString(),
    ).toBe('a;b\r\n1;2');
  });

  it('is only used for multipart content types, and refuses a broken body with CORE_004', () => {
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data; boundary="abc"')).toBe('abc');
    expect(() => multipartBoundary('multipart/form-data')).toThrow(/boundary/);
    expect(() => parseMultipart(Buffer.from('--abc\r\nX: y\r\n\r\nno end'), 'abc')).toThrowError(
      expect.objectContaining({ code: 'CORE_004' }),
    );
  });
});
