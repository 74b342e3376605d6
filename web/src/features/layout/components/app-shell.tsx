import MenuOutlined from '@ant-design/icons/MenuOutlined';
import { paths } from '@web/lib/paths';
import { Badge, Button, Drawer, Flex, Grid, Layout, Menu, type MenuProps, theme } from 'antd';
import { type ComponentType, createElement, type ReactNode, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** A side-menu entry: a link, or a group of links. */
export interface ShellMenuItem {
  key: string;
  label: string;
  icon?: ComponentType;
  path?: string;
  /** A count shown beside the label (unread messages); nothing when absent or 0. */
  badge?: number;
  children?: ShellMenuItem[];
}

const SIDER_WIDTH = 248;

/**
 * The signed-in frame: header (product name, company, bell, user menu), the side menu on screens
 * of 768 px and more, and the same menu in a drawer below that.
 */
export function AppShell({
  menu,
  headerCenter,
  headerActions,
  banner,
  children,
}: {
  menu: ShellMenuItem[];
  headerCenter?: ReactNode;
  headerActions?: ReactNode;
  /** A notice above the page (rate-limited session...). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // useBreakpoint is empty on the first render: assume a desktop until it says otherwise.
  const mobile = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  const selected = useMemo(() => selectedItem(menu, pathname), [menu, pathname]);
  const items = useMemo(() => toMenuItems(menu, () => setDrawerOpen(false)), [menu]);
  // Mounted once its entries are known, so the group of the current page starts open.
  const sideMenu =
    menu.length === 0 ? null : (
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected.key] : []}
        defaultOpenKeys={selected?.parent ? [selected.parent] : []}
        style={{ borderInlineEnd: 'none' }}
      />
    );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          lineHeight: 'normal',
          paddingInline: mobile ? 12 : 24,
        }}
      >
        <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            {mobile ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label="Abrir menú"
                onClick={() => setDrawerOpen(true)}
              />
            ) : null}
            <Link
              to={paths.app.dashboard}
              style={{ fontSize: 20, fontWeight: 700, color: token.colorPrimary }}
              aria-label="Cuadra, ir al inicio"
            >
              Cuadra
            </Link>
          </Flex>
          <Flex align="center" gap={mobile ? 8 : 16} style={{ minWidth: 0 }}>
            {headerCenter}
            {headerActions}
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout hasSider={!mobile}>
        {mobile ? (
          <Drawer
            title="Menú"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH + 32}
            styles={{ body: { padding: 0 } }}
          >
            <nav aria-label="Menú principal">{sideMenu}</nav>
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            theme="light"
            style={{
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              overflow: 'auto',
              height: 'calc(100vh - 56px)',
              position: 'sticky',
              top: 56,
            }}
          >
            <nav aria-label="Menú principal">{sideMenu}</nav>
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: mobile ? 16 : 24, minWidth: 0 }}>
          {banner}
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

type AntItem = Required<MenuProps>['items'][number];

function toMenuItems(menu: ShellMenuItem[], onNavigate: () => void): AntItem[] {
  return menu.map((item) => ({
    key: item.key,
    icon: item.icon ? createElement(item.icon) : undefined,
    label: item.path ? (
      <Link to={item.path} onClick={onNavigate}>
        {item.label}
        {item.badge ? (
          <Badge
            count={item.badge}
            size="small"
            style={{ marginInlineStart: 8 }}
            aria-label={`${item.badge} sin leer`}
          />
        ) : null}
      </Link>
    ) : (
      item.label
    ),
    ...(item.children ? { children: toMenuItems(item.children, onNavigate) } : {}),
  }));
}

/** The entry whose path is the longest prefix of the current path, and its group. */
function selectedItem(
  menu: ShellMenuItem[],
  pathname: string,
  parent?: string,
): { key: string; parent?: string; length: number } | null {
  let best: { key: string; parent?: string; length: number } | null = null;
  for (const item of menu) {
    const candidate = item.children
      ? selectedItem(item.children, pathname, item.key)
      : item.path && (pathname === item.path || pathname.startsWith(`${item.path}/`))
        ? { key: item.key, parent, length: item.path.length }
        : null;
    if (candidate && (!best || candidate.length > best.length)) best = candidate;
  }
  return best;
}
