import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookEditor } from "@/components/library/book-editor";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Book" };

export default async function BookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CLINIC", pages.book(Number(id)));
  return (
    <PageFrame session={session}>
      <BookEditor id={Number(id)} />
    </PageFrame>
  );
}
