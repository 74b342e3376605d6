/**
 * The company's VeriFacTu configuration (one item, `VF#CONFIG`). Creating or changing it also sets
 * the company's `verifactuEnabled` flag in the same transaction (the invoicing domain reads the flag
 * when it confirms an invoice), and checks that the chosen certificate still exists, so a concurrent
 * delete cannot leave the configuration pointing at nothing.
 */

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION, stripKeys } from '@shared/db/records';
import type { ConnectionTestResult, VerifactuConfig } from '@shared/schemas/verifactu';
import type { VerifactuDeps } from './deps';

type Deps = Pick<VerifactuDeps, 'db' | 'table'>;

/** The company's flag: records are sent to the AEAT only when the configuration is on in VERI*FACTU mode. */
export const companyFlag = (c: Pick<VerifactuConfig, 'enabled' | 'mode'>): boolean =>
  c.enabled && c.mode === 'VERIFACTU';

export const configItem = (c: VerifactuConfig) => ({
  ...keys.verifactuConfig(c.companyId),
  entity: 'VerifactuConfig',
  v: SCHEMA_VERSION,
  ...c,
});

export async function getConfig(deps: Deps, companyId: string): Promise<VerifactuConfig | undefined> {
  const res = await deps.db.send(
    new GetCommand({ TableName: deps.table, Key: keys.verifactuConfig(companyId), ConsistentRead: true }),
  );
  return res.Item ? (stripKeys(res.Item) as unknown as VerifactuConfig) : undefined;
}

export const configExists = () =>
  new AppError(
    'DOC_047',
    'VeriFacTu ya está configurado para esta empresa: modifica la configuración existente.',
  );
export const configChanged = () =>
  new AppError(
    'DOC_047',
    'La configuración de VeriFacTu ha cambiado mientras la editabas. Vuelve a cargarla.',
  );
export const configMissing = () =>
  new AppError('CORE_006', 'VeriFacTu no está configurado para esta empresa.');
export const certificateGone = () =>
  new AppError('CORE_004', 'El certificado seleccionado no existe en la empresa.', {
    field: 'certificateId',
    details: { reason: 'CERTIFICATE_NOT_FOUND' },
  });

/**
 * Writes the configuration with the company flag and the certificate check in one transaction.
 * `previousUpdatedAt` undefined = create (the item must not exist); otherwise an optimistic update.
 */
export async function writeConfig(
  deps: Deps,
  config: VerifactuConfig,
  previousUpdatedAt?: string,
): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: deps.table,
        Item: configItem(config),
        ...(previousUpdatedAt === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'attribute_exists(pk) AND updatedAt = :prev',
              ExpressionAttributeValues: { ':prev': previousUpdatedAt },
            }),
      },
    },
    {
      Update: {
        TableName: deps.table,
        Key: keys.company(config.companyId),
        UpdateExpression: 'SET verifactuEnabled = :on, updatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': companyFlag(config), ':at': config.updatedAt },
      },
    },
  ];
  if (config.certificateId) {
    items.push({
      ConditionCheck: {
        TableName: deps.table,
        Key: keys.verifactuCertificate(config.companyId, config.certificateId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  try {
    await deps.db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (failedConditionAt(e, 0)) throw previousUpdatedAt === undefined ? configExists() : configChanged();
    if (failedConditionAt(e, 1)) throw new AppError('CORE_006', 'La empresa no existe.');
    if (failedConditionAt(e, 2)) throw certificateGone();
    throw e;
  }
}

/** Stores the last connection test (not a change of the configuration: `updatedAt` stays). */
export async function saveConnectionTest(
  deps: Deps,
  companyId: string,
  result: ConnectionTestResult,
): Promise<void> {
  await deps.db.send(
    new UpdateCommand({
      TableName: deps.table,
      Key: keys.verifactuConfig(companyId),
      UpdateExpression: 'SET lastConnectionTest = :r',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':r': result },
    }),
  );
}

/** The company's name and NIF (ObligadoEmision of a query), or undefined when it does not exist. */
export async function getCompanyParty(
  deps: Deps,
  companyId: string,
): Promise<{ name: string; nif: string } | undefined> {
  const res = await deps.db.send(
    new GetCommand({
      TableName: deps.table,
      Key: keys.company(companyId),
      ProjectionExpression: '#n, nif',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  const item = res.Item as { name?: string; nif?: string } | undefined;
  return item?.name && item.nif ? { name: item.name, nif: item.nif } : undefined;
}
