/**
 * Small pieces the reconciliation pages share: status tags, coloured amounts, the proposal's score
 * with its reasons, and how a failed write is told.
 */
import {
  AUTO_ACCEPT_MIN_SCORE,
  type ProposalReason,
  type SessionMovementStatus,
  type SessionStatus,
  sessionMovementStatusLabels,
  sessionStatusLabels,
} from '@shared/schemas/reconciliation';
import { isApiError } from '@web/lib/api-error';
import { formatCents, formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showToast } from '@web/lib/toast';
import { Flex, Popover, Tag, theme } from 'antd';

/** /app/banking/reconciliation/sessions/:sessionId. */
export const sessionPath = (sessionId: string) => paths.app.banking.reconciliationSession(sessionId);

export const periodLabel = (from: string, to: string) => `${formatDate(from)} – ${formatDate(to)}`;

/** ES91 2100 0418 4502 0005 1332: the IBAN in groups of four, as printed on paper. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

const SESSION_STATUS_COLORS: Record<SessionStatus, string> = {
  IN_PROGRESS: 'processing',
  COMPLETED: 'warning',
  APPROVED: 'success',
  CANCELLED: 'default',
};

/** EN CURSO, COMPLETADA, APROBADA, CANCELADA. */
export function SessionStatusTag({ status }: { status: SessionStatus }) {
  return <Tag color={SESSION_STATUS_COLORS[status]}>{sessionStatusLabels[status].toUpperCase()}</Tag>;
}

const MOVEMENT_STATUS_COLORS: Record<SessionMovementStatus, string> = {
  UNMATCHED: 'default',
  PROPOSED: 'processing',
  MATCHED: 'success',
  LEFT: 'warning',
};

export function MovementStatusTag({ status }: { status: SessionMovementStatus }) {
  return <Tag color={MOVEMENT_STATUS_COLORS[status]}>{sessionMovementStatusLabels[status]}</Tag>;
}

/** Money in green, money out red (signed céntimos). */
export function Amount({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const { token } = theme.useToken();
  const color = cents > 0 ? token.colorSuccessText : cents < 0 ? token.colorErrorText : undefined;
  return (
    <span style={{ color, fontWeight: strong ? 600 : undefined, whiteSpace: 'nowrap' }}>
      {formatCents(cents)}
    </span>
  );
}

/**
 * The matcher's score (0-100) as a tag; its reasons (each with its points) in a popover on hover,
 * focus or click. Green from AUTO_ACCEPT_MIN_SCORE (what the one-key accept takes), amber below.
 */
export function ScoreTag({ score, reasons }: { score: number; reasons: readonly ProposalReason[] }) {
  const content = (
    <Flex vertical gap={4} style={{ maxWidth: 320 }}>
      {reasons.length === 0 ? <span>Sin motivos detallados</span> : null}
      {reasons.map((reason) => (
        <Flex key={`${reason.code}-${reason.label}`} justify="space-between" gap={12}>
          <span>{reason.label}</span>
          <span style={{ whiteSpace: 'nowrap' }}>+{reason.points}</span>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Popover title={`Puntuación ${score} de 100`} content={content} trigger={['hover', 'click']}>
      <Tag
        role="button"
        tabIndex={0}
        aria-label={`Puntuación ${score}: ver motivos`}
        color={score >= AUTO_ACCEPT_MIN_SCORE ? 'success' : 'gold'}
        style={{ cursor: 'pointer', marginInlineEnd: 0 }}
      >
        {score}
      </Tag>
    </Popover>
  );
}

/** A failed write: the server's Spanish message, else the fallback. */
export function toastFailure(error: unknown, fallback: string): void {
  showToast('error', isApiError(error) && error.message ? error.message : fallback);
}
