import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import type { SiiConfig } from '@shared/schemas/sii';
import type { SiiGateway } from '../store/aeat-client';
import type { ArchiveStore } from '../store/archive';
import { defaultSiiConfig, getSiiConfig, putSiiConfig } from '../store/config';
import { testSiiConnection } from '../store/consulta';
import type { SiiDeps } from '../store/deps';
import { requireSiiCompany, withLog } from './sii-scope';

/** The deps of the actions that call the AEAT; tests give a fake gateway and archive. */
export type SiiAeatDeps = SiiDeps & { gateway?: SiiGateway; archive?: ArchiveStore | null };

export type SiiConnectionTest = NonNullable<SiiConfig['lastConnectionTest']> & {
  environment: SiiConfig['environment'];
};

/**
 * Keeps the last test on the configuration (created from the defaults if the company has none). The
 * configuration's `updatedAt` stays: a test is no edit, and must not make the settings page's next
 * save a conflict. A concurrent save is read again once.
 */
async function saveConnectionTest(
  deps: SiiDeps,
  companyId: string,
  test: NonNullable<SiiConfig['lastConnectionTest']>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const stored = await getSiiConfig(deps, companyId);
    const base = stored ?? defaultSiiConfig(companyId, deps.now().toISOString());
    try {
      await putSiiConfig(deps, { ...base, lastConnectionTest: test }, stored ? stored.updatedAt : null);
      return;
    } catch (e) {
      if (attempt >= 2 || !(e instanceof AppError) || e.code !== 'CONCURRENT_UPDATE') throw e;
    }
  }
}

/**
 * POST /companies/{companyId}/sii-config/test-connection: a ConsultaLR of this month's issued book
 * with the company's certificate (store/consulta.ts `testSiiConnection`: mutual TLS, the configured
 * environment, archived like any exchange). The outcome — a refusal or a missing certificate
 * included — is an answer (200, `ok: false` with the reason), kept as `lastConnectionTest`.
 */
export async function testConnection(
  input: { companyId: string; userId: string; log: Logger },
  deps: SiiAeatDeps,
): Promise<SiiConnectionTest> {
  await requireSiiCompany(deps, input.companyId);
  const config = await getSiiConfig(deps, input.companyId);
  const result = await testSiiConnection(withLog(deps, input.log), input.companyId, input.userId);
  await saveConnectionTest(deps, input.companyId, result);
  return { ...result, environment: config?.environment ?? 'TEST' };
}

export const testConnectionRoute = defineCompanyAction({
  run: async ({ auth, scope, log }, deps: SiiAeatDeps) => {
    const result = await testConnection({ companyId: scope.companyId, userId: auth.userId, log }, deps);
    log.info('sii connection tested', { ok: result.ok, environment: result.environment });
    return result;
  },
});
