import type { Metadata } from "next";
import { ClinicSettingsPage } from "@/components/clinic/clinic-settings-form";
import { PageFrame } from "@/components/page-frame";
import { pages } from "@/lib/api-client/paths";
import { requireWebSession } from "@/lib/auth/page-session";
import { env } from "@/lib/env";

// Per request: the session decides what the page shows.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Clinic settings" };

export default async function ClinicSettings() {
  const session = await requireWebSession("CLINIC", pages.clinicSettings);
  return (
    <PageFrame session={session}>
      <ClinicSettingsPage dutyHours={env().ALERT_DUTY_HOURS} />
    </PageFrame>
  );
}
