import { defineCompanyAction } from '@functions/platform/http';
import { UpdateVerifactuConfigBody, type VerifactuConfig } from '@shared/schemas/verifactu';
import { configMissing, getConfig, writeConfig } from '../store/config';
import type { VerifactuDeps } from '../store/deps';
import { assertConfigUsable } from './create-config';

/** A partial update: only the fields sent change (the shared schema has no defaults). */
export async function updateVerifactuConfig(
  input: { companyId: string; body: UpdateVerifactuConfigBody },
  deps: VerifactuDeps,
): Promise<VerifactuConfig> {
  const current = await getConfig(deps, input.companyId);
  if (!current) throw configMissing();
  const changes = Object.fromEntries(Object.entries(input.body).filter(([, v]) => v !== undefined));
  const next: VerifactuConfig = { ...current, ...changes, updatedAt: deps.now().toISOString() };
  // A configuration being switched off may keep an expired certificate; anything else needs a valid one.
  const certificateChanged = next.certificateId !== current.certificateId;
  await assertConfigUsable(deps, next, { checkValidity: next.enabled || certificateChanged });
  // Optimistic: refused when someone else changed it since it was read; the company flag follows.
  await writeConfig(deps, next, current.updatedAt);
  return next;
}

export const updateConfigRoute = defineCompanyAction({
  body: UpdateVerifactuConfigBody,
  run: ({ scope, body }, deps: VerifactuDeps) => {
    return updateVerifactuConfig({ companyId: scope.companyId, body }, deps);
  },
});
