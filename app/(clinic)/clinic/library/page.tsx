import type { Metadata } from "next";
import { Library } from "@/components/library/library";
import { PageFrame } from "@/components/page-frame";
import { requireWebSession } from "@/lib/auth/page-session";
import { pages } from "@/lib/api-client/paths";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Library" };

export default async function LibraryPage() {
  const session = await requireWebSession("CLINIC", pages.library);
  return (
    <PageFrame session={session}>
      <Library />
    </PageFrame>
  );
}
