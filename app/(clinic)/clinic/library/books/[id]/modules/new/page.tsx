import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NewModule } from "@/components/library/module-editor";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "New module" };

export default async function NewModulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CLINIC", pages.newModule(Number(id)));
  return (
    <PageFrame session={session}>
      <NewModule bookId={Number(id)} />
    </PageFrame>
  );
}
