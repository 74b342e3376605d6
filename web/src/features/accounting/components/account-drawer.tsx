/**
 * Create a sub-account under a PGC account that accepts entries (e.g. 5720001 for a second bank;
 * the code may be typed or generated: the next free one under the parent), or rename and
 * (de)activate one. PGC accounts never come here: they are read-only.
 */
import { type Account, AccountCode, displayAccountCode } from '@shared/schemas/accounting';
import { FormDrawer } from '@web/components/form-drawer';
import { showToast } from '@web/lib/toast';
import { Alert, Button, Flex, Form, Input, Space, Switch } from 'antd';
import { useState } from 'react';
import { generateAccountCode, useAccountCommand } from '../api/account-actions';
import { AccountSelect, accountLabel } from './account-select';
import { messageOr, toastFailure } from './accounting-error';

export type AccountDrawerState =
  | { mode: 'create'; parent: Pick<Account, 'accountId' | 'accountCode' | 'accountName'> | null }
  | { mode: 'edit'; account: Account };

export function AccountDrawer({
  companyId,
  state,
  onClose,
}: {
  companyId: string;
  state: AccountDrawerState | null;
  onClose: () => void;
}) {
  const command = useAccountCommand(companyId);
  const editing = state?.mode === 'edit' ? state.account : null;
  const initialParent = state?.mode === 'create' ? state.parent : null;
  const [parentCode, setParentCode] = useState<string | undefined>(initialParent?.accountCode);
  const [parentLabel, setParentLabel] = useState<string | undefined>(
    initialParent ? accountLabel(initialParent) : undefined,
  );
  const [code, setCode] = useState('');
  const [name, setName] = useState(editing?.accountName ?? '');
  const [active, setActive] = useState(editing?.active ?? true);
  const [generating, setGenerating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const generate = async () => {
    if (!parentCode) return setProblem('Elige primero la cuenta padre.');
    setGenerating(true);
    try {
      const generated = await generateAccountCode(parentCode, companyId);
      setCode(generated.accountCode);
      setProblem(null);
    } catch (e) {
      setProblem(messageOr(e, 'Error generando el código'));
    } finally {
      setGenerating(false);
    }
  };

  const save = () => {
    if (!name.trim()) return setProblem('El nombre de la cuenta es obligatorio.');
    if (editing) {
      command.mutate(
        { kind: 'update', accountId: editing.accountId, body: { accountName: name.trim(), active } },
        {
          onSuccess: () => {
            showToast('success', 'Cuenta actualizada');
            onClose();
          },
          onError: (e) => toastFailure(e, 'Error actualizando la cuenta'),
        },
      );
      return;
    }
    if (!parentCode) return setProblem('Elige la cuenta padre.');
    if (code && (!AccountCode.safeParse(code).success || !code.startsWith(parentCode)))
      return setProblem(`El código debe ser de dígitos y empezar por ${parentCode}.`);
    command.mutate(
      {
        kind: 'create',
        body: { parentCode, accountName: name.trim(), ...(code ? { accountCode: code } : {}) },
      },
      {
        onSuccess: () => {
          showToast('success', 'Subcuenta creada');
          onClose();
        },
        onError: (e) => toastFailure(e, 'Error creando la cuenta'),
      },
    );
  };

  return (
    <FormDrawer
      title={editing ? `Editar ${displayAccountCode(editing.accountCode)}` : 'Nueva subcuenta'}
      open={state !== null}
      onClose={onClose}
      onSave={save}
      saving={command.isPending}
      size={520}
    >
      <Form layout="vertical" component="div">
        {editing ? null : (
          <>
            <Form.Item label="Cuenta padre (PGC)" required>
              <AccountSelect
                companyId={companyId}
                ariaLabel="Cuenta padre"
                level="ACCOUNT"
                value={parentCode}
                selectedLabel={parentLabel}
                width="100%"
                onChange={(id, label) => {
                  setParentCode(id);
                  setParentLabel(label);
                  setCode('');
                }}
              />
            </Form.Item>
            <Form.Item label="Código" extra="Vacío: el siguiente libre bajo la cuenta padre.">
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label="Código"
                  value={code}
                  inputMode="numeric"
                  onChange={(e) => setCode(e.target.value.trim())}
                />
                <Button loading={generating} onClick={() => void generate()}>
                  Generar código
                </Button>
              </Space.Compact>
            </Form.Item>
          </>
        )}
        <Form.Item label="Nombre" required>
          <Input aria-label="Nombre" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        {editing ? (
          <Form.Item label="Activa">
            <Flex gap={8} align="center">
              <Switch aria-label="Activa" checked={active} onChange={setActive} />
              <span>{active ? 'Admite asientos nuevos' : 'Inactiva: no admite asientos nuevos'}</span>
            </Flex>
          </Form.Item>
        ) : null}
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Form>
    </FormDrawer>
  );
}
