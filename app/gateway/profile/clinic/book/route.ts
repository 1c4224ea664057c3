import { createBook } from "@/lib/authoring/create-book";
import { gateway, route } from "@/lib/gateway/handler";
import { reads, serveRead } from "@/lib/gateway/reads";
import * as authoring from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  serveRead(reads.listBooks),
  gateway(authoring.createBook, ({ scope, body }) => createBook(scope, body)),
);
