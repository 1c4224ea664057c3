import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { MessagePage } from "@/components/message-page";
import { SiteHeader } from "@/components/site-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pages } from "@/lib/api-client/paths";
import { readInvitation, type InvitationView } from "@/lib/invitations/read-invitation";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" };

// Why a link does not work, in words the invitee can act on.
const REFUSED: Record<Exclude<InvitationView["state"], "OPEN">, { title: string; text: string }> = {
  USED: {
    title: "This invitation was already used",
    text: "Sign in with the username and password chosen when it was used. If that was not you, contact your clinic.",
  },
  EXPIRED: {
    title: "This invitation has expired",
    text: "Invitation links work for 7 days. Ask your clinic for a new link.",
  },
  REVOKED: {
    title: "This invitation was replaced",
    text: "Your clinic made a newer link, and only the newest one works. Use the latest link you received.",
  },
  CLOSED: {
    title: "This invitation no longer applies",
    text: "You already have a sign-in, or your clinic changed your access. Sign in, or contact your clinic.",
  },
  UNKNOWN: {
    title: "This invitation link is not valid",
    text: "Check that you opened the whole link from your clinic, or ask them for a new one.",
  },
};

/** The page of a one-time invitation link: no sign-in needed; the link itself is the credential. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await readInvitation(token);
  if (invitation.state !== "OPEN") {
    const r = REFUSED[invitation.state];
    return (
      <>
        <SiteHeader />
        <MessagePage
          eyebrow="Invitation"
          title={r.title}
          actions={
            <Button asChild>
              <Link href={pages.signIn}>Go to sign-in</Link>
            </Button>
          }
        >
          {r.text}
        </MessagePage>
      </>
    );
  }
  return (
    <>
      <SiteHeader />
      <main className="mx-auto flex max-w-md flex-col justify-center px-4 py-12">
        <Card>
          <CardHeader className="flex-col">
            <CardTitle as="h1" className="text-2xl">
              Welcome, {invitation.name}
            </CardTitle>
            <CardDescription>
              {invitation.clinicName} invites you to the platform
              {invitation.role === "CAREGIVER" ? " as a care provider" : ""}. Choose a username and a password.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <AcceptInvitationForm token={token} email={invitation.email} />
          </CardContent>
        </Card>
      </main>
    </>
  );
}
