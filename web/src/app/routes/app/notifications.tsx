import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { NotificationPreferencesPanel } from '@web/features/notifications/components/notification-preferences';
import { NotificationsList } from '@web/features/notifications/components/notifications-list';
import { useCompanyId } from '@web/lib/company';
import { Button, Drawer, Flex } from 'antd';
import { useState } from 'react';

export default function NotificationsRoute() {
  const companyId = useCompanyId();
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  if (!companyId) return null;
  return (
    <Flex vertical gap={16}>
      <Flex wrap align="center" justify="space-between" gap={12}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>Notificaciones</h1>
        <Button icon={<SettingOutlined />} onClick={() => setPreferencesOpen(true)}>
          Preferencias
        </Button>
      </Flex>
      <NotificationsList companyId={companyId} />
      <Drawer
        title="Preferencias de notificaciones"
        open={preferencesOpen}
        onClose={() => setPreferencesOpen(false)}
        size={420}
        destroyOnHidden
      >
        <NotificationPreferencesPanel />
      </Drawer>
    </Flex>
  );
}
