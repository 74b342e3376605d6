/** Pieces the PSD2 and security pages share: status labels and tags, the consent's days left. */
import type { Psd2ConnectionStatus, SecuritySeverity } from '@shared/schemas/psd2';
import { Tag } from 'antd';

export const connectionStatusLabels: Record<Psd2ConnectionStatus, string> = {
  PENDING: 'Pendiente de autorizar',
  LINKED: 'Activa',
  EXPIRED: 'Caducada',
  REJECTED: 'Rechazada',
  REVOKED: 'Revocada',
};

const STATUS_COLORS: Record<Psd2ConnectionStatus, string> = {
  PENDING: 'processing',
  LINKED: 'success',
  EXPIRED: 'error',
  REJECTED: 'default',
  REVOKED: 'default',
};

export function ConnectionStatusTag({ status }: { status: Psd2ConnectionStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{connectionStatusLabels[status]}</Tag>;
}

/** 'Quedan 12 días', 'Caduca hoy', 'Caducó hace 3 días'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 1) return `Quedan ${daysLeft} días`;
  if (daysLeft === 1) return 'Queda 1 día';
  if (daysLeft === 0) return 'Caduca hoy';
  return `Caducó hace ${-daysLeft} ${daysLeft === -1 ? 'día' : 'días'}`;
}

export const severityLabels: Record<SecuritySeverity, string> = {
  HIGH: 'Alta',
  MEDIUM: 'Media',
  LOW: 'Baja',
};
const SEVERITY_COLORS: Record<SecuritySeverity, string> = { HIGH: 'red', MEDIUM: 'orange', LOW: 'blue' };

export function SeverityTag({ severity }: { severity: SecuritySeverity }) {
  return <Tag color={SEVERITY_COLORS[severity]}>{severityLabels[severity]}</Tag>;
}
