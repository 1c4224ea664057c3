"use client";

import { useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { LocalDate } from "@/components/local-date";
import { ApiError } from "@/lib/api-client/api-fetch";
import { counted } from "@/lib/api-client/words";
import { mutateThen, useInvite } from "@/lib/api-client/mutations";
import { INVITATION_EMAILS_PER_HOUR } from "@/lib/invitations/email-limit";

type Props = {
  who: { caregiverId: number } | { clientId: number };
  /** Whether the person may get a link now; otherwise `why` says why not. */
  invitable: boolean;
  why?: string;
  /** The state of their most recent link, in words, if they have had one. */
  current?: string;
  /** Whether their most recent link still works: renewing it then asks first. */
  open?: boolean;
};

/**
 * Emails a person a new one-time invitation link (resending renews it), or only makes the link
 * for staff to hand over, and offers it to copy. Only its hash is stored, so the link is shown
 * once, right after it is made; renewing makes a new one and the previous link stops working.
 */
export function InvitationLink({ who, invitable, why, current, open = false }: Props) {
  const invite = useInvite(who);
  const [copied, setCopied] = useState(false);
  const urlField = useRef<HTMLInputElement>(null);
  /** The kind of renewal waiting for confirmation: by email, or the link only. */
  const [confirming, setConfirming] = useState<{ email: boolean } | null>(null);
  const link = invite.data;
  const renew = (email: boolean) => {
    setCopied(false);
    mutateThen(invite, { email }, (r) =>
      toast.success(r.emailedTo ? `Invitation sent to ${r.emailedTo}.` : "A new invitation link is ready."),
    );
  };
  // A link that still works stops working once replaced: ask before that.
  const ask = (email: boolean) => {
    if (open || link) setConfirming({ email });
    else renew(email);
  };
  const again = Boolean(current || link);
  return (
    <Card role="region" aria-labelledby="invitation-heading">
      <CardHeader>
        <CardTitle id="invitation-heading">Invitation link</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {invitable
            ? "A one-time link, valid 7 days, where they choose a username and password: email it to them, or make the link and send it yourself. A new link replaces the previous one."
            : why}
        </p>
        {current && <p className="text-sm">{current}</p>}
        {invite.error instanceof ApiError && invite.error.status === 429 ? (
          <Callout role="alert">{tooManyEmails(invite.error.retryAfter)}</Callout>
        ) : (
          invite.isError && <ErrorState error={invite.error} className="my-0" />
        )}
        {link?.emailedTo && (
          <p role="status" className="text-sm">
            Emailed to <span className="font-medium break-all">{link.emailedTo}</span>. The email may take a minute.
          </p>
        )}
        {link && (
          <div className="flex flex-col gap-2">
            <FormField id="invitation-url" label="Link to send" plain>
              <Input
                ref={urlField}
                readOnly
                value={link.url}
                onFocus={(e) => {
                  e.currentTarget.select();
                }}
              />
            </FormField>
            <p className="text-sm text-muted-foreground">
              Valid until <LocalDate value={link.expiresAt} />. It is shown only now.
            </p>
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => {
                // A page that is no secure context (plain HTTP at a network name) has no clipboard:
                // that fails as a refused copy does, and the link is selected for the person to copy.
                // Called in the click itself, which some browsers require of a copy.
                const copy =
                  "clipboard" in navigator
                    ? navigator.clipboard.writeText(link.url)
                    : Promise.reject(new Error("no clipboard on this page"));
                copy.then(
                  () => {
                    setCopied(true);
                    toast.success("Invitation link copied.");
                  },
                  () => {
                    toast.error("Copying failed: select the link and copy it.");
                    urlField.current?.focus();
                    urlField.current?.select();
                  },
                );
              }}
            >
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
        )}
        {invitable && (
          <div className="flex flex-wrap gap-2">
            <Button
              className="w-fit"
              pending={invite.isPending}
              onClick={() => {
                ask(true);
              }}
            >
              {again ? "Resend invitation by email" : "Send invitation by email"}
            </Button>
            <Button
              className="w-fit"
              variant="outline"
              pending={invite.isPending}
              onClick={() => {
                ask(false);
              }}
            >
              {again ? "Renew invitation link" : "Create invitation link"}
            </Button>
          </div>
        )}
        {invite.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            Making a link…
          </p>
        )}
        <AlertDialog
          open={confirming !== null}
          onOpenChange={(o) => {
            if (!o) setConfirming(null);
          }}
        >
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Replace the open invitation link?</AlertDialogTitle>
              <AlertDialogDescription>
                The link already sent stops working: only the new link lets them choose a sign-in.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                onClick={() => {
                  const email = confirming?.email ?? false;
                  setConfirming(null);
                  renew(email);
                }}
              >
                {confirming?.email ? "Replace the link and email it" : "Replace the link"}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

/**
 * The server's limit on invitation emails to one person, in words: when the next can go, that
 * nothing changed, and the way that is left (a link handed over by staff).
 */
function tooManyEmails(retryAfter: number | undefined) {
  const minutes = Math.max(1, Math.ceil((retryAfter ?? 3600) / 60));
  return `They were emailed an invitation ${String(INVITATION_EMAILS_PER_HOUR)} times within the hour: the next email can go in ${counted(minutes, "minute", "minutes")}. Nothing was changed: a link already sent still works. To send them a new link yourself, use “Renew invitation link”.`;
}
