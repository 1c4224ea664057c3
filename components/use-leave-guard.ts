"use client";

import { useEffect } from "react";
import { useWatch, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";

export const LEAVE_QUESTION = "Leave this page? What you changed is not saved.";

/** What this guard reads of the Navigation API's `navigate` event (not in TypeScript's DOM types). */
type NavigateEvent = Event & { navigationType: string; hashChange: boolean };
const isNavigateEvent = (ev: Event): ev is NavigateEvent => "navigationType" in ev && "hashChange" in ev;

/** A link to a place on this very page (the skip link's "#main"): following it leaves nothing. */
const onThisPage = (link: HTMLAnchorElement) =>
  link.origin === location.origin && link.pathname === location.pathname && link.search === location.search;

/**
 * While `dirty`, leaving the page asks first: a link within the app (the router follows it with no
 * event a page can refuse, so the click is caught before it), the browser's Back and Forward where
 * the browser lets a page refuse them, and closing or reloading the tab (the browser's own
 * question). A module of ten questions was lost to one click on "← Book".
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const unload = (ev: BeforeUnloadEvent) => {
      ev.preventDefault();
    };
    const click = (ev: MouseEvent) => {
      const link = ev.target instanceof Element ? ev.target.closest("a[href]") : null;
      // A new tab or window leaves this page as it is.
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || onThisPage(link)) return;
      if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
      if (window.confirm(LEAVE_QUESTION)) return;
      ev.preventDefault();
      ev.stopPropagation();
    };
    // The browser's Back and Forward within the app: the Navigation API's `navigate` event says
    // whether this traversal may be refused (`cancelable`: not always, lest a page trap its
    // visitor). Leaving to a page loaded on its own asks through `beforeunload`; a Back that only
    // changes the URL's #place leaves nothing. Where the browser has no Navigation API, Back
    // leaves as before.
    const onTraverse = (ev: Event) => {
      if (!isNavigateEvent(ev) || ev.navigationType !== "traverse" || !ev.cancelable || ev.hashChange) return;
      if (!window.confirm(LEAVE_QUESTION)) ev.preventDefault();
    };
    const navigation: unknown = Reflect.get(window, "navigation");
    const traversals = navigation instanceof EventTarget ? navigation : null;
    window.addEventListener("beforeunload", unload);
    document.addEventListener("click", click, true);
    traversals?.addEventListener("navigate", onTraverse);
    return () => {
      window.removeEventListener("beforeunload", unload);
      document.removeEventListener("click", click, true);
      traversals?.removeEventListener("navigate", onTraverse);
    };
  }, [dirty]);
}

/**
 * The same for a form kept on its record as last read (`useFormFollows`): it asks while what is
 * typed differs from that reading, and not once a save has been read back.
 */
export function useFormLeaveGuard<T extends FieldValues>(form: UseFormReturn<T>, read: DefaultValues<T>) {
  const typed = useWatch({ control: form.control });
  useLeaveGuard(JSON.stringify(typed) !== JSON.stringify(read));
}
