"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import type { AssignmentStatus } from "@/lib/schemas/session";

type Status = z.infer<typeof AssignmentStatus>;

const COLOUR = { PENDING: "secondary", IN_PROGRESS: "warning", COMPLETE: "success" } as const satisfies Record<
  Status,
  string
>;

/** An assignment's state in the client's words and language. */
export function AssignmentStatusBadge({ status }: { status: Status }) {
  const t = useTranslations("status");
  return <Badge variant={COLOUR[status]}>{t(status)}</Badge>;
}
