import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AeatFileError,
  aeatText,
  decodeLatin1,
  type FileIdentity,
  type FileRecord,
  parseFixedWidth,
  writeInformativeReturn,
  writeSelfAssessment,
} from './aeat-file';
import { layout303v2024_10, layout303v2026 } from './layouts/303';
import { layout347 } from './layouts/347';
import { layout349 } from './layouts/349';
import { layout390v2025 } from './layouts/390';
import type { DeclaredRecord, ModelComputation, ModelDesign, PageLayout, TaxModelType } from './types';

// ---------------------------------------------------------------------------------------------------------
// Fixtures

const design = (modelType: TaxModelType, pages: PageLayout[], fileFormat: 'T' | 'BOE'): ModelDesign => ({
  id: `${modelType}-test`,
  modelType,
  validFrom: '2024-01-01',
  validTo: null,
  source: 'test',
  boxes: [],
  pages,
  fileFormat,
});

const computation = (over: Partial<ModelComputation> = {}): ModelComputation => ({
  modelType: '303',
  year: 2025,
  period: '2T',
  design: '303-2024-10',
  boxes: {},
  result: { type: 'I', amountCents: 0 },
  allowedResultTypes: ['I'],
  records: [],
  issues: [],
  sources: {},
  ...over,
});

const identity: FileIdentity = {
  nif: 'B12345678',
  name: 'Panadería Ñandú, S.L.',
  softwareNif: 'A87654321',
  softwareVersion: '1.0',
};

const page = (layout: PageLayout[], code: string): PageLayout => {
  const found = layout.find((p) => p.page === code);
  if (!found) throw new Error(code);
  return found;
};

/** The text at 1-based `position` of a page that starts at `start` (0-based) in `text`. */
const at = (text: string, start: number, position: number, length: number) =>
  text.slice(start + position - 1, start + position - 1 + length);

/** Official positions of the boxes, from the AEAT table (not from our data). */
function aeatBoxes303(sheet: string): { box: string; position: number; length: number; type: string }[] {
  const file = fileURLToPath(
    new URL('./layouts/sources/303/layout_303_2024-10_from_AEAT_DR303e24v200.csv', import.meta.url),
  );
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.split(','))
    .filter((cols) => cols[0] === sheet && /^\d+$/.test(cols[2] ?? ''))
    .map((cols) => ({ position: Number(cols[2]), length: Number(cols[3]), type: cols[4] ?? '', row: cols }))
    .map(({ row, ...rest }) => ({ ...rest, box: /\[(\d+)\],(\d+),/.exec(row.join(','))?.[2] ?? '' }))
    .filter((r) => r.box !== '');
}

const catchError = (fn: () => unknown): AeatFileError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AeatFileError) return e;
    throw e;
  }
  throw new Error('no AeatFileError thrown');
};

// ---------------------------------------------------------------------------------------------------------
// 303, "<T" format

describe('writeSelfAssessment: 303 DR303e24v200', () => {
  const d303 = design('303', layout303v2024_10, 'T');

  it('writes the envelope, pages 01 and 03 and the closing tag, in ISO-8859-1', () => {
    // a page is written when the computation has one of its boxes (zero included)
    const bytes = writeSelfAssessment(d303, computation({ boxes: { '65': 10000 } }), identity);
    const text = decodeLatin1(bytes);

    expect(text.slice(0, 22)).toBe('<T30302025' + '2T' + '0000><AUX>');
    expect(at(text, 0, 23, 70)).toBe(' '.repeat(70));
    expect(at(text, 0, 93, 4)).toBe('1.0 ');
    expect(at(text, 0, 101, 9)).toBe('A87654321');
    expect(at(text, 0, 323, 6)).toBe('</AUX>');
    expect(text.slice(328, 339)).toBe('<T30301000>');
    expect(text.slice(328 + 1581, 328 + 1581 + 11)).toBe('<T30303000>');
    expect(text.endsWith('</T30302025' + '2T' + '0000>')).toBe(true);
    expect(bytes.length).toBe(328 + 1581 + 1017 + 18);
    expect(text).not.toMatch(/[\r\n]/);
  });

  it('puts every box of page 01 at its AEAT position, zero-padded, with N for negatives', () => {
    const rows = aeatBoxes303('01');
    const boxes: Record<string, number> = {};
    rows.forEach((row, i) => {
      // unsigned boxes positive; signed boxes alternately negative and positive
      boxes[row.box] = row.type === 'N' && i % 2 === 0 ? -(1000 + i) : 100_000 + i;
    });
    // rate boxes the AEAT fixes are written as constants; give the variable ones a rate
    Object.assign(boxes, { '154': 750, '17': 100, '169': 50 });
    const text = decodeLatin1(writeSelfAssessment(d303, computation({ boxes }), identity));
    const start = 328;
    for (const row of rows) {
      const raw = at(text, start, row.position, row.length);
      const constant = { '151': '00000', '02': '00400', '05': '01000', '08': '02100', '157': '00175' }[
        row.box
      ];
      const other = { '20': '00140', '23': '00520', '166': '00200' }[row.box];
      const value = boxes[row.box] as number;
      const expected =
        (constant ?? other) ||
        (value < 0
          ? `N${String(-value).padStart(row.length - 1, '0')}`
          : String(value).padStart(row.length, '0'));
      expect(raw, `[${row.box}] @${row.position}`).toBe(expected);
    }
    expect(at(text, start, 225, 5)).toBe('00750'); // [154] 7,5 % in basis points
  });

  it('writes known boxes as the AEAT example formats them', () => {
    const boxes = {
      '07': 1_000_000,
      '08': 2100,
      '09': 210_000,
      '14': -12_345,
      '27': 197_655,
      '65': 10_000,
      '71': -4_321,
    };
    const text = decodeLatin1(writeSelfAssessment(d303, computation({ boxes }), identity));
    const p1 = 328;
    const p3 = 328 + 1581;
    expect(at(text, p1, 286, 17)).toBe('00000000001000000'); // [07] 10.000,00 €
    expect(at(text, p1, 303, 5)).toBe('02100'); // [08] 21 %
    expect(at(text, p1, 308, 17)).toBe('00000000000210000'); // [09]
    expect(at(text, p1, 393, 17)).toBe('N0000000000012345'); // [14] −123,45 €
    expect(at(text, p1, 617, 17)).toBe('00000000000197655'); // [27]
    expect(at(text, p3, 216, 5)).toBe('10000'); // [65] 100,00 %
    expect(at(text, p3, 374, 17)).toBe('N0000000000004321'); // [71]
    expect(at(text, p3, 1006, 12)).toBe('</T30303000>');
  });

  it('writes the identification: type, NIF, name (upper case, no accents, Ñ kept), year and period', () => {
    const text = decodeLatin1(
      writeSelfAssessment(d303, computation({ result: { type: 'C', amountCents: -100 } }), {
        ...identity,
        redeme: '2',
        exemptFrom390: 0,
      }),
    );
    expect(at(text, 328, 13, 1)).toBe('C');
    expect(at(text, 328, 14, 9)).toBe('B12345678');
    expect(at(text, 328, 23, 80)).toBe('PANADERIA ÑANDU, S.L.'.padEnd(80, ' '));
    expect(at(text, 328, 103, 4)).toBe('2025');
    expect(at(text, 328, 107, 2)).toBe('2T');
    expect(at(text, 328, 110, 1)).toBe('2');
    expect(at(text, 328, 128, 1)).toBe('0');
  });

  it('cuts a name longer than its field, but not a code', () => {
    const long =
      'Comercializadora de Productos Alimentarios del Mediterráneo y Norte de África, Sociedad Limitada';
    const text = decodeLatin1(writeSelfAssessment(d303, computation(), { ...identity, name: long }));
    expect(at(text, 328, 23, 80)).toBe(aeatText(long).slice(0, 80));
    expect(at(text, 328, 103, 4)).toBe('2025');
  });

  it('reads every field back with parseFixedWidth', () => {
    const boxes = { '01': 5000, '03': 200, '14': -77, '46': 123 };
    const bytes = writeSelfAssessment(d303, computation({ boxes }), identity);
    const fields = parseFixedWidth(bytes, page(layout303v2024_10, '01000'), 328);
    const value = (source: string) => fields.find((f) => f.source === source)?.value;
    expect(value('box:01')).toBe(5000);
    expect(value('box:03')).toBe(200);
    expect(value('box:14')).toBe(-77);
    expect(value('box:46')).toBe(123);
    expect(value('box:07')).toBe(0);
    expect(value('value:nif')).toBe('B12345678');
    expect(value('const:</T30301000>')).toBe('</T30301000>');
  });

  it('adds the DID page with bank data, and page 04 only when it has data', () => {
    const withBank = decodeLatin1(
      writeSelfAssessment(
        d303,
        computation({ boxes: { '65': 10_000, '71': 10 }, result: { type: 'U', amountCents: 10 } }),
        {
          ...identity,
          iban: 'ES9121000418450200051332',
          sepaMark: 1,
        },
      ),
    );
    expect(withBank.length).toBe(328 + 1581 + 1017 + 823 + 18);
    const did = withBank.indexOf('<T303DID00>');
    expect(did).toBe(328 + 1581 + 1017);
    expect(at(withBank, did, 23, 34)).toBe('ES9121000418450200051332'.padEnd(34, ' '));
    expect(at(withBank, did, 194, 1)).toBe('1');
    expect(withBank).not.toContain('<T30304000>');

    const exempt = decodeLatin1(
      writeSelfAssessment(
        d303,
        computation({ period: '4T', boxes: { '71': 0, '80': 5_000_000, '88': 5_000_000 } }),
        identity,
      ),
    );
    const p4 = exempt.indexOf('<T30304000>');
    expect(p4).toBe(328 + 1581 + 1017);
    expect(at(exempt, p4, 81, 17)).toBe('00000000005000000');
    expect(exempt.endsWith('</T30302025' + '4T' + '0000>')).toBe(true);
  });

  it('writes exactly the pages asked for', () => {
    const text = decodeLatin1(
      writeSelfAssessment(d303, computation(), identity, { pages: ['01000', '03000'] }),
    );
    expect(text.length).toBe(328 + 1581 + 1017 + 18);
    expect(() => writeSelfAssessment(d303, computation(), identity, { pages: ['09000'] })).toThrow(
      AeatFileError,
    );
  });

  it('refuses a negative amount in an unsigned field', () => {
    const error = catchError(() => writeSelfAssessment(d303, computation({ boxes: { '07': -1 } }), identity));
    expect(error.code).toBe('NEGATIVE_UNSIGNED');
    expect(error.source).toBe('box:07');
    expect(error.page).toBe('01000');
  });

  it('refuses amounts that do not fit, non-integers and characters outside ISO-8859-1', () => {
    expect(
      catchError(() => writeSelfAssessment(d303, computation({ boxes: { '154': 123_456 } }), identity)).code,
    ).toBe('OVERFLOW');
    expect(
      catchError(() => writeSelfAssessment(d303, computation({ boxes: { '07': 1.5 } }), identity)).code,
    ).toBe('NOT_AN_INTEGER');
    expect(
      catchError(() => writeSelfAssessment(d303, computation(), { ...identity, name: 'Café €' })).code,
    ).toBe('NOT_LATIN1');
    expect(
      catchError(() => writeSelfAssessment(d303, computation(), { ...identity, nif: 'B123456789' })).code,
    ).toBe('OVERFLOW');
  });

  it('needs the software developer NIF and version for the envelope, and a "<T" design', () => {
    const { softwareNif: _n, ...withoutNif } = identity;
    expect(catchError(() => writeSelfAssessment(d303, computation(), withoutNif as FileIdentity)).code).toBe(
      'MISSING_VALUE',
    );
    expect(
      catchError(() => writeSelfAssessment(design('349', layout349, 'BOE'), computation(), identity)).code,
    ).toBe('WRONG_FORMAT');
  });
});

describe('writeSelfAssessment: 303 DR303e26v101 and 390', () => {
  it('303 2026: the same page lengths, boxes at their new positions, [112] and [71] on page 03', () => {
    const boxes = { '07': 100, '71': -250, '112': 40, '65': 10_000 };
    const text = decodeLatin1(
      writeSelfAssessment(
        design('303', layout303v2026, 'T'),
        computation({ year: 2026, period: '01', boxes }),
        {
          ...identity,
        },
      ),
    );
    expect(text.length).toBe(328 + 1581 + 1017 + 18);
    expect(at(text, 328, 326, 17)).toBe('00000000000000100');
    const p3 = 328 + 1581;
    expect(at(text, p3, 391, 17)).toBe('00000000000000040');
    expect(at(text, p3, 408, 17)).toBe('N0000000000000250');
    expect(text.endsWith('</T30302026010000>')).toBe(true);
  });

  it('390 2025: "<T390" envelope with period 0A, pages with data only', () => {
    const text = decodeLatin1(
      writeSelfAssessment(
        design('390', layout390v2025, 'T'),
        computation({
          modelType: '390',
          period: '0A',
          boxes: { '05': 1_000_000, '06': 210_000, '47': 210_000 },
        }),
        identity,
      ),
    );
    expect(text.slice(0, 17)).toBe('<T39002025' + '0A' + '0000>');
    const pages = [...text.matchAll(/<T390(\w{5})>/g)].map((m) => m[1]);
    expect(pages).toEqual(['01000', '02000', '02B00']);
    const p2 = text.indexOf('<T39002000>');
    expect(at(text, p2, 217, 17)).toBe('00000000001000000'); // [05] at 217 in the 2024/2025 design
    expect(text.length).toBe(328 + 1187 + 1806 + 531 + 18);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 349 and 347, BOE format

const record = (over: Partial<FileRecord> & Pick<DeclaredRecord, 'kind'>): FileRecord => ({
  counterpartyKey: 'k',
  taxId: 'FR12345678901',
  name: 'Société Générale Café',
  country: 'FR',
  key: 'E',
  amountCents: 0,
  ...over,
});

const lines = (bytes: Uint8Array) => {
  const text = decodeLatin1(bytes);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
};

describe('writeInformativeReturn: 349', () => {
  const d349 = design('349', layout349, 'BOE');
  const c349 = computation({
    modelType: '349',
    period: '1T',
    result: { type: 'INFORMATIVE', amountCents: 0 },
    records: [
      record({ kind: 'OPERATOR', amountCents: 1_234_567 }),
      record({
        kind: 'OPERATOR',
        taxId: 'DE123456789',
        name: 'Müller GmbH',
        country: 'DE',
        key: 'S',
        amountCents: 50_000,
      }),
      record({
        kind: 'RECTIFICATION',
        taxId: 'IT12345678901',
        name: 'Peña Srl',
        country: 'IT',
        key: 'A',
        amountCents: 80_000,
        correctedYear: 2024,
        correctedPeriod: '4T',
        previouslyDeclaredCents: 100_000,
      }),
    ],
  });
  const id349: FileIdentity = {
    ...identity,
    phone: '600123456',
    contactName: 'José Núñez',
    declarationId: '3490000000001',
  };

  it('writes 500-position records, each ending in CRLF: one type 1, one type 2 per record', () => {
    const bytes = writeInformativeReturn(d349, c349, id349);
    const records = lines(bytes);
    expect(records).toHaveLength(4);
    for (const r of records) expect(r).toHaveLength(500);
    expect(bytes.length).toBe(4 * 502);
    expect(records.map((r) => r.slice(0, 4))).toEqual(['1349', '2349', '2349', '2349']);
  });

  it('type 1: declarant, support T, contact, period and the totals of operators and rectifications', () => {
    const [declarant = ''] = lines(writeInformativeReturn(d349, c349, id349));
    expect(at(declarant, 0, 5, 4)).toBe('2025');
    expect(at(declarant, 0, 9, 9)).toBe('B12345678');
    expect(at(declarant, 0, 18, 40)).toBe('PANADERIA ÑANDU, S.L.'.padEnd(40));
    expect(at(declarant, 0, 58, 1)).toBe('T');
    expect(at(declarant, 0, 59, 9)).toBe('600123456');
    expect(at(declarant, 0, 68, 40)).toBe('JOSE NUÑEZ'.padEnd(40));
    expect(at(declarant, 0, 108, 13)).toBe('3490000000001');
    expect(at(declarant, 0, 121, 2)).toBe('  ');
    expect(at(declarant, 0, 123, 13)).toBe('0'.repeat(13));
    expect(at(declarant, 0, 136, 2)).toBe('1T');
    expect(at(declarant, 0, 138, 9)).toBe('000000002');
    expect(at(declarant, 0, 147, 15)).toBe('000000001284567');
    expect(at(declarant, 0, 162, 9)).toBe('000000001');
    expect(at(declarant, 0, 171, 15)).toBe('000000000080000');
    expect(at(declarant, 0, 488, 13)).toBe(' '.repeat(13));
  });

  it('type 2: operator VAT number, name without accents, key and base; rectification fields', () => {
    const [, first = '', second = '', rect = ''] = lines(writeInformativeReturn(d349, c349, id349));
    expect(at(first, 0, 76, 17)).toBe('FR12345678901    ');
    expect(at(first, 0, 93, 40)).toBe('SOCIETE GENERALE CAFE'.padEnd(40));
    expect(at(first, 0, 133, 1)).toBe('E');
    expect(at(first, 0, 134, 13)).toBe('0000001234567');
    expect(at(second, 0, 93, 11)).toBe('MULLER GMBH');
    expect(at(rect, 0, 133, 1)).toBe('A');
    expect(at(rect, 0, 134, 13)).toBe(' '.repeat(13));
    expect(at(rect, 0, 147, 4)).toBe('2024');
    expect(at(rect, 0, 151, 2)).toBe('4T');
    expect(at(rect, 0, 153, 13)).toBe('0000000080000');
    expect(at(rect, 0, 166, 13)).toBe('0000000100000');
  });

  it('encodes Ñ as the single byte 0xD1 and strips accents (á → A)', () => {
    const bytes = writeInformativeReturn(d349, c349, id349);
    const rect = 3 * 502;
    const nameStart = rect + 92; // 0-based offset of position 93
    expect(decodeLatin1(bytes.slice(nameStart, nameStart + 8))).toBe('PEÑA SRL');
    expect(bytes[nameStart + 2]).toBe(0xd1);
    expect(aeatText('Áá Éé Íí Óó Úú Üü Àà Çç Ññ')).toBe('AA EE II OO UU UU AA ÇÇ ÑÑ');
    expect([...bytes].every((b) => b <= 0xff)).toBe(true);
  });

  it('marks a complementary return and refuses a negative base', () => {
    const [declarant = ''] = lines(
      writeInformativeReturn(d349, c349, {
        ...id349,
        complementary: 'C',
        previousDeclarationId: '3490000000000',
      }),
    );
    expect(at(declarant, 0, 121, 2)).toBe('C ');
    const negative = computation({
      modelType: '349',
      records: [record({ kind: 'OPERATOR', amountCents: -1 })],
    });
    expect(catchError(() => writeInformativeReturn(d349, negative, id349)).code).toBe('NEGATIVE_UNSIGNED');
  });

  it('needs a BOE design with the record type of every record', () => {
    expect(
      catchError(() => writeInformativeReturn(design('303', layout303v2024_10, 'T'), c349, id349)).code,
    ).toBe('WRONG_FORMAT');
    const property = computation({ records: [record({ kind: 'PROPERTY' })] });
    expect(catchError(() => writeInformativeReturn(d349, property, id349)).code).toBe('MISSING_PAGE');
  });
});

describe('writeInformativeReturn: 347', () => {
  const d347 = design('347', layout347, 'BOE');
  const c347 = computation({
    modelType: '347',
    period: '0A',
    result: { type: 'INFORMATIVE', amountCents: 0 },
    records: [
      record({
        kind: 'OPERATOR',
        taxId: 'A11111111',
        name: 'Distribuciones Ibéricas',
        country: 'ES',
        province: '28',
        key: 'B',
        amountCents: 500_000,
        quarterAmountsCents: [200_000, -50_000, 150_000, 200_000],
        cashAmountCents: 700_000,
        cashYear: 2025,
        businessLease: true,
      }),
      record({
        kind: 'OPERATOR',
        taxId: 'PT123456789',
        name: 'Lusa Lda',
        country: 'PT',
        key: 'A',
        amountCents: -400_000,
      }),
      record({
        kind: 'PROPERTY',
        taxId: 'B22222222',
        name: 'Inquilino SL',
        country: 'ES',
        key: 'B',
        amountCents: 1_200_000,
        propertySituation: 1,
        cadastralReference: '9872023VH5797S0001WX',
        streetName: 'Calle Mayor',
        postalCode: '28013',
      }),
    ],
  });

  it('writes 500-position records in CRLF lines, type 1 with counts and signed totals', () => {
    const records = lines(writeInformativeReturn(d347, c347, identity));
    expect(records.map((r) => r.length)).toEqual([500, 500, 500, 500]);
    const [declarant = ''] = records;
    expect(at(declarant, 0, 1, 4)).toBe('1347');
    expect(at(declarant, 0, 136, 9)).toBe('000000002');
    expect(at(declarant, 0, 145, 16)).toBe(' 000000000100000'); // 5.000,00 − 4.000,00
    expect(at(declarant, 0, 161, 9)).toBe('000000001');
    expect(at(declarant, 0, 170, 16)).toBe(' 000000001200000');
  });

  it('type 2 party: NIF, province, key, signed amounts (N or blank), cash, lease mark, quarters', () => {
    const [, party = '', foreign = ''] = lines(writeInformativeReturn(d347, c347, identity));
    expect(at(party, 0, 18, 9)).toBe('A11111111');
    expect(at(party, 0, 36, 40)).toBe('DISTRIBUCIONES IBERICAS'.padEnd(40));
    expect(at(party, 0, 76, 1)).toBe('D');
    expect(at(party, 0, 77, 4)).toBe('28  ');
    expect(at(party, 0, 82, 1)).toBe('B');
    expect(at(party, 0, 83, 16)).toBe(' 000000000500000');
    expect(at(party, 0, 100, 1)).toBe('X');
    expect(at(party, 0, 101, 15)).toBe('000000000700000');
    expect(at(party, 0, 132, 4)).toBe('2025');
    expect(at(party, 0, 136, 16)).toBe(' 000000000200000');
    expect(at(party, 0, 168, 16)).toBe('N000000000050000');
    expect(at(party, 0, 264, 17)).toBe(' '.repeat(17));
    // a non-resident: no NIF, province 99, its country and EU VAT number
    expect(at(foreign, 0, 18, 9)).toBe(' '.repeat(9));
    expect(at(foreign, 0, 77, 4)).toBe('99PT');
    expect(at(foreign, 0, 83, 16)).toBe('N000000000400000');
    expect(at(foreign, 0, 132, 4)).toBe('0000');
    expect(at(foreign, 0, 264, 17)).toBe('PT123456789'.padEnd(17));
  });

  it('type 2 property (sheet I): tenant, amount, situation, cadastral reference, address', () => {
    const records = lines(writeInformativeReturn(d347, c347, identity));
    const property = records[3] ?? '';
    const fields = parseFixedWidth(property, page(layout347, '2I'));
    const value = (source: string) => fields.find((f) => f.source === source)?.value;
    expect(value('const:I')).toBe('I');
    expect(value('record:taxId')).toBe('B22222222');
    expect(value('record:amountCents')).toBe(1_200_000);
    expect(value('record:propertySituation')).toBe(1);
    expect(value('record:cadastralReference')).toBe('9872023VH5797S0001WX');
    expect(value('record:streetName')).toBe('CALLE MAYOR');
    expect(value('record:postalCode')).toBe('28013');
  });
});
