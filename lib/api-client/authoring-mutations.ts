import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  BookCreateRequest,
  BookDetailT,
  BookUpdateRequest,
  DesignPlanCreateRequest,
  DesignPlanDetailT,
  DesignPlanUpdateRequest,
  ModuleCreateRequest,
  ModuleDetailT,
  ModuleUpdateRequest,
} from "@/lib/schemas/authoring";
import { useKeyedSend } from "@/components/use-retry-key";
import { apiFetch } from "./api-fetch";
import { keys } from "./keys";
import { paths } from "./paths";

// The library's changes (books, modules, design plans). Each resolves to what the API answers and
// refreshes every list and detail of the library: they show one another's names and versions. The
// creations send an Idempotency-Key, so that pressed again after a lost answer they make nothing twice.

function useLibraryChange<V, R>(send: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      await qc.invalidateQueries({ queryKey: keys.catalog.all });
      return result;
    },
  });
}

const answer = async <T>(res: Promise<Response>) => (await res).json() as Promise<T>;

export const useCreateBook = () =>
  useLibraryChange(
    useKeyedSend((body: z.input<typeof BookCreateRequest>, idempotencyKey) =>
      answer<BookDetailT>(apiFetch(paths.books({}), { method: "POST", json: body, idempotencyKey })),
    ),
  );

export const useUpdateBook = (id: number) =>
  useLibraryChange((body: z.input<typeof BookUpdateRequest>) =>
    answer<BookDetailT>(apiFetch(paths.book(id), { method: "PATCH", json: body })),
  );

export const useCreateModule = (bookId: number) =>
  useLibraryChange(
    useKeyedSend((body: z.input<typeof ModuleCreateRequest>, idempotencyKey) =>
      answer<ModuleDetailT>(apiFetch(paths.bookModules(bookId), { method: "POST", json: body, idempotencyKey })),
    ),
  );

export const useUpdateModule = (id: number) =>
  useLibraryChange((body: z.input<typeof ModuleUpdateRequest>) =>
    answer<ModuleDetailT>(apiFetch(paths.module(id), { method: "PATCH", json: body })),
  );

export const useReorderModules = (bookId: number) =>
  useLibraryChange((moduleIds: number[]) =>
    answer<BookDetailT>(apiFetch(paths.bookModuleOrder(bookId), { method: "PUT", json: { moduleIds } })),
  );

export const useRemoveModule = () =>
  useLibraryChange((id: number) => answer<BookDetailT>(apiFetch(paths.module(id), { method: "DELETE" })));

export const useCreateDesignPlan = () =>
  useLibraryChange(
    useKeyedSend((body: z.input<typeof DesignPlanCreateRequest>, idempotencyKey) =>
      answer<DesignPlanDetailT>(apiFetch(paths.designPlans({}), { method: "POST", json: body, idempotencyKey })),
    ),
  );

export const useUpdateDesignPlan = (id: number) =>
  useLibraryChange((body: z.input<typeof DesignPlanUpdateRequest>) =>
    answer<DesignPlanDetailT>(apiFetch(paths.designPlan(id), { method: "PATCH", json: body })),
  );
