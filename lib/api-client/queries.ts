import type { z } from "zod";
import type { Book, Caregiver, DesignPlan } from "@/lib/schemas/catalog";
import type { ClientDetail, ClientSummary } from "@/lib/schemas/client";
import type { FeedbackDueItem } from "@/lib/schemas/homework";
import type { SessionDetail, SessionSummary } from "@/lib/schemas/session";
import { getJson } from "./api-fetch";

export type Page<T> = { content: T[]; page: number; size: number; totalElements: number; totalPages: number };

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

const G = "/gateway/profile";

export const queries = {
  clients: (p: { search?: string; page: number }) => ({
    queryKey: ["clients", p],
    queryFn: () =>
      getJson<Page<z.infer<typeof ClientSummary>>>(
        `${G}/clinic/client${qs({ search: p.search, page: p.page, size: 10 })}`,
      ),
  }),
  client: (id: number) => ({
    queryKey: ["client", id],
    queryFn: () => getJson<z.infer<typeof ClientDetail>>(`${G}/clinic/client/${id}`),
  }),
  caregivers: () => ({
    queryKey: ["caregivers"],
    queryFn: () => getJson<Page<z.infer<typeof Caregiver>>>(`${G}/clinic/caregiver?size=100`),
  }),
  designPlans: () => ({
    queryKey: ["design-plans"],
    queryFn: () => getJson<Page<z.infer<typeof DesignPlan>>>(`${G}/clinic/design-plan?size=100`),
  }),
  books: () => ({
    queryKey: ["books"],
    queryFn: () => getJson<Page<z.infer<typeof Book>>>(`${G}/clinic/book?size=100`),
  }),
  sessions: (p: { runningStatus?: string; clientId?: number; page: number }) => ({
    queryKey: ["sessions", p],
    queryFn: () => getJson<Page<z.infer<typeof SessionSummary>>>(`${G}/caregiver/session${qs({ ...p, size: 10 })}`),
  }),
  session: (id: number) => ({
    queryKey: ["session", id],
    queryFn: () => getJson<z.infer<typeof SessionDetail>>(`${G}/caregiver/session/${id}`),
  }),
  feedbackDue: () => ({
    queryKey: ["feedback-due"],
    queryFn: () => getJson<Page<z.infer<typeof FeedbackDueItem>>>(`${G}/caregiver/assignment?size=20`),
  }),
};
