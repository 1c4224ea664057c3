"use client";

import { useEffect, useId, useRef } from "react";
import { focusIsLost } from "@/components/focus";

type Control = "up" | "down" | "remove";
type Change =
  { order: string; kind: "move"; key: string; up: boolean } | { order: string; kind: "remove"; index: number };

/**
 * Rows that a person moves (Up, Down) or removes. Their focus stays with the rows instead of falling
 * to the top of the page: after a move, on the moved row's button of the same direction, or its
 * other one once the row has reached an end (where the first is disabled); after a removal, on the
 * Remove of the row that took its place, else of the row before it, else (none left, or the one left
 * cannot be removed) on the `fallback` control ("Add option"). It happens once the rows' order has changed: at once for a form's own rows, on the
 * server's answer for a book's modules; and only when the focus is lost or still on that row's
 * button, so someone who went elsewhere meanwhile keeps their place.
 */
export function useRowFocus(keys: readonly (string | number)[]) {
  const prefix = useId();
  const change = useRef<Change | null>(null);
  const order = keys.join(" ");
  const idOf = (key: string | number, control: Control | "fallback") => `${prefix}-${String(key)}-${control}`;
  useEffect(() => {
    const c = change.current;
    if (!c || c.order === order) return;
    change.current = null;
    const byId = (id: string) => document.getElementById(id);
    let target: HTMLElement | null;
    let own: HTMLElement | null = null;
    if (c.kind === "move") {
      own = byId(idOf(c.key, c.up ? "up" : "down"));
      target = own && !own.matches(":disabled") ? own : byId(idOf(c.key, c.up ? "down" : "up"));
    } else {
      const next = keys[c.index] ?? keys[c.index - 1];
      const remove = next === undefined ? null : byId(idOf(next, "remove"));
      target = remove && !remove.matches(":disabled") ? remove : byId(idOf("", "fallback"));
    }
    if (focusIsLost() || (own !== null && document.activeElement === own)) target?.focus();
  });
  return {
    /** The id of a row's Up, Down or Remove button. */
    idOf: (key: string | number, control: Control) => idOf(key, control),
    /** The id of what takes the focus when the last row is removed. */
    fallbackId: idOf("", "fallback"),
    /** Call as the row `key` is moved up or down. */
    moving: (key: string | number, up: boolean) => {
      change.current = { order, kind: "move", key: String(key), up };
    },
    /** Call as the row at `index` is removed. */
    removing: (index: number) => {
      change.current = { order, kind: "remove", index };
    },
  };
}
