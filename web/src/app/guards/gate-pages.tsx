import CrownOutlined from '@ant-design/icons/CrownOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { paths } from '@web/lib/paths';
import {
  CLIENT_PERMISSION_LABELS,
  type ClientPermission,
  ROLE_LABELS,
  type Role,
  roleNames,
} from '@web/lib/roles';
import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PLAN_FEATURE_LABELS, type PlanFeature } from './access';

export const ACCESS_DENIED_TITLE = 'Acceso Restringido';
export const ACCESS_DENIED_SUBTITLE = 'Permisos Insuficientes';
export const PREMIUM_TITLE = 'Funcionalidad Premium';
export const ACCESS_CHECK_ERROR = 'Error verificando acceso. Contacta con soporte.';

/** Spec part 1 §6: a role gate names the roles the page needs (Administrador, Gestor, Cliente). */
export function RoleDenied({ roles, currentRole }: { roles: readonly Role[]; currentRole: Role }) {
  return (
    <Result
      icon={<LockOutlined />}
      status="warning"
      title={ACCESS_DENIED_TITLE}
      subTitle={
        <Flex vertical gap={4} component="span">
          <strong>{ACCESS_DENIED_SUBTITLE}</strong>
          <span>
            Esta página solo está disponible para el rol: <strong>{roleNames(roles)}</strong>.
          </span>
          <span>Tu rol es {ROLE_LABELS[currentRole]}.</span>
        </Flex>
      }
      extra={<BackToDashboard />}
    />
  );
}

/** A CLIENTE without the client permission the page needs in the selected company. */
export function PermissionDenied({ permission }: { permission: ClientPermission }) {
  return (
    <Result
      icon={<LockOutlined />}
      status="warning"
      title={ACCESS_DENIED_TITLE}
      subTitle={
        <Flex vertical gap={4} component="span">
          <strong>{ACCESS_DENIED_SUBTITLE}</strong>
          <span>
            Esta página está disponible para los roles {roleNames(['ADMIN', 'GESTOR'])}, o para un{' '}
            {ROLE_LABELS.CLIENTE.toLowerCase()} con el permiso «{CLIENT_PERMISSION_LABELS[permission]}» en la
            empresa seleccionada.
          </span>
          <span>Pide a tu gestoría que te conceda ese permiso.</span>
        </Flex>
      }
      extra={<BackToDashboard />}
    />
  );
}

/** Spec part 1 §2: accounting and payroll without the plan offer the upgrade and the support page. */
export function PremiumFeature({ feature }: { feature: PlanFeature }) {
  const navigate = useNavigate();
  return (
    <Result
      icon={<CrownOutlined />}
      status="info"
      title={PREMIUM_TITLE}
      subTitle={
        <Flex vertical gap={4} component="span">
          <span>Actualiza tu plan para acceder a {PLAN_FEATURE_LABELS[feature]}.</span>
          <span>
            {feature === 'payroll'
              ? 'Las nóminas se incluyen en el plan Professional o con el complemento de nóminas.'
              : 'La contabilidad se incluye en el plan Professional.'}
          </span>
        </Flex>
      }
      extra={
        <Flex wrap gap={8} justify="center">
          <Button type="primary" onClick={() => navigate(paths.app.subscription)}>
            Ver planes y mejorar
          </Button>
          <Button onClick={() => navigate(paths.app.support)}>Contactar con soporte</Button>
        </Flex>
      }
    />
  );
}

/** The plan or permission could not be read: access is refused (spec part 3 §8). */
export function AccessCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      icon={<WarningOutlined />}
      status="error"
      title={ACCESS_CHECK_ERROR}
      extra={
        <Button type="primary" onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}

function BackToDashboard() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(paths.app.dashboard)}>
      Volver al panel
    </Button>
  );
}
