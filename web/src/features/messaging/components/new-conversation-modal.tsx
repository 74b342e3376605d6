/**
 * 'Nueva conversación' of the staff: pick one of the company's client members (CLIENTE) and open
 * (or find) the conversation with them.
 */
import type { Conversation } from '@shared/schemas/messaging';
import { EmptyState, LoadError, LoadingBlock } from '@web/components/load-states';
import { isApiError } from '@web/lib/api-error';
import { Alert, Flex, Modal, Select } from 'antd';
import { useState } from 'react';
import { memberName, useClientMembers } from '../api/client-members';
import { useStartConversation } from '../api/conversations';

/** Spec part 3 §8 'Chat'. */
export const START_FAILED = 'Error creando conversación';

export interface NewConversationModalProps {
  companyId: string;
  open: boolean;
  onClose: () => void;
  onStarted: (conversation: Conversation) => void;
}

export function NewConversationModal({ companyId, open, onClose, onStarted }: NewConversationModalProps) {
  const members = useClientMembers(companyId, open);
  const start = useStartConversation(companyId);
  const [clientUserId, setClientUserId] = useState<string | null>(null);

  const close = () => {
    setClientUserId(null);
    start.reset();
    onClose();
  };
  const submit = () => {
    if (!clientUserId) return;
    start.mutate(
      { clientUserId },
      {
        onSuccess: (conversation) => {
          setClientUserId(null);
          onStarted(conversation);
        },
      },
    );
  };

  const error = start.error;
  const options = (members.data ?? []).flatMap((member) =>
    member.userId ? [{ value: member.userId, label: `${memberName(member)} (${member.email})` }] : [],
  );
  return (
    <Modal
      open={open}
      title="Nueva conversación"
      okText="Abrir conversación"
      cancelText="Cancelar"
      onOk={submit}
      onCancel={close}
      okButtonProps={{ disabled: !clientUserId, loading: start.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {members.isPending ? (
          <LoadingBlock label="Cargando clientes" />
        ) : members.isError ? (
          <LoadError
            title="Error cargando clientes"
            error={members.error}
            onRetry={() => void members.refetch()}
          />
        ) : options.length === 0 ? (
          <EmptyState description="La empresa no tiene clientes con acceso al portal." />
        ) : (
          <Flex vertical gap={4}>
            <span id="new-conversation-client">Cliente</span>
            <Select
              aria-labelledby="new-conversation-client"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Selecciona un cliente"
              options={options}
              value={clientUserId}
              onChange={setClientUserId}
              style={{ width: '100%' }}
            />
          </Flex>
        )}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={
              isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : START_FAILED
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
