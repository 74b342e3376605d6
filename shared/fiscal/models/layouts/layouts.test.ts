import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { selfAssessmentEnvelope } from '../aeat-file';
import type { LayoutField, PageLayout } from '../types';
import { layout111 } from './111';
import { layout115 } from './115';
import { layout123v2024 } from './123';
import { layout130v2015 } from './130';
import { layout131v2019 } from './131';
import { layout202v2025 } from './202';
import { layout216v2016, layout216v2024 } from './216';
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
  ['130 2015', layout130v2015],
  ['131 2019', layout131v2019],
  ['202 2025', layout202v2025],
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
  ['130 2015', layout130v2015, '130'],
  ['131 2019', layout131v2019, '131'],
  ['202 2025', layout202v2025, '202'],
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
// 130: every field of the OCA-derived table (DR130e15v12)

describe('130 design DR130e15v12 against the table derived from OCA', () => {
  const rows = readCsv('130/layout_130_derived_from_oca.csv');
  const pageRows = rows.filter((r) => r.record === 'mod130_sub_export_config');

  it('page 01: same position, length and sign for every field; each box where its description puts it', () => {
    const page = pageOf(layout130v2015, '01000');
    expect(page.length).toBe(600);
    expect(page.fields).toHaveLength(pageRows.length);
    for (const row of pageRows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `@${row.position}`).toBe(Number(row.length));
      if (row.type === 'float') {
        expect(field?.type, `@${row.position}`).toBe(row.signed === 'True' ? 'N' : 'Num');
        expect(field?.decimals, `@${row.position}`).toBe(Number(row.decimals));
        // The table's box column is shifted on the signed rows (and OCA fills [19] with casilla_13): the
        // description names the box ("[03 ]Rendimiento neto" included).
        const box = /\[(\d{2}) ?\]/.exec(row.description ?? '')?.[1];
        expect(field?.source, `@${row.position}`).toBe(`box:${box}`);
      }
      if (row.fixed_value) {
        expect(field?.source, `@${row.position}`).toBe(`const:${row.fixed_value}`);
      }
    }
  });

  it('boxes [01] to [19] at 109 + 17 × (n − 1), the complementary mark at 432 and the IBAN at 446', () => {
    const page = pageOf(layout130v2015, '01000');
    for (let n = 1; n <= 19; n++) {
      expect(fieldAt(page, 109 + 17 * (n - 1))?.source).toBe(`box:${String(n).padStart(2, '0')}`);
    }
    expect(fieldAt(page, 432)?.length).toBe(1);
    expect(fieldAt(page, 446)).toMatchObject({ length: 34, source: 'value:iban' });
  });

  it('the "<T" envelope written by aeat-file has the table\'s positions', () => {
    const envelope = selfAssessmentEnvelope('130');
    const envelopeRows = rows.filter(
      (r) => r.record === 'mod130_export_config' && r.position !== '' && Number(r.position) < 329,
    );
    expect(envelopeRows).toHaveLength(envelope.fields.length);
    for (const row of envelopeRows) {
      expect(fieldAt(envelope, Number(row.position))?.length, `00 @${row.position}`).toBe(Number(row.length));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// 131: every field of the table derived from pbarcelog/AeatModelos (DR131e2019 v1.00)

describe('131 design DR131e2019 against the table derived from AeatModelos', () => {
  const rows = readCsv('131/layout_131_e2019_derived_from_aeatmodelos.csv');
  const pageRows = rows.filter((r) => r.page === '01');

  /** What the activity fields hold, from their AEAT description (the form prints no box number for them). */
  const activitySource = (description: string): string | undefined => {
    const n = /(\d)$/.exec(description)?.[1];
    if (description.includes('epígrafe I.A.E.')) return `value:iaeEpigraph${n}`;
    if (description.includes('Rdto. neto actividad')) return `box:RN${n}`;
    if (description.includes('Porcentaje aplicable')) return `box:PA${n}`;
    if (description.includes('Resultado aplicación porcentaje')) return `box:RP${n}`;
    return undefined;
  };

  it('page 01: same position, length, type and decimals for every field; boxes and activities where the design puts them', () => {
    const page = pageOf(layout131v2019, '01000');
    expect(page.length).toBe(751);
    expect(page.fields).toHaveLength(pageRows.length);
    for (const row of pageRows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `@${row.position}`).toBe(Number(row.length));
      expect(field?.type, `@${row.position}`).toBe(row.type === 'A' ? 'An' : row.type);
      if (row.decimals) expect(field?.decimals, `@${row.position}`).toBe(Number(row.decimals));
      if (row.box) expect(field?.source, `@${row.position}`).toBe(`box:${row.box}`);
      if (row.fixed_value) expect(field?.source, `@${row.position}`).toBe(`const:${row.fixed_value}`);
      const activity = activitySource(row.description ?? '');
      if (activity) expect(field?.source, `@${row.position}`).toBe(activity);
    }
  });

  it('five activities of 43 positions from 109, boxes [01] to [15] at 324 + 17 × (n − 1), the IBAN at 579', () => {
    const page = pageOf(layout131v2019, '01000');
    for (let n = 1; n <= 5; n++) {
      expect(fieldAt(page, 109 + 43 * (n - 1))?.source).toBe(`value:iaeEpigraph${n}`);
    }
    for (let n = 1; n <= 15; n++) {
      expect(fieldAt(page, 324 + 17 * (n - 1))?.source).toBe(`box:${String(n).padStart(2, '0')}`);
    }
    expect(fieldAt(page, 579)).toMatchObject({ length: 34, source: 'value:iban' });
    expect(fieldAt(page, 613)).toMatchObject({ length: 1, source: 'value:rectifying' });
  });

  it('the "<T" envelope written by aeat-file has the table\'s positions', () => {
    const envelope = selfAssessmentEnvelope('131');
    const envelopeRows = rows.filter((r) => r.page === '00');
    expect(envelopeRows).toHaveLength(envelope.fields.length);
    for (const row of envelopeRows) {
      expect(fieldAt(envelope, Number(row.position))?.length, `00 @${row.position}`).toBe(Number(row.length));
      if (row.fixed_value) {
        expect(fieldAt(envelope, Number(row.position))?.source).toBe(`const:${row.fixed_value}`);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// 202: every field of the table derived from the OCA-style module of DATABAY-SOLUTIONS/l10n-spain (DR202e25)

describe('202 design DR202e25 against the table derived from l10n_es_aeat_mod202', () => {
  const rows = readCsv('202/layout_202_2025_derived_from_oca_databay.csv');

  it.each([
    ['01', '01000', 700],
    ['02', '02000', 951],
  ])(
    'page %s: same position, length, kind and sign for every field; each numbered box where its name puts it',
    (sheet, code, length) => {
      const page = pageOf(layout202v2025, code);
      const pageRows = rows.filter((r) => r.page === sheet);
      expect(page.length).toBe(length);
      expect(page.fields).toHaveLength(pageRows.length);
      // the table's positions are its sizes summed in sequence order
      let position = 1;
      for (const row of pageRows) {
        expect(Number(row.position), `${sheet} #${row.sequence}`).toBe(position);
        position += Number(row.length);
        const field = fieldAt(page, Number(row.position));
        expect(field?.length, `${sheet} @${row.position}`).toBe(Number(row.length));
        const type = row.export_type === 'string' ? 'An' : row.signed === 'True' ? 'N' : 'Num';
        expect(field?.type, `${sheet} @${row.position}`).toBe(type);
        if (row.decimals) expect(field?.decimals, `${sheet} @${row.position}`).toBe(Number(row.decimals));
        if (row.box) expect(field?.source, `${sheet} @${row.position}`).toBe(`box:${row.box}`);
        if (row.fixed_value)
          expect(field?.source, `${sheet} @${row.position}`).toBe(`const:${row.fixed_value}`);
      }
      expect(position - 1).toBe(length);
    },
  );

  it('puts the modality at 148, [01] at 149, [13] at 353, the B1 base and percentage at 13/30 and [34] at 536', () => {
    const p01 = pageOf(layout202v2025, '01000');
    const p02 = pageOf(layout202v2025, '02000');
    expect(fieldAt(p01, 148)?.source).toBe('value:modality');
    expect(fieldAt(p01, 149)?.source).toBe('box:01');
    expect(fieldAt(p01, 353)).toMatchObject({ source: 'box:13', type: 'N' });
    expect(fieldAt(p02, 13)?.source).toBe('box:17');
    expect(fieldAt(p02, 30)).toMatchObject({ source: 'box:17P', length: 5 });
    expect(fieldAt(p02, 536)?.source).toBe('box:34');
    expect(fieldAt(p02, 777)).toMatchObject({ length: 34, source: 'value:iban' });
  });

  it('the "<T" envelope written by aeat-file has the table\'s positions', () => {
    const envelope = selfAssessmentEnvelope('202');
    const envelopeRows = rows.filter((r) => r.page === '00');
    expect(envelopeRows).toHaveLength(envelope.fields.length);
    for (const row of envelopeRows) {
      expect(fieldAt(envelope, Number(row.position))?.length, `00 @${row.position}`).toBe(Number(row.length));
    }
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
  '130/layout_130_derived_from_oca.csv',
];

describe.skipIf(!existsSync(steering))('copies in ./sources', () => {
  it.each(COPIES)('%s is byte-identical to ../shared/data/aeat/models', (file) => {
    expect(readFileSync(sourcePath(file)).equals(readFileSync(`${steering}${file}`))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The withholding returns (issue 15): 111, 115, 123 and 216 (sources/SOURCES.md)

const WITHHOLDING_LAYOUTS: [string, PageLayout[], string, number][] = [
  ['111 dr111e16v17', layout111, '111', 1000],
  ['115 DR115e15v11', layout115, '115', 500],
  ['123 2024', layout123v2024, '123', 600],
  ['216 2016', layout216v2016, '216', 400],
  ['216 2024', layout216v2024, '216', 600],
];

describe.each(WITHHOLDING_LAYOUTS)('record design %s', (_name, layout, model, length) => {
  it('is one "<T" page 01000 of contiguous fields from position 1 to its length', () => {
    expect(layout.map((p) => [p.page, p.length])).toEqual([['01000', length]]);
    const page = layout[0] as PageLayout;
    let next = 1;
    for (const field of page.fields) {
      expect(field.position, `@${field.position}`).toBe(next);
      expect(field.length).toBeGreaterThan(0);
      next += field.length;
    }
    expect(next - 1).toBe(length);
  });

  it('says what fills every field, in the source grammar, and puts each box in one field', () => {
    const page = layout[0] as PageLayout;
    for (const field of page.fields) {
      expect(field.source, `@${field.position}`).toMatch(SOURCE);
      if (field.source.startsWith('const:')) {
        expect(field.source.length - 'const:'.length).toBe(field.length);
      }
    }
    const boxes = page.fields.filter((f) => f.source.startsWith('box:')).map((f) => f.source);
    expect(boxes.filter((b, i) => boxes.indexOf(b) !== i)).toEqual([]);
  });

  it('opens with <T + model + 01000> and closes with </T + model + 01000>', () => {
    const page = layout[0] as PageLayout;
    const opening = page.fields.filter((f) => f.position < 12).map((f) => f.source.replace(/^const:/, ''));
    expect(opening.join('')).toBe(`<T${model}01000>`);
    const last = page.fields[page.fields.length - 1];
    expect([last?.source, last?.length]).toEqual([`const:</T${model}01000>`, 12]);
  });
});

/** An AEAT table (page 01): every field at the same position, with the same length and type. */
function compareWithAeat(page: PageLayout, file: string) {
  const rows = readCsv(file).filter((r) => r.page === '01');
  expect(page.fields).toHaveLength(rows.length);
  for (const row of rows) {
    const field = fieldAt(page, Number(row.position));
    expect(field, `@${row.position}`).toBeDefined();
    expect(field?.length, `@${row.position}`).toBe(Number(row.length));
    expect(field?.type, `@${row.position}`).toBe(row.type === 'A' ? 'An' : row.type);
    if (row.box) expect(field?.source, `@${row.position}`).toBe(`box:${row.box}`);
  }
}

/**
 * An OCA-derived table (../shared/data/aeat/models/<model>/layout_*_derived_from_oca.csv columns): the page
 * record's fields at the same positions and lengths, each box where OCA writes it, a signed amount as N; and
 * the main record's envelope as aeat-file writes it.
 */
function compareWithOcaTable(page: PageLayout, file: string, record: string, signedAsN = true) {
  const rows = readCsv(file);
  const sub = rows.filter((r) => r.record === `${record}_sub01_export_config`);
  expect(sub.reduce((sum, r) => sum + Number(r.length), 0)).toBe(page.length);
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  expect(sorted(boundaries(page.fields))).toEqual(
    sorted(boundaries(sub.map((r) => ({ position: Number(r.position), length: Number(r.length) })))),
  );
  for (const row of sub) {
    const field = fieldAt(page, Number(row.position));
    expect(field?.length, `@${row.position}`).toBe(Number(row.length));
    if (row.box) expect(field?.source, `@${row.position}`).toBe(`box:${row.box}`);
    if (signedAsN && row.signed === 'True') expect(field?.type, `@${row.position}`).toBe('N');
  }
  const main = rows.filter((r) => r.record === `${record}_main_export_config` && r.type !== 'subconfig');
  const closing = main.findIndex((r) => (r.description ?? '').startsWith('Constante: </T'));
  const head = main.slice(0, closing);
  expect(head.reduce((sum, r) => sum + Number(r.length), 0)).toBe(selfAssessmentEnvelope('x').length);
  expect(main[closing]?.length).toBe('18');
}

describe('111 design dr111e16v17', () => {
  it('page 01: every field of the AEAT table (position, length, type N for every count and amount)', () =>
    compareWithAeat(pageOf(layout111, '01000'), '111/layout_111_from_AEAT_dr111e16v17.csv'));

  it("and of OCA's export (boxes [01]-[30]), e.g. [01] 109 (8), [03] 134, [28] 487, [30] 521", () => {
    const page = pageOf(layout111, '01000');
    compareWithOcaTable(page, '111/layout_111_derived_from_oca.csv', 'mod111');
    expect([109, 134, 487, 521].map((p) => fieldAt(page, p)?.source)).toEqual([
      'box:01',
      'box:03',
      'box:28',
      'box:30',
    ]);
    expect(fieldAt(page, 109)?.length).toBe(8);
  });

  it('the "<T" envelope written by aeat-file matches sheet M11100', () => {
    const envelope = selfAssessmentEnvelope('111');
    const rows = readCsv('111/layout_111_from_AEAT_dr111e16v17.csv').filter(
      (r) => r.page === '00 (envelope)' && /^\d+$/.test(r.position ?? '') && r.length !== 'Variable',
    );
    expect(rows).toHaveLength(envelope.fields.length);
    for (const row of rows) expect(fieldAt(envelope, Number(row.position))?.length).toBe(Number(row.length));
  });
});

describe('115 design DR115e15v11', () => {
  it('page 01: every field of the AEAT table (Num, unsigned)', () =>
    compareWithAeat(pageOf(layout115, '01000'), '115/layout_115_from_AEAT_DR115e15v11.csv'));

  it("and of OCA's export: [01] 109 (15), [03] 141, [05] 175", () => {
    const page = pageOf(layout115, '01000');
    // OCA writes the amounts with a sign; the AEAT design types them Num, which is followed here.
    compareWithOcaTable(page, '115/layout_115_derived_from_oca.csv', 'mod115', false);
    expect([109, 141, 175].map((p) => fieldAt(page, p)?.source)).toEqual(['box:01', 'box:03', 'box:05']);
    expect(fieldAt(page, 109)?.length).toBe(15);
  });

  it('the "<T" envelope written by aeat-file matches sheet DR 11500', () => {
    const envelope = selfAssessmentEnvelope('115');
    const rows = readCsv('115/layout_115_from_AEAT_DR115e15v11.csv').filter(
      (r) => r.page === '00 (envelope)' && /^\d+$/.test(r.position ?? '') && r.length !== 'Variable',
    );
    expect(rows).toHaveLength(envelope.fields.length);
    for (const row of rows) expect(fieldAt(envelope, Number(row.position))?.length).toBe(Number(row.length));
  });
});

describe('123 design 2024 against OCA data/2024', () => {
  it("every field of OCA's page (sizes summed in sequence order), boxes [01]-[14] where OCA writes them", () => {
    const rows = readCsv('123/oca_2024_aeat.model.export.config.line.csv')
      .filter((r) => r['export_config_id:id'] === 'aeat_mod123_2024_sub01_export_config')
      .sort((a, b) => Number(a.sequence) - Number(b.sequence));
    const page = pageOf(layout123v2024, '01000');
    let position = 1;
    for (const row of rows) {
      const field = fieldAt(page, position);
      expect(field?.length, `@${position}`).toBe(Number(row.size));
      const box = /\[(\d+)\]\s*$/.exec(row.name ?? '')?.[1];
      if (box) expect(field?.source, `@${position}`).toBe(`box:${box}`);
      if (row.apply_sign === '1') expect(field?.type, `@${position}`).toBe('N');
      if (row.export_type === 'integer') expect(field?.type, `@${position}`).toBe('Num');
      position += Number(row.size);
    }
    expect(position - 1).toBe(page.length);
    expect(page.fields).toHaveLength(rows.length);
  });

  it('the OCA configuration starts on 1 January 2024', () => {
    const main = readCsv('123/oca_2024_aeat.model.export.config.csv').find(
      (r) => r.id === 'aeat_mod123_2024_main_export_config',
    );
    expect(main?.date_start).toBe('2024-01-01');
  });
});

describe('216 designs', () => {
  it('2016: every field of the AEAT 216 vers. 1.06 table (position, length, type)', () => {
    const page = pageOf(layout216v2016, '01000');
    const rows = readCsv('216/layout_216_2016_from_AEAT_DR216e16v106.csv').filter((r) => r.page === '01');
    expect(page.fields).toHaveLength(rows.length);
    for (const row of rows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `@${row.position}`).toBe(Number(row.length));
      expect(field?.type, `@${row.position}`).toBe(row.type === 'A' ? 'An' : row.type);
    }
    // the AEAT numbers its fields "Partida 1" … "Partida 7": boxes [01]-[07]
    for (const row of rows) {
      const partida = /Partida (\d)/.exec(row.description ?? '')?.[1];
      if (partida) expect(fieldAt(page, Number(row.position))?.source).toBe(`box:0${partida}`);
    }
  });

  it("2016: and the table derived from OCA's aeat_export_mod216_data.xml (boxes [01]-[07])", () => {
    const page = pageOf(layout216v2016, '01000');
    const rows = readCsv('216/layout_216_derived_from_oca.csv').filter(
      (r) => r.record === 'mod216_sub01_export_config',
    );
    expect(rows.reduce((sum, r) => sum + Number(r.length), 0)).toBe(400);
    for (const row of rows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `@${row.position}`).toBe(Number(row.length));
      if (row.box) expect(field?.source, `@${row.position}`).toBe(`box:${row.box}`);
    }
  });

  it('2024: every field of the table derived from OCA data/2024 (boxes [05]-[21])', () => {
    const page = pageOf(layout216v2024, '01000');
    const rows = readCsv('216/layout_216_2024_derived_from_oca.csv').filter(
      (r) => r.record === 'mod216_2024_sub01_export_config',
    );
    expect(page.fields).toHaveLength(rows.length);
    for (const row of rows) {
      const field = fieldAt(page, Number(row.position));
      expect(field?.length, `@${row.position}`).toBe(Number(row.length));
      if (row.box) expect(field?.source, `@${row.position}`).toBe(`box:${row.box}`);
      if (row.type === 'integer' || row.type === 'float') expect(field?.type).toBe('Num');
    }
    const boxes = page.fields.filter((f) => f.source.startsWith('box:')).map((f) => f.source.slice(4));
    expect(boxes).toEqual(Array.from({ length: 17 }, (_, i) => String(i + 5).padStart(2, '0')));
  });
});

const WITHHOLDING_COPIES = [
  '111/layout_111_derived_from_oca.csv',
  '115/layout_115_derived_from_oca.csv',
  '123/oca_2024_aeat.model.export.config.csv',
  '123/oca_2024_aeat.model.export.config.line.csv',
];

describe.skipIf(!existsSync(steering))('copies in ./sources (withholding returns)', () => {
  it.each(WITHHOLDING_COPIES)('%s is byte-identical to ../shared/data/aeat/models', (file) => {
    expect(readFileSync(sourcePath(file)).equals(readFileSync(`${steering}${file}`))).toBe(true);
  });
});
