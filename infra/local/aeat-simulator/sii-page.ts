/**
 * The SII part of the simulator's page (`GET /_sim`, issue 16): the records each titular's books
 * hold, the receptions per record (more than one is highlighted), pending SII faults and the last
 * SII messages.
 */

import type { SiiContext } from './sii-endpoint';
import { escapeXml as esc } from './soap';

const MAX_ROWS = 500;

export function siiPageSection(ctx: SiiContext): string {
  const { state, faults } = ctx;
  const rows = (cells: string[][]) =>
    cells.map((c) => `<tr>${c.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`).join('');
  const records = state.records();
  const receptions = state.receptionList().slice(-MAX_ROWS).reverse();
  const pending = faults.list();
  const messages = state.data.messages.slice(-100).reverse();
  return `<h1>SII (Suministro Inmediato de Información)</h1>
<p>Servicios en <code>/wlpl/SSII-FACT/ws/{fe,fr,bi,oi}/…</code>. Control: <code>POST /_sim/sii/reset</code>, <code>POST /_sim/sii/faults</code>, <code>GET /_sim/sii/receptions</code>, <code>GET /_sim/sii/records?titular=&amp;book=</code>, <code>GET|POST /_sim/sii/census</code>.</p>
<h2>Registros en los libros (${records.length})</h2>
<table><tr><th>titular</th><th>libro</th><th>emisor</th><th>número</th><th>fecha</th><th>periodo</th><th>estado</th><th>código</th><th>CSV</th><th>cobros/pagos</th><th>última modificación</th></tr>${rows(
    records
      .slice(0, MAX_ROWS)
      .map((r) => [
        r.titular,
        r.book,
        r.id.issuer,
        r.id.good !== undefined ? `${r.id.number} (${r.id.good})` : r.id.number,
        r.id.date,
        `${r.ejercicio}/${r.periodo}`,
        r.estado,
        r.codigo !== undefined ? `${r.codigo} ${r.descripcion ?? ''}` : '',
        r.csv,
        String(r.payments.length),
        r.lastModifiedAt,
      ]),
  )}</table>
<h2>Recepciones SII por registro (${receptions.length})</h2>
<table><tr><th>titular</th><th>servicio</th><th>emisor</th><th>número</th><th>fecha</th><th>recibido</th><th>aceptado</th><th>resultados</th><th>no procesados</th></tr>${receptions
    .map(
      (r) =>
        `<tr${r.accepted > 1 ? ' class="warn"' : ''}><td>${esc(r.titular)}</td><td>${r.service}</td><td>${esc(r.issuer)}</td><td>${esc(r.number)}</td><td>${esc(r.date)}</td><td>${r.count}</td><td>${r.accepted}</td><td>${esc(r.outcomes.join(', '))}</td><td>${esc(r.unprocessed.join(', '))}</td></tr>`,
    )
    .join('')}</table>
<h2>Fallos SII inyectados pendientes (${pending.length})</h2>
<table><tr><th>id</th><th>tipo</th><th>restantes</th><th>probabilidad</th><th>servicio</th><th>operación</th><th>NIF</th><th>NumSerie</th><th>detalle</th></tr>${rows(
    pending.map((f) => [
      String(f.id),
      f.kind,
      f.remaining === null ? '∞' : String(f.remaining),
      f.probability !== undefined ? String(f.probability) : '',
      f.service ?? '*',
      f.operation ?? 'WRITE',
      f.nif ?? '*',
      f.numSerie ?? '*',
      [f.ms !== undefined ? `${f.ms} ms` : '', f.code !== undefined ? `código ${f.code}` : '']
        .filter(Boolean)
        .join(' '),
    ]),
  )}</table>
<h2>Últimos mensajes SII</h2>
<table><tr><th>n</th><th>hora AEAT</th><th>servicio</th><th>operación</th><th>titular</th><th>presentador</th><th>registros</th><th>resultado</th><th>CSV</th></tr>${rows(
    messages.map((m) => [
      String(m.n),
      m.at,
      m.service,
      m.operation,
      m.titular ?? '—',
      m.presenterNif ?? '—',
      String(m.records),
      m.result,
      m.csv ?? '',
    ]),
  )}</table>`;
}
