/**
 * The worker functions of the manifest: every queue consumer, schedule target, stream consumer,
 * bucket notification consumer and WebSocket route, one function per entry point (`file#export`)
 * even when several triggers share it, with the union of what those triggers need. Functions
 * invoked by name (`invokables`) are no workers: each is its domain's API function.
 */

import type { DomainName, EntryPoint, Needs } from '@infra/manifest';
import { type CuadraManifest, entriesOf } from './cuadra-manifest';
import { mergeNeeds } from './needs';

export interface Worker {
  entry: EntryPoint;
  domain: DomainName;
  needs: Needs;
  /** What invokes it, for the function description: `queue mail`, `schedule outbox-sweep`, ... */
  triggers: string[];
  /** A schedule target's own timeout (else its domain's). */
  timeoutSeconds?: number;
}

export const workerKey = (entry: EntryPoint): string => `${entry.entry}#${entry.export}`;

export function collectWorkers(m: CuadraManifest): Map<string, Worker> {
  const workers = new Map<string, Worker>();
  const add = (
    entry: EntryPoint,
    domain: DomainName,
    needs: Needs,
    trigger: string,
    timeoutSeconds?: number,
  ) => {
    const key = workerKey(entry);
    const existing = workers.get(key);
    if (existing && existing.domain !== domain) {
      throw new Error(`${key} is declared for domains ${existing.domain} and ${domain}`);
    }
    workers.set(key, {
      entry: { entry: entry.entry, export: entry.export },
      domain,
      needs: existing ? mergeNeeds(existing.needs, needs) : needs,
      triggers: [...(existing?.triggers ?? []), trigger],
      ...(timeoutSeconds !== undefined || existing?.timeoutSeconds !== undefined
        ? { timeoutSeconds: Math.max(timeoutSeconds ?? 0, existing?.timeoutSeconds ?? 0) }
        : {}),
    });
  };
  for (const [name, def] of entriesOf(m.queues)) {
    if (def.consumer)
      add(
        def.consumer,
        def.consumer.domain,
        def.consumer.needs,
        `queue ${name}`,
        def.consumer.timeoutSeconds,
      );
  }
  for (const [name, def] of Object.entries(m.schedules)) {
    add(def.target, def.target.domain, def.target.needs, `schedule ${name}`, def.target.timeoutSeconds);
  }
  for (const [name, def] of Object.entries(m.table.streamConsumers)) {
    add(def, def.domain, def.needs, `stream ${name}`);
  }
  for (const [name, def] of entriesOf(m.buckets)) {
    for (const { consumer } of def.notifications)
      add(consumer, consumer.domain, consumer.needs, `bucket ${name}`);
  }
  // The manifest gives WebSocket routes no needs of their own: they run with their domain's.
  const wsDomain = m.websocket.domain;
  for (const [routeKey, entry] of Object.entries(m.websocket.routes)) {
    add(entry, wsDomain, m.domains[wsDomain].needs, `websocket ${routeKey}`);
  }
  return workers;
}
