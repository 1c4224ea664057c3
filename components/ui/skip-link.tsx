/** The id of a page's main landmark, which the skip link goes to: the next Tab starts inside it. */
export const MAIN_ID = "main";

/**
 * The first stop of the keyboard on a signed-in page: past the header and the navigation to the
 * page's own content. Shown only while it has the focus.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-card font-medium text-primary shadow-md outline-none focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-2 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {label}
    </a>
  );
}
