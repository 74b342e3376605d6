import type { Logger } from '../util/log';
import type { FaultQueue } from './faults';
import type { SimulatorState } from './state';

/** What the SOAP endpoint and the control API of one running simulator share. */
export interface SimulatorContext {
  state: SimulatorState;
  faults: FaultQueue;
  log: Logger;
  /** Runs `fn` after `ms` unless the simulator stops first. */
  later(ms: number, fn: () => void): void;
  /** More sections of the `GET /_sim` page (the SII services', issue 16). */
  pageSections?: () => string[];
}
