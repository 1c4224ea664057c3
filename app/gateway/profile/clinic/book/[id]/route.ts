import { readBook } from "@/lib/authoring/read-book";
import { updateBook } from "@/lib/authoring/update-book";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/authoring";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readBook, ({ scope, params }) => readBook(scope, params.id)),
  gateway(op.updateBook, ({ scope, params, body }) => updateBook(scope, params.id, body)),
);
