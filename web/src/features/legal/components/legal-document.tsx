import { formatDate } from '@web/lib/format';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import './legal-document.css';

/**
 * A legal text: its one `<h1>`, the date of the version in force, a short summary and the body.
 * The body uses plain `h2`, `p`, `ul` and `table`; `.cq-prose` gives them a readable measure.
 */
export function LegalDocument({
  title,
  updatedAt,
  summary,
  children,
}: {
  title: string;
  /** ISO date of the version in force. */
  updatedAt: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <article style={{ maxWidth: 1160, margin: '0 auto', padding: '48px 24px 64px' }}>
      <title>{`${title} · Cuadra`}</title>
      <header className="cq-prose">
        <h1 style={{ margin: 0, fontSize: 'clamp(28px, 4vw, 38px)', lineHeight: 1.2 }}>{title}</h1>
        <p style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>
          Última actualización: <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
        </p>
        {summary ? (
          <div
            style={{
              margin: '24px 0 0',
              padding: 16,
              background: '#eff4ff',
              borderRadius: token.borderRadiusLG,
            }}
          >
            {summary}
          </div>
        ) : null}
      </header>
      <div className="cq-prose">{children}</div>
    </article>
  );
}
