import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type InvoiceSeries,
  InvoiceSeriesPath,
  type InvoiceSeriesView,
  numberFormatProblem,
  UpdateInvoiceSeriesBody,
} from '@shared/schemas/invoice-series';
import { seriesView } from '../model/series-view';
import type { InvoicesDeps } from '../store/deps';
import { frozenError, getDefaults, type SeriesChange, updateSeries } from '../store/series';
import { requireSeries } from './get-invoice-series';

export async function updateInvoiceSeries(
  input: { scope: CompanyScope; seriesId: string; body: UpdateInvoiceSeriesBody },
  deps: InvoicesDeps,
): Promise<InvoiceSeriesView> {
  const { scope, seriesId, body } = input;
  const [current, defaults] = await Promise.all([
    requireSeries(deps, scope.companyId, seriesId),
    getDefaults(deps, scope.companyId),
  ]);
  const now = deps.now();
  const next: InvoiceSeries = {
    ...current,
    code: body.code ?? current.code,
    description: body.description ?? current.description,
    purpose: body.purpose ?? current.purpose,
    format: body.format ?? current.format,
    isActive: body.isActive ?? current.isActive,
    updatedAt: now.toISOString(),
  };
  // Art. 6.1.a RD 1619/2012: once a series has numbered invoices, its identity stays as issued.
  const frozenField =
    next.code !== current.code
      ? 'code'
      : next.purpose !== current.purpose
        ? 'purpose'
        : next.format !== current.format
          ? 'format'
          : undefined;
  if (frozenField && current.issuedCount > 0) throw frozenError(frozenField);
  const problem = numberFormatProblem(next.format, next.code);
  if (problem) throw new AppError('CORE_004', problem, { field: 'format' });

  const wasDefault = defaults[current.purpose] === current.seriesId;
  const purposeMoved = next.purpose !== current.purpose;
  // Deactivating the default series leaves its purpose without a default.
  const wantsDefault = body.isDefault ?? (wasDefault && !purposeMoved && next.isActive);
  if (wantsDefault && !next.isActive) {
    throw new AppError('CORE_004', 'Una serie inactiva no puede ser la serie por defecto.', {
      field: 'isDefault',
    });
  }
  const isDefaultOfNext = defaults[next.purpose] === next.seriesId;
  const change: SeriesChange = {
    current,
    next,
    currentDefault: defaults[next.purpose],
    wasDefaultOf: purposeMoved && wasDefault ? current.purpose : undefined,
    defaultChange:
      wantsDefault && !isDefaultOfNext ? 'set' : !wantsDefault && isDefaultOfNext ? 'clear' : undefined,
  };
  await updateSeries(deps, change);
  const after = { ...defaults };
  if (change.wasDefaultOf) delete after[change.wasDefaultOf];
  if (change.defaultChange === 'set') after[next.purpose] = next.seriesId;
  if (change.defaultChange === 'clear') delete after[next.purpose];
  return seriesView(next, after, now);
}

export const updateInvoiceSeriesRoute = defineCompanyAction({
  params: InvoiceSeriesPath,
  body: UpdateInvoiceSeriesBody,
  run: ({ scope, params, body }, deps: InvoicesDeps) => {
    return updateInvoiceSeries({ scope, seriesId: params.seriesId, body }, deps);
  },
});
