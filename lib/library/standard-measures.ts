import { MEASURES } from "./measures";

// The library's measures are validated instruments: their items, answers, scoring, bands and
// alerts are what their manuals publish, and a clinic's copy keeps its library key, so its scores
// join the same trend as every other copy's (docs/care-team-results.md). A copy that changed them
// would still be read as the instrument, so a copy of a measure may be renamed but not changed
// (docs/library.md, "Standard measures").
const STANDARD_KEYS = new Set(MEASURES.map((m) => m.key));

/** Whether a module copied from the library with this key is a standard measure. */
export const isStandardMeasure = (libraryKey: string | null) => libraryKey !== null && STANDARD_KEYS.has(libraryKey);
