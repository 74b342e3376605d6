/**
 * Export of a model for manual submission (issue 14 item 4): `POST …/models/{modelType}/export
 * ?format=AEAT|JSON|PDF&year=&period=` answers a download of the stored model of the period, or of its
 * preview when none was generated: AEAT, the AEAT's own file (`303_2026_1T_B12345678.txt`,
 * ISO-8859-1); JSON, the model as the API answers it; CSV and XLSX, the lines of a model filed in the
 * Sede's form (the 369, which has no AEAT file: its AEAT format answers 422 TAX_023 NO_AEAT_FILE). The PDF summary is rendered by the pdf domain
 * (where pdf-lib lives) from a stored model: PDF answers 400 with the route and URL to download it
 * from (or asks to generate the model first). AEAT answers 422 TAX_023 (reason DESIGN_NOT_PUBLISHED)
 * for a period whose design the AEAT has not published yet (the 390 of 2026, computed with the 2025
 * design); its JSON still downloads.
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
import { ossLinesFile } from '../model/oss-lines';
import { toModelView } from '../model/views';
import { fileIdentityOf } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { getModel, modelIdOf } from '../store/models';

/** The models filed in the Sede electrónica's form (no AEAT file): exported as their lines. */
const LINES_ONLY: readonly TaxModelType[] = ['369'];

const FORMATS: ExportFormatView[] = [
  {
    format: 'AEAT',
    label: 'Fichero AEAT',
    contentType: 'text/plain; charset=ISO-8859-1',
    extension: 'txt',
    description:
      'Fichero con el diseño de registro de la AEAT para presentarlo en la Sede electrónica («Presentación mediante fichero»).',
    // The 369 is filed in the Sede's form: its lines go as CSV/XLSX (model/oss-lines.ts).
    models: TAX_MODEL_TYPES.filter((m) => !LINES_ONLY.includes(m)),
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
  {
    format: 'CSV',
    label: 'Líneas en CSV',
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    description:
      'Las líneas del modelo por Estado miembro de consumo y tipo de IVA, para trasladarlas al formulario de la Sede electrónica.',
    models: [...LINES_ONLY],
  },
  {
    format: 'XLSX',
    label: 'Líneas en Excel',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    description:
      'Las líneas del modelo por Estado miembro de consumo y tipo de IVA, para trasladarlas al formulario de la Sede electrónica.',
    models: [...LINES_ONLY],
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
  if ((query.format === 'CSV' || query.format === 'XLSX') && !LINES_ONLY.includes(modelType)) {
    throw new AppError(
      'CORE_004',
      `El formato ${query.format} es el de las líneas de los modelos que se presentan en el formulario de la Sede (${LINES_ONLY.join(', ')}); el modelo ${modelType} se exporta en fichero AEAT, PDF o JSON.`,
      { field: 'format' },
    );
  }
  const { model } = await modelToExport(deps, companyId, modelType, query.year, period);
  const identity = await fileIdentityOf(deps, companyId, model);
  if (query.format === 'CSV' || query.format === 'XLSX') {
    const lines = ossLinesFile(model, identity.nif, query.format);
    return binaryResponse({ contentType: lines.contentType, body: lines.body, filename: lines.fileName });
  }
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
