/**
 * `GET /_sim`: a plain page for people — the waiting time, pending faults, messages and receptions,
 * then `sections` (the SII services' records, issue 16: sii-page.ts).
 */

import type { ActiveFault } from './faults';
import { escapeXml as esc } from './soap';
import type { SimulatorState } from './state';

export function simulatorPage(state: SimulatorState, faults: ActiveFault[], sections: string[] = []): string {
  const d = state.data;
  const rows = (cells: string[][]) =>
    cells.map((c) => `<tr>${c.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`).join('');
  const receptions = state.receptionList().slice(-500).reverse();
  const messages = d.messages.slice(-100).reverse();
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Simulador AEAT (VERI*FACTU)</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;font-family:ui-monospace,monospace;font-size:12px}.warn{color:#b00}</style></head>
<body><h1>Simulador AEAT local — VERI*FACTU</h1>
<p>Tiempo de espera entre envíos (TiempoEsperaEnvio): <b>${d.waitSeconds} s</b>. Mensajes recibidos: <b>${d.counters.messages}</b>.
Control: <code>POST /_sim/reset</code>, <code>POST /_sim/wait</code>, <code>POST /_sim/faults</code>, <code>GET /_sim/receptions</code>, <code>GET /_sim/records?nif=</code>, <code>GET /_sim/state</code>.</p>
<h2>Fallos inyectados pendientes (${faults.length})</h2>
<table><tr><th>id</th><th>tipo</th><th>restantes</th><th>NumSerie</th><th>NIF</th><th>detalle</th></tr>${rows(
    faults.map((f) => [
      String(f.id),
      f.kind,
      String(f.remaining),
      f.numSerie ?? '*',
      f.nif ?? '*',
      [
        f.ms !== undefined ? `${f.ms} ms` : '',
        f.code !== undefined ? `código ${f.code}` : '',
        f.process === false ? 'sin procesar' : '',
      ]
        .filter(Boolean)
        .join(' '),
    ]),
  )}</table>
<h2>Recepciones por registro (${receptions.length})</h2>
<table><tr><th>registro (NIF|NumSerie|Fecha)</th><th>tipo</th><th>huella</th><th>recibido</th><th>resultados</th><th>no procesados</th></tr>${receptions
    .map(
      (r) =>
        `<tr${r.count > 1 ? ' class="warn"' : ''}><td>${esc(r.key)}</td><td>${r.kind}</td><td>${esc(r.huella.slice(0, 16))}…</td><td>${r.count}</td><td>${esc(r.outcomes.join(', '))}</td><td>${esc(r.unprocessed.join(', '))}</td></tr>`,
    )
    .join('')}</table>
<h2>Últimos mensajes</h2>
<table><tr><th>n</th><th>hora AEAT</th><th>operación</th><th>presentador</th><th>registros</th><th>resultado</th><th>CSV</th></tr>${rows(
    messages.map((m) => [
      String(m.n),
      m.at,
      m.operation,
      m.presenter ? `${m.presenter.nif} (${m.presenter.subject})` : '—',
      String(m.records),
      m.result,
      m.csv ?? '',
    ]),
  )}</table>${sections.join('')}</body></html>`;
}
