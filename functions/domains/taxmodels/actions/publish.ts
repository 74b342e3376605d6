/**
 * The models a gestoría publishes to its client (issue 14 item 5, the client's my-tax-documents):
 * - publish: the model is shown to the company's clients from now on, and they are told (a
 *   notification to each CLIENTE member with VIEW_TAX_DOCUMENTS, in the publication's transaction);
 * - published: the published models, newest publication first;
 * - published file (`?kind=aeat|json`): the AEAT file of a published model, or the model as JSON.
 */

import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { paginate } from '@shared/api/listing';
import { PageQuery } from '@shared/schemas/common';
import {
  ModelPath,
  PublishedFileQuery,
  PublishedModelPath,
  type PublishedModelView,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import type * as z from 'zod';
import { modelFile, modelFileName } from '../model/files';
import { toModelView, toPublishedView } from '../model/views';
import { fileIdentityOf } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { getModel, listModels, requireModel, setModelPublished } from '../store/models';

export async function publishModel(
  input: { companyId: string; params: z.infer<typeof ModelPath> },
  deps: TaxModelsDeps,
): Promise<TaxModelView> {
  const model = await requireModel(deps, input.companyId, input.params.modelType, input.params.modelId);
  const published = await setModelPublished(deps, input.companyId, model.modelId, deps.now().toISOString());
  return toModelView(published);
}

export const publishModelRoute = defineCompanyAction({
  params: ModelPath,
  run: ({ scope, params }, deps: TaxModelsDeps) => publishModel({ companyId: scope.companyId, params }, deps),
});

export const publishedModelsRoute = defineCompanyAction({
  query: PageQuery,
  run: async ({ scope, query }, deps: TaxModelsDeps) => {
    const published: PublishedModelView[] = (await listModels(deps, scope.companyId))
      .filter((m) => m.publishedAt !== null)
      .map(toPublishedView)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.modelId.localeCompare(b.modelId));
    return paginate(published, query.page, query.size);
  },
});

export async function publishedFile(
  input: { companyId: string; modelId: string; kind: z.infer<typeof PublishedFileQuery>['kind'] },
  deps: TaxModelsDeps,
) {
  const stored = await getModel(deps, input.companyId, input.modelId);
  if (!stored?.publishedAt) throw new AppError('CORE_006', 'El modelo no existe o no está publicado.');
  const model = toModelView(stored);
  const identity = await fileIdentityOf(deps, input.companyId, model);
  if (input.kind === 'json') {
    return binaryResponse({
      contentType: 'application/json; charset=utf-8',
      body: new TextEncoder().encode(JSON.stringify(model, null, 2)),
      filename: modelFileName(model, identity.nif, 'json'),
    });
  }
  const file = modelFile(model, identity);
  return binaryResponse({ contentType: file.contentType, body: file.body, filename: file.fileName });
}

export const publishedFileRoute = defineCompanyAction({
  params: PublishedModelPath,
  query: PublishedFileQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    publishedFile({ companyId: scope.companyId, modelId: params.modelId, kind: query.kind }, deps),
});
