/**
 * An element the page moves the focus to (tabIndex -1: a heading, a note) after what the person did.
 * Not a control, but after a key press it shows where the focus went, as a control's ring does; a
 * click shows nothing (`:focus-visible`).
 */
export const FOCUS_TARGET = "rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
