import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { keys } from "./keys";
import { conversationQueries } from "./messages";

// Apart from messages.ts, which the server's page reads import: this hook is the browser's alone.

/**
 * The caller's unread messages over all their conversations, polled; when the number changes (a
 * message came, or was read elsewhere), the lists of conversations on the page are read again.
 */
export function useUnreadTotal() {
  const qc = useQueryClient();
  const total = useQuery(conversationQueries.unreadCount()).data?.unread;
  const seen = useRef(total);
  useEffect(() => {
    if (total === undefined) return;
    if (seen.current !== undefined && seen.current !== total)
      void qc.invalidateQueries({ queryKey: keys.conversations.lists });
    seen.current = total;
  }, [total, qc]);
  return total ?? 0;
}
