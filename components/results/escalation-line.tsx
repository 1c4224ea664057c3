import { LocalDate } from "@/components/local-date";

/**
 * Who was told that an urgent alert went unreviewed, after the sentence it follows: the clinic's
 * staff, then its duty contact. Nothing when nobody was.
 */
export function EscalationLine({ escalatedAt, dutyToldAt }: { escalatedAt: string | null; dutyToldAt: string | null }) {
  return (
    <>
      {escalatedAt && (
        <>
          {" "}
          The clinic&apos;s staff were told on <LocalDate value={escalatedAt} />.
        </>
      )}
      {dutyToldAt && (
        <>
          {" "}
          The clinic&apos;s duty contact was told on <LocalDate value={dutyToldAt} />.
        </>
      )}
    </>
  );
}
