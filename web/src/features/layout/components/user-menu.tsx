import DownOutlined from '@ant-design/icons/DownOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { type ComponentType, createElement } from 'react';
import { Link } from 'react-router-dom';

export interface UserMenuLink {
  key: string;
  label: string;
  icon?: ComponentType;
  path: string;
}

/** The header's user menu: the user's links and 'Cerrar sesión'. */
export function UserMenu({
  name,
  links,
  onSignOut,
  compact = false,
}: {
  name: string;
  links: UserMenuLink[];
  onSignOut: () => void;
  compact?: boolean;
}) {
  const items: MenuProps['items'] = [
    // Links, not click handlers: they open in a new tab, and show where they lead.
    ...links.map((link) => ({
      key: link.key,
      label: <Link to={link.path}>{link.label}</Link>,
      icon: link.icon ? createElement(link.icon) : undefined,
    })),
    { type: 'divider' as const },
    { key: 'logout', label: 'Cerrar sesión', icon: <LogoutOutlined />, danger: true, onClick: onSignOut },
  ];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={`Menú de usuario de ${name}`} style={{ paddingInline: 4 }}>
        <Avatar size="small" style={{ flexShrink: 0 }}>
          {initials || '?'}
        </Avatar>
        {compact ? null : (
          <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
