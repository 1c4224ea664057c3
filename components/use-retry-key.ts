"use client";

import { useRef, useState } from "react";

/**
 * The Idempotency-Key of a send whose content the person may send again: the same key while the
 * same content is sent again (a retry after a lost answer, answered with what the first made), a
 * new one for other content, or once it was sent (the same words twice are then two messages).
 */
export function useRetryKey() {
  const last = useRef<{ content: string; key: string } | null>(null);
  return {
    keyFor(content: string): string {
      if (last.current?.content !== content) last.current = { content, key: newKey() };
      return last.current.key;
    },
    sent() {
      last.current = null;
    },
  };
}

/**
 * `send` under the Idempotency-Key of its content (useRetryKey): pressed again with the same content
 * after a lost answer, it is answered with what the first made; once answered, the next send is a
 * creation of its own.
 */
export function useKeyedSend<V, R>(send: (v: V, idempotencyKey: string) => Promise<R>): (v: V) => Promise<R> {
  const retry = useRetryKey();
  return async (v) => {
    const result = await send(v, retry.keyFor(JSON.stringify(v)));
    retry.sent();
    return result;
  };
}

/**
 * The Idempotency-Key of a form, made once for its life: pressed again after a lost answer, the
 * form sends what it sent and is answered with what the first made.
 */
export function useFormKey(): string {
  const [key] = useState(newKey);
  return key;
}

/**
 * 128 random bits in hex. Not crypto.randomUUID: browsers give it only to a secure page (HTTPS or
 * localhost), and a clinic may open the product over plain HTTP on its own network;
 * getRandomValues is on every page (e2e/browser/plain-http.spec.ts).
 */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
