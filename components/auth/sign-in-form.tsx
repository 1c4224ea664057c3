"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong username or password, or this account has no web pages.",
  TooManyAttempts: "Too many sign-in attempts. For your account's safety, please wait a few minutes and try again.",
  SignInUnavailable: "Sign-in is not available at the moment. Please try again shortly.",
  NoPlatformUser:
    "Your organisation signed you in, but no clinic staff member or care provider on the platform has your email.",
  AmbiguousPlatformUser:
    "Your organisation signed you in, but your email belongs to more than one account here. Sign in with your username and password.",
  AccessDenied: "Access denied.",
  SessionRequired: "Please sign in to continue.",
};

export function SignInForm({ callbackUrl, error, hasIdp }: { callbackUrl: string; error?: string; hasIdp: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState(error ? (MESSAGES[error] ?? "Sign-in failed. Please try again.") : "");
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setMessage("");
    const res = await signIn("credentials", {
      username: String(form.get("username")),
      password: String(form.get("password")),
      callbackUrl,
      redirect: false,
    });
    setBusy(false);
    if (res?.ok && !res.error) router.push(res.url ?? callbackUrl);
    else setMessage(MESSAGES[res?.error ?? ""] ?? MESSAGES.CredentialsSignin!);
  }

  return (
    <div className="space-y-6">
      {message && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {message}
        </p>
      )}
      {hasIdp && (
        <>
          <button
            type="button"
            onClick={() => signIn("oidc", { callbackUrl })}
            className="w-full rounded-md bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Sign in with your organisation
          </button>
          <p className="text-center text-sm text-slate-600">or with the username and password the platform gave you</p>
        </>
      )}
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in with username and password">
        <div>
          <label htmlFor="username" className="block font-medium">
            Username
          </label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            required
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="password" className="block font-medium">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md border border-slate-700 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60"
        >
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </div>
  );
}
