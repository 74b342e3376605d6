import { isAvailable } from '@shared/capabilities';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  notificationCategoryArea,
  notificationCategoryLabels,
} from '@shared/schemas/notifications';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { toast } from '@web/lib/toast';
import { Button, Divider, Flex, Radio, Switch, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useNotificationPreferences } from '../api/get-preferences';
import { useUpdateNotificationPreferences } from '../api/update-preferences';

/** The families a person may switch: those of areas that work on main (shared/capabilities.ts). */
export const offeredCategories = (): NotificationCategory[] =>
  NOTIFICATION_CATEGORIES.filter((category) => {
    const area = notificationCategoryArea[category];
    return area === null || isAvailable(area);
  });

/**
 * The caller's notification preferences: channels (in the app, e-mail), families, and how e-mail
 * goes out — each notification as it happens ('never': no digest) or one daily summary ('daily').
 */
export function NotificationPreferencesPanel() {
  const id = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);

  useEffect(() => {
    if (preferences.data) setDraft(preferences.data);
  }, [preferences.data]);

  if (preferences.isError) {
    return (
      <LoadError
        title="No se han podido cargar tus preferencias"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  if (!draft) return <LoadingBlock label="Cargando preferencias" />;

  const toggle = (labelId: string, label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <Flex key={labelId} align="center" justify="space-between" gap={16}>
      <span id={labelId}>{label}</span>
      <Switch aria-labelledby={labelId} checked={checked} onChange={onChange} />
    </Flex>
  );

  return (
    <Flex vertical gap={12}>
      <strong>Canales</strong>
      {toggle(`${id}-in-app`, 'En la aplicación (campana y esta página)', draft.channels.IN_APP, (v) =>
        setDraft({ ...draft, channels: { ...draft.channels, IN_APP: v } }),
      )}
      {toggle(`${id}-email`, 'Por email', draft.channels.EMAIL, (v) =>
        setDraft({ ...draft, channels: { ...draft.channels, EMAIL: v } }),
      )}
      <Flex vertical gap={6}>
        <span id={`${id}-digest`}>Envío por email</span>
        <Radio.Group
          aria-labelledby={`${id}-digest`}
          value={draft.emailDigest}
          disabled={!draft.channels.EMAIL}
          onChange={(event) => setDraft({ ...draft, emailDigest: event.target.value })}
          options={[
            { value: 'never', label: 'Al momento' },
            { value: 'daily', label: 'Resumen diario' },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {!draft.channels.EMAIL
            ? 'Activa el canal de email para recibir avisos por correo.'
            : draft.emailDigest === 'daily'
              ? 'Un correo cada mañana (8:00) con los avisos que sigan sin leer.'
              : 'Un correo por cada aviso, en cuanto se produce.'}
        </Typography.Text>
      </Flex>
      <Divider style={{ margin: '4px 0' }} />
      <strong>Tipos de aviso</strong>
      {offeredCategories().map((category) =>
        toggle(`${id}-${category}`, notificationCategoryLabels[category], draft.types[category], (v) =>
          setDraft({ ...draft, types: { ...draft.types, [category]: v } }),
        ),
      )}
      <Flex justify="end">
        <Button
          type="primary"
          loading={update.isPending}
          onClick={() =>
            update.mutate(draft, {
              onSuccess: () => toast.success('Preferencias guardadas'),
              onError: (error) => toast.fromError(error, { title: 'Error actualizando preferencias' }),
            })
          }
        >
          Guardar preferencias
        </Button>
      </Flex>
    </Flex>
  );
}
