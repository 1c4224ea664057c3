"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { ImageField } from "@/components/clinic/image-field";
import { ErrorState, buttonClass, inputClass } from "@/components/ui/states";
import { ApiError, apiFetch } from "@/lib/api-client/api-fetch";
import { queries } from "@/lib/api-client/queries";
import { ClientCreateRequest } from "@/lib/schemas/client";

type Input = z.input<typeof ClientCreateRequest>;
type Output = z.output<typeof ClientCreateRequest>;

const num = { setValueAs: (v: string) => (v === "" || v == null ? undefined : Number(v)) };
const str = { setValueAs: (v: string) => (v === "" ? undefined : v) };

/** "session.bookIdList.1" → the form field that shows it. */
const fieldOf = (path: string) => path.replace(/\.\d+$/, "").replace(/^header\..*/, "root") as FieldPath<Input>;

function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
        {hint && <span className="font-normal text-slate-700"> ({hint})</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function NewClientForm() {
  const router = useRouter();
  const qc = useQueryClient();
  const caregivers = useQuery(queries.caregivers());
  const plans = useQuery(queries.designPlans());
  const books = useQuery(queries.books());
  const [withSession, setWithSession] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ClientCreateRequest),
    defaultValues: { language: "EN", status: "ACTIVE", caregiverList: [] },
  });
  const { register, handleSubmit, setValue, setError, clearErrors, watch, formState } = form;
  const e = formState.errors;
  const team = watch("caregiverList") ?? [];
  const chosenBooks = watch("session.bookIdList") ?? [];
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const described = (id: string, err?: unknown) => ({
    id,
    "aria-invalid": err ? true : undefined,
    "aria-describedby": err ? `${id}-error` : undefined,
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, session: withSession ? values.session : undefined };
    try {
      const res = await apiFetch("/gateway/profile/clinic/client", { method: "POST", json: body });
      await qc.invalidateQueries({ queryKey: ["clients"] });
      router.push(res.headers.get("location") ?? "/clinic");
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        for (const fe of err.errors) setError(fieldOf(fe.path), { type: "server", message: fe.message });
      } else {
        setError("root", {
          type: "server",
          message: err instanceof Error ? err.message : "The client could not be created.",
        });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8" aria-labelledby="new-client-heading">
      <h1 id="new-client-heading" className="text-2xl font-semibold">
        New client
      </h1>
      {e.root && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {e.root.message}
        </p>
      )}
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold">The client</legend>
        <Field id="name" label="Full name" error={e.name?.message}>
          <input {...register("name")} {...described("name", e.name)} autoComplete="off" className={inputClass} />
        </Field>
        <Field id="email" label="Email" error={e.email?.message}>
          <input
            {...register("email")}
            {...described("email", e.email)}
            type="email"
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id="mobile" label="Mobile" hint="optional" error={e.mobile?.message}>
          <input
            {...register("mobile", str)}
            {...described("mobile", e.mobile)}
            type="tel"
            placeholder="+31 6 1234 5678"
            className={inputClass}
          />
        </Field>
        <Field
          id="externalClientId"
          label="External id"
          hint="optional, your own system's id"
          error={e.externalClientId?.message}
        >
          <input
            {...register("externalClientId", str)}
            {...described("externalClientId", e.externalClientId)}
            className={inputClass}
          />
        </Field>
        <Field id="language" label="Language" error={e.language?.message}>
          <select {...register("language")} id="language" className={inputClass}>
            <option value="EN">English</option>
            <option value="FR">French</option>
          </select>
        </Field>
        <Field id="status" label="Status" error={e.status?.message}>
          <select {...register("status")} id="status" className={inputClass}>
            <option value="ACTIVE">Active</option>
            <option value="INACTIVE">Inactive</option>
          </select>
        </Field>
        <div className="sm:col-span-2">
          <ImageField
            error={e.imageData?.message ?? e.imageExtension?.message}
            onImage={(img) => {
              clearErrors(["imageData", "imageExtension"]);
              setValue("imageData", img?.data ?? undefined);
              setValue("imageExtension", img?.extension ?? undefined);
            }}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold">Care team</legend>
        {caregivers.isPending ? (
          <p role="status">Loading care providers…</p>
        ) : caregivers.isError ? (
          <ErrorState error={caregivers.error} />
        ) : caregivers.data.content.length === 0 ? (
          <p>The clinic has no care providers yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {caregivers.data.content.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={team.includes(c.id)}
                    onChange={() => setValue("caregiverList", toggle(team, c.id))}
                    className="h-4 w-4"
                  />
                  {c.name} <span className="text-slate-700">· {c.position}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {e.caregiverList && (
          <p className="mt-1 text-sm font-medium text-red-800">{e.caregiverList.message ?? "Check the care team."}</p>
        )}
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 font-semibold">First session</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={withSession}
            onChange={(ev) => {
              setWithSession(ev.target.checked);
              if (!ev.target.checked) form.unregister("session");
            }}
            className="h-4 w-4"
          />
          Assign a first session now
        </label>
        {withSession && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field id="session-caregiver" label="Care provider" error={e.session?.caregiverId?.message}>
              <select
                {...register("session.caregiverId", num)}
                {...described("session-caregiver", e.session?.caregiverId)}
                className={inputClass}
              >
                <option value="">Choose…</option>
                {caregivers.data?.content.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="session-plan" label="Design plan" hint="optional" error={e.session?.designPlanId?.message}>
              <select
                {...register("session.designPlanId", num)}
                {...described("session-plan", e.session?.designPlanId)}
                className={inputClass}
              >
                <option value="">None</option>
                {plans.data?.content.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <div className="sm:col-span-2">
              <span className="block font-medium">Books (homework: one assignment per module)</span>
              <ul className="mt-1 grid gap-2 sm:grid-cols-2">
                {books.data?.content.map((b) => (
                  <li key={b.id}>
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={chosenBooks.includes(b.id)}
                        onChange={() => setValue("session.bookIdList", toggle(chosenBooks, b.id))}
                        className="h-4 w-4"
                      />
                      {b.name} <span className="text-slate-700">· {b.modules.length} modules</span>
                    </label>
                  </li>
                ))}
              </ul>
              {e.session?.bookIdList && (
                <p className="mt-1 text-sm font-medium text-red-800">
                  {e.session.bookIdList.message ?? "Check the books."}
                </p>
              )}
            </div>
            <Field id="session-date" label="Start date" hint="default today" error={e.session?.date?.message}>
              <input
                {...register("session.date", str)}
                {...described("session-date", e.session?.date)}
                type="date"
                className={inputClass}
              />
            </Field>
            <Field id="session-time" label="Start time" hint="default now" error={e.session?.time?.message}>
              <input
                {...register("session.time", str)}
                {...described("session-time", e.session?.time)}
                type="time"
                className={inputClass}
              />
            </Field>
            <Field
              id="session-count"
              label="Number of weekly sessions"
              hint="default 1"
              error={e.session?.sessionCount?.message}
            >
              <input
                {...register("session.sessionCount", num)}
                {...described("session-count", e.session?.sessionCount)}
                type="number"
                min={1}
                max={52}
                className={inputClass}
              />
            </Field>
            <Field
              id="session-remind"
              label="Reminder after (days)"
              hint="optional"
              error={e.session?.remindDays?.message}
            >
              <input
                {...register("session.remindDays", num)}
                {...described("session-remind", e.session?.remindDays)}
                type="number"
                min={0}
                max={365}
                className={inputClass}
              />
            </Field>
          </div>
        )}
      </fieldset>

      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Creating…" : "Create client"}
      </button>
    </form>
  );
}
