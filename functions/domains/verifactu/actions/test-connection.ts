import { buildConsultaXml, parseConsultaResponse, wrapSoap } from '@functions/lib/verifactu-xml';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { envNames } from '@shared/config/env-names';
import type { ConnectionTestResult, VerifactuConfig } from '@shared/schemas/verifactu';
import { type AeatCallResult, callAeat, endpointFor, extraCaFromEnv } from '../store/aeat-client';
import { loadSigningCertificate, recordCertificateUse } from '../store/certificates';
import { configMissing, getCompanyParty, getConfig, saveConnectionTest } from '../store/config';
import type { VerifactuDeps } from '../store/deps';

/** Well inside API Gateway's 29 s. */
export const TEST_TIMEOUT_MS = 15_000;

/** Year and month in Spain: the AEAT's current PeriodoImputacion. */
export function madridPeriod(at: Date): { ejercicio: string; periodo: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return { ejercicio: parts.year ?? String(at.getUTCFullYear()), periodo: parts.month ?? '01' };
}

const where = (config: Pick<VerifactuConfig, 'environment'>): string =>
  process.env[envNames.aeatEndpoint]
    ? 'el simulador local de la AEAT'
    : `la AEAT (entorno de ${config.environment === 'PRODUCTION' ? 'producción' : 'pruebas'})`;

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What the exchange means for the person at the screen (Spanish), never echoing the certificate. */
export function describeConnection(
  result: AeatCallResult,
  config: Pick<VerifactuConfig, 'environment'>,
): { ok: boolean; code: string | null; message: string } {
  const target = where(config);
  switch (result.kind) {
    case 'tls-error':
      return {
        ok: false,
        code: result.message,
        message: `No se ha podido establecer la conexión segura con ${target}: comprueba que el certificado es válido y está reconocido por la AEAT.`,
      };
    case 'timeout':
      return {
        ok: false,
        code: 'TIMEOUT',
        message: `${target.charAt(0).toUpperCase()}${target.slice(1)} no ha respondido en ${TEST_TIMEOUT_MS / 1000} segundos. Inténtalo más tarde.`,
      };
    case 'connection-lost':
      return {
        ok: false,
        code: 'CONNECTION_LOST',
        message: `Se ha perdido la conexión con ${target}. Inténtalo más tarde.`,
      };
    case 'http': {
      let outcome: ReturnType<typeof parseConsultaResponse> | undefined;
      try {
        outcome = parseConsultaResponse(result.body);
      } catch {
        outcome = undefined;
      }
      if (outcome?.kind === 'response' && result.status === 200)
        return { ok: true, code: null, message: `Conexión correcta con ${target}.` };
      if (outcome?.kind === 'fault')
        return {
          ok: false,
          code: outcome.code ?? outcome.faultcode,
          message: `${target.charAt(0).toUpperCase()}${target.slice(1)} ha rechazado la consulta: ${clip(outcome.faultstring)}`,
        };
      return {
        ok: false,
        code: `HTTP_${result.status}`,
        message: `${target.charAt(0).toUpperCase()}${target.slice(1)} ha respondido con un error (HTTP ${result.status}).`,
      };
    }
  }
}

/**
 * Tests the configuration for real: opens the company's certificate and asks the AEAT (locally the
 * simulator) a ConsultaFactuSistemaFacturacion for the current period over mutual TLS. The result is
 * stored on the configuration and as a use of the certificate.
 */
export async function testVerifactuConnection(
  input: { companyId: string },
  deps: VerifactuDeps,
): Promise<ConnectionTestResult> {
  const config = await getConfig(deps, input.companyId);
  if (!config) throw configMissing();
  const company = await getCompanyParty(deps, input.companyId);
  if (!company) throw new AppError('CORE_006', 'La empresa no existe.');
  const signing = await loadSigningCertificate(deps, input.companyId);
  if (!signing)
    throw new AppError(
      'CORE_004',
      'Selecciona en la configuración el certificado con el que conectar con la AEAT.',
      {
        field: 'certificateId',
        details: { reason: 'CERTIFICATE_REQUIRED' },
      },
    );

  const at = deps.now();
  const endpoint = endpointFor(config);
  const body = wrapSoap(
    buildConsultaXml({
      obligado: company,
      ...madridPeriod(at),
      indicadorRepresentante: config.representative !== null,
    }),
  );
  let exchange: AeatCallResult;
  try {
    exchange = await callAeat({
      url: endpoint,
      pfx: signing.pfx,
      passphrase: signing.passphrase,
      ca: extraCaFromEnv(),
      body,
      timeoutMs: TEST_TIMEOUT_MS,
    });
  } finally {
    signing.pfx.fill(0);
  }
  const outcome = describeConnection(exchange, config);
  const result: ConnectionTestResult = { ...outcome, at: at.toISOString(), endpoint };
  await saveConnectionTest(deps, input.companyId, result);
  await recordCertificateUse(deps, input.companyId, signing.certificateId, {
    operation: 'TEST_CONNECTION',
    ok: result.ok,
    detail: result.message,
  });
  return result;
}

export const testConnectionRoute = defineCompanyAction({
  run: async ({ scope, log }, deps: VerifactuDeps) => {
    const result = await testVerifactuConnection({ companyId: scope.companyId }, deps);
    log.info('verifactu connection tested', { ok: result.ok, code: result.code, endpoint: result.endpoint });
    return result;
  },
});
