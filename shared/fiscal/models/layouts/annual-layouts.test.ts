import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LayoutField, PageLayout } from '../types';
import { layout180 } from './180';
import { layout190v2017, layout190v2024, layout190v2025 } from './190';
import { layout193 } from './193';
import { layout296 } from './296';

// The record designs of the annual withholding summaries (190, 180, 193, 296) against their sources in
// ./sources (see sources/SOURCES.md): every field's position and length, the type where the source gives
// one, and the copies of OCA's XML against the tables derived from them.

const sourcePath = (file: string) => fileURLToPath(new URL(`./sources/${file}`, import.meta.url));

/** RFC 4180 CSV (quoted fields, doubled quotes), header row → objects. */
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

/**
 * The field sizes of an OCA `aeat.model.export.config.line` XML, per export configuration, in sequence
 * order (what the derived tables sum into positions).
 */
function xmlSizes(file: string): Record<string, number[]> {
  const text = readFileSync(sourcePath(file), 'utf8');
  const lines: { config: string; sequence: number; size: number }[] = [];
  for (const m of text.matchAll(
    /<record\s[^>]*model="aeat\.model\.export\.config\.line"[^>]*>([\s\S]*?)<\/record>/g,
  )) {
    const body = m[1] as string;
    const config = /name="export_config_id"\s+ref="([^"]+)"/.exec(body)?.[1] ?? '';
    const sequence = Number(/<field name="sequence">(\d+)<\/field>/.exec(body)?.[1]);
    const size = Number(/<field name="size">(\d+)<\/field>/.exec(body)?.[1] ?? 0);
    if (/<field name="export_type">subconfig<\/field>/.test(body)) continue;
    lines.push({ config, sequence, size });
  }
  const out: Record<string, number[]> = {};
  for (const l of lines.sort((a, b) => a.sequence - b.sequence)) {
    out[l.config] = [...(out[l.config] ?? []), l.size];
  }
  return out;
}

const pageOf = (layout: PageLayout[], code: string): PageLayout => {
  const page = layout.find((p) => p.page === code);
  if (!page) throw new Error(`no page ${code}`);
  return page;
};
const fieldAt = (page: PageLayout, position: number): LayoutField | undefined =>
  page.fields.find((f) => f.position === position);
const boundaries = (spans: { position: number; length: number }[]) =>
  new Set(spans.flatMap((s) => [s.position, s.position + s.length]));

const SOURCE =
  /^(box:[0-9A-Z]+(\.[0-9]+)?|const:.+|value:[a-zA-Z][a-zA-Z0-9]*|record:[a-zA-Z][a-zA-Z0-9]*|blank)$/;

const ALL: [string, PageLayout[]][] = [
  ['190 2017', layout190v2017],
  ['190 2024', layout190v2024],
  ['190 2025', layout190v2025],
  ['180', layout180],
  ['193', layout193],
  ['296', layout296],
];

describe.each(ALL)('record design %s', (_name, layout) => {
  it('has a type-1 and a type-2 record of 500 contiguous positions', () => {
    expect(layout.map((p) => [p.page, p.length])).toEqual([
      ['1', 500],
      ['2', 500],
    ]);
    for (const page of layout) {
      let next = 1;
      for (const field of page.fields) {
        expect(field.position, `${page.page} @${field.position}`).toBe(next);
        next += field.length;
      }
      expect(next - 1).toBe(500);
    }
  });

  it('says what fills every field; the boxes are in the type-1 record, once', () => {
    for (const page of layout) {
      for (const field of page.fields) {
        expect(field.source, `${page.page} @${field.position}`).toMatch(SOURCE);
        if (field.source.startsWith('const:')) {
          expect(field.source.length - 'const:'.length).toBeLessThanOrEqual(field.length);
        }
        if (field.source.startsWith('record:')) expect(page.page).toBe('2');
      }
    }
    const boxes = pageOf(layout, '1')
      .fields.filter((f) => f.source.startsWith('box:'))
      .map((f) => f.source);
    expect(boxes.filter((b, i) => boxes.indexOf(b) !== i)).toEqual([]);
    expect(pageOf(layout, '2').fields.some((f) => f.source.startsWith('box:'))).toBe(false);
    expect(
      pageOf(layout, '1')
        .fields.slice(0, 2)
        .map((f) => f.source),
    ).toEqual(['const:1', `const:${_name.slice(0, 3)}`]);
    expect(
      pageOf(layout, '2')
        .fields.slice(0, 2)
        .map((f) => f.source),
    ).toEqual(['const:2', `const:${_name.slice(0, 3)}`]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// OCA-derived tables (190, 180): every source field, our merges of a sign field with its digits declared

/**
 * Compares a record with the OCA-derived table rows of one export configuration. `merged`: the source
 * boundaries our signed fields join (a sign field and the digits after it).
 */
function compareOca(page: PageLayout, rows: Record<string, string>[], merged: number[]) {
  const spans = rows
    .filter((r) => r.type !== 'subconfig' && Number(r.position) <= 500)
    .map((r) => ({ position: Number(r.position), length: Number(r.length), row: r }));
  expect(spans.reduce((sum, s) => sum + s.length, 0)).toBe(500);
  const theirs = boundaries(spans);
  const ours = boundaries(page.fields);
  // no field of ours cuts a source field; every source boundary is ours but the declared merges
  expect([...ours].filter((b) => !theirs.has(b))).toEqual([]);
  expect([...theirs].filter((b) => !ours.has(b))).toEqual(merged);
  for (const span of spans) {
    const field = fieldAt(page, span.position);
    if (!field) continue; // the digits of a merged signed field
    if (!merged.includes(span.position + span.length)) {
      expect(field.length, `${page.page} @${span.position}`).toBe(span.length);
    }
    if (span.row.type === 'float') {
      expect(['Num', 'N'], `${page.page} @${span.position}`).toContain(field.type);
      expect(field.decimals, `${page.page} @${span.position}`).toBe(Number(span.row.decimals));
    }
    if (span.row.box) expect(field.source, `${page.page} @${span.position}`).toBe(`box:${span.row.box}`);
  }
  for (const b of merged) {
    const sign = spans.find((s) => s.position + s.length === b);
    expect(sign?.length, `sign before ${b}`).toBe(1);
    expect(fieldAt(page, sign?.position ?? 0)?.type).toBe('N');
  }
}

describe('190 designs against the OCA tables', () => {
  it.each([
    ['2017', layout190v2017, '190/layout_mod190_2017_derived_from_oca.csv', 'mod190'],
    ['2024', layout190v2024, '190/layout_mod190_2024_derived_from_oca.csv', 'mod190'],
    ['2025', layout190v2025, '190/layout_mod190_2025_derived_from_oca.csv', 'mod190_2025'],
  ])('%s: type 1 and type 2 field by field', (_year, layout, file, prefix) => {
    const rows = readCsv(file);
    compareOca(
      pageOf(layout, '1'),
      rows.filter((r) => r.record === `${prefix}_main_export_config`),
      [],
    );
    compareOca(
      pageOf(layout, '2'),
      rows.filter((r) => r.record === `${prefix}_partner_export_config`),
      [82, 109],
    );
  });

  it('puts the key at 78, the subkey at 79, the amounts at 81, 95, 108 and 122', () => {
    const p = pageOf(layout190v2025, '2');
    expect([78, 79, 81, 95, 108, 122].map((at) => fieldAt(p, at)?.source)).toEqual([
      'record:key',
      'record:subkey',
      'record:amountCents',
      'record:withholdingCents',
      'record:inKindValueCents',
      'record:inKindWithholdingCents',
    ]);
  });

  it('the 2017 table is the OCA XML, sizes in sequence order', () => {
    const rows = readCsv('190/layout_mod190_2017_derived_from_oca.csv').filter((r) => r.type !== 'subconfig');
    const sizes = {
      ...xmlSizes('190/oca_aeat_export_mod190_data.xml'),
      ...xmlSizes('190/oca_aeat_export_mod190_partner_data.xml'),
    };
    expect(sizes.aeat_mod190_main_export_config).toEqual(
      rows.filter((r) => r.record === 'mod190_main_export_config').map((r) => Number(r.length)),
    );
    expect(sizes.aeat_mod190_partner_export_config).toEqual(
      rows.filter((r) => r.record === 'mod190_partner_export_config').map((r) => Number(r.length)),
    );
  });
});

describe('180 design against the OCA table', () => {
  it('type 1 and type 2 field by field', () => {
    const rows = readCsv('180/layout_mod180_derived_from_oca.csv');
    compareOca(
      pageOf(layout180, '1'),
      rows.filter((r) => r.record === 'mod_180_main_export_config'),
      [146],
    );
    compareOca(
      pageOf(layout180, '2'),
      rows.filter((r) => r.record === 'mod180_sub01_export_config'),
      [80],
    );
  });

  it('the table is the OCA XML, sizes in sequence order', () => {
    const rows = readCsv('180/layout_mod180_derived_from_oca.csv').filter((r) => r.type !== 'subconfig');
    const sizes = {
      ...xmlSizes('180/oca_aeat_export_mod180_data.xml'),
      ...xmlSizes('180/oca_aeat_export_mod180_line_data.xml'),
    };
    expect(sizes.aeat_mod_180_main_export_config).toEqual(
      rows.filter((r) => r.record === 'mod_180_main_export_config').map((r) => Number(r.length)),
    );
    expect(sizes.aeat_mod180_sub01_export_config).toEqual(
      rows.filter((r) => r.record === 'mod180_sub01_export_config').map((r) => Number(r.length)),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Tables of facts (193 from AeatModelos, 296 from the AEAT design): same fields, same types

function compareTable(
  layout: PageLayout[],
  file: string,
  typeOf: (row: Record<string, string>) => LayoutField['type'],
) {
  const rows = readCsv(file);
  for (const code of ['1', '2']) {
    const page = pageOf(layout, code);
    const pageRows = rows.filter((r) => r.record === code);
    expect(page.fields.map((f) => [f.position, f.length])).toEqual(
      pageRows.map((r) => [Number(r.position), Number(r.length)]),
    );
    for (const row of pageRows) {
      expect(fieldAt(page, Number(row.position))?.type, `${code} @${row.position}`).toBe(typeOf(row));
    }
  }
}

describe('193 design against the AeatModelos facts', () => {
  it('type 1 and type 2 field by field', () => {
    compareTable(layout193, '193/layout_mod193_2019_derived_from_aeatmodelos.csv', (r) =>
      r.type === 'Num' ? 'Num' : 'An',
    );
  });
});

describe('296 design against the AEAT DR296 2017 table', () => {
  it('type 1 and type 2 field by field, the signed bases as one signed field', () => {
    compareTable(layout296, '296/layout_mod296_2017_from_AEAT_DR296_2017.csv', (r) =>
      (r.description ?? '').includes('signo') ? 'N' : r.type === 'Numérico' ? 'Num' : 'An',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// The copies are still the steering repository's files (only where that repository is checked out)

const steering = fileURLToPath(new URL('../../../../../shared/data/aeat/models/', import.meta.url));
const COPIES = ['190/oca_aeat_export_mod190_data.xml', '190/oca_aeat_export_mod190_partner_data.xml'];

describe.skipIf(!existsSync(steering))('copies in ./sources', () => {
  it.each(COPIES)('%s is byte-identical to ../shared/data/aeat/models', (file) => {
    expect(readFileSync(sourcePath(file)).equals(readFileSync(`${steering}${file}`))).toBe(true);
  });
});
