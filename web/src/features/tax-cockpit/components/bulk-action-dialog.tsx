/**
 * The confirmation of a bulk action and, once it ran, its outcome company by company. Nothing is
 * sent before 'Confirmar'; a request that fails as a whole (network, permission) says so in the
 * dialog and can be tried again; a company that fails does not stop the others.
 */
import { errorMessage } from '@web/lib/api-error';
import { Alert, Flex, Modal, Radio, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { SubmitMode } from '../api/cockpit-actions';
import { ActionOutcomes, type CompanyOutcome } from './action-outcomes';

export type BulkActionKey = 'compute' | 'approve' | 'export' | 'submit' | 'publish';

const SUBMIT_MODES: { value: SubmitMode; label: string; help: string }[] = [
  {
    value: 'AUTO',
    label: 'Automático',
    help: 'Como colaborador social cuando la empresa ha autorizado a la gestoría para el modelo; si no, con el certificado de la empresa.',
  },
  {
    value: 'CERTIFICATE',
    label: 'Con el certificado de cada empresa',
    help: 'Se firma con el certificado digital que cada empresa tiene guardado en Cuadra.',
  },
  {
    value: 'COLLABORATOR',
    label: 'Como colaborador social',
    help: 'La gestoría presenta en nombre de cada empresa con su autorización activa.',
  },
];

export interface BulkActionSpec {
  key: BulkActionKey;
  /** The dialog's title and the button that opened it: 'Aprobar'. */
  title: string;
  /** The confirmation button: 'Aprobar 3'. */
  okText: string;
  /** What happens, in one or two sentences. */
  description: ReactNode;
}

const SHOWN_NAMES = 6;

function CompanyNames({ names }: { names: readonly string[] }) {
  const shown = names.slice(0, SHOWN_NAMES);
  const rest = names.length - shown.length;
  return (
    <Typography.Text type="secondary">
      {shown.join(', ')}
      {rest > 0 ? ` y ${rest} ${rest === 1 ? 'empresa más' : 'empresas más'}` : ''}.
    </Typography.Text>
  );
}

export function BulkActionDialog({
  spec,
  companyNames,
  run,
  onClose,
}: {
  spec: BulkActionSpec;
  companyNames: readonly string[];
  /** Runs the action; resolves with each company's outcome. */
  run: (options: { mode: SubmitMode }) => Promise<CompanyOutcome[]>;
  onClose: () => void;
}) {
  const [phase, setPhase] = useState<'confirm' | 'running' | 'done'>('confirm');
  const [outcomes, setOutcomes] = useState<CompanyOutcome[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [mode, setMode] = useState<SubmitMode>('AUTO');

  const confirm = async () => {
    setPhase('running');
    setFailure(null);
    try {
      setOutcomes(await run({ mode }));
      setPhase('done');
    } catch (error) {
      setFailure(error);
      setPhase('confirm');
    }
  };

  const done = phase === 'done';
  return (
    <Modal
      open
      title={done ? `${spec.title}: resultado` : spec.title}
      okText={done ? 'Cerrar' : spec.okText}
      cancelText="Cancelar"
      cancelButtonProps={done ? { style: { display: 'none' } } : { disabled: phase === 'running' }}
      okButtonProps={{ loading: phase === 'running' }}
      onOk={done ? onClose : () => void confirm()}
      onCancel={phase === 'running' ? undefined : onClose}
      closable={phase !== 'running'}
      maskClosable={false}
      destroyOnHidden
    >
      {done ? (
        <ActionOutcomes outcomes={outcomes} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text>{spec.description}</Typography.Text>
          <CompanyNames names={companyNames} />
          {spec.key === 'submit' ? (
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as SubmitMode)}
              aria-label="Modo de presentación"
              disabled={phase === 'running'}
            >
              <Flex vertical gap={8}>
                {SUBMIT_MODES.map((m) => (
                  <Radio key={m.value} value={m.value}>
                    <Flex vertical>
                      <span>{m.label}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {m.help}
                      </Typography.Text>
                    </Flex>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          ) : null}
          {failure ? <Alert type="error" showIcon title={errorMessage(failure)} /> : null}
        </Flex>
      )}
    </Modal>
  );
}
