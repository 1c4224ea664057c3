"use client";

import { useQuery } from "@tanstack/react-query";
import { textLinkVariants } from "@/components/ui/text-link";
import { conversationQueries } from "@/lib/api-client/messages";
import { WORKLIST_FIRST, queries } from "@/lib/api-client/queries";
import { counted } from "@/lib/api-client/words";

/**
 * On a phone the home's worklists sit below the sessions' cards: Feedback due three screens down
 * for a caseload of thirty, Unread messages five, with nothing at the top to say they were there
 * (found by a review as a caregiver with a caseload). A line under the alerts' says how much waits
 * in each and leads to it. Where the lists are beside the sessions it is there for the keyboard, as
 * the alerts' line is: shown while it has the focus. The counts are the cards' own reads.
 */
export function WorklistLinks() {
  const due = useQuery({ ...queries.feedbackDue(), select: (p) => p.totalElements }).data ?? 0;
  const unread =
    useQuery({
      ...conversationQueries.list({ unread: true, page: 0, size: WORKLIST_FIRST }),
      select: (p) => p.totalElements,
    }).data ?? 0;
  if (due === 0 && unread === 0) return null;
  return (
    <ul
      aria-label="Waiting for you"
      className="mb-6 flex flex-wrap gap-x-6 gap-y-2 lg:sr-only lg:focus-within:not-sr-only"
    >
      {due > 0 && (
        <li>
          <a href="#due-heading" className={textLinkVariants()}>
            {String(due)} waiting for your feedback
          </a>
        </li>
      )}
      {unread > 0 && (
        <li>
          <a href="#unread-heading" className={textLinkVariants()}>
            {counted(unread, "conversation", "conversations")} with unread messages
          </a>
        </li>
      )}
    </ul>
  );
}
