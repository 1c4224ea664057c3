"use client";

import { useState } from "react";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { counted } from "@/lib/api-client/words";

type Client = { id: number; name: string };

/** From this many clients on, the boxes are more than a phone's screen: a field finds one. */
const FIND_FROM = 10;

/**
 * The clients a care provider joins the care team of (a new one's form, or their page's "Add to care
 * teams", which must choose one: `required`): a box for each (the newest hundred), and,
 * for a clinic of many, a field that narrows the boxes to the names that hold what is typed. Ticked
 * clients stay listed whatever is typed, so what was chosen stays in sight and can be undone; a
 * status under the field says how many match, read out as it changes. Enter in the field does not
 * send the form: a person who types a name and presses Enter means to find, not to add.
 */
export function ClientPicker({
  clients,
  hint,
  value,
  onChange,
  error,
  required,
}: {
  clients: Client[];
  hint: string;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  required?: boolean;
}) {
  const [find, setFind] = useState("");
  const typed = find.trim();
  const matches = (c: Client) => c.name.toLocaleLowerCase().includes(typed.toLocaleLowerCase());
  const shown = typed ? clients.filter((c) => matches(c) || value.includes(c.id)) : clients;
  const matching = clients.filter(matches).length;
  const finder = clients.length >= FIND_FROM && (
    <div className="flex max-w-md flex-col gap-1.5 pb-1">
      <FormField id="cp-find-client" label="Find a client" plain hint="By name. Ticked clients stay listed.">
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
        {!typed
          ? ""
          : matching === 0
            ? `No client matches “${typed}”.`
            : `${counted(matching, "client matches", "clients match")} “${typed}”.`}
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
      onChange={onChange}
      error={error}
      required={required}
    />
  );
}
