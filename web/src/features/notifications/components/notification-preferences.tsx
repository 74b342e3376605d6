import { isAvailable } from '@shared/capabilities';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationPreferences,
  notificationCategoryArea,
  notificationCategoryLabels,
} from '@shared/schemas/notifications';
import { LoadError, LoadingBlock } from '@web/components/load-states';
import { toast } from '@web/lib/toast';
import { Button, Divider, Flex, Select, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useNotificationPreferences } from '../api/get-preferences';
import { useUpdateNotificationPreferences } from '../api/update-preferences';

/** The caller's notification preferences: channels, families and the daily e-mail summary. */
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
      <Divider style={{ margin: '4px 0' }} />
      <strong>Tipos de aviso</strong>
      {NOTIFICATION_CATEGORIES.filter((category) => {
        // Only the families of areas that work on main (shared/capabilities.ts).
        const area = notificationCategoryArea[category];
        return area === null || isAvailable(area);
      }).map((category) =>
        toggle(`${id}-${category}`, notificationCategoryLabels[category], draft.types[category], (v) =>
          setDraft({ ...draft, types: { ...draft.types, [category]: v } }),
        ),
      )}
      {/* No digest is sent yet (shared/capabilities.ts): the choice appears once it is. */}
      {isAvailable('emailDigest') ? (
        <>
          <Divider style={{ margin: '4px 0' }} />
          <label htmlFor={`${id}-digest`}>
            <strong>Resumen por email</strong>
          </label>
          <Select
            id={`${id}-digest`}
            value={draft.emailDigest}
            onChange={(emailDigest) => setDraft({ ...draft, emailDigest })}
            options={[
              { value: 'daily', label: 'Un resumen diario de lo no leído' },
              { value: 'never', label: 'No enviar resumen' },
            ]}
          />
        </>
      ) : null}
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
