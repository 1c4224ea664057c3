"use client";

import { type RefObject, useEffect, useRef } from "react";

/**
 * A list's filter that the server drew (its search box, a select): what the person typed or chose
 * in it before the page's scripts ran stays in the field, but React hydrates over it without a
 * change, so the list went on showing what the field no longer said (a search typed, every client
 * listed). Once the scripts have run, a field that says something else than the page's state is
 * given to `onChange`, as a change would have been. The field's ref.
 */
export function useChosenBeforeScripts<E extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onChange: (value: string) => void,
) {
  const field = useRef<E>(null);
  useOnceScriptsRun(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== value) onChange(shown);
  });
  return field;
}

/**
 * A file field that the server drew: a file chosen in it before the page's scripts ran is in the
 * field with no change to say so (no preview, "No file chosen", an image not sent). Once the
 * scripts have run, that file is given to `onFile`, as a change would have.
 */
export function useFileChosenBeforeScripts(field: RefObject<HTMLInputElement | null>, onFile: (file: File) => void) {
  useOnceScriptsRun(() => {
    const file = field.current?.files?.[0];
    if (file) onFile(file);
  });
}

/** `look` once, after the first render the page's scripts make (the hydration's, or a first draw). */
function useOnceScriptsRun(look: () => void) {
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    look();
  });
}
