/**
 * Whether a company's VeriFacTu records are really sent to the AEAT, and whether an invoice may
 * carry the VERI*FACTU QR and legend. Pure: the callers read the configuration, the chosen
 * certificate and the record's submission.
 *
 * Orden HAC/1177/2024 art. 20 (the QR) and art. 21 (the legend "VERI*FACTU" / "Factura verificable
 * en la sede electrónica de la AEAT") make both the mark of an invoice issued by a system in
 * VERI*FACTU mode, one that sends every record to the AEAT at once (RD 1007/2023 art. 16). A record
 * that cannot be sent (no configuration, configuration off, no usable certificate) would put on the
 * invoice a promise that the AEAT can verify it which nothing keeps, so:
 *
 *   QR + legend  ⇔  the invoice's latest registro de alta was generated in VERI*FACTU mode AND
 *                   (its submission has gone to the AEAT — SENT, VERIFIED, ACCEPTED_WITH_ERRORS,
 *                    ERROR — or it is QUEUED while the company sends now: configuration enabled in
 *                    VERI*FACTU mode with a certificate valid today, its own or its gestoría's as
 *                    representative, so the sender takes it within seconds).
 *
 * A record queued while the company could not send gets its QR once it is sent (configuring
 * VeriFacTu drains the queue), never before. Cuadra keeps no NO VERI*FACTU system (no XAdES
 * signature, no event log), so a record in that mode carries no QR either.
 */

import type {
  PendingReason,
  SendingBlock,
  SendingState,
  SubmissionStatus,
  VerifactuConfig,
  VerifactuRecord,
} from '../schemas/verifactu';

/** The configuration fields that decide whether records are sent. */
export type SendingConfig = Pick<VerifactuConfig, 'enabled' | 'mode' | 'certificateId'>;

/** The validity of the chosen certificate (ISO instants), null when it does not exist any more. */
export interface CertificateValidity {
  validFrom: string;
  validTo: string;
}

/** dd/mm/yyyy in Madrid, for the messages. */
const spanishDate = (iso: string): string =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

const MESSAGES: Record<SendingBlock, (c: CertificateValidity | null) => string> = {
  NOT_CONFIGURED: () =>
    'VeriFacTu no configurado: la empresa no tiene certificado ni representación de su gestoría para enviar los registros a la AEAT.',
  DISABLED: () => 'VeriFacTu está desactivado en la configuración de la empresa: los registros no se envían.',
  NOT_VERIFACTU_MODE: () =>
    'La configuración está en modo NO VERI*FACTU: los registros no se envían a la AEAT.',
  NO_CERTIFICATE: () =>
    'Falta el certificado: elige en la configuración el certificado de la empresa o el de la gestoría que la representa.',
  CERTIFICATE_NOT_FOUND: () => 'El certificado elegido en la configuración ya no existe: sube uno y elígelo.',
  CERTIFICATE_EXPIRED: (c) =>
    `El certificado de la configuración caducó el ${c ? spanishDate(c.validTo) : '-'}: sube uno vigente.`,
  CERTIFICATE_NOT_YET_VALID: (c) =>
    `El certificado de la configuración no es válido hasta el ${c ? spanishDate(c.validFrom) : '-'}.`,
};

const blocked = (code: SendingBlock, certificate: CertificateValidity | null): SendingState => ({
  ready: false,
  reason: { code, message: MESSAGES[code](certificate) },
});

/**
 * Whether the company sends its records now. `certificate` is the configuration's certificate as
 * stored (null when the configuration names none or it was deleted).
 */
export function sendingStateOf(input: {
  config: SendingConfig | null;
  certificate: CertificateValidity | null;
  now: Date;
}): SendingState {
  const { config, certificate, now } = input;
  if (!config) return blocked('NOT_CONFIGURED', null);
  if (!config.enabled) return blocked('DISABLED', null);
  if (config.mode !== 'VERIFACTU') return blocked('NOT_VERIFACTU_MODE', null);
  if (!config.certificateId) return blocked('NO_CERTIFICATE', null);
  if (!certificate) return blocked('CERTIFICATE_NOT_FOUND', null);
  const t = now.getTime();
  if (t > Date.parse(certificate.validTo)) return blocked('CERTIFICATE_EXPIRED', certificate);
  if (t < Date.parse(certificate.validFrom)) return blocked('CERTIFICATE_NOT_YET_VALID', certificate);
  return { ready: true, reason: null };
}

/** States a submission reaches only after a message carrying it went to the AEAT. */
export const SENT_SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  'SENT',
  'VERIFIED',
  'ACCEPTED_WITH_ERRORS',
  'ERROR',
];

/** Why a submission waits: only a QUEUED one of a company that cannot send has a reason. */
export function pendingReasonOf(
  submission: { status: SubmissionStatus },
  sending: SendingState,
): PendingReason | null {
  return submission.status === 'QUEUED' && !sending.ready ? sending.reason : null;
}

/** Whether the invoice of this alta prints the QR and the legend (see the header). */
export function qrApplies(input: {
  record: Pick<VerifactuRecord, 'mode'>;
  submission: { status: SubmissionStatus } | null;
  sending: SendingState;
}): boolean {
  const { record, submission, sending } = input;
  if (record.mode !== 'VERIFACTU' || !submission) return false;
  if (SENT_SUBMISSION_STATUSES.includes(submission.status)) return true;
  return submission.status === 'QUEUED' && sending.ready;
}
