"use client";

import { useId, useLayoutEffect, useRef } from "react";
import { focusIsLost } from "@/components/focus";

type Control = "up" | "down" | "remove";
type Change = { kind: "move"; key: string; up: boolean; from: number } | { kind: "remove"; key: string; index: number };

/**
 * Rows that a person moves (Up, Down) or removes. Their focus stays with the rows instead of
 * falling to the top of the page: after a move, on the moved row's button (at the first or last
 * place it is `unavailable`, not disabled, so it keeps the focus and a second press does nothing);
 * after a removal, on the Remove of the row that took its place, else of the row before it, else
 * on the `fallback` control ("Add option"). Only when the focus is lost or still on that row's
 * button: someone who went elsewhere meanwhile keeps their place.
 */
export function useRowFocus(keys: readonly (string | number)[]) {
  const prefix = useId();
  const changes = useRef<Change[]>([]);
  const idFor = (key: string | number, control: Control | "fallback") => `${prefix}-${String(key)}-${control}`;
  const fallbackId = idFor("", "fallback");
  /** Where the focus goes once a change shows. */
  const targetOf = (c: Change, now: string[]): HTMLElement | null => {
    if (c.kind === "move") return document.getElementById(idFor(c.key, c.up ? "up" : "down"));
    const next = now[c.index] ?? now[c.index - 1];
    const remove = next === undefined ? null : document.getElementById(idFor(next, "remove"));
    return remove && !remove.matches(":disabled") ? remove : document.getElementById(fallbackId);
  };
  // A change shows in the rows at once (a form's own rows) or on a later render (a book's modules,
  // once the server has answered; two removals may be under way at once): so after every render,
  // each change is looked for by its row's key, and acted on once it shows.
  useLayoutEffect(() => {
    const now = keys.map(String);
    const shown = (c: Change) => (c.kind === "move" ? now.indexOf(c.key) !== c.from : !now.includes(c.key));
    const done = changes.current.filter(shown);
    if (done.length === 0) return;
    changes.current = changes.current.filter((c) => !shown(c));
    // A moved row's button that kept the focus needs nothing; one that lost it with the move gets it back.
    for (const c of done) if (focusIsLost()) targetOf(c, now)?.focus();
  });
  const record = (c: Change) => {
    changes.current = [...changes.current.filter((o) => o.key !== c.key), c];
  };
  return {
    /** The id of a row's Up, Down or Remove button. */
    idOf: (key: string | number, control: Control) => idFor(key, control),
    /** The id of what takes the focus when no row is left to take it. */
    fallbackId,
    /** Call as the row `key` is moved up or down. */
    moving: (key: string | number, up: boolean) => {
      record({ kind: "move", key: String(key), up, from: keys.map(String).indexOf(String(key)) });
    },
    /** Call as the row at `index` is removed. */
    removing: (index: number) => {
      const key = keys[index];
      if (key !== undefined) record({ kind: "remove", key: String(key), index });
    },
    /** Call when a move or removal was refused: it will not show. */
    refused: (key: string | number) => {
      changes.current = changes.current.filter((c) => c.key !== String(key));
    },
  };
}

type FieldArray = {
  fields: readonly { id: string }[];
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
};

/**
 * useRowFocus over a react-hook-form field array: its rows keyed by their field ids, and its
 * `remove` and `move` that keep the focus with the rows.
 */
export function useFieldArrayFocus(array: FieldArray) {
  const rows = useRowFocus(array.fields.map((f) => f.id));
  return {
    ...rows,
    remove: (index: number) => {
      rows.removing(index);
      array.remove(index);
    },
    move: (from: number, to: number) => {
      const key = array.fields[from]?.id;
      if (key !== undefined) rows.moving(key, to < from);
      array.move(from, to);
    },
  };
}
