/**
 * The AEAT models' calls more than one web feature reads (issue 14): the company's stored models, one
 * model, the live preview of a period, validation, and the downloads of the AEAT file and the PDF
 * summary — used by the models pages (features/tax-models) and by the gestor's cockpit, the
 * validation centre and the client's tax documents. Features may not import each other, so they
 * share these calls and their react-query keys: everything lives under `taxKeys.company(companyId)`,
 * so `refreshTaxQueries` after any write refreshes the models together with the calendar, whose
 * obligations a generated or filed model settles.
 */
import type { Page } from '@shared/api/envelope';
import { validPeriodsOf } from '@shared/fiscal/models';
import {
  type ModelPreview,
  type ModelStatus,
  type ModelValidationView,
  TAX_MODEL_TYPES,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiDownload, deliver } from './api-download';
import type { TaxQueryOptions } from './tax-api';

// --- query keys ----------------------------------------------------------------------------------

export interface TaxModelListParams {
  year?: number | undefined;
  modelType?: TaxModelType | undefined;
  status?: ModelStatus | undefined;
  /** Zero-based. */
  page?: number | undefined;
  size?: number | undefined;
}

export interface PreviewParams {
  year: number;
  period: string;
  /** Preview with another compensation than the one carried from the previous 303 (céntimos). */
  compensationFromPreviousCents?: number | undefined;
  /**
   * 130: with or without the provision for hard-to-justify expenses (art. 30.2.4ª LIRPF); absent, the
   * server follows the profile (on for the estimación directa simplificada).
   */
  applyDifficultJustification?: boolean | undefined;
}

/** Under `['tax', companyId]` (tax-api's `taxKeys.company`): one invalidation refreshes every tax page. */
export const taxModelKeys = {
  all: (companyId: string | null) => ['tax', companyId, 'models'] as const,
  list: (companyId: string | null, params: TaxModelListParams) =>
    ['tax', companyId, 'models', 'list', params] as const,
  model: (companyId: string | null, modelId: string) =>
    ['tax', companyId, 'models', 'model', modelId] as const,
  preview: (companyId: string | null, modelType: TaxModelType, params: PreviewParams) =>
    ['tax', companyId, 'models', 'preview', modelType, params] as const,
};

// --- model ids ------------------------------------------------------------------------------------

export interface ModelRef {
  modelType: TaxModelType;
  year: number;
  period: string;
}

/**
 * `2026-303-1T` → { year 2026, modelType '303', period '1T' }; the 202's instalments are '1P'..'3P'
 * (`2026-202-1P`); null for anything else.
 */
export function parseModelId(modelId: string): ModelRef | null {
  const m = /^(\d{4})-(\d{3})-([1-4]T|0[1-9]|1[0-2]|0A|[1-3]P)$/.exec(modelId);
  if (!m) return null;
  const modelType = m[2] as TaxModelType;
  if (!TAX_MODEL_TYPES.includes(modelType)) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  return { year, modelType, period: m[3] as string };
}

/**
 * The periods a model is filed for (the model definitions' own list, shared/fiscal/models): the 303,
 * 349 and the withholdings (111, 115, 123, 216) by quarter or month, the 130 by quarter, the 390 and
 * 347 once a year ('0A'). `periodicity` picks quarters or months where the model has both.
 */
export function periodsOfModel(
  modelType: TaxModelType,
  periodicity: 'QUARTERLY' | 'MONTHLY' | 'ANNUAL',
): string[] {
  const all = validPeriodsOf(modelType);
  const quarters = all.filter((p) => /^[1-4]T$/.test(p));
  const months = all.filter((p) => /^(0[1-9]|1[0-2])$/.test(p));
  if (quarters.length > 0 && months.length > 0) return periodicity === 'MONTHLY' ? months : quarters;
  return all;
}

// --- lists ----------------------------------------------------------------------------------------

/** `GET taxModels.list`: the company's stored models, filtered by year, model and status. */
export function listTaxModels(
  companyId: string,
  params: TaxModelListParams,
  signal?: AbortSignal,
): Promise<Page<TaxModelView>> {
  return apiRequest<Page<TaxModelView>>('taxModels.list', {
    params: { companyId },
    query: {
      year: params.year,
      modelType: params.modelType,
      status: params.status,
      page: params.page,
      size: params.size,
    },
    companyId,
    signal,
  });
}

export const taxModelsQueryOptions = (companyId: string | null, params: TaxModelListParams, enabled = true) =>
  queryOptions({
    queryKey: taxModelKeys.list(companyId, params),
    queryFn: ({ signal }) => listTaxModels(companyId ?? '', params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null,
  });

/** `enabled`: pass the tax profile's `profileReady` (without a profile the call answers 4xx). */
export function useTaxModels(
  companyId: string | null,
  params: TaxModelListParams,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery(taxModelsQueryOptions(companyId, params, enabled));
}

// --- one model --------------------------------------------------------------------------------------

/** `GET taxModels.get`: a stored model (404 CORE_006 when the period has none: ask the list first). */
export function getTaxModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
  signal?: AbortSignal,
): Promise<TaxModelView> {
  return apiRequest<TaxModelView>('taxModels.get', {
    params: { companyId, modelType, modelId },
    companyId,
    signal,
  });
}

export function useTaxModel(
  companyId: string | null,
  ref: { modelType: TaxModelType; modelId: string } | null,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: taxModelKeys.model(companyId, ref?.modelId ?? ''),
    queryFn: ({ signal }) =>
      getTaxModel(companyId ?? '', ref?.modelType ?? '303', ref?.modelId ?? '', signal),
    enabled: enabled && companyId !== null && ref !== null,
  });
}

/** `GET taxModels.preview?year=&period=`: the period computed from the books now, nothing stored. */
export function previewTaxModel(
  companyId: string,
  modelType: TaxModelType,
  params: PreviewParams,
  signal?: AbortSignal,
): Promise<ModelPreview> {
  return apiRequest<ModelPreview>('taxModels.preview', {
    params: { companyId, modelType },
    query: {
      year: params.year,
      period: params.period,
      compensationFromPreviousCents: params.compensationFromPreviousCents,
      applyDifficultJustification: params.applyDifficultJustification,
    },
    companyId,
    signal,
  });
}

export function useTaxModelPreview(
  companyId: string | null,
  modelType: TaxModelType,
  params: PreviewParams,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: taxModelKeys.preview(companyId, modelType, params),
    queryFn: ({ signal }) => previewTaxModel(companyId ?? '', modelType, params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null,
  });
}

// --- validation ---------------------------------------------------------------------------------------

/**
 * `POST taxModels.validate`: the design's rules and box identities run on the stored model, and the
 * boxes whose value in today's books differs from the stored one (the books changed since).
 */
export function validateTaxModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
): Promise<ModelValidationView> {
  return apiRequest<ModelValidationView>('taxModels.validate', {
    params: { companyId, modelType, modelId },
    companyId,
  });
}

export function useValidateTaxModel(companyId: string | null) {
  return useMutation({
    mutationFn: ({ modelType, modelId }: { modelType: TaxModelType; modelId: string }) =>
      validateTaxModel(companyId ?? '', modelType, modelId),
  });
}

// --- downloads ------------------------------------------------------------------------------------------

/** `modelo-303-2026-1T` (the server's Content-Disposition name wins when it sends one). */
export const modelFileBase = (ref: ModelRef): string => `modelo-${ref.modelType}-${ref.year}-${ref.period}`;

/** `GET taxModels.pdf`: the PDF summary of a stored model, saved by the browser. */
export async function downloadModelPdf(companyId: string | null, ref: ModelRef & { modelId: string }) {
  const fallback = `${modelFileBase(ref)}.pdf`;
  const download = await apiDownload(
    'taxModels.pdf',
    { params: { companyId: companyId ?? '', modelType: ref.modelType, modelId: ref.modelId }, companyId },
    fallback,
  );
  deliver(download, fallback, 'application/pdf');
}

export function useDownloadModelPdf(companyId: string | null) {
  return useMutation({
    mutationFn: (ref: ModelRef & { modelId: string }) => downloadModelPdf(companyId, ref),
  });
}

/**
 * `POST taxModels.export?format=AEAT&year=&period=`: the AEAT's own file of the period (the "<T"
 * self-assessment of the 303 and 390, the 500-character records of the 349 and 347), ISO-8859-1,
 * for the manual submission at the AEAT's e-office.
 */
export async function exportModelFile(companyId: string | null, ref: ModelRef) {
  const fallback = `${modelFileBase(ref)}.txt`;
  const download = await apiDownload(
    'taxModels.export',
    {
      params: { companyId: companyId ?? '', modelType: ref.modelType },
      query: { format: 'AEAT', year: ref.year, period: ref.period },
      companyId,
    },
    fallback,
  );
  deliver(download, fallback, 'text/plain;charset=ISO-8859-1');
}

export function useExportModelFile(companyId: string | null) {
  return useMutation({ mutationFn: (ref: ModelRef) => exportModelFile(companyId, ref) });
}

/**
 * `POST taxModels.export?format=CSV|XLSX`: the lines of a model filed in the Sede electrónica's form (the
 * 369, which has no AEAT file), to type them into it.
 */
export async function exportModelLines(companyId: string | null, ref: ModelRef, format: 'CSV' | 'XLSX') {
  const extension = format === 'CSV' ? 'csv' : 'xlsx';
  const fallback = `${modelFileBase(ref)}.${extension}`;
  const download = await apiDownload(
    'taxModels.export',
    {
      params: { companyId: companyId ?? '', modelType: ref.modelType },
      query: { format, year: ref.year, period: ref.period },
      companyId,
    },
    fallback,
  );
  deliver(
    download,
    fallback,
    format === 'CSV'
      ? 'text/csv;charset=utf-8'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
}

export function useExportModelLines(companyId: string | null) {
  return useMutation({
    mutationFn: ({ ref, format }: { ref: ModelRef; format: 'CSV' | 'XLSX' }) =>
      exportModelLines(companyId, ref, format),
  });
}

/** The models filed in the Sede electrónica's form, without an AEAT file (exported as their lines). */
export const FILED_IN_FORM: readonly string[] = ['369'];
