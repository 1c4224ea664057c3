import type { ReactNode } from "react";

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="animate-pulse py-6 text-slate-700">
      Loading {what}…
    </p>
  );
}

export function ErrorState({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <p role="alert" className="my-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
      {message}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{children}</p>
  );
}

const BADGE: Record<string, string> = {
  RUNNING: "bg-green-100 text-green-900",
  FUTURE: "bg-sky-100 text-sky-900",
  COMPLETED: "bg-slate-200 text-slate-900",
  COMPLETE: "bg-green-100 text-green-900",
  IN_PROGRESS: "bg-amber-100 text-amber-900",
  PENDING: "bg-slate-100 text-slate-900",
  WAITING: "bg-orange-100 text-orange-900",
  GIVEN: "bg-green-100 text-green-900",
  NONE: "bg-slate-100 text-slate-800",
  ACTIVE: "bg-green-100 text-green-900",
  INACTIVE: "bg-slate-200 text-slate-900",
};

export function Badge({ value }: { value: string }) {
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${BADGE[value] ?? "bg-slate-100 text-slate-900"}`}
    >
      {value.replace("_", " ").toLowerCase()}
    </span>
  );
}

export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-md border border-slate-500 bg-white px-3 py-1.5 font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60";
export const inputClass = "mt-1 w-full rounded-md border border-slate-500 bg-white px-3 py-2";
