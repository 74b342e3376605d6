import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A full-page message with one action: crash, missing configuration, unknown page. Plain elements
 * on purpose: antd's Result brings its illustrations into the start-up bundle.
 */
export function MessageScreen({
  title,
  description,
  detail,
  action,
  fullScreen = true,
}: {
  title: string;
  description: string;
  detail?: string;
  action: ReactNode;
  /** False inside the application's frame (header and menu around it). */
  fullScreen?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: fullScreen ? '100vh' : 360, padding: 24, textAlign: 'center' }}
    >
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorText }}>
        {title}
      </h1>
      <p style={{ margin: 0, maxWidth: 520, color: token.colorTextSecondary }}>{description}</p>
      {detail ? (
        <p style={{ margin: 0, maxWidth: 520, color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {detail}
        </p>
      ) : null}
      {action}
    </Flex>
  );
}
