/**
 * 'Marcar como presentado': the return was filed outside Cuadra (at the AEAT's e-office with the
 * exported file); its justificante (CSV or receipt number) is kept with the model, and its obligation
 * becomes 'Presentada'.
 */
import type { TaxModelView } from '@shared/schemas/tax-models';
import { errorMessage } from '@web/lib/api-error';
import { modelTitle } from '@web/lib/tax-labels';
import { toast } from '@web/lib/toast';
import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { useUpdateModelStatus } from '../api/update-model-status';

interface Values {
  reference: string;
}

export function MarkSubmittedDialog({
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
  const [form] = Form.useForm<Values>();
  const update = useUpdateModelStatus(companyId);
  const close = () => {
    update.reset();
    onClose();
  };
  const save = ({ reference }: Values) =>
    update.mutate(
      {
        modelType: model.modelType,
        modelId: model.modelId,
        change: { status: 'SUBMITTED', reference: reference.trim() },
      },
      {
        onSuccess: () => {
          toast.success('Modelo marcado como presentado');
          close();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={`Marcar como presentado: ${modelTitle(model.modelType, model.period, model.year)}`}
      okText="Marcar como presentado"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      okButtonProps={{ loading: update.isPending }}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Úsalo si la declaración se presentó fuera de Cuadra, por ejemplo en la sede electrónica de la AEAT
          con el fichero exportado.
        </Typography.Text>
        <Form<Values> form={form} layout="vertical" onFinish={save} requiredMark={false} preserve={false}>
          <Form.Item
            name="reference"
            label="Justificante (CSV o número de justificante)"
            rules={[
              { required: true, whitespace: true, message: 'Indica el justificante de la presentación' },
              { max: 64, message: 'El justificante no puede superar 64 caracteres' },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Form>
        {update.isError ? <Alert type="error" showIcon title={errorMessage(update.error)} /> : null}
      </Flex>
    </Modal>
  );
}
