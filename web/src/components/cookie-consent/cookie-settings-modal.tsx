import { Flex, Modal, Switch } from 'antd';
import { useId, useState } from 'react';
import { type CookieConsentState, readCookieConsent } from './consent';

const CATEGORIES: { key: keyof CookieConsentState; title: string; description: string }[] = [
  {
    key: 'essential',
    title: 'Esenciales',
    description:
      'Necesarias para iniciar sesión, mantener tu sesión segura y recordar esta elección. Siempre activas.',
  },
  {
    key: 'analytics',
    title: 'Análisis',
    description: 'Nos ayudan a saber qué pantallas se usan y dónde fallan, de forma agregada.',
  },
  {
    key: 'marketing',
    title: 'Marketing',
    description: 'Permiten medir nuestras campañas y mostrarte información relevante sobre Cuadra.',
  },
  {
    key: 'preferences',
    title: 'Preferencias',
    description: 'Recuerdan opciones de la interfaz, como filtros y vistas, entre visitas.',
  },
];

/** The panel behind 'Configurar': one switch per category, essential on and locked. */
export default function CookieSettingsModal({
  onCancel,
  onSave,
}: {
  onCancel: () => void;
  onSave: (state: CookieConsentState) => void;
}) {
  const idPrefix = useId();
  const [state, setState] = useState<CookieConsentState>(() => {
    const stored = readCookieConsent();
    return stored?.state ?? { essential: true, analytics: false, marketing: false, preferences: false };
  });

  return (
    <Modal
      open
      title="Configuración de cookies"
      okText="Guardar preferencias"
      cancelText="Cancelar"
      onOk={() => onSave({ ...state, essential: true })}
      onCancel={onCancel}
    >
      <Flex vertical gap={16}>
        {CATEGORIES.map(({ key, title, description }) => {
          const labelId = `${idPrefix}-${key}`;
          return (
            <Flex key={key} align="start" justify="space-between" gap={16}>
              <div>
                <div id={labelId} style={{ fontWeight: 600 }}>
                  {title}
                </div>
                <div style={{ opacity: 0.75 }}>{description}</div>
              </div>
              <Switch
                aria-labelledby={labelId}
                checked={key === 'essential' ? true : state[key]}
                disabled={key === 'essential'}
                onChange={(checked) => setState((previous) => ({ ...previous, [key]: checked }))}
              />
            </Flex>
          );
        })}
      </Flex>
    </Modal>
  );
}
