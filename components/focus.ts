"use client";

/**
 * Whether the focus is nowhere (on the page itself): what had it was removed or disabled. Code that
 * gives the focus back asks this first, so someone who has moved on elsewhere keeps their place.
 */
export const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;
