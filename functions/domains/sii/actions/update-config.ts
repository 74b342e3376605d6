import { defineCompanyAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError } from '@shared/api/errors';
import { validateTaxId } from '@shared/fiscal/nif';
import { type SiiConfig, SiiConfigBody, type SiiEnvironment } from '@shared/schemas/sii';
import { SII_HISTORY_CAP } from '../model/entry-rules';
import { siiCertificateId } from '../store/certificates';
import { defaultSiiConfig, getSiiConfig, putSiiConfig } from '../store/config';
import type { SiiDeps } from '../store/deps';
import { certificateFacts, entriesInStates, type SiiCertificateFacts } from '../store/queries';
import { moveEntry } from '../store/user-moves';
import { type SiiConfigView, siiConfigView } from './get-config';
import { requireSiiCompany } from './sii-scope';
import { queuedEntry, wakeCompanySender } from './submit-invoice';

const spanishDate = (iso: string): string =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

const certificateError = (code: 'CORE_004' | 'TAX_025', message: string, reason: string) =>
  new AppError(code, message, { field: 'certificateId', details: { reason } });

/**
 * The rules a certificate must meet to present the company's books (as VeriFacTu's configuration,
 * functions/domains/verifactu/actions/create-config.ts): it is one of the company's, valid today,
 * and for PRODUCTION one of a recognised Spanish qualified CA whose key may sign (a self-signed or
 * test-CA certificate only works against the AEAT's test environment). Pure.
 */
export function assertCertificateUsable(
  cert: SiiCertificateFacts | null,
  environment: SiiEnvironment,
  now: Date,
): void {
  if (!cert)
    throw certificateError(
      'CORE_004',
      'El certificado seleccionado no existe en la empresa.',
      'CERTIFICATE_NOT_FOUND',
    );
  const t = now.getTime();
  if (Date.parse(cert.validTo) < t)
    throw certificateError(
      'TAX_025',
      `El certificado seleccionado caducó el ${spanishDate(cert.validTo)}.`,
      'CERTIFICATE_EXPIRED',
    );
  if (Date.parse(cert.validFrom) > t)
    throw certificateError(
      'TAX_025',
      `El certificado seleccionado no es válido hasta el ${spanishDate(cert.validFrom)}.`,
      'CERTIFICATE_NOT_YET_VALID',
    );
  if (environment !== 'PRODUCTION') return;
  if (!cert.qualifiedCa)
    throw certificateError(
      'TAX_025',
      'El certificado seleccionado no procede de una autoridad de certificación cualificada española (FNMT-RCM, ACCV, Camerfirma, Izenpe, Firmaprofesional…): un certificado autofirmado o de pruebas solo se admite en el entorno de pruebas de la AEAT.',
      'CERTIFICATE_NOT_QUALIFIED',
    );
  if (cert.digitalSignature !== true)
    throw certificateError(
      'TAX_025',
      'El certificado seleccionado no indica el uso de firma digital (digitalSignature), necesario para identificarse ante la AEAT en producción.',
      'CERTIFICATE_NO_DIGITAL_SIGNATURE',
    );
}

/** The representative's NIF, normalised; 400 naming the field when it is not a valid NIF. */
function checkedRepresentative(r: SiiConfigBody['representative']): SiiConfig['representative'] | undefined {
  if (r === undefined || r === null) return r;
  const nif = validateTaxId(r.nif);
  if (!nif.valid)
    throw new AppError(
      'CORE_004',
      `El NIF del representante no es válido${nif.reason ? `: ${nif.reason}` : '.'}`,
      {
        field: 'representative.nif',
      },
    );
  return { name: r.name.trim(), nif: nif.normalized };
}

const RELEASED = 'Liberado: la configuración SII ya no retiene las facturas recibidas sin aprobar';

/**
 * Records that waited only because of the configuration go on when it no longer holds them: the
 * NOT_SENT ones of MANUAL mode when it becomes AUTOMATIC, and the held received invoices when
 * `holdUnapprovedReceived` is switched off. Answers how many were queued.
 */
async function releaseWaiting(
  deps: SiiDeps,
  before: SiiConfig,
  after: SiiConfig,
  userId: string,
  log: Logger,
): Promise<number> {
  const toAutomatic = before.submissionMode === 'MANUAL' && after.submissionMode === 'AUTOMATIC';
  const unhold = before.holdUnapprovedReceived && !after.holdUnapprovedReceived;
  if (!toAutomatic && !unhold) return 0;
  const waiting = await entriesInStates(deps, after.companyId, ['NOT_SENT']);
  let queued = 0;
  for (const entry of waiting) {
    const { moved, entry: now } = await moveEntry(deps, entry, (current) => {
      if (current.status !== 'NOT_SENT' || current.pendingOperation === null) return null;
      const at = deps.now().toISOString();
      if (current.held && !unhold) return null;
      if (after.submissionMode === 'MANUAL') {
        // Released from the hold, it waits for 'Enviar' like every record in MANUAL mode.
        if (!current.held) return null;
        const released = {
          at,
          status: current.status,
          operation: current.pendingOperation,
          by: userId,
          message: RELEASED,
        };
        return {
          ...current,
          held: false,
          updatedAt: at,
          history: [...current.history, released].slice(-SII_HISTORY_CAP),
        };
      }
      return queuedEntry(
        { ...current, held: false },
        at,
        userId,
        current.held ? RELEASED : 'En cola al pasar al envío automático',
      );
    });
    if (moved && now.status === 'QUEUED') queued++;
  }
  if (queued > 0) await wakeCompanySender(deps, after.companyId, log);
  return queued;
}

/**
 * PUT /companies/{companyId}/sii-config: a partial update (only the fields sent change), created
 * from the defaults the first time. A new certificate or environment is checked against the
 * certificate that will be used. Optimistic: refused (409) when it changed since it was read.
 */
export async function updateSiiConfig(
  input: { companyId: string; userId: string; body: SiiConfigBody; log: Logger },
  deps: SiiDeps,
): Promise<SiiConfigView> {
  const { companyId, body } = input;
  await requireSiiCompany(deps, companyId);
  const stored = await getSiiConfig(deps, companyId);
  const at = deps.now().toISOString();
  const base = stored ?? defaultSiiConfig(companyId, at);
  const representative = checkedRepresentative(body.representative);
  const changes = Object.fromEntries(
    Object.entries({ ...body, representative }).filter(([, v]) => v !== undefined),
  ) as Partial<SiiConfig>;
  const next: SiiConfig = { ...base, ...changes, companyId, updatedAt: at };

  if (next.certificateId !== base.certificateId || next.environment !== base.environment) {
    const certificateId = await siiCertificateId(deps, companyId, next);
    // No certificate at all is allowed: the records wait in the queue until one is chosen.
    if (certificateId)
      assertCertificateUsable(
        await certificateFacts(deps, companyId, certificateId),
        next.environment,
        deps.now(),
      );
  }
  await putSiiConfig(deps, next, stored ? stored.updatedAt : null);
  const released = await releaseWaiting(deps, base, next, input.userId, input.log);
  // Records queued while the company had no configuration or certificate can go now.
  if (released === 0) await wakeCompanySender(deps, companyId, input.log);
  return siiConfigView(deps, companyId, next);
}

export const updateConfigRoute = defineCompanyAction({
  body: SiiConfigBody,
  run: ({ auth, scope, body, log }, deps: SiiDeps) =>
    updateSiiConfig({ companyId: scope.companyId, userId: auth.userId, body, log }, deps),
});
