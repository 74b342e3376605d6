import { defineCompanyAction } from '@functions/platform/http';
import type { SiiConfig } from '@shared/schemas/sii';
import { siiCertificateId } from '../store/certificates';
import { defaultSiiConfig, getSiiConfig } from '../store/config';
import type { SiiDeps } from '../store/deps';
import { requireSiiCompany } from './sii-scope';

/**
 * The configuration as it applies: the stored one, or the defaults the SII works with until the
 * company saves one (`configured: false`); and the certificate actually used, which is the VeriFacTu
 * configuration's when the SII names none (store/certificates.ts).
 */
export interface SiiConfigView extends SiiConfig {
  configured: boolean;
  effectiveCertificateId: string | null;
}

export async function siiConfigView(
  deps: Pick<SiiDeps, 'db' | 'table' | 'now'>,
  companyId: string,
  stored?: SiiConfig | null,
): Promise<SiiConfigView> {
  const config = stored === undefined ? await getSiiConfig(deps, companyId) : stored;
  const effective = config ?? defaultSiiConfig(companyId, deps.now().toISOString());
  return {
    ...effective,
    configured: config !== null,
    effectiveCertificateId: await siiCertificateId(deps, companyId, effective),
  };
}

/** GET /companies/{companyId}/sii-config. */
export const getConfigRoute = defineCompanyAction({
  run: async ({ scope }, deps: SiiDeps): Promise<SiiConfigView> => {
    await requireSiiCompany(deps, scope.companyId);
    return siiConfigView(deps, scope.companyId);
  },
});
