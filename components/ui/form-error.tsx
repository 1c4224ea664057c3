"use client";

import { useEffect, useRef } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { Callout } from "@/components/ui/callout";

/**
 * A form's own error (not one field's), at the top of the form: brought into view when it appears
 * or changes, since the person who sent the form is at its button, at the other end.
 */
export function FormError({ message }: { message: string | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box}>
      <Callout role="alert" className="my-0">
        {message}
      </Callout>
    </div>
  );
}

/**
 * Puts the server's messages, each [field, words], at the form's fields; the first placed takes the
 * focus (and comes into view), as a field the form's own checks refuse does. Returns the messages
 * no field holds, for the form's own error.
 */
export function placeServerErrors<T extends FieldValues>(
  messages: Iterable<[string, string]>,
  fieldOf: (field: string) => FieldPath<T> | undefined,
  setError: UseFormSetError<T>,
): string[] {
  const unplaced: string[] = [];
  let placed = 0;
  for (const [field, message] of messages) {
    const target = fieldOf(field);
    if (target) setError(target, { type: "server", message }, { shouldFocus: placed++ === 0 });
    else unplaced.push(message);
  }
  return unplaced;
}
