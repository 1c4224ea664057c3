import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmailSettings, EmailSettingsUpdate } from "@/lib/schemas/email-settings";
import { apiFetch, getJson } from "./api-fetch";
import { keys } from "./keys";
import { paths } from "./paths";

/** The signed-in person's own email settings. */
export const emailSettingsQuery = () =>
  queryOptions({ queryKey: keys.emailSettings, queryFn: () => getJson<EmailSettings>(paths.emailSettings) });

/** Changes one or more settings; the answer is the settings after the change. */
export function useUpdateEmailSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: EmailSettingsUpdate) =>
      (await apiFetch(paths.emailSettings, { method: "PUT", json: body })).json() as Promise<EmailSettings>,
    onSuccess: (settings) => qc.setQueryData(keys.emailSettings, settings),
  });
}
