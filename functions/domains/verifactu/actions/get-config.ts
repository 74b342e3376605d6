import { defineCompanyAction } from '@functions/platform/http';
import type { VerifactuConfig } from '@shared/schemas/verifactu';
import { getConfig } from '../store/config';
import type { VerifactuDeps } from '../store/deps';

/**
 * The company's VeriFacTu configuration, or `null` (200) when it has none yet: "not configured" is a
 * normal state the settings page and the dashboard show, not an error.
 */
export async function getVerifactuConfig(
  input: { companyId: string },
  deps: VerifactuDeps,
): Promise<VerifactuConfig | null> {
  return (await getConfig(deps, input.companyId)) ?? null;
}

export const getConfigRoute = defineCompanyAction({
  run: ({ scope }, deps: VerifactuDeps) => {
    return getVerifactuConfig({ companyId: scope.companyId }, deps);
  },
});
