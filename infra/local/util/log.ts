/** The local cloud's own log lines (handlers log through console as they would in Lambda). */
export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export function createLogger(quiet = false, prefix = '[local]'): Logger {
  return {
    info: (msg) => {
      if (!quiet) console.log(`${prefix} ${msg}`);
    },
    warn: (msg) => console.warn(`${prefix} ${msg}`),
    error: (msg, err) =>
      console.error(`${prefix} ${msg}`, err instanceof Error ? (err.stack ?? err.message) : (err ?? '')),
  };
}

/** A logger that says nothing, for tests. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
