/**
 * 'Presentar': files the stored model with the AEAT through the submission gateway, with the
 * company's own certificate or by the gestoría as colaborador social (an active authorization of the
 * company is needed). Accepted: the justificante's CSV. Rejected: the AEAT's errors, and the model
 * stays generated so it can be corrected and filed again (or retried from the history).
 */
import type { SubmissionView, TaxModelView } from '@shared/schemas/tax-models';
import { errorMessage } from '@web/lib/api-error';
import { modelTitle, SUBMISSION_MODE_LABELS } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Alert, Flex, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { type SubmitMode, useSubmitModel } from '../api/submit-model';

const MODE_HELP: Record<SubmitMode, string> = {
  CERTIFICATE: 'Se firma con el certificado digital de la empresa guardado en Cuadra.',
  COLLABORATOR:
    'La gestoría presenta en nombre de la empresa como colaborador social, con la autorización activa de la empresa.',
};

export function SubmitDialog({
  companyId,
  model,
  open,
  onClose,
}: {
  companyId: string;
  model: TaxModelView;
  open: boolean;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<SubmitMode>('CERTIFICATE');
  const [rejected, setRejected] = useState<SubmissionView | null>(null);
  const submit = useSubmitModel(companyId);

  const close = () => {
    setRejected(null);
    submit.reset();
    onClose();
  };
  const run = () =>
    submit.mutate(
      { modelType: model.modelType, modelId: model.modelId, mode },
      {
        onSuccess: (submission) => {
          if (submission.state === 'ACCEPTED') {
            toast.success(
              submission.csv
                ? `Modelo presentado. Código seguro de verificación: ${submission.csv}`
                : 'Modelo presentado.',
            );
            close();
          } else if (submission.state === 'PENDING') {
            toast.info('Presentación en curso: su estado se actualiza en el historial.');
            close();
          } else {
            setRejected(submission);
          }
        },
      },
    );

  return (
    <Modal
      open={open}
      title={`Presentar ${modelTitle(model.modelType, model.period, model.year)}`}
      okText="Presentar"
      cancelText={rejected ? 'Cerrar' : 'Cancelar'}
      onOk={run}
      okButtonProps={{ loading: submit.isPending }}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>¿Cómo se presenta a la AEAT?</Typography.Text>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as SubmitMode)}
          aria-label="Modo de presentación"
        >
          <Flex vertical gap={8}>
            {(['CERTIFICATE', 'COLLABORATOR'] as const).map((m) => (
              <Radio key={m} value={m}>
                <Flex vertical>
                  <span>{SUBMISSION_MODE_LABELS[m]}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {MODE_HELP[m]}
                  </Typography.Text>
                </Flex>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {submit.isError ? <Alert type="error" showIcon title={errorMessage(submit.error)} /> : null}
        {rejected ? (
          <Alert
            type="error"
            showIcon
            title={
              rejected.state === 'REJECTED'
                ? 'La AEAT ha rechazado la presentación'
                : 'No se ha podido completar la presentación: puedes reintentarla desde el historial'
            }
            description={
              <Flex vertical gap={4}>
                {rejected.errors.map((e) => (
                  <span key={`${e.code}-${e.message}`}>{e.message}</span>
                ))}
              </Flex>
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
