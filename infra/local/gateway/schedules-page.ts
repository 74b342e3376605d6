/** The dev page listing the local schedules, each with a "run now" button. */

import { escapeHtml, page } from './html';

export type RunNotice = { kind: 'ok'; name: string } | { kind: 'error'; name: string; message: string };

export function schedulesPage(names: string[], notice?: RunNotice): string {
  const banner =
    notice === undefined
      ? ''
      : notice.kind === 'ok'
        ? `<p class="note ok">Se ha ejecutado «${escapeHtml(notice.name)}».</p>`
        : `<p class="note error">La tarea «${escapeHtml(notice.name)}» ha fallado: ${escapeHtml(notice.message)}</p>`;
  const rows = names
    .map(
      (name) => `<tr>
<td><code>${escapeHtml(name)}</code></td>
<td><form method="post" action="/_dev/schedules/${escapeHtml(encodeURIComponent(name))}/run"><button type="submit">Ejecutar ahora</button></form></td>
</tr>`,
    )
    .join('\n');
  const content =
    names.length === 0
      ? '<p class="empty">No hay tareas programadas.</p>'
      : `<table>
<thead><tr><th>Tarea</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Tareas programadas',
    `<h1>Tareas programadas</h1>
<p>En local se ejecutan según su expresión; aquí puedes lanzarlas sin esperar.</p>
${banner}
${content}`,
  );
}
