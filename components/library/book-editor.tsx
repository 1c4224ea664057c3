"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Textarea } from "@/components/ui/textarea";
import { useFormFollows } from "@/components/use-form-follows";
import { useFormLeaveGuard } from "@/components/use-leave-guard";
import { useRowFocus } from "@/components/use-row-focus";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useRemoveModule, useReorderModules, useUpdateBook } from "@/lib/api-client/authoring-mutations";
import { mutateThen } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { NOTHING_TO_SAVE } from "@/lib/api-client/words";
import type { BookDetailT } from "@/lib/schemas/authoring";
import { blankToNull, changedFields } from "@/lib/utils";
import { ArchivePanel } from "./archive-panel";
import { FrenchNameField } from "./french-name-field";

/** One book: its name and description, and its modules in order (edit, move, remove, add). */
export function BookEditor({ id }: { id: number }) {
  const q = useQuery(queries.book(id));
  const archiving = useUpdateBook(id);
  if (q.isPending) return <Loading what="the book" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const book = q.data;
  const archive = <ArchivePanel what="book" name={book.name} archived={book.archived} change={archiving} />;
  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.library}>← Library</TextLink>
      <PageTitle>{book.name}</PageTitle>
      {book.archived && archive}
      <DetailsForm book={book} />
      <Modules book={book} />
      {!book.archived && archive}
    </div>
  );
}

type DetailsFormT = { name: string; nameFr: string; description: string };

function DetailsForm({ book }: { book: BookDetailT }) {
  const update = useUpdateBook(book.id);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const read = { name: book.name, nameFr: book.nameFr ?? "", description: book.description };
  const form = useForm<DetailsFormT>({ defaultValues: read });
  useFormFollows(form, read);
  useFormLeaveGuard(form, read);
  async function save(v: DetailsFormT) {
    setErrors(new Map());
    // Only what differs from the book as last read, so that a colleague's change saved meanwhile stands.
    const changes = changedFields(book, {
      name: v.name,
      nameFr: blankToNull(v.nameFr),
      description: v.description,
    });
    if (!changes) {
      toast.info(NOTHING_TO_SAVE);
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast.success("Book saved.");
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors));
    }
  }
  return (
    <form method="post" onSubmit={(ev) => void form.handleSubmit(save)(ev)} noValidate aria-label="Book details">
      <FieldSet>
        <FieldLegend>Details</FieldLegend>
        {update.isError && !errors.size && <ErrorState error={update.error} className="my-0" />}
        <FormField id="book-name" label="Name" required error={errors.get("name")}>
          <Input {...form.register("name")} autoComplete="off" />
        </FormField>
        <FrenchNameField id="book-name-fr" {...form.register("nameFr")} error={errors.get("nameFr")} />
        <FormField id="book-description" label="Description" error={errors.get("description")}>
          <Textarea {...form.register("description")} />
        </FormField>
        <SubmitButton className="w-fit" pending={update.isPending}>
          {update.isPending ? "Saving…" : "Save book"}
        </SubmitButton>
      </FieldSet>
    </form>
  );
}

function Modules({ book }: { book: BookDetailT }) {
  const reorder = useReorderModules(book.id);
  const remove = useRemoveModule();
  const ids = book.modules.map((m) => m.id);
  const rows = useRowFocus(ids);
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    rows.moving(moved, to < from);
    // The notice is read out: it says where the module went, which the focused button cannot.
    const name = book.modules[from]?.name ?? "The module";
    mutateThen(
      reorder,
      next,
      () => toast.success(`${name} is now ${String(to + 1)} of ${String(next.length)}.`),
      () => {
        rows.refused(moved);
      },
    );
  };
  return (
    <section aria-labelledby="modules-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionTitle id="modules-heading">Modules</SectionTitle>
        <Button asChild>
          <Link id={rows.fallbackId} href={pages.newModule(book.id)}>
            Add module
          </Link>
        </Button>
      </div>
      {reorder.isError && <ErrorState error={reorder.error} className="my-0" />}
      {remove.isError && <ErrorState error={remove.error} className="my-0" />}
      {book.modules.length === 0 ? (
        <Empty>No modules yet. Add the first one with “Add module”.</Empty>
      ) : (
        <Table>
          <TableCaption>Modules of {book.name}, in order</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Module</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Version</TableHead>
              <TableHead>French</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {book.modules.map((m, i) => (
              <TableRow key={m.id}>
                <TableCell>
                  <TextLink href={pages.module(m.id)}>{m.name}</TextLink>
                </TableCell>
                <TableCell label="Kind">
                  <span className="flex flex-wrap gap-2">
                    {m.isTest ? <Badge variant="secondary">Test</Badge> : <span>Module</span>}
                    {m.archived && <Badge variant="outline">Archived</Badge>}
                  </span>
                </TableCell>
                <TableCell label="Version">{m.version}</TableCell>
                <TableCell label="French">{frenchWords(m.french)}</TableCell>
                <TableCell label="Actions">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      id={rows.idOf(m.id, "up")}
                      unavailable={i === 0}
                      pending={reorder.isPending}
                      aria-label={`Move ${m.name} up`}
                      onClick={() => {
                        move(i, i - 1);
                      }}
                    >
                      Up
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      id={rows.idOf(m.id, "down")}
                      unavailable={i === book.modules.length - 1}
                      pending={reorder.isPending}
                      aria-label={`Move ${m.name} down`}
                      onClick={() => {
                        move(i, i + 1);
                      }}
                    >
                      Down
                    </Button>
                    <ConfirmButton
                      label="Remove"
                      size="sm"
                      variant="outline"
                      id={rows.idOf(m.id, "remove")}
                      aria-label={`Remove ${m.name}`}
                      title={`Remove ${m.name}?`}
                      description="Only a module that was never assigned can be removed; an assigned one stays so that its assignments keep their questions and answers."
                      confirm="Remove"
                      onConfirm={() => {
                        rows.removing(i);
                        mutateThen(
                          remove,
                          m.id,
                          () => toast.success(`${m.name} removed.`),
                          () => {
                            rows.refused(m.id);
                          },
                        );
                      }}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Card>
        <CardHeader>
          <CardTitle>How versions work</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          Saving a changed module makes its next version. New assignments get the newest; assignments already given keep
          the version they were given.
        </CardContent>
      </Card>
    </section>
  );
}

/** How much of a module is written in French, as the book's list says it. */
function frenchWords({ texts, missing }: BookDetailT["modules"][number]["french"]): string {
  if (texts === 0) return "Nothing to translate";
  if (missing === 0) return "Written";
  if (missing === texts) return "Not written";
  return `${String(missing)} of ${String(texts)} texts missing`;
}
