import { createBook } from "@/lib/authoring/create-book";
import { listBooks } from "@/lib/catalog/list-books";
import { gateway, route } from "@/lib/gateway/handler";
import * as authoring from "@/lib/operations/authoring";
import * as op from "@/lib/operations/catalog";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.listBooks, ({ scope, query }) => listBooks(scope, query)),
  gateway(authoring.createBook, ({ scope, body }) => createBook(scope, body)),
);
