import { route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";

export const { GET, POST, PUT, PATCH, DELETE } = route(serveRead(reads.readAssignmentResult));
