"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type SubmitEvent } from "react";
import { useOpenInPlace } from "@/components/use-open-in-place";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useCreateBook } from "@/lib/api-client/authoring-mutations";
import { pages } from "@/lib/api-client/paths";
import { fieldMessages } from "@/lib/api-client/plain-words";
import { queries } from "@/lib/api-client/queries";
import { formOptionalText, formText } from "@/lib/utils";
import { FrenchNameField } from "./french-name-field";

/** The clinic's library: its books (with their modules) and its design plans, each with its editor. */
export function Library() {
  const { open: adding, opener, panel, show, close } = useOpenInPlace();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <PageTitle>Library</PageTitle>
        <p className="text-sm text-muted-foreground">
          Books of modules given as homework, and design plans: programs of weeks of books.
        </p>
      </div>
      <section aria-labelledby="books-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionTitle id="books-heading">Books</SectionTitle>
          {!adding && (
            <Button ref={opener} onClick={show}>
              New book
            </Button>
          )}
        </div>
        {adding && (
          <div ref={panel}>
            <NewBookForm onCancel={close} />
          </div>
        )}
        <Books />
      </section>
      <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionTitle id="plans-heading">Design plans</SectionTitle>
          <Button asChild>
            <Link href={pages.newDesignPlan}>New design plan</Link>
          </Button>
        </div>
        <Plans />
      </section>
      <Archived />
    </div>
  );
}

/** The archived books and design plans, each a link to its page (where it can be brought back); nothing when none. */
function Archived() {
  const books = useQuery(queries.archivedBooks());
  const plans = useQuery(queries.archivedDesignPlans());
  if (books.isError || plans.isError) return <ErrorState error={books.error ?? plans.error} />;
  if (!books.data?.length && !plans.data?.length) return null;
  const list = (title: string, items: { id: number; name: string }[], href: (id: number) => string) =>
    items.length > 0 && (
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{title}</h3>
        <ul className="flex flex-col gap-1">
          {items.map((i) => (
            <li key={i.id}>
              <TextLink href={href(i.id)}>{i.name}</TextLink>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <section aria-labelledby="archived-heading" className="flex flex-col gap-4">
      <SectionTitle id="archived-heading">Archived</SectionTitle>
      <p className="text-sm text-muted-foreground">
        No longer offered as homework or for scheduling; what was given from them keeps them. Open one to bring it back.
      </p>
      {list("Books", books.data ?? [], pages.book)}
      {list("Design plans", plans.data ?? [], pages.designPlan)}
    </section>
  );
}

function Books() {
  const q = useQuery(queries.books());
  if (q.isPending) return <Loading what="books" />;
  if (q.isError) return <ErrorState error={q.error} />;
  if (q.data.length === 0) return <Empty>No books yet. Make the first one with “New book”.</Empty>;
  return (
    <Table>
      <TableCaption>Books of the clinic</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Book</TableHead>
          <TableHead>Modules</TableHead>
          <TableHead>Tests</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {q.data.map((b) => (
          <TableRow key={b.id}>
            <TableCell>
              <TextLink href={pages.book(b.id)}>{b.name}</TextLink>
            </TableCell>
            <TableCell label="Modules">{b.modules.length}</TableCell>
            <TableCell label="Tests">{b.modules.filter((m) => m.isTest).length}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Plans() {
  const q = useQuery(queries.designPlans());
  if (q.isPending) return <Loading what="design plans" />;
  if (q.isError) return <ErrorState error={q.error} />;
  if (q.data.length === 0) return <Empty>No design plans yet. Make the first one with “New design plan”.</Empty>;
  return (
    <ul className="flex flex-col gap-2">
      {q.data.map((p) => (
        <li key={p.id} className="rounded-xl border bg-card p-4">
          <TextLink href={pages.designPlan(p.id)}>{p.name}</TextLink>
          {p.description && <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>}
        </li>
      ))}
    </ul>
  );
}

function NewBookForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const create = useCreateBook();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  async function onSubmit(ev: SubmitEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = new FormData(ev.currentTarget);
    setErrors(new Map());
    try {
      const book = await create.mutateAsync({
        name: formText(form, "name"),
        nameFr: formOptionalText(form, "nameFr"),
        description: formText(form, "description"),
      });
      toast.success(`Book “${book.name}” created.`);
      router.push(pages.book(book.id));
    } catch (err) {
      if (err instanceof ApiError) setErrors(fieldMessages(err.errors));
    }
  }
  return (
    <form
      method="post"
      onSubmit={(ev) => void onSubmit(ev)}
      noValidate
      aria-label="New book"
      className="flex flex-col gap-4"
    >
      {create.isError && !errors.size && <ErrorState error={create.error} className="my-0" />}
      <FieldSet>
        <FieldLegend>New book</FieldLegend>
        <FormField id="nb-name" label="Name" required error={errors.get("name")}>
          <Input name="name" autoComplete="off" />
        </FormField>
        <FrenchNameField id="nb-name-fr" name="nameFr" error={errors.get("nameFr")} />
        <FormField id="nb-description" label="Description" error={errors.get("description")}>
          <Textarea name="description" />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={create.isPending}>{create.isPending ? "Creating…" : "Create book"}</SubmitButton>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </FieldSet>
    </form>
  );
}
