import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import type { ActivationStatus } from "@/lib/schemas/caregiver";
import { activationStatusWords } from "@/lib/api-client/words";

type Status = z.infer<typeof ActivationStatus>;

// Green may sign in, amber is on the way in (may accept an invitation), grey may not sign in.
const COLOUR: Record<Status, "success" | "warning" | "secondary"> = {
  ACTIVE: "success",
  VERIFIED: "success",
  INVITED: "warning",
  PENDING: "warning",
  OPEN: "warning",
  INACTIVE: "secondary",
  DECLINED: "secondary",
};

/** A care provider's activation status as a coloured badge in plain words. */
export function ActivationBadge({ value }: { value: Status }) {
  return <Badge variant={COLOUR[value]}>{activationStatusWords[value]}</Badge>;
}
