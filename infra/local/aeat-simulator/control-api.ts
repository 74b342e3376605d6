/**
 * The control API tests and people steer the simulator with, `/_sim/*` on the same server (no
 * client certificate needed): reset, waiting time, chain rule, injected faults, receptions per
 * record, stored records, message log and a page.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorContext } from './context';
import { FaultList, type FaultSpec } from './faults';
import { readBody, sendJson } from './http-io';
import { simulatorPage } from './page';

interface ControlRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The JSON body ({} when empty). */
  json: () => Promise<unknown>;
}

type ControlRoute = (sim: SimulatorContext, r: ControlRequest) => void | Promise<void>;

const setWait: ControlRoute = async ({ state }, { res, json }) => {
  const { seconds } = (await json()) as { seconds?: unknown };
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 9999) {
    return sendJson(res, 400, { error: 'seconds must be an integer between 0 and 9999' });
  }
  state.setWait(seconds);
  sendJson(res, 200, { waitSeconds: seconds });
};

const setChainRule: ControlRoute = async ({ state }, { res, json }) => {
  const { rule } = (await json()) as { rule?: unknown };
  if (rule !== 'received' && rule !== 'stored') {
    return sendJson(res, 400, { error: "rule must be 'received' or 'stored'" });
  }
  state.setChainRule(rule);
  sendJson(res, 200, { chainRule: rule });
};

const addFaults: ControlRoute = async ({ faults }, { res, json }) => {
  const parsed = FaultList.safeParse(await json());
  if (!parsed.success) return sendJson(res, 400, { error: parsed.error.message });
  const list: FaultSpec[] = Array.isArray(parsed.data)
    ? parsed.data
    : 'faults' in parsed.data
      ? parsed.data.faults
      : [parsed.data];
  sendJson(res, 200, faults.add(list));
};

const receptions: ControlRoute = ({ state }, { res, url }) => {
  const nif = url.searchParams.get('nif');
  const all = state.receptionList();
  sendJson(res, 200, nif ? all.filter((r) => r.key.startsWith(`${nif}|`)) : all);
};

const controlRoutes: Record<string, ControlRoute> = {
  'GET /_sim': ({ state, faults, pageSections }, { res }) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(simulatorPage(state, faults.list(), pageSections?.() ?? []));
  },
  'GET /_sim/state': ({ state, faults }, { res }) =>
    sendJson(res, 200, { ...state.data, faults: faults.list() }),
  'POST /_sim/reset': ({ state, faults }, { res }) => {
    state.reset();
    faults.clear();
    sendJson(res, 200, { ok: true });
  },
  'POST /_sim/wait': setWait,
  'POST /_sim/chain-rule': setChainRule,
  'GET /_sim/faults': ({ faults }, { res }) => sendJson(res, 200, faults.list()),
  'DELETE /_sim/faults': ({ faults }, { res }) => {
    faults.clear();
    sendJson(res, 200, { ok: true });
  },
  'POST /_sim/faults': addFaults,
  'GET /_sim/receptions': receptions,
  'GET /_sim/records': ({ state }, { res, url }) =>
    sendJson(res, 200, state.recordsOf(url.searchParams.get('nif') ?? '')),
  'GET /_sim/messages': ({ state }, { res }) => sendJson(res, 200, state.data.messages),
};

export const isControlPath = (pathname: string): boolean =>
  pathname === '/_sim' || pathname.startsWith('/_sim/');

export async function handleControl(
  sim: SimulatorContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const route = `${req.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
  const json = async () => {
    const text = await readBody(req);
    return text.trim() ? (JSON.parse(text) as unknown) : {};
  };
  const run = controlRoutes[route];
  if (!run) return sendJson(res, 404, { error: `unknown control route ${route}` });
  await run(sim, { req, res, url, json });
}
