/** HTML helpers for the gateway's own pages (dev area, "SPA not built"): no external assets. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f5f6f8; color: #1f2328; }
  header { background: #1f3a5f; color: #fff; padding: 12px 24px; display: flex; gap: 24px; align-items: baseline; }
  header a { color: #cfe0ff; text-decoration: none; }
  header strong { font-size: 18px; }
  main { max-width: 1100px; margin: 24px auto; padding: 0 24px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #d0d7de; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #e5e8eb; vertical-align: top; }
  th { background: #f0f2f5; font-weight: 600; }
  tr:hover td { background: #f8fafc; }
  a { color: #0b5cad; }
  .empty { padding: 24px; background: #fff; border: 1px dashed #d0d7de; color: #57606a; }
  .note { padding: 12px 16px; border-radius: 6px; margin-bottom: 16px; }
  .ok { background: #e6f4ea; border: 1px solid #a8d5b5; }
  .error { background: #fdecea; border: 1px solid #f5b7b1; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; background: #fff; padding: 16px; border: 1px solid #d0d7de; }
  dt { font-weight: 600; color: #57606a; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 16px; border: 1px solid #d0d7de; }
  iframe { width: 100%; height: 70vh; border: 1px solid #d0d7de; background: #fff; }
  button { background: #1f3a5f; color: #fff; border: 0; padding: 6px 14px; border-radius: 4px; cursor: pointer; }
  code { background: #eef1f4; padding: 2px 6px; border-radius: 4px; }
`;

/** A complete page; `body` must already be escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Cuadra local</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Cuadra · nube local</strong><a href="/_dev/mailbox">Correo enviado</a><a href="/_dev/schedules">Tareas programadas</a><a href="/">Aplicación</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}
