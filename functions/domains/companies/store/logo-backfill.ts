/**
 * The writes of the logo backfill (workers/backfill-logos.ts): the company's logo record moved on
 * from a legacy logo only while it is still that legacy logo (same object, neither normalised nor
 * rejected), so a logo uploaded meanwhile is never overwritten and a second run writes nothing;
 * and the company's staff told once that their logo was withdrawn from invoices.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listCompanyMembers } from '@functions/lib/directory';
import { notifyUser } from '@functions/lib/notifications';
import { isConditionalCheckFailed } from '@functions/platform/aws/dynamodb-errors';
import type { Logger } from '@functions/platform/logger';
import { workerErrorFields } from '@functions/platform/workers';
import { keys } from '@shared/db/keys';
import type { CompanyLogo } from '@shared/schemas/companies';
import type { CompaniesDeps } from './deps';

type Deps = Pick<CompaniesDeps, 'db' | 'table'>;

/**
 * Replaces the company's legacy logo record `legacyKey` by `next`; false (nothing written) when the
 * record is no longer that legacy logo.
 */
export async function replaceLegacyLogo(
  deps: Deps,
  companyId: string,
  legacyKey: string,
  next: CompanyLogo,
  now: Date,
): Promise<boolean> {
  try {
    await deps.db.send(
      new UpdateCommand({
        TableName: deps.table,
        Key: keys.companySettings(companyId),
        UpdateExpression: 'SET #s.#inv.#logo = :logo, #updatedAt = :u',
        ConditionExpression:
          '#s.#inv.#logo.#key = :key AND attribute_not_exists(#s.#inv.#logo.#normalised) AND attribute_not_exists(#s.#inv.#logo.#rejected)',
        ExpressionAttributeNames: {
          '#s': 'settings',
          '#inv': 'invoicing',
          '#logo': 'logo',
          '#key': 's3Key',
          '#normalised': 'normalised',
          '#rejected': 'rejected',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: { ':logo': next, ':key': legacyKey, ':u': now.toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
}

/** The company's staff (not its CLIENTE users) hear that their logo no longer prints on invoices. */
export async function notifyLogoRejected(
  deps: Pick<CompaniesDeps, 'db' | 'table' | 'now' | 'newId'>,
  companyId: string,
  logo: CompanyLogo & { rejected: NonNullable<CompanyLogo['rejected']> },
  log: Logger,
): Promise<number> {
  const staff = (await listCompanyMembers(deps, companyId)).filter(
    (m) => m.isActive && m.companyRole !== 'CLIENTE',
  );
  let told = 0;
  for (const member of staff) {
    try {
      const created = await notifyUser(deps, {
        userId: member.userId,
        companyId,
        type: 'invoice_logo_rejected',
        title: 'Logotipo retirado de las facturas',
        message: `El logotipo «${logo.fileName}» ya no se imprime en las facturas: ${logo.rejected.message}. Sube uno nuevo en los datos de la empresa.`,
        severity: 'warning',
        // The company's page holds its invoicing settings and the logo field.
        link: `/app/companies/${encodeURIComponent(companyId)}`,
      });
      if (created) told += 1;
    } catch (e) {
      // The rejection is recorded already; a lost notification must not stop the run.
      log.error('Logo rejection notification not created', {
        companyId,
        userId: member.userId,
        ...workerErrorFields(e),
      });
    }
  }
  return told;
}
