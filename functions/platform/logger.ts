/**
 * Structured JSON logs, one line per event, with the request's context attached.
 * Secrets never reach it: callers log ids and codes, never bodies, tokens or passwords.
 */

import { envNames } from '@shared/config/env-names';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
  child(context: Record<string, unknown>): Logger;
}

const threshold = (): number => {
  const lvl = (process.env[envNames.logLevel] ?? 'info').toLowerCase();
  return lvl === 'silent' ? 100 : (order[lvl as Level] ?? order.info);
};

export function createLogger(context: Record<string, unknown> = {}): Logger {
  const write = (level: Level, msg: string, data?: Record<string, unknown>) => {
    if (order[level] < threshold()) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...context, ...data });
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (extra) => createLogger({ ...context, ...extra }),
  };
}

export const errorFields = (e: unknown): Record<string, unknown> =>
  e instanceof Error ? { errorName: e.name, errorMessage: e.message, stack: e.stack } : { error: String(e) };
