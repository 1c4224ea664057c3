import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageFrame } from "@/components/page-frame";
import { ScheduleSessionsForm } from "@/components/sessions/schedule-sessions-form";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { IdParam, LocalDate, LocalTime } from "@/lib/schemas/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Schedule sessions" };

// Scheduling a client's next sessions, for the care team and the clinic's staff. "Plan the next
// session" links here with the following week and the books; a prefill that is not valid is left out.
export default async function ScheduleSessionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ date?: string; time?: string; books?: string }>;
}) {
  const { id } = await params;
  const q = await searchParams;
  const clientId = IdParam.safeParse(id).data;
  if (clientId === undefined) notFound();
  const session = await requireWebSession(["CLINIC", "CAREGIVER"], pages.scheduleSessions(clientId));
  const bookIds = (q.books ?? "")
    .split(",")
    .flatMap((b) => {
      const n = IdParam.safeParse(b).data;
      return n === undefined ? [] : [n];
    })
    .slice(0, 50);
  return (
    <PageFrame session={session}>
      <ScheduleSessionsForm
        clientId={clientId}
        staff={session.user.role === "CLINIC"}
        self={session.user.caregiverId}
        prefill={{
          // The form's date input speaks YYYY-MM-DD.
          date: LocalDate.safeParse(q.date).data?.replaceAll("/", "-"),
          time: LocalTime.safeParse(q.time).data,
          bookIds: [...new Set(bookIds)],
        }}
      />
    </PageFrame>
  );
}
