/**
 * The compact row form the AEAT record designs in this folder are written in (one row per field, in
 * position order), and the function that turns it into the `PageLayout` of ../types.ts. Rows keep the
 * designs readable as the tables they come from; ./layouts.test.ts checks each against its source.
 */

import type { LayoutField, PageLayout } from '../types';

/** [position (1-based), length, type, source, description, decimals?] */
export type FieldRow = readonly [
  position: number,
  length: number,
  type: LayoutField['type'],
  source: string,
  description: string,
  decimals?: number,
];

export function layoutPage(page: string, length: number, rows: readonly FieldRow[]): PageLayout {
  return {
    page,
    length,
    fields: rows.map(([position, fieldLength, type, source, description, decimals]) =>
      decimals === undefined
        ? { position, length: fieldLength, type, source, description }
        : { position, length: fieldLength, type, source, description, decimals },
    ),
  };
}
