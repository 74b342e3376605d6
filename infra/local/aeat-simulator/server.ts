/**
 * The local AEAT (issue 5, item 7): an HTTPS server on loopback that speaks the VERI*FACTU SOAP
 * service (RegFactuSistemaFacturacion, ConsultaFactuSistemaFacturacion) like
 * `https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`: mutual TLS (a request
 * without a client certificate is refused), every body validated against the official XSDs, the
 * chain and the huella checked, answers per RespuestaSuministro.xsd / RespuestaConsultaLR.xsd.
 *
 * Tests steer it through a control API on the same server, `/_sim/*` (no client certificate
 * needed): reset, waiting time, injected faults, receptions per record, stored records, a page.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { Logger } from '../util/log';
import { silentLogger } from '../util/log';
import { preferPort } from '../util/ports';
import { ensureServerIdentity } from './certs';
import type { SimulatorContext } from './context';
import { handleControl, isControlPath } from './control-api';
import { FaultQueue } from './faults';
import { sendJson, sendXml } from './http-io';
import {
  createModelsContext,
  handleModels,
  isModelsPath,
  type ModelsContext,
  modelsEndpointOf,
} from './models-endpoint';
import { createSiiContext, handleSii, isSiiPath, type SiiContext, siiEndpointOf } from './sii-endpoint';
import type { SiiFaultQueue } from './sii-faults';
import { siiPageSection } from './sii-page';
import type { SiiSimulatorState } from './sii-state';
import { soapFault } from './soap';
import { handleSoap } from './soap-endpoint';
import { SimulatorState } from './state';

/** The path of the AEAT's VERI*FACTU service (any path is answered; this is the one handlers get). */
export const VERIFACTU_PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
export const DEFAULT_SIMULATOR_PORT = 4443;

export interface AeatSimulatorOptions {
  /** Folder for the TLS identity and the state file (e.g. `<dataDir>/aeat-simulator`). */
  dir: string;
  host?: string;
  /** Exact port (0 = any free one). When absent, `preferredPort` if free, else any. */
  port?: number;
  preferredPort?: number;
  /** Keep the state in `<dir>/state.json` across starts (default true). */
  persist?: boolean;
  logger?: Logger;
}

export interface RunningAeatSimulator {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The SOAP endpoint handlers are given (envNames.aeatEndpoint). */
  endpoint: string;
  /** Base of the control API (`<url>/_sim`). */
  controlUrl: string;
  /** The model-filing service (issue 14, envNames.taxModelsAeatEndpoint); its control API is `<url>/_sim/modelos`. */
  modelsEndpoint: string;
  /** The SII services' base (issue 16, envNames.siiAeatEndpoint): `<url>/wlpl/SSII-FACT/ws`; control `<url>/_sim/sii`. */
  siiEndpoint: string;
  port: number;
  /** PEM file of the CA that signed the server certificate (envNames.aeatCaFile). */
  caFile: string;
  caPem: string;
  state: SimulatorState;
  faults: FaultQueue;
  sii: { state: SiiSimulatorState; faults: SiiFaultQueue };
  stop(): Promise<void>;
}

/** Starts the simulator: its state, the HTTPS server (SOAP service + control API), then the port. */
export async function startAeatSimulator(opts: AeatSimulatorOptions): Promise<RunningAeatSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger ?? silentLogger;
  const identity = ensureServerIdentity(opts.dir);
  const state = new SimulatorState({
    file: opts.persist === false ? undefined : path.join(opts.dir, 'state.json'),
  });
  const timers = new Set<NodeJS.Timeout>();
  const sim: SimulatorContext = { state, faults: new FaultQueue(), log, later: laterOn(timers) };
  const models = createModelsContext(sim, opts.persist === false ? undefined : opts.dir);
  const sii = createSiiContext(sim, opts.persist === false ? undefined : opts.dir);
  sim.pageSections = () => [siiPageSection(sii)];
  const server = https.createServer(
    { cert: identity.certPem, key: identity.keyPem, requestCert: true, rejectUnauthorized: false },
    (req, res) => dispatch(sim, models, sii, req, res),
  );
  // A client that presents no certificate, or breaks the handshake, must not bring anything down.
  server.on('tlsClientError', () => {});
  const port = await listenOnPort(server, host, opts);
  const url = `https://${host}:${port}`;
  log.info(`AEAT simulator on ${url}${VERIFACTU_PATH}`);
  return {
    url,
    endpoint: `${url}${VERIFACTU_PATH}`,
    controlUrl: `${url}/_sim`,
    modelsEndpoint: modelsEndpointOf(url),
    siiEndpoint: siiEndpointOf(url),
    port,
    caFile: identity.caFile,
    caPem: identity.caPem,
    state,
    faults: sim.faults,
    sii: { state: sii.state, faults: sii.faults },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A `later` whose pending timers are kept in `timers`, so stopping the simulator clears them. */
const laterOn =
  (timers: Set<NodeJS.Timeout>) =>
  (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

/** Control API, SOAP service (POST only), and the answer of a request that failed unexpectedly. */
function dispatch(
  sim: SimulatorContext,
  models: ModelsContext,
  sii: SiiContext,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const url = new URL(req.url ?? '/', 'https://localhost');
  // The model-filing service (issue 14) and the SII services (issue 16, control API `/_sim/sii`)
  // answer their own paths.
  const isModels = isModelsPath(url.pathname);
  const isSii = isSiiPath(url.pathname);
  const isControl = isModels || isControlPath(url.pathname);
  const work = isModels
    ? handleModels(models, req, res, url)
    : isSii
      ? handleSii(sii, req, res, url)
      : isControl
        ? handleControl(sim, req, res, url)
        : req.method === 'POST'
          ? handleSoap(sim, req, res)
          : Promise.resolve(
              sendXml(
                res,
                405,
                soapFault('Client', 'El servicio VERI*FACTU solo admite peticiones SOAP por POST.'),
              ),
            );
  work.catch((e: unknown) => {
    sim.log.error('AEAT simulator: request failed', e);
    if (res.headersSent || res.destroyed) return;
    if (isControl) sendJson(res, 500, { error: (e as Error).message });
    else
      sendXml(
        res,
        500,
        soapFault('Server', `Codigo[20009].Error interno del simulador: ${(e as Error).message}`),
      );
  });
}

/** Binds the exact port asked for, else the preferred one when free, else any; returns the port. */
async function listenOnPort(
  server: https.Server,
  host: string,
  opts: Pick<AeatSimulatorOptions, 'port' | 'preferredPort'>,
): Promise<number> {
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (opts.port !== undefined) await listen(opts.port);
  else {
    // The preferred port may be taken between the check and the bind (another local cloud starting).
    await listen(await preferPort(opts.preferredPort ?? DEFAULT_SIMULATOR_PORT, host)).catch(
      (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EADDRINUSE') throw e;
        return listen(0);
      },
    );
  }
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
