import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { selfAssessmentEnvelope } from '../aeat-file';
import type { LayoutField, PageLayout } from '../types';
import { layout303v2024_10, layout303v2026 } from './303';
import { layout347 } from './347';
import { layout349 } from './349';
import { layout390v2023, layout390v2024, layout390v2025 } from './390';

// ---------------------------------------------------------------------------------------------------------
// The sources (./sources, copies of ../shared/data/aeat/models; see sources/SOURCES.md)

const sourcePath = (file: string) => fileURLToPath(new URL(`./sources/${file}`, import.meta.url));

/** RFC 4180 CSV (quoted fields, doubled quotes, commas inside quotes), header row → objects. */
function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(sourcePath(file), 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  const [header = [], ...body] = rows.filter((r) => r.some((v) => v !== ''));
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const pageOf = (layout: PageLayout[], code: string): PageLayout => {
  const page = layout.find((p) => p.page === code);
  if (!page) throw new Error(`no page ${code}`);
  return page;
};

const fieldAt = (page: PageLayout, position: number): LayoutField | undefined =>
  page.fields.find((f) => f.position === position);

/** The start positions where a field begins, plus the position after the last one. */
const boundaries = (spans: { position: number; length: number }[]) =>
  new Set(spans.flatMap((s) => [s.position, s.position + s.length]));

// ---------------------------------------------------------------------------------------------------------
// Shape of every design

const ALL: [string, PageLayout[]][] = [
  ['303 2024-10', layout303v2024_10],
  ['303 2026', layout303v2026],
  ['349', layout349],
  ['347', layout347],
  ['390 2023', layout390v2023],
  ['390 2024', layout390v2024],
  ['390 2025', layout390v2025],
];

const SOURCE =
  /^(box:[0-9A-Z]+(\.[0-9]+)?|const:.+|value:[a-zA-Z][a-zA-Z0-9]*|record:[a-zA-Z][a-zA-Z0-9]*|blank)$/;

describe.each(ALL)('record design %s', (_name, layout) => {
  it('has contiguous fields from position 1 to the page length', () => {
    for (const page of layout) {
      let next = 1;
      for (const field of page.fields) {
        expect(field.position, `${page.page} @${field.position}`).toBe(next);
        expect(field.length).toBeGreaterThan(0);
        next += field.length;
      }
      expect(next - 1, page.page).toBe(page.length);
    }
  });

  it('says what fills every field, in the source grammar', () => {
    for (const page of layout) {
      for (const field of page.fields) {
        expect(field.source, `${page.page} @${field.position}`).toMatch(SOURCE);
        expect(['An', 'Num', 'N']).toContain(field.type);
        if (field.source.startsWith('const:')) {
          expect(field.source.length - 'const:'.length).toBeLessThanOrEqual(field.length);
        }
      }
    }
  });

  it('puts each box in one field only', () => {
    const boxes = layout.flatMap((p) =>
      p.fields.filter((f) => f.source.startsWith('box:')).map((f) => f.source),
    );
    expect(boxes.filter((b, i) => boxes.indexOf(b) !== i)).toEqual([]);
  });
});

describe.each([
  ['303 2024-10', layout303v2024_10, '303'],
  ['303 2026', layout303v2026, '303'],
  ['390 2023', layout390v2023, '390'],
  ['390 2024', layout390v2024, '390'],
  ['390 2025', layout390v2025, '390'],
])('"<T" pages of %s', (_name, layout, model) => {
  it('open with <T + model + page code + > and close with </T + model + page code + >', () => {
    for (const page of layout) {
      const consts = page.fields.slice(0, 4).map((f) => f.source.replace(/^const:/, ''));
      expect(consts.join(''), page.page).toBe(`<T${model}${page.page}>`);
      const last = page.fields[page.fields.length - 1];
      expect(last?.source).toBe(`const:</T${model}${page.page}>`);
      expect(last?.length).toBe(12);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// 303: every field of the AEAT design DR303e24v200, and of the 2026 derived table

describe('303 design DR303e24v200 against the AEAT table', () => {
  const rows = readCsv('303/layout_303_2024-10_from_AEAT_DR303e24v200.csv');
  const code = { '01': '01000', '03': '03000', '04': '04000', DID: 'DID00' } as Record<string, string>;

  it.each(Object.keys(code))('page %s: same position, length and type for every field', (sheet) => {
    const page = pageOf(layout303v2024_10, code[sheet] as string);
    const sheetRows = rows.filter((r) => r.page === sheet);
    expect(page.fields).toHaveLength(sheetRows.length);
    for (const row of sheetRows) {
      const field = fieldAt(page, Number(row.position));
      expect(field, `${sheet} @${row.position}`).toBeDefined();
      expect(field?.length, `${sheet} @${row.position}`).toBe(Number(row.length));
      expect(field?.type, `${sheet} @${row.position}`).toBe(row.type === 'A' ? 'An' : row.type);
      if (row.box) {
        // a box field takes the box, or the constant the AEAT fixes for a rate box
        const constant = /Constante "(\d{5})"/.exec(row.validation_or_content ?? '')?.[1];
        expect([`box:${row.box}`, `const:${constant}`], `${sheet} [${row.box}]`).toContain(field?.source);
      }
    }
  });

  it('pages are 1,581 (01), 1,017 (03), 998 (04) and 823 (DID) positions', () => {
    expect(layout303v2024_10.map((p) => [p.page, p.length])).toEqual([
      ['01000', 1581],
      ['03000', 1017],
      ['04000', 998],
      ['DID00', 823],
    ]);
  });

  it('the "<T" envelope written by aeat-file matches sheet 00', () => {
    const envelope = selfAssessmentEnvelope('303');
    const sheetRows = rows.filter((r) => (r.page ?? '').startsWith('00') && /^\d+$/.test(r.position ?? ''));
    expect(sheetRows).toHaveLength(envelope.fields.length + 1); // + the variable-length content row
    for (const row of sheetRows.filter((r) => r.length !== 'Variable')) {
      const field = fieldAt(envelope, Number(row.position));
      expect(field?.length, `00 @${row.position}`).toBe(Number(row.length));
    }
    expect(envelope.length).toBe(328); // the pages start at 329
  });
});

describe('303 design DR303e26v101 against the table derived from OCA PR #4819', () => {
  const rows = readCsv('303/layout_303_2026_derived_from_oca_pr4819.csv');

  it.each([
    ['01', '01000'],
    ['03', '03000'],
  ])('page %s: same position, length, type and box for every field', (sheet, code) => {
    const page = pageOf(layout303v2026, code);
    const sheetRows = rows.filter((r) => r.page === sheet);
    expect(page.fields).toHaveLength(sheetRows.length);
    for (const row of sheetRows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `${sheet} @${row.position}`).toBe(Number(row.length));
      if (row.type !== 'const') expect(field?.type).toBe(row.type === 'A' ? 'An' : row.type);
      if (row.box && field?.source.startsWith('box:')) {
        // The table's [71] row carries box 69 in its box column (its description says [71]).
        const box = (row.description ?? '').includes('[71]') ? '71' : row.box;
        expect(field.source, `${sheet} @${row.position}`).toBe(`box:${box}`);
      }
    }
  });

  it('keeps the page lengths (1,581 and 1,017) and moves the boxes (e.g. [07] 326, [71] 408)', () => {
    const p01 = pageOf(layout303v2026, '01000');
    const p03 = pageOf(layout303v2026, '03000');
    expect([p01.length, p03.length]).toEqual([1581, 1017]);
    expect(p01.fields.find((f) => f.source === 'box:07')?.position).toBe(326);
    expect(p03.fields.find((f) => f.source === 'box:71')?.position).toBe(408);
    expect(p03.fields.find((f) => f.source === 'box:112')?.position).toBe(391);
  });

  it('shares pages 04 and DID with DR303e24v200', () => {
    expect(pageOf(layout303v2026, '04000')).toBe(pageOf(layout303v2024_10, '04000'));
    expect(pageOf(layout303v2026, 'DID00')).toBe(pageOf(layout303v2024_10, 'DID00'));
  });
});

// ---------------------------------------------------------------------------------------------------------
// 349 and 347: every field of the OCA-derived tables

/**
 * Where our data splits one source field in two: 121-122 "declaración complementaria o sustitutiva" is
 * written as 121 "C" and 122 "S" (AEAT NREG-349 type 1; the same in the 347).
 */
const SPLITS: Record<number, number[]> = { 121: [1, 1] };

function compareRecord(page: PageLayout, file: string) {
  const rows = readCsv(file).filter((r) => r.type !== 'subconfig');
  const spans = rows.map((r) => ({ position: Number(r.position), length: Number(r.length) }));
  expect(page.length).toBe(500);
  expect(spans.reduce((sum, s) => sum + s.length, 0)).toBe(500);
  for (const span of spans) {
    const split = page.page === '1' ? SPLITS[span.position] : undefined;
    if (split) {
      let position = span.position;
      for (const length of split) {
        expect(fieldAt(page, position)?.length, `${page.page} @${position}`).toBe(length);
        position += length;
      }
      expect(position).toBe(span.position + span.length);
    } else {
      expect(fieldAt(page, span.position)?.length, `${page.page} @${span.position}`).toBe(span.length);
    }
  }
  // no boundary of ours falls inside a source field, except the declared splits
  const theirs = boundaries(spans);
  const extra = [...boundaries(page.fields)].filter((b) => !theirs.has(b));
  expect(extra).toEqual(page.page === '1' ? [122] : []);
  // a signed amount in the source is a signed field here (N, or blank, then the digits)
  for (const row of rows.filter((r) => r.signed === 'True')) {
    expect(fieldAt(page, Number(row.position))?.type, `${page.page} @${row.position}`).toBe('N');
  }
}

describe('349 records against the OCA tables', () => {
  it('type 1 (declarant)', () =>
    compareRecord(pageOf(layout349, '1'), '349/layout_mod349_data_derived_from_oca.csv'));
  it('type 2 (operator)', () =>
    compareRecord(pageOf(layout349, '2'), '349/layout_mod349_partner_data_derived_from_oca.csv'));
  it('type 2 (rectification)', () =>
    compareRecord(pageOf(layout349, '2R'), '349/layout_mod349_partner_refund_data_derived_from_oca.csv'));

  it('puts the key at 133, the base at 134 (13) and the corrected period at 147/151', () => {
    expect(fieldAt(pageOf(layout349, '2'), 133)?.source).toBe('record:key');
    expect(fieldAt(pageOf(layout349, '2'), 134)).toMatchObject({ length: 13, source: 'record:amountCents' });
    expect(fieldAt(pageOf(layout349, '2R'), 147)?.source).toBe('record:correctedYear');
    expect(fieldAt(pageOf(layout349, '2R'), 151)?.source).toBe('record:correctedPeriod');
  });
});

describe('347 records against the OCA tables', () => {
  it('type 1 (declarant)', () =>
    compareRecord(pageOf(layout347, '1'), '347/layout_mod347_data_derived_from_oca.csv'));
  it('type 2, sheet D (party)', () =>
    compareRecord(pageOf(layout347, '2'), '347/layout_mod347_partner_data_derived_from_oca.csv'));
  it('type 2, sheet I (property)', () =>
    compareRecord(pageOf(layout347, '2I'), '347/layout_mod347_real_state_data_derived_from_oca.csv'));

  it('puts the quarters at 136, 168, 200 and 232 (16, signed)', () => {
    const party = pageOf(layout347, '2');
    expect([136, 168, 200, 232].map((p) => fieldAt(party, p)?.source)).toEqual([
      'record:q1',
      'record:q2',
      'record:q3',
      'record:q4',
    ]);
    expect(fieldAt(party, 136)).toMatchObject({ length: 16, type: 'N' });
  });
});

// ---------------------------------------------------------------------------------------------------------
// 390: 2023 against AEAT's 2022 xlsx (pages 1, 3-8) and OCA's 2023 CSV (page 2); 2024 and 2025 by shape

describe('390 design 2023', () => {
  const aeat = readCsv('390/layout_390_2022_from_AEAT_dr390e2022.csv');

  it.each(['01', '03', '04', '05', '06', '07', '08'])(
    'page %s: every field of the AEAT 2022 design, same position, length and type',
    (sheet) => {
      const page = pageOf(layout390v2023, `${sheet}000`);
      const rows = aeat.filter((r) => r.page === sheet);
      expect(page.fields).toHaveLength(rows.length);
      for (const row of rows) {
        const field = fieldAt(page, Number(row.position));
        expect(field?.length, `${sheet} @${row.position}`).toBe(Number(row.length));
        expect(field?.type, `${sheet} @${row.position}`).toBe(row.type === 'A' ? 'An' : row.type);
      }
    },
  );

  it('page 02: every field of OCA data/2023 (sizes summed in sequence order)', () => {
    const rows = readCsv('390/oca_2023_aeat.model.export.config.line.csv')
      .filter((r) => r['export_config_id:id'] === 'aeat_mod390_2023_sub02_export_config')
      .sort((a, b) => Number(a.sequence) - Number(b.sequence));
    let position = 1;
    const spans = rows.map((r) => {
      const span = { position, length: Number(r.size), row: r };
      position += span.length;
      return span;
    });
    const page = pageOf(layout390v2023, '02000');
    expect(page.length).toBe(position - 1);
    // OCA writes the page identifier as "02" + "000>", the AEAT as "02000" + ">": same 10 positions
    for (const span of spans.filter((s) => s.position > 11)) {
      const field = fieldAt(page, span.position);
      expect(field?.length, `02 @${span.position}`).toBe(span.length);
      const box = /\[(\w+)\]/.exec(span.row.name ?? '')?.[1];
      if (box) expect(field?.source).toBe(`box:${box}`);
      if (span.row.apply_sign === 'True') expect(field?.type).toBe('N');
    }
  });
});

describe('390 designs 2024 and 2025', () => {
  it('share pages 01, 06, 07 and 08 with 2023 (OCA reuses those configurations)', () => {
    for (const code of ['01000', '06000', '07000', '08000']) {
      expect(pageOf(layout390v2024, code)).toBe(pageOf(layout390v2023, code));
      expect(pageOf(layout390v2025, code)).toBe(pageOf(layout390v2023, code));
    }
    expect(pageOf(layout390v2025, '03000')).toBe(pageOf(layout390v2024, '03000'));
  });

  it.each([
    ['2024', layout390v2024],
    ['2025', layout390v2025],
  ])('%s: page 02 bis (02B00) and the boxes of the 2 and 7,5 per cent rates', (_year, layout) => {
    expect(layout.map((p) => [p.page, p.length])).toEqual([
      ['01000', 1187],
      ['02000', 1806],
      ['02B00', 531],
      ['03000', 1840],
      ['04000', 854],
      ['05000', 1519],
      ['06000', 828],
      ['07000', 776],
      ['08000', 1092],
    ]);
    const boxes = new Set(layout.flatMap((p) => p.fields.map((f) => f.source)));
    for (const box of [
      '667',
      '668',
      '669',
      '670',
      '691',
      '693',
      '695',
      '697',
      '757',
      '765',
      '769',
      '773',
      '47',
      '65',
    ]) {
      expect(boxes.has(`box:${box}`), box).toBe(true);
    }
    expect(fieldAt(pageOf(layout, '02000'), 13)?.source).toBe('box:700');
    expect(fieldAt(pageOf(layout, '02B00'), 13 + 17 * 20)?.source).toBe('box:47');
  });
});

// ---------------------------------------------------------------------------------------------------------
// The copies are still the steering repository's files (only where that repository is checked out)

const steering = fileURLToPath(new URL('../../../../../shared/data/aeat/models/', import.meta.url));
const COPIES = [
  '303/layout_303_2024-10_from_AEAT_DR303e24v200.csv',
  '303/layout_303_2026_derived_from_oca_pr4819.csv',
  '349/layout_mod349_data_derived_from_oca.csv',
  '349/layout_mod349_partner_data_derived_from_oca.csv',
  '349/layout_mod349_partner_refund_data_derived_from_oca.csv',
  '347/layout_mod347_data_derived_from_oca.csv',
  '347/layout_mod347_partner_data_derived_from_oca.csv',
  '347/layout_mod347_real_state_data_derived_from_oca.csv',
  '390/oca_2023_aeat.model.export.config.line.csv',
];

describe.skipIf(!existsSync(steering))('copies in ./sources', () => {
  it.each(COPIES)('%s is byte-identical to ../shared/data/aeat/models', (file) => {
    expect(readFileSync(sourcePath(file)).equals(readFileSync(`${steering}${file}`))).toBe(true);
  });
});
