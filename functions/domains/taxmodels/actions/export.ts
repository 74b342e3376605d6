/**
 * Export of a model for manual submission (issue 14 item 4): `POST …/models/{modelType}/export
 * ?format=AEAT|JSON|PDF&year=&period=` answers a download of the stored model of the period, or of its
 * preview when none was generated: AEAT, the AEAT's own file (`303_2026_1T_B12345678.txt`,
 * ISO-8859-1); JSON, the model as the API answers it. The PDF summary is rendered by the pdf domain
 * (where pdf-lib lives) from a stored model: PDF answers 400 with the route and URL to download it
 * from (or asks to generate the model first).
 */

import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { buildPath } from '@shared/api/routes';
import {
  EXPORT_FORMATS,
  type ExportFormatView,
  ExportQuery,
  ModelTypePath,
  TAX_MODEL_TYPES,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import type * as z from 'zod';
import { previewModel } from '../model/compute';
import { modelFile, modelFileName } from '../model/files';
import { toModelView } from '../model/views';
import { fileIdentityOf } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { getModel, modelIdOf } from '../store/models';

const FORMATS: ExportFormatView[] = [
  {
    format: 'AEAT',
    label: 'Fichero AEAT',
    contentType: 'text/plain; charset=ISO-8859-1',
    extension: 'txt',
    description:
      'Fichero con el diseño de registro de la AEAT para presentarlo en la Sede electrónica («Presentación mediante fichero»).',
    models: [...TAX_MODEL_TYPES],
  },
  {
    format: 'JSON',
    label: 'JSON',
    contentType: 'application/json',
    extension: 'json',
    description: 'Las casillas, el resultado y los registros del modelo, para otras aplicaciones.',
    models: [...TAX_MODEL_TYPES],
  },
  {
    format: 'PDF',
    label: 'Resumen en PDF',
    contentType: 'application/pdf',
    extension: 'pdf',
    description: 'Resumen del modelo generado: casillas con importe, resultado y estado.',
    models: [...TAX_MODEL_TYPES],
  },
];

export const exportFormatsRoute = defineCompanyAction({
  run: async (): Promise<ExportFormatView[]> => FORMATS.filter((f) => EXPORT_FORMATS.includes(f.format)),
});

/** The model of the period to export: the stored one, else the preview as a not-yet-stored model. */
async function modelToExport(
  deps: TaxModelsDeps,
  companyId: string,
  modelType: TaxModelType,
  year: number,
  period: string,
): Promise<{ model: TaxModelView; stored: boolean }> {
  const modelId = modelIdOf(year, modelType, period);
  const stored = await getModel(deps, companyId, modelId);
  if (stored) return { model: toModelView(stored), stored: true };
  const preview = await previewModel(deps, { companyId, modelType, year, period });
  const at = deps.now().toISOString();
  return {
    stored: false,
    model: {
      ...preview,
      modelId,
      companyId,
      status: 'MODEL_GENERATED',
      adjustments: {},
      generatedAt: at,
      generatedBy: '',
      updatedAt: at,
      version: 0,
      approvedAt: null,
      approvedBy: null,
      submittedAt: null,
      reference: null,
      submissionId: null,
      publishedAt: null,
    },
  };
}

export async function exportModel(
  input: { companyId: string; modelType: TaxModelType; query: z.infer<typeof ExportQuery> },
  deps: TaxModelsDeps,
) {
  const { companyId, modelType, query } = input;
  const period = query.period.toUpperCase();
  if (query.format === 'PDF') {
    const stored = await getModel(deps, companyId, modelIdOf(query.year, modelType, period));
    if (!stored) {
      throw new AppError('CORE_004', 'Genera el modelo para descargar su resumen en PDF.', {
        field: 'format',
      });
    }
    throw new AppError('CORE_004', 'El resumen en PDF se descarga desde su propia dirección.', {
      field: 'format',
      details: {
        route: 'taxModels.pdf',
        url: buildPath('taxModels.pdf', { companyId, modelType, modelId: stored.modelId }),
      },
    });
  }
  const { model } = await modelToExport(deps, companyId, modelType, query.year, period);
  const identity = await fileIdentityOf(deps, companyId, model);
  if (query.format === 'JSON') {
    return binaryResponse({
      contentType: 'application/json; charset=utf-8',
      body: new TextEncoder().encode(JSON.stringify(model, null, 2)),
      filename: modelFileName(model, identity.nif, 'json'),
    });
  }
  const file = modelFile(model, identity);
  return binaryResponse({ contentType: file.contentType, body: file.body, filename: file.fileName });
}

export const exportModelRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ExportQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    exportModel({ companyId: scope.companyId, modelType: params.modelType, query }, deps),
});
