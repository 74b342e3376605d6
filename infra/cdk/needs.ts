/** Union of two `needs` (an entry invoked by several triggers gets what each of them needs). */

import type { DomainName, InvokableName, Needs } from '@infra/manifest';
import { type CuadraManifest, entriesOf } from './cuadra-manifest';

export function mergeNeeds(a: Needs, b: Needs): Needs {
  const merged: Needs = {};
  const table = a.table === 'readwrite' || b.table === 'readwrite' ? 'readwrite' : (a.table ?? b.table);
  if (table) merged.table = table;
  if (a.cognito ?? b.cognito) merged.cognito = 'user-admin';
  const queues = [...new Set([...(a.queues ?? []), ...(b.queues ?? [])])];
  if (queues.length) merged.queues = queues;
  const buckets = new Map<string, NonNullable<Needs['buckets']>[number]>();
  for (const grant of [...(a.buckets ?? []), ...(b.buckets ?? [])]) {
    const seen = buckets.get(grant.bucket);
    // Two different accesses to one bucket (read, put, readwrite) merge to readwrite.
    const access = !seen || seen.access === grant.access ? grant.access : 'readwrite';
    buckets.set(grant.bucket, { bucket: grant.bucket, access });
  }
  if (buckets.size) merged.buckets = [...buckets.values()];
  if (a.sendMail || b.sendMail) merged.sendMail = true;
  if (a.websocket || b.websocket) merged.websocket = true;
  if (a.certificatesKey || b.certificatesKey) merged.certificatesKey = true;
  if (a.textract || b.textract) merged.textract = true;
  const invokes = [...new Set([...(a.invokes ?? []), ...(b.invokes ?? [])])];
  if (invokes.length) merged.invokes = invokes;
  return merged;
}

/** The invokables a domain's API function serves besides its routes (manifest `invokables`). */
export function servedInvokables(
  m: Pick<CuadraManifest, 'invokables'>,
  domain: DomainName,
): { name: InvokableName; needs: Needs }[] {
  return entriesOf(m.invokables)
    .filter(([, def]) => def.domain === domain)
    .map(([name, def]) => ({ name, needs: def.needs }));
}

/** What a domain's API function needs: its domain's needs and those of every invokable it serves. */
export function apiFunctionNeeds(
  m: Pick<CuadraManifest, 'domains' | 'invokables'>,
  domain: DomainName,
): Needs {
  return servedInvokables(m, domain).reduce(
    (all, inv) => mergeNeeds(all, inv.needs),
    m.domains[domain].needs,
  );
}
