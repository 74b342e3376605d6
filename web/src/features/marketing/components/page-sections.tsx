import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { Card, Flex, theme } from 'antd';
import type { ReactNode } from 'react';

const CONTENT_WIDTH = 1160;

/** The opening block of a public page: its one `<h1>`, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: 'linear-gradient(180deg, #eff4ff 0%, #ffffff 100%)',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '56px 24px 48px' }}>
        {eyebrow ? (
          <p style={{ margin: '0 0 8px', color: token.colorPrimary, fontWeight: 600, letterSpacing: 0.3 }}>
            {eyebrow}
          </p>
        ) : null}
        <h1
          style={{
            margin: 0,
            maxWidth: 820,
            fontSize: 'clamp(28px, 4vw, 44px)',
            lineHeight: 1.15,
            color: token.colorText,
          }}
        >
          {title}
        </h1>
        <p
          style={{
            margin: '16px 0 0',
            maxWidth: 720,
            fontSize: 18,
            lineHeight: 1.6,
            color: token.colorTextSecondary,
          }}
        >
          {lead}
        </p>
        {actions ? (
          <Flex gap={12} wrap style={{ marginTop: 28 }}>
            {actions}
          </Flex>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** A titled block of a public page; `muted` alternates the background to separate blocks. */
export function Section({
  id,
  title,
  intro,
  muted = false,
  children,
}: {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      id={id}
      aria-labelledby={id && title ? `${id}-titulo` : undefined}
      style={{ background: muted ? '#f8fafc' : undefined }}
    >
      <div style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', padding: '48px 24px' }}>
        {title ? (
          <h2
            id={id ? `${id}-titulo` : undefined}
            style={{ margin: 0, fontSize: 'clamp(22px, 3vw, 30px)', color: token.colorText }}
          >
            {title}
          </h2>
        ) : null}
        {intro ? (
          <p
            style={{
              margin: '12px 0 0',
              maxWidth: 760,
              fontSize: 16,
              lineHeight: 1.6,
              color: token.colorTextSecondary,
            }}
          >
            {intro}
          </p>
        ) : null}
        <div style={{ marginTop: title || intro ? 28 : 0 }}>{children}</div>
      </div>
    </section>
  );
}

/** A list of short statements, each with a check mark. */
export function CheckList({ items }: { items: readonly ReactNode[] }) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
      {items.map((item, index) => (
        // The lists are static content: the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <li key={index} style={{ display: 'flex', gap: 10, lineHeight: 1.5 }}>
          <CheckOutlined aria-hidden style={{ color: token.colorSuccess, marginTop: 4 }} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Plain paragraph text with the theme's secondary colour. */
export function Muted({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <p style={{ margin: '8px 0 0', color: token.colorTextSecondary, lineHeight: 1.6 }}>{children}</p>;
}

/** A card with an icon, a title and a short text: one feature, integration or guarantee. */
export function FeatureCard({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
      {icon ? (
        <span aria-hidden style={{ fontSize: 24, color: token.colorPrimary }}>
          {icon}
        </span>
      ) : null}
      <h3 style={{ margin: icon ? '8px 0' : '0 0 8px', fontSize: 17 }}>{title}</h3>
      <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>{text}</p>
      {children}
    </Card>
  );
}
