import BankOutlined from '@ant-design/icons/BankOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CompassOutlined from '@ant-design/icons/CompassOutlined';
import FileAddOutlined from '@ant-design/icons/FileAddOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { ComponentType, CSSProperties } from 'react';

// One import per icon the step catalogue names (shared/schemas/onboarding.ts), not the whole set.
const ICONS: Record<string, ComponentType<{ style?: CSSProperties }>> = {
  BankOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CompassOutlined,
  FileAddOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
};

/** The step's icon on a disc of its type colour. */
export function StepIcon({ iconName, color }: { iconName: string; color: string }) {
  const Icon = ICONS[iconName] ?? InfoCircleOutlined;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 48,
        height: 48,
        flexShrink: 0,
        borderRadius: '50%',
        background: `${color}1f`,
        color,
      }}
    >
      <Icon style={{ fontSize: 24 }} />
    </span>
  );
}
