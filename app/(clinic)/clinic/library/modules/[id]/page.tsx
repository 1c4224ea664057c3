import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EditModule } from "@/components/library/module-editor";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";
import { IdParam } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Module" };

export default async function ModulePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdParam.safeParse(id).success) notFound();
  const session = await requireWebSession("CLINIC", pages.module(Number(id)));
  return (
    <PageFrame session={session}>
      <EditModule id={Number(id)} />
    </PageFrame>
  );
}
