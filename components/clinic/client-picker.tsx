"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDebounced } from "@/components/use-debounced";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { queries } from "@/lib/api-client/queries";
import { counted } from "@/lib/api-client/words";

type Client = { id: number; name: string; email: string; externalClientId: string | null };
export type PickableClients = { clients: Client[]; total: number };

/** From this many clients on, the boxes are more than a phone's screen: a field finds one. */
const FIND_FROM = 10;

/** The server is asked once typing pauses this long: each client a search finds is an audited read. */
const ASK_AFTER_MS = 300;

/** What the field finds by, in the words of the client list's search. */
const holds = (c: Client, typed: string) => {
  const t = typed.toLocaleLowerCase();
  return [c.name, c.email, c.externalClientId ?? ""].some((f) => f.toLocaleLowerCase().includes(t));
};

/**
 * The clients a care provider joins the care team of (a new one's form, or their page's "Add to care
 * teams", which must choose one: `required`, and leaves out the teams they are on: `exclude`): a box
 * for each of the newest hundred and, for a clinic of many, a field that finds any client. When the
 * hundred are all the clinic's clients it narrows them as typed; beyond that it asks the server once
 * typing pauses (found by a review as staff, 2026-12-07: the others could be joined only from each
 * one's edit page). Ticked clients stay listed whatever is typed, so what was chosen stays in sight
 * and can be undone; a status under the field says how many match, read out as it changes. Enter in
 * the field does not send the form: a person who types a name and presses Enter means to find.
 */
export function ClientPicker({
  first,
  exclude,
  hint,
  value,
  onChange,
  error,
  required,
}: {
  first: PickableClients;
  exclude?: ReadonlySet<number>;
  hint: string;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  required?: boolean;
}) {
  const [find, setFind] = useState("");
  // The clients ticked, by id: one found by a search stays listed once the search is another.
  const [ticked, setTicked] = useState<ReadonlyMap<number, Client>>(new Map());
  const typed = find.trim();
  const whole = first.clients.length >= first.total;
  const asked = useDebounced(whole ? "" : typed, ASK_AFTER_MS);
  const found = useQuery({
    ...queries.pickableClients(asked),
    enabled: asked !== "",
    placeholderData: keepPreviousData,
  });
  const offer = (cs: Client[]) => cs.filter((c) => !exclude?.has(c.id));

  // What the boxes are drawn from, and what the status says of it.
  let listed: Client[];
  let said: string;
  if (!typed) {
    listed = offer(first.clients);
    said = "";
  } else if (whole) {
    listed = offer(first.clients.filter((c) => holds(c, typed)));
    said = matchWords(listed.length, listed.length, typed);
  } else if (asked !== typed || !found.data || found.isPlaceholderData) {
    listed = offer(found.data?.clients ?? []);
    said = found.isError ? "The clients could not be found. Please try again." : "Finding clients…";
  } else {
    listed = offer(found.data.clients);
    said = matchWords(listed.length, found.data.total - (found.data.clients.length - listed.length), typed);
  }
  const listedIds = new Set(listed.map((c) => c.id));
  const tickedElsewhere = value.flatMap((id) => {
    const c = ticked.get(id) ?? first.clients.find((k) => k.id === id);
    return c && !listedIds.has(id) ? [c] : [];
  });
  // Whole: the boxes keep their order, ticked ones among them; found: the ticked ones lead.
  const shown = whole
    ? first.clients.filter((c) => listedIds.has(c.id) || value.includes(c.id))
    : [...tickedElsewhere, ...listed];

  const finder = first.total >= FIND_FROM && (
    <div className="flex max-w-md flex-col gap-1.5 pb-1">
      <FormField
        id="cp-find-client"
        label="Find a client"
        plain
        hint="By name, email or external id. Ticked clients stay listed."
      >
        <Input
          type="search"
          autoComplete="off"
          value={find}
          onChange={(e) => {
            setFind(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault();
          }}
        />
      </FormField>
      {/* Always on the page, so that each new count is said. */}
      <p role="status" className="text-sm text-muted-foreground">
        {said}
      </p>
    </div>
  );
  return (
    <CheckboxGroup
      id="cp-clients"
      legend="Care team of"
      hint={hint}
      filter={finder}
      options={shown.map((c) => ({ id: c.id, label: c.name }))}
      value={value}
      onChange={(next) => {
        const byId = new Map(shown.map((c) => [c.id, c]));
        setTicked((was) => {
          const now = new Map<number, Client>();
          for (const id of next) {
            const c = was.get(id) ?? byId.get(id);
            if (c) now.set(id, c);
          }
          return now;
        });
        onChange(next);
      }}
      error={error}
      required={required}
    />
  );
}

/** How many clients a search matched; past the hundred listed, that the rest are a longer word away. */
function matchWords(listed: number, matched: number, typed: string) {
  if (matched === 0) return `No client matches “${typed}”.`;
  const n = `${counted(matched, "client matches", "clients match")} “${typed}”.`;
  return listed < matched ? `${n} The first ${String(listed)} are listed: type more to find the others.` : n;
}
