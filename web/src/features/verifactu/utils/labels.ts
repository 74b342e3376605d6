/** Spanish labels and colours of the VeriFacTu states (spec part 2 §2/§3, part 3 VeriFacTu widget). */
import type {
  ChainVerification,
  RecordKind,
  RecordOperation,
  SendingBlock,
  SubmissionStatus,
  VerifactuEnvironment,
  VerifactuMode,
} from '@shared/schemas/verifactu';

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  QUEUED: 'En cola',
  SENT: 'Enviado',
  VERIFIED: 'Verificado',
  ACCEPTED_WITH_ERRORS: 'Aceptado con errores',
  ERROR: 'Error',
};

export const SUBMISSION_STATUS_COLORS: Record<SubmissionStatus, string> = {
  QUEUED: 'default',
  SENT: 'processing',
  VERIFIED: 'success',
  ACCEPTED_WITH_ERRORS: 'warning',
  ERROR: 'error',
};

export const MODE_LABELS: Record<VerifactuMode, string> = {
  VERIFACTU: 'VERI*FACTU',
  NO_VERIFACTU: 'NO VERI*FACTU',
};

export const ENVIRONMENT_LABELS: Record<VerifactuEnvironment, string> = {
  TEST: 'Pruebas',
  PRODUCTION: 'Producción',
};

export const KIND_LABELS: Record<RecordKind, string> = {
  ALTA: 'Alta',
  ANULACION: 'Anulación',
};

export const OPERATION_LABELS: Record<RecordOperation, string> = {
  ALTA: 'Alta',
  SUBSANACION: 'Subsanación',
  ALTA_TRAS_RECHAZO: 'Alta tras rechazo',
  ANULACION: 'Anulación',
  ANULACION_TRAS_RECHAZO: 'Anulación tras rechazo',
  ANULACION_SIN_REGISTRO_PREVIO: 'Anulación sin registro previo',
};

export const CHAIN_BREAK_LABELS: Record<ChainVerification['breaks'][number]['reason'], string> = {
  HASH_MISMATCH: 'La huella no coincide con los datos del registro',
  CONTENT_MISMATCH: 'El contenido del registro se ha modificado después de generarlo',
  LINK_MISMATCH: 'El enlace con el registro anterior no coincide',
  SEQUENCE_GAP: 'Falta un registro en la secuencia',
  FIRST_RECORD: 'El primer registro no está marcado como primero de la cadena',
};

export const CERTIFICATE_STATUS_LABELS = {
  VALID: 'Válido',
  EXPIRED: 'Caducado',
  NOT_YET_VALID: 'Aún no válido',
} as const;

export const CERTIFICATE_USE_LABELS: Record<string, string> = {
  TEST_CONNECTION: 'Prueba de conexión',
  SUBMISSION: 'Envío de registros',
  QUERY: 'Consulta',
};

export const ATTEMPT_OUTCOME_LABELS: Record<string, string> = {
  SENT_OK: 'Enviado',
  REJECTED: 'Rechazado',
  TIMEOUT: 'Tiempo de espera agotado',
  CONNECTION_LOST: 'Conexión perdida',
  SERVER_ERROR: 'Error del servidor de la AEAT',
  SOAP_FAULT: 'Error SOAP',
  CONSULTED: 'Consultado a la AEAT',
  ACCEPTED_WITH_ERRORS: 'Aceptado con errores',
  DUPLICATE: 'Ya registrado en la AEAT',
  ERROR: 'Error',
  TLS_ERROR: 'Error de certificado o TLS',
  UNREADABLE: 'Respuesta ilegible',
  ARCHIVE_FAILED: 'No enviado: no se pudo archivar la petición',
  CONSULT_FAILED: 'No se pudo consultar a la AEAT',
};

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Why a QUEUED record is not sent, in a few words (the full reason comes with the submission). */
export const PENDING_REASON_LABELS: Record<SendingBlock, string> = {
  NOT_CONFIGURED: 'VeriFacTu no configurado',
  DISABLED: 'VeriFacTu desactivado',
  NOT_VERIFACTU_MODE: 'Modo NO VERI*FACTU',
  NO_CERTIFICATE: 'Sin certificado',
  CERTIFICATE_NOT_FOUND: 'Certificado eliminado',
  CERTIFICATE_EXPIRED: 'Certificado caducado',
  CERTIFICATE_NOT_YET_VALID: 'Certificado aún no válido',
};
