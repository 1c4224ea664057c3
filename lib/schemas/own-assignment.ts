import { z } from "zod";
import { PageQuery } from "./common";
import { RunningStatus } from "./session";

/** The query of the client's own assignments: a page of those whose session is in `time-state`. */
export const OwnAssignmentQuery = PageQuery.extend({
  "time-state": z.enum(RunningStatus.options, { error: "must be RUNNING, FUTURE or COMPLETED" }).meta({
    param: {
      description: "Required. The running status of the session the assignment is in: RUNNING, FUTURE or COMPLETED.",
      example: "RUNNING",
    },
  }),
});
