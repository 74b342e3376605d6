/**
 * 'Nueva cuenta': an account by IBAN. The IBAN is checked as it is typed (banking.validateIban) and
 * the bank's name shown; a taken IBAN answers 'Ya existe una cuenta con este IBAN' on the field.
 */
import { bankingMessages, type CreateBankAccountBody } from '@shared/schemas/banking';
import { errorMessage, isApiError } from '@web/lib/api-error';
import { showToast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useCreateBankAccount, useIbanInfo } from '../api/accounts';

interface Values {
  iban: string;
  alias?: string;
  holderName?: string;
  accountingAccountCode: string;
}

export function NewAccountModal({
  companyId,
  open,
  onClose,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const iban = Form.useWatch('iban', form) ?? '';
  const debounced = useDebouncedValue(iban, 300);
  const info = useIbanInfo(debounced, companyId);
  const create = useCreateBankAccount(companyId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setFailure(null);
    const body: CreateBankAccountBody = {
      iban: values.iban,
      alias: values.alias?.trim() || undefined,
      holderName: values.holderName?.trim() || undefined,
      currency: 'EUR',
      accountingAccountCode: values.accountingAccountCode.trim() || '572',
    };
    try {
      const account = await create.mutateAsync(body);
      showToast('success', `Cuenta «${account.alias}» creada`);
      form.resetFields();
      onClose();
    } catch (e) {
      if (isApiError(e) && (e.code === 'BANK_CONFLICT' || e.field === 'iban')) {
        form.setFields([{ name: 'iban', errors: [e.message] }]);
      } else {
        setFailure(errorMessage(e));
      }
    }
  };

  const compactLength = debounced.replace(/\s/g, '').length;
  const hint =
    compactLength < 15 ? null : info.data?.valid ? (
      <Typography.Text type="success">{info.data.bankName ?? 'IBAN válido'}</Typography.Text>
    ) : info.data ? (
      <Typography.Text type="danger">
        {bankingMessages.invalidIban}: {info.data.reason}
      </Typography.Text>
    ) : null;

  return (
    <Modal
      title="Nueva cuenta bancaria"
      open={open}
      okText="Crear cuenta"
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ accountingAccountCode: '572' }} onFinish={submit}>
        <Form.Item
          label="IBAN"
          name="iban"
          rules={[{ required: true, message: 'El IBAN es obligatorio.' }]}
          extra={<span data-testid="iban-hint">{hint}</span>}
        >
          <Input placeholder="ES91 2100 0418 4502 0005 1332" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Alias"
          name="alias"
          extra="Si lo dejas vacío: el banco y los cuatro últimos dígitos."
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item label="Titular" name="holderName">
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          label="Cuenta contable"
          name="accountingAccountCode"
          rules={[{ pattern: /^57\d{1,10}$/, message: bankingMessages.accountingAccount }]}
        >
          <Input maxLength={12} />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
