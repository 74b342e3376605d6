import type { SiiBook, SiiStatus, SiiSubmissionStatus } from '@shared/schemas/sii';
import {
  SII_BOOK_LABELS,
  SII_STATUS_COLORS,
  SII_STATUS_LABELS,
  SII_SUBMISSION_STATUS_COLORS,
  SII_SUBMISSION_STATUS_LABELS,
} from '@web/lib/sii-labels';
import { Tag } from 'antd';

/** A record's or an invoice's SII state; an accepted record with errors says so (AceptadoConErrores). */
export function SiiStatusTag({ status, withErrors = false }: { status: SiiStatus; withErrors?: boolean }) {
  if (status === 'ACCEPTED' && withErrors)
    return <Tag color={SII_STATUS_COLORS.PARTIALLY_SENT}>{SII_STATUS_LABELS.PARTIALLY_SENT}</Tag>;
  return <Tag color={SII_STATUS_COLORS[status]}>{SII_STATUS_LABELS[status] ?? status}</Tag>;
}

export function SubmissionStatusTag({ status }: { status: SiiSubmissionStatus }) {
  return (
    <Tag color={SII_SUBMISSION_STATUS_COLORS[status]}>{SII_SUBMISSION_STATUS_LABELS[status] ?? status}</Tag>
  );
}

/** The book's code, its name on hover. */
export function BookTag({ book, title }: { book: SiiBook; title?: string }) {
  return <Tag title={title ?? SII_BOOK_LABELS[book]}>{book}</Tag>;
}

/** 'Urgente' (spec part 3 §9: one day or fewer to the deadline). */
export function UrgentTag() {
  return <Tag color="red">Urgente</Tag>;
}
