/** How a series is shown: its default flag from the pointer and an example of its next number. */

import {
  type InvoiceSeries,
  type InvoiceSeriesView,
  renderNumber,
  type SeriesPurpose,
} from '@shared/schemas/invoice-series';

export function seriesView(
  s: InvoiceSeries,
  defaults: Partial<Record<SeriesPurpose, string>>,
  now: Date,
): InvoiceSeriesView {
  return {
    ...s,
    isDefault: defaults[s.purpose] === s.seriesId,
    example: renderNumber(s.format, s.code, now.getUTCFullYear(), 1),
  };
}
