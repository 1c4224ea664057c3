"use client";

import { useEffect, useRef } from "react";

/**
 * For a form that keeps the server's field errors itself (a Map, not react-hook-form): once a
 * refusal is shown, its first refused field (`aria-invalid`, set by `FormField` and the boxes of a
 * `CheckboxGroup`) takes the focus, which scrolls it into view, as `placeServerErrors` does in the
 * other forms. The person is at the submit button, which may be screens below the field (a new
 * care provider's form ends with a box for each of up to a hundred clients), and the focus left
 * there said nothing. Give the returned ref to the form.
 */
export function useFocusRefused(errors: ReadonlyMap<string, string>) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (errors.size === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
