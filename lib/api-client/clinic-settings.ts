import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClinicSettings, ClinicSettingsUpdate } from "@/lib/schemas/clinic-settings";
import { apiFetch, getJson } from "./api-fetch";
import { keys } from "./keys";
import { paths } from "./paths";

/** The settings of the signed-in staff's clinic. */
export const clinicSettingsQuery = () =>
  queryOptions({ queryKey: keys.clinicSettings, queryFn: () => getJson<ClinicSettings>(paths.clinicSettings) });

/** Changes them; the answer is the settings after the change. */
export function useUpdateClinicSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClinicSettingsUpdate) =>
      (await apiFetch(paths.clinicSettings, { method: "PUT", json: body })).json() as Promise<ClinicSettings>,
    onSuccess: (settings) => qc.setQueryData(keys.clinicSettings, settings),
  });
}
