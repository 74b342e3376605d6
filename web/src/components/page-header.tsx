import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page's title, an optional way back, what describes it and its actions. */
export function PageHeader({
  title,
  back,
  meta,
  actions,
}: {
  title: ReactNode;
  back?: { to: string; label: string };
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {back ? (
        <Link to={back.to} style={{ color: token.colorTextSecondary, width: 'fit-content' }}>
          <ArrowLeftOutlined /> {back.label}
        </Link>
      ) : null}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{title}</h1>
        {actions ? (
          <Flex gap={8} wrap>
            {actions}
          </Flex>
        ) : null}
      </Flex>
      {meta ? (
        <Flex align="center" gap={8} wrap style={{ color: token.colorTextSecondary }}>
          {meta}
        </Flex>
      ) : null}
    </Flex>
  );
}
