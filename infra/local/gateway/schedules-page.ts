/**
 * The dev page listing the local schedules, each with a "run now" button and an optional day to run
 * it as if it were that day (the event's `time` is then that day at 07:00 Madrid).
 */

import { escapeHtml, page } from './html';

export type RunNotice =
  | { kind: 'ok'; name: string; day?: string }
  | { kind: 'error'; name: string; message: string };

/** 2027-04-17 -> 17/04/2027, as a Spanish reader expects it. */
function spanishDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function banner(notice: RunNotice | undefined): string {
  if (notice === undefined) return '';
  if (notice.kind === 'error') {
    return `<p class="note error">La tarea «${escapeHtml(notice.name)}» ha fallado: ${escapeHtml(notice.message)}</p>`;
  }
  const asOf =
    notice.day === undefined
      ? ''
      : ` como si fuera el ${escapeHtml(spanishDay(notice.day))} a las 07:00 (hora de Madrid)`;
  return `<p class="note ok">Se ha ejecutado «${escapeHtml(notice.name)}»${asOf}.</p>`;
}

export function schedulesPage(names: string[], notice?: RunNotice): string {
  const rows = names
    .map(
      (name) => `<tr>
<td><code>${escapeHtml(name)}</code></td>
<td><form method="post" action="/_dev/schedules/${escapeHtml(encodeURIComponent(name))}/run"><label>Ejecutar como si fuera el día <input type="date" name="dia"></label> <button type="submit">Ejecutar ahora</button></form></td>
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
<p>En local se ejecutan según su expresión; aquí puedes lanzarlas sin esperar. Sin día, se ejecutan con la hora actual; con un día, como si fuera ese día a las 07:00 (hora de Madrid), por ejemplo las alertas fiscales de una fecha concreta.</p>
${banner(notice)}
${content}`,
  );
}
