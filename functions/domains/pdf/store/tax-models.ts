/**
 * The stored tax model (`keys.taxModel`, written by the taxmodels domain) and the company's name and
 * NIF, as the model's PDF summary needs them. Read only; domains never import each other, so the
 * item is read here with the same key builder.
 */

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { stripKeys } from '@shared/db/records';
import type { TaxModelView } from '@shared/schemas/tax-models';
import type { PdfDeps } from './deps';

type Deps = Pick<PdfDeps, 'db' | 'table'>;

/** The stored model of the path (its type must be the id's), else 404 CORE_006. */
export async function getTaxModelForPdf(
  deps: Deps,
  companyId: string,
  modelType: string,
  modelId: string,
): Promise<TaxModelView> {
  const m = /^(\d{4})-(\d{3})-[0-9A-Z]{2}$/.exec(modelId);
  const item =
    m && m[2] === modelType
      ? (
          await deps.db.send(
            new GetCommand({ TableName: deps.table, Key: keys.taxModel(companyId, Number(m[1]), modelId) }),
          )
        ).Item
      : undefined;
  if (item?.entity !== 'TaxModel') throw new AppError('CORE_006', 'El modelo no existe.');
  const { revision: _revision, ...model } = stripKeys(item) as unknown as TaxModelView & {
    revision?: number;
  };
  return model;
}

export async function getCompanyName(deps: Deps, companyId: string): Promise<{ name: string; nif: string }> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#name, nif',
      ExpressionAttributeNames: { '#name': 'name' },
    }),
  );
  if (!res.Item) throw new AppError('CORE_006', 'La empresa no existe.');
  return { name: String(res.Item.name ?? ''), nif: String(res.Item.nif ?? '') };
}
