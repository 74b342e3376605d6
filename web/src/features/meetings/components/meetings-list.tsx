/**
 * The meetings of the selected company, for both sides (issue 20; spec part 3 §9 Meetings): a client
 * sees its own meetings, the company's staff all of them. Filtered by status; each meeting offers the
 * answers its state and the viewer allow (see ../utils/actions.ts): the advisor confirms, proposes
 * another time or cancels; the client accepts a proposed time or cancels; once it has started the
 * advisor records it as held or not attended. A notification's link (`?id=`) opens that meeting first.
 */
import { MEETING_STATUSES, type Meeting, type MeetingStatus } from '@shared/schemas/meetings';
import { WidgetCard } from '@web/components/widget-card';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Button, Card, Descriptions, Flex, List, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAcceptMeeting } from '../api/accept-meeting';
import { useCompleteMeeting } from '../api/complete-meeting';
import { useMeeting } from '../api/get-meeting';
import { useMeetings } from '../api/list-meetings';
import { useMarkMeetingNoShow } from '../api/no-show-meeting';
import { type MeetingAction, type MeetingViewer, meetingActions } from '../utils/actions';
import {
  formatMeetingSlot,
  MEETING_PRIORITY_LABELS,
  MEETING_STATUS_COLORS,
  MEETING_STATUS_LABELS,
  MEETING_TYPE_LABELS,
} from '../utils/labels';
import { type AnswerKind, MeetingAnswerModal } from './meeting-answer-modal';

type StatusFilter = MeetingStatus | 'ALL';

const FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'ALL', label: 'Todas' },
  ...MEETING_STATUSES.map((s) => ({ value: s, label: MEETING_STATUS_LABELS[s] })),
];

const ACTION_LABELS: Record<MeetingAction, string> = {
  confirm: 'Confirmar',
  propose: 'Proponer otra hora',
  accept: 'Aceptar nueva hora',
  cancel: 'Cancelar',
  complete: 'Marcar como celebrada',
  noShow: 'No asistió',
};

export function MeetingsList({
  companyId,
  viewer,
  highlightId = null,
}: {
  companyId: string;
  viewer: MeetingViewer;
  highlightId?: string | null;
}) {
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const meetings = useMeetings(companyId, status === 'ALL' ? null : status);
  const highlighted = useMeeting(companyId, highlightId);
  const [answering, setAnswering] = useState<{ meeting: Meeting; kind: AnswerKind } | null>(null);
  const accept = useAcceptMeeting(companyId);
  const complete = useCompleteMeeting(companyId);
  const noShow = useMarkMeetingNoShow(companyId);
  const now = new Date();

  const run = (meeting: Meeting, action: MeetingAction) => {
    if (action === 'confirm' || action === 'propose' || action === 'cancel') {
      setAnswering({ meeting, kind: action });
      return;
    }
    const mutation = action === 'accept' ? accept : action === 'complete' ? complete : noShow;
    const done =
      action === 'accept'
        ? 'Reunión confirmada en la nueva hora'
        : action === 'complete'
          ? 'Reunión marcada como celebrada'
          : 'Reunión marcada como no asistida';
    mutation.mutate(meeting.meetingId, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const busy = accept.isPending || complete.isPending || noShow.isPending;
  const items = (meetings.data ?? []).filter((m) => m.meetingId !== highlighted.data?.meetingId);

  return (
    <Flex vertical gap={16}>
      {highlighted.data ? (
        <Card title="Reunión seleccionada" size="small">
          <MeetingItem meeting={highlighted.data} viewer={viewer} now={now} busy={busy} onAction={run} />
        </Card>
      ) : null}
      <WidgetCard
        title="Reuniones"
        loading={meetings.isPending}
        error={meetings.isError}
        errorMessage="Error cargando reuniones"
        onRetry={() => void meetings.refetch()}
        empty={items.length === 0}
        extra={
          <Segmented<StatusFilter>
            aria-label="Estado"
            size="small"
            value={status}
            options={FILTER_OPTIONS}
            onChange={setStatus}
          />
        }
      >
        <List
          dataSource={items}
          renderItem={(meeting) => (
            <List.Item key={meeting.meetingId}>
              <MeetingItem meeting={meeting} viewer={viewer} now={now} busy={busy} onAction={run} />
            </List.Item>
          )}
        />
      </WidgetCard>
      {answering ? (
        <MeetingAnswerModal
          key={`${answering.meeting.meetingId}-${answering.kind}`}
          companyId={companyId}
          meeting={answering.meeting}
          kind={answering.kind}
          onClose={() => setAnswering(null)}
        />
      ) : null}
    </Flex>
  );
}

function MeetingItem({
  meeting,
  viewer,
  now,
  busy,
  onAction,
}: {
  meeting: Meeting;
  viewer: MeetingViewer;
  now: Date;
  busy: boolean;
  onAction: (meeting: Meeting, action: MeetingAction) => void;
}) {
  const actions = meetingActions(meeting, viewer, now);
  return (
    <Flex vertical gap={8} style={{ width: '100%' }} aria-label={`Reunión ${meeting.subject}`} role="group">
      <Flex wrap gap={8} align="center" justify="space-between">
        <Typography.Text strong>{meeting.subject}</Typography.Text>
        <Space size={4}>
          {meeting.confirmationOverdue ? <Tag color="red">Sin respuesta en 24 horas</Tag> : null}
          {meeting.priority === 'HIGH' ? (
            <Tag color="volcano">Prioridad {MEETING_PRIORITY_LABELS.HIGH}</Tag>
          ) : null}
          <Tag color={MEETING_STATUS_COLORS[meeting.status]}>{MEETING_STATUS_LABELS[meeting.status]}</Tag>
        </Space>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="Fecha">{formatMeetingSlot(meeting.date, meeting.time)}</Descriptions.Item>
        <Descriptions.Item label="Duración">{meeting.duration} minutos</Descriptions.Item>
        <Descriptions.Item label="Tipo">{MEETING_TYPE_LABELS[meeting.type]}</Descriptions.Item>
        <Descriptions.Item label={viewer.isStaff ? 'Cliente' : 'Gestor'}>
          {viewer.isStaff
            ? `${meeting.clientName} (${meeting.companyName})`
            : (meeting.advisorName ?? 'Sin gestor asignado')}
        </Descriptions.Item>
        {meeting.location ? <Descriptions.Item label="Lugar">{meeting.location}</Descriptions.Item> : null}
        {meeting.status === 'REQUESTED' ? (
          <Descriptions.Item label="Respuesta antes de">
            {formatDateTime(meeting.confirmBy)}
          </Descriptions.Item>
        ) : null}
        {meeting.proposed ? (
          <Descriptions.Item label="Nueva hora propuesta">
            {formatMeetingSlot(meeting.proposed.date, meeting.proposed.time)}
            {meeting.proposed.message ? ` · ${meeting.proposed.message}` : ''}
          </Descriptions.Item>
        ) : null}
        {meeting.notes ? <Descriptions.Item label="Notas">{meeting.notes}</Descriptions.Item> : null}
        {meeting.cancelReason ? (
          <Descriptions.Item label="Motivo de cancelación">{meeting.cancelReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {actions.length > 0 ? (
        <Space wrap>
          {actions.map((action) => (
            <Button
              key={action}
              size="small"
              type={action === 'confirm' || action === 'accept' ? 'primary' : 'default'}
              danger={action === 'cancel'}
              disabled={busy}
              onClick={() => onAction(meeting, action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Space>
      ) : null}
    </Flex>
  );
}
