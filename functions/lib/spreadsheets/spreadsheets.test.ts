import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvBytes, csvMoney, decodeText, detectSeparator, readCsv, writeCsv } from './csv';
import { esAmount, neutraliseText } from './formula-injection';
import { isDateFormat, readXlsx, SpreadsheetError, serialToIso } from './xlsx-read';
import { columnName, encodeXstring, excelSerial, type SheetSpec, writeXlsx, xlsxParts } from './xlsx-write';
import { childElements, firstChild, parseXml, XmlError } from './xml';

// Text without lone surrogates (which UTF-8 cannot carry), control characters included.
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const cellArb = fc.oneof(
  anyText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** What a cell reads back as: '' and null are both "no cell", trailing empty cells disappear. */
const normaliseRow = (row: unknown[]) => {
  const out = row.map((v) => (v === '' || v === null || v === undefined ? null : Object.is(v, -0) ? 0 : v));
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
};

describe('xlsx writer and reader', () => {
  it('round-trips any cells: write then read gives the same values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { maxLength: 6 }), { maxLength: 8 }),
        fc.array(fc.string({ minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 6 }),
        (rows, headers) => {
          const sheet: SheetSpec = { name: 'Datos', columns: headers.map((h) => ({ header: h })), rows };
          const read = readXlsx(writeXlsx([sheet]));
          expect(read.name).toBe('Datos');
          expect(read.rows[0]).toEqual(headers);
          for (let r = 0; r < rows.length; r++) {
            // Text comes back as written: neutralised when it could start a formula.
            const written = rows[r]!.map((v) => (typeof v === 'string' ? neutraliseText(v) : v));
            expect(normaliseRow(read.rows[r + 1] ?? [])).toEqual(normaliseRow(written));
          }
          expect(read.rows.length).toBeLessThanOrEqual(rows.length + 1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes dates as Excel serial numbers with a date format and reads them back as ISO dates', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-03-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const bytes = writeXlsx([
            { name: 'F', columns: [{ header: 'Fecha', kind: 'date' }], rows: [[iso]] },
          ]);
          expect(readXlsx(bytes).rows[1]).toEqual([iso]);
        },
      ),
    );
    expect(excelSerial('2026-03-15')).toBe(46096);
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2026-02-30')).toBeUndefined();
    expect(serialToIso(46096.5)).toBe('2026-03-15T12:00:00');
  });

  it('formats money, bolds and freezes the header, sets widths', () => {
    const parts = xlsxParts([
      {
        name: 'Facturas',
        columns: [
          { header: 'Número', width: 20 },
          { header: 'Total', kind: 'money' },
          { header: 'Fecha', kind: 'date' },
        ],
        rows: [['F-2026-0001', 1234.56, '2026-03-15']],
      },
    ]);
    const sheet = parseXml(parts['xl/worksheets/sheet1.xml']!);
    const styles = parseXml(parts['xl/styles.xml']!);
    const xfs = childElements(firstChild(styles, 'cellXfs')!, 'xf');
    const fmts = Object.fromEntries(
      childElements(firstChild(styles, 'numFmts')!, 'numFmt').map((f) => [
        f.attrs.numFmtId,
        f.attrs.formatCode,
      ]),
    );
    const [header, row] = childElements(firstChild(sheet, 'sheetData')!, 'row');
    // Header cells use a bold font.
    for (const c of childElements(header!, 'c')) {
      const xf = xfs[Number(c.attrs.s)]!;
      const font = childElements(firstChild(styles, 'fonts')!, 'font')[Number(xf.attrs.fontId)]!;
      expect(firstChild(font, 'b')).toBeDefined();
    }
    const [num, total, date] = childElements(row!, 'c');
    expect(num!.attrs.t).toBe('s');
    expect(total!.attrs.t).toBeUndefined();
    expect(fmts[xfs[Number(total!.attrs.s)]!.attrs.numFmtId!]).toBe('#,##0.00 "€"');
    expect(fmts[xfs[Number(date!.attrs.s)]!.attrs.numFmtId!]).toBe('dd/mm/yyyy');
    const pane = firstChild(firstChild(firstChild(sheet, 'sheetViews')!, 'sheetView')!, 'pane')!;
    expect(pane.attrs).toMatchObject({ ySplit: '1', state: 'frozen', topLeftCell: 'A2' });
    const cols = childElements(firstChild(sheet, 'cols')!, 'col');
    expect(cols[0]!.attrs).toMatchObject({ min: '1', max: '1', width: '20', customWidth: '1' });
  });

  it('produces the minimal part set, every part well-formed XML, with consistent relationships', () => {
    const bytes = writeXlsx([
      { name: 'Facturas', columns: [{ header: 'A & B <"x">' }], rows: [['a\r\nb', 'ñ€', '\u0001']] },
      { name: 'Instrucciones', columns: [{ header: 'Columna' }], rows: [['Texto']] },
    ]);
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
      ].sort(),
    );
    for (const [name, data] of Object.entries(files)) {
      expect(() => parseXml(strFromU8(data)), name).not.toThrow();
    }
    const types = parseXml(strFromU8(files['[Content_Types].xml']!));
    const overrides = childElements(types, 'Override').map((o) => o.attrs.PartName!.slice(1));
    for (const part of Object.keys(files).filter((f) => !f.endsWith('.rels') && !f.startsWith('['))) {
      expect(overrides).toContain(part);
    }
    const rels = childElements(parseXml(strFromU8(files['xl/_rels/workbook.xml.rels']!)), 'Relationship');
    for (const r of rels) expect(files[`xl/${r.attrs.Target}`]).toBeDefined();
    const sheets = childElements(
      firstChild(parseXml(strFromU8(files['xl/workbook.xml']!)), 'sheets')!,
      'sheet',
    );
    expect(sheets.map((s) => s.attrs.name)).toEqual(['Facturas', 'Instrucciones']);
    expect(readXlsx(bytes).rows[1]).toEqual(['a\r\nb', 'ñ€', '\u0001']);
  });

  it('reads inline strings, booleans, rich text and cells without references', () => {
    const sheet =
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="2"><c r="B2" t="inlineStr"><is><t>hola</t></is></c><c t="b"><v>1</v></c></row>' +
      '<row><c t="s"><v>0</v></c><c t="str"><v>=x</v></c></row></sheetData></worksheet>';
    const bytes = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId7"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="x/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>',
      ),
      'xl/worksheets/data.xml': strToU8(sheet),
      'xl/sharedStrings.xml': strToU8(
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>ri</t></r><r><t xml:space="preserve">co </t></r><rPh><t>x</t></rPh></si></sst>',
      ),
    });
    expect(readXlsx(bytes).rows).toEqual([[], [null, 'hola', true], ['rico ', '=x']]);
  });

  it('refuses content that is not an xlsx, whatever its name', () => {
    const notZip = new TextEncoder().encode('Número;Fecha\n1;2');
    expect(() => readXlsx(notZip)).toThrow(SpreadsheetError);
    const zipWithoutWorkbook = zipSync({ 'word/document.xml': strToU8('<w/>') });
    expect(() => readXlsx(zipWithoutWorkbook)).toThrow(/no es un libro de Excel/);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(() => readXlsx(ole)).toThrow(SpreadsheetError);
    const tall = writeXlsx([{ name: 'A', columns: [{ header: 'x' }], rows: [[1], [2], [3]] }]);
    expect(() => readXlsx(tall, { maxRows: 3 })).toThrow(/más de 3 filas/);
    expect(readXlsx(tall, { maxRows: 4 }).rows).toHaveLength(4);
    const truncated = writeXlsx([{ name: 'A', columns: [{ header: 'x' }], rows: [] }]).slice(0, 60);
    expect(() => readXlsx(truncated)).toThrow(SpreadsheetError);
  });

  it('knows date formats and column names', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('[$-F800]dddd, mmmm dd, yyyy')).toBe(true);
    expect(isDateFormat('#,##0.00 "€"')).toBe(false);
    expect(isDateFormat('0.00')).toBe(false);
    expect(
      ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA'].map((_, i) => columnName([0, 25, 26, 51, 52, 701, 702][i]!)),
    ).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(encodeXstring('a_x0041_b\u0002')).toBe('a_x005F_x0041_b_x0002_');
  });
});

describe('xml parser', () => {
  it('refuses malformed documents', () => {
    for (const bad of [
      '<a>',
      '<a></b>',
      '<a x="1" x="2"/>',
      '<a>&nope;</a>',
      '<a/><b/>',
      'text',
      '<a><b></a></b>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    }
    expect(parseXml('<?xml version="1.0"?><a k="&lt;&#65;&#x42;">x&amp;y<![CDATA[<z>]]></a>')).toEqual({
      name: 'a',
      attrs: { k: '<AB' },
      children: ['x&y', '<z>'],
    });
  });
});

describe('csv', () => {
  const csvCell = fc.string({ unit: 'binary', maxLength: 20 }).filter((s) => !s.includes('\uFEFF'));

  it('round-trips any cells with each separator', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(csvCell, { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
        fc.constantFrom(';' as const, ',' as const, '\t' as const),
        (rows, separator) => {
          const read = readCsv(csvBytes(rows, { separator }), { separator });
          expect(read.rows).toEqual(rows.map((row) => row.map(neutraliseText)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes a BOM, CRLF line ends and quotes only what needs quoting', () => {
    const text = writeCsv([
      ['Número', 'Total'],
      ['F-1', '1.234,56'],
      ['a;b', 'dice "hola"\nadiós'],
    ]);
    expect(text).toBe(
      '\uFEFFNúmero;Total\r\nF-1;"1.234,56"\r\n"a;b";"dice ""hola""\nadiós"\r\n'.replace(
        '"1.234,56"',
        '1.234,56',
      ),
    );
    expect(writeCsv([['1,5']], { separator: ',' })).toBe('\uFEFF"1,5"\r\n');
  });

  it('detects the separator and decodes Windows-1252', () => {
    expect(detectSeparator('a;b;c\n1,5;2;3')).toBe(';');
    expect(detectSeparator('a,b,c\n')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('"x;y",b,c')).toBe(',');
    expect(readCsv('"Nombre","NIF"\r\n"Peña, S.L.",B12345674\r\n').rows).toEqual([
      ['Nombre', 'NIF'],
      ['Peña, S.L.', 'B12345674'],
    ]);
    // "Peña" in Windows-1252: ñ is 0xF1.
    expect(decodeText(new Uint8Array([0x50, 0x65, 0xf1, 0x61]))).toBe('Peña');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(() => readCsv('"abierto;b\n')).toThrow(/sin cerrar/);
  });
});

describe('formula injection (OWASP CSV Injection)', () => {
  const dangerous = ['=1+1', '+34 600', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'];

  it('prefixes every text that starts with = + - @ tab or CR with a single quote, and nothing else', () => {
    for (const text of dangerous) expect(neutraliseText(text)).toBe(`'${text}`);
    for (const text of ['Panadería', ' =1', "'=1", '', '1.234,56', 'a=b'])
      expect(neutraliseText(text)).toBe(text);
  });

  it('CSV: neutralises text cells, writes numbers and CsvMoney as they are', () => {
    const text = writeCsv([[...dangerous.slice(0, 4), -12.5, csvMoney(-123456), csvMoney(5)]], {
      bom: false,
    });
    expect(text).toBe("'=1+1;'+34 600;'-2+3;'@SUM(A1);-12.5;-1.234,56;0,05\r\n");
    expect(readCsv(writeCsv([dangerous])).rows[0]).toEqual(dangerous.map((d) => `'${d}`));
    expect(esAmount(-1250)).toBe('-12,50');
  });

  it('XLSX: neutralises string cells in any column kind; numbers stay numeric cells', () => {
    const bytes = writeXlsx([
      {
        name: 'F',
        columns: [
          { header: 'Cliente' },
          { header: 'Total', kind: 'money' },
          { header: 'Nota', kind: 'money' },
        ],
        rows: [['=HYPERLINK("http://x","y")', -12.5, '-1']],
      },
    ]);
    const sheet = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="B2" s="3"><v>-12.5</v></c>');
    expect(readXlsx(bytes).rows[1]).toEqual(['\'=HYPERLINK("http://x","y")', -12.5, "'-1"]);
  });
});
