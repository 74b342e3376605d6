/**
 * The answers to a meeting that take a few words: the advisor confirms (with where: a video link,
 * an address, a phone number), proposes another time (a weekday of the next 30 days, a time of the
 * 30-minute grid, a message), or either side cancels (with a reason).
 */
import { MEETING_TIMES, type Meeting, meetingDateOptions } from '@shared/schemas/meetings';
import { errorMessage } from '@web/lib/api-error';
import { spanishToday } from '@web/lib/spanish-today';
import { toast } from '@web/lib/toast';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useCancelMeeting } from '../api/cancel-meeting';
import { useConfirmMeeting } from '../api/confirm-meeting';
import { useProposeMeeting } from '../api/propose-meeting';
import { formatMeetingDate, formatMeetingSlot } from '../utils/labels';

export type AnswerKind = 'confirm' | 'propose' | 'cancel';

interface AnswerValues {
  location?: string;
  date?: string;
  time?: string;
  message?: string;
  reason?: string;
}

const TITLES: Record<AnswerKind, string> = {
  confirm: 'Confirmar reunión',
  propose: 'Proponer otra hora',
  cancel: 'Cancelar reunión',
};
const OK_TEXT: Record<AnswerKind, string> = {
  confirm: 'Confirmar',
  propose: 'Enviar propuesta',
  cancel: 'Cancelar reunión',
};
const DONE: Record<AnswerKind, string> = {
  confirm: 'Reunión confirmada',
  propose: 'Nueva hora propuesta al cliente',
  cancel: 'Reunión cancelada',
};

const optional = (value: string | undefined): string | undefined => value?.trim() || undefined;

export function MeetingAnswerModal({
  companyId,
  meeting,
  kind,
  onClose,
  today,
}: {
  companyId: string;
  meeting: Meeting;
  kind: AnswerKind;
  onClose: () => void;
  today?: string;
}) {
  const [form] = Form.useForm<AnswerValues>();
  const confirm = useConfirmMeeting(companyId);
  const propose = useProposeMeeting(companyId);
  const cancel = useCancelMeeting(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const dates = useMemo(() => meetingDateOptions(today ?? spanishToday()), [today]);
  const pending = confirm.isPending || propose.isPending || cancel.isPending;

  const done = {
    onSuccess: () => {
      toast.success(DONE[kind]);
      onClose();
    },
    onError: (error: unknown) => setFailure(errorMessage(error)),
  };

  const onFinish = (values: AnswerValues) => {
    setFailure(null);
    const { meetingId } = meeting;
    if (kind === 'confirm')
      confirm.mutate({ meetingId, body: { location: optional(values.location) } }, done);
    else if (kind === 'propose') {
      propose.mutate(
        {
          meetingId,
          body: { date: values.date ?? '', time: values.time ?? '', message: optional(values.message) },
        },
        done,
      );
    } else cancel.mutate({ meetingId, body: { reason: optional(values.reason) } }, done);
  };

  return (
    <Modal
      open
      title={TITLES[kind]}
      okText={OK_TEXT[kind]}
      cancelText="Volver"
      okButtonProps={{ danger: kind === 'cancel' }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!pending) onClose();
      }}
      forceRender
    >
      <p>
        {meeting.subject} · {formatMeetingSlot(meeting.date, meeting.time)}
      </p>
      <Form<AnswerValues> form={form} layout="vertical" onFinish={onFinish} disabled={pending}>
        {kind === 'confirm' ? (
          <Form.Item name="location" label="Lugar o enlace (opcional)">
            <Input aria-label="Lugar o enlace" maxLength={300} />
          </Form.Item>
        ) : null}
        {kind === 'propose' ? (
          <>
            <Form.Item name="date" label="Fecha" rules={[{ required: true, message: 'Fecha requerida' }]}>
              <Select
                aria-label="Fecha"
                options={dates.map((d) => ({ value: d, label: formatMeetingDate(d) }))}
              />
            </Form.Item>
            <Form.Item name="time" label="Hora" rules={[{ required: true, message: 'Hora requerida' }]}>
              <Select aria-label="Hora" options={MEETING_TIMES.map((t) => ({ value: t, label: t }))} />
            </Form.Item>
            <Form.Item name="message" label="Mensaje para el cliente (opcional)">
              <Input.TextArea aria-label="Mensaje para el cliente" rows={2} maxLength={1000} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'cancel' ? (
          <Form.Item name="reason" label="Motivo (opcional)">
            <Input.TextArea aria-label="Motivo" rows={2} maxLength={500} />
          </Form.Item>
        ) : null}
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
