import { CLIENT_PERMISSIONS } from '@shared/db/records';
import { Checkbox, Flex, Form } from 'antd';
import type { ClientPermission } from '../types';
import { clientPermissionLabels } from '../utils/labels';

/**
 * One checkbox per permission, each controlled by the form's list. Not `Checkbox.Group`: its
 * options only count once they have registered in an effect, so a click right after a dialog
 * opens could drop the permissions already granted.
 */
function PermissionsInput({
  id,
  value = [],
  onChange,
}: {
  id?: string;
  value?: ClientPermission[];
  onChange?: (value: ClientPermission[]) => void;
}) {
  return (
    <Flex id={id} role="group" aria-label="Permisos del cliente" gap={8} wrap>
      {CLIENT_PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          checked={value.includes(permission)}
          onChange={(event) =>
            onChange?.(
              CLIENT_PERMISSIONS.filter((p) => (p === permission ? event.target.checked : value.includes(p))),
            )
          }
        >
          {clientPermissionLabels[permission]}
        </Checkbox>
      ))}
    </Flex>
  );
}

/**
 * What a CLIENTE may see and do, shown only while the form's `companyRole` is CLIENTE (the other
 * roles have every permission).
 */
export function PermissionsField() {
  return (
    <Form.Item noStyle shouldUpdate={(previous, current) => previous.companyRole !== current.companyRole}>
      {({ getFieldValue }) =>
        getFieldValue('companyRole') === 'CLIENTE' ? (
          <Form.Item
            name="permissions"
            label="Permisos del cliente"
            extra="Los gestores y los miembros tienen todos los permisos."
          >
            <PermissionsInput />
          </Form.Item>
        ) : null
      }
    </Form.Item>
  );
}
