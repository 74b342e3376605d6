/**
 * Every box of a model's design, grouped by the form's sections ('Régimen general', 'IVA deducible',
 * 'Resultado'…), each with its number as printed on the form, its label and its value in es-ES:
 * amounts in euros, rates as percentages, counts as whole numbers. A box the books filled (it has
 * sources) opens the invoices behind it (`onOpenBox`); a manual box (compensation, page entries)
 * becomes an input when `edit` is given. Two columns that wrap: it fits a 390 px phone.
 */
import type { BoxDef } from '@shared/fiscal/models/types';
import { formatCents, formatInteger } from '@web/lib/format';
import { formatBp } from '@web/lib/money-input';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface BoxRow {
  box: string;
  label: string;
  section: string;
  unit: BoxDef['unit'];
  signed: boolean;
  manual: boolean;
  value: number;
  /** The aggregate keys the box was summed from: the invoices behind it can be listed. */
  hasSources: boolean;
}

/** A box's value as the form prints it: `1.234,56 €`, `21 %`, `3`. */
export function formatBoxValue(value: number, unit: BoxDef['unit']): string {
  if (unit === 'BP') return formatBp(value);
  if (unit === 'COUNT') return formatInteger(value);
  return formatCents(value);
}

const boxOrder = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

/** The section of the boxes a design does not describe (a newer answer than this screen's data). */
export const OTHER_BOXES_SECTION = 'Otras casillas';

/**
 * The design's boxes in its order, with the answer's values (a box the answer leaves out is 0), then
 * any box of the answer the design does not list, so nothing computed is hidden.
 */
export function boxRows(
  boxes: Readonly<Record<string, number>>,
  defs: readonly BoxDef[],
  sources: Readonly<Record<string, readonly string[]>> = {},
): BoxRow[] {
  const known = new Set(defs.map((d) => d.box));
  const has = (box: string) => (sources[box]?.length ?? 0) > 0;
  const rows: BoxRow[] = defs.map((d) => ({
    box: d.box,
    label: d.label,
    section: d.section,
    unit: d.unit,
    signed: d.signed,
    manual: d.manual === true,
    value: boxes[d.box] ?? 0,
    hasSources: has(d.box),
  }));
  for (const box of Object.keys(boxes)
    .filter((b) => !known.has(b))
    .sort(boxOrder)) {
    rows.push({
      box,
      label: `Casilla ${box}`,
      section: OTHER_BOXES_SECTION,
      unit: 'CENTS',
      signed: true,
      manual: false,
      value: boxes[box] ?? 0,
      hasSources: has(box),
    });
  }
  return rows;
}

/** The rows by section, sections in the order they first appear. */
export function boxSections(rows: readonly BoxRow[]): { section: string; rows: BoxRow[] }[] {
  const sections = new Map<string, BoxRow[]>();
  for (const row of rows) {
    const list = sections.get(row.section) ?? [];
    list.push(row);
    sections.set(row.section, list);
  }
  return [...sections].map(([section, list]) => ({ section, rows: list }));
}

export interface BoxTableProps {
  rows: readonly BoxRow[];
  /** A click on a box with sources: the page shows the invoices behind it. */
  onOpenBox?: (row: BoxRow) => void;
  /** Manual boxes become inputs: `render(row)` gives the input of an editable row, null otherwise. */
  renderInput?: (row: BoxRow) => ReactNode | null;
  /** Hide the boxes at zero that nobody may type in (a long 390 is mostly zeros). */
  hideZeros?: boolean;
}

const cell = {
  padding: '6px 12px',
  borderTop: '1px solid rgba(5, 5, 5, 0.06)',
  verticalAlign: 'top',
} as const;

/**
 * A plain table per section (the 303 has over a hundred boxes: antd's Table per section would make
 * the page slow to draw on a phone); two columns that wrap.
 */
export function BoxTable({ rows, onOpenBox, renderInput, hideZeros = false }: BoxTableProps) {
  const shown = hideZeros ? rows.filter((r) => r.value !== 0 || Boolean(renderInput?.(r))) : rows;
  const value = (row: BoxRow) => {
    const input = renderInput?.(row) ?? null;
    if (input) return input;
    const text = formatBoxValue(row.value, row.unit);
    if (row.hasSources && onOpenBox) {
      return (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'nowrap' }}
          aria-label={`Casilla ${row.box}: ${text.replace(/\u00a0/g, ' ')}. Ver las facturas`}
          onClick={(event) => {
            event.stopPropagation();
            onOpenBox(row);
          }}
        >
          {text}
        </Button>
      );
    }
    return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
  };
  return (
    <Flex vertical gap={16}>
      {boxSections(shown).map(({ section, rows: sectionRows }) => (
        <Card key={section} size="small" title={section} styles={{ body: { padding: 0 } }}>
          <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label={section}>
            <tbody>
              {sectionRows.map((row) => (
                <tr
                  key={row.box}
                  aria-label={`Casilla ${row.box}`}
                  onClick={row.hasSources && onOpenBox ? () => onOpenBox(row) : undefined}
                  style={row.hasSources && onOpenBox ? { cursor: 'pointer' } : undefined}
                >
                  <td style={cell}>
                    <Flex gap={8} align="baseline">
                      <Tag style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}>{row.box}</Tag>
                      <Typography.Text>
                        {row.label}
                        {row.manual ? (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {' '}
                            (manual)
                          </Typography.Text>
                        ) : null}
                      </Typography.Text>
                    </Flex>
                  </td>
                  <td style={{ ...cell, textAlign: 'right', width: 150 }}>{value(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ))}
    </Flex>
  );
}
