/**
 * The shell of every create/edit drawer: title, width (full screen on a phone), 'Cancelar' and
 * 'Guardar' (which submits the drawer's form), content destroyed when closed.
 */
import { Button, Drawer, Flex, Grid } from 'antd';
import type { ReactNode } from 'react';

export interface FormDrawerProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Submits the form (usually `form.submit()`). */
  onSave: () => void;
  saving?: boolean;
  /** Width on a large screen; a small one takes the whole screen. */
  size?: number;
  saveLabel?: string;
  children: ReactNode;
}

export function FormDrawer({
  title,
  open,
  onClose,
  onSave,
  saving = false,
  size = 640,
  saveLabel = 'Guardar',
  children,
}: FormDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={screens.md === false ? '100%' : size}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="primary" loading={saving} onClick={onSave}>
            {saveLabel}
          </Button>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}
