/**
 * Messages the server pushes on the notifications WebSocket other than notifications themselves
 * (e.g. `document_progress`, issue 17 item 1: an upload's progress per upload id). The socket lives
 * in the notifications feature and features may not import each other, so the socket publishes
 * here and any page subscribes by message type. In-memory, this tab only; a subscriber must not
 * rely on it alone (the socket may be down): the pages keep polling as the fallback.
 */
import { useEffect, useRef } from 'react';

/** A pushed JSON message: an object with a string `type`. */
export interface PushMessage {
  type: string;
  [key: string]: unknown;
}

type Listener = (message: PushMessage) => void;

const listeners = new Map<string, Set<Listener>>();

/** Hands a pushed message to the subscribers of its type (a throwing subscriber does not stop the rest). */
export function publishPushMessage(message: PushMessage): void {
  for (const listener of [...(listeners.get(message.type) ?? [])]) {
    try {
      listener(message);
    } catch (error) {
      console.warn(`Push message '${message.type}' handler failed`, error);
    }
  }
}

/** Subscribes to one message type; returns the unsubscribe function. */
export function subscribePushMessages(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  listeners.set(type, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(type);
  };
}

/** The same, as a hook: `handler` may change between renders without resubscribing. */
export function usePushMessages<T extends { type: string }>(
  type: T['type'],
  handler: (message: T) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  // The type is the only thing known about a pushed message: its subscriber knows the rest.
  useEffect(() => subscribePushMessages(type, (message) => latest.current(message as unknown as T)), [type]);
}
