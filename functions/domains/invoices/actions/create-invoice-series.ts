import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  CreateInvoiceSeriesBody,
  type InvoiceSeries,
  type InvoiceSeriesView,
} from '@shared/schemas/invoice-series';
import { seriesView } from '../model/series-view';
import type { InvoicesDeps } from '../store/deps';
import { createSeries, getDefaults } from '../store/series';

export async function createInvoiceSeries(
  input: { scope: CompanyScope; body: CreateInvoiceSeriesBody },
  deps: InvoicesDeps,
): Promise<InvoiceSeriesView> {
  const { scope, body } = input;
  if (body.isDefault && !body.isActive) {
    throw new AppError('CORE_004', 'Una serie inactiva no puede ser la serie por defecto.', {
      field: 'isDefault',
    });
  }
  const defaults = await getDefaults(deps, scope.companyId);
  const currentDefault = defaults[body.purpose];
  // The company's first ordinary series becomes its default, so invoicing works at once.
  const firstOrdinary = body.purpose === 'ORDINARY' && !currentDefault && body.isActive;
  const makeDefault = body.isDefault ?? firstOrdinary;
  const now = deps.now();
  const series: InvoiceSeries = {
    seriesId: deps.newId(),
    companyId: scope.companyId,
    code: body.code,
    description: body.description,
    purpose: body.purpose,
    format: body.format,
    isActive: body.isActive,
    issuedCount: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await createSeries(deps, series, makeDefault, currentDefault);
  return seriesView(series, makeDefault ? { ...defaults, [series.purpose]: series.seriesId } : defaults, now);
}

export const createInvoiceSeriesRoute = defineCompanyAction({
  body: CreateInvoiceSeriesBody,
  status: 201,
  run: ({ scope, body }, deps: InvoicesDeps) => {
    return createInvoiceSeries({ scope, body }, deps);
  },
});
