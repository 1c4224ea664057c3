import { NativeSelectOption } from "@/components/ui/native-select";
import { optionsOf } from "@/lib/api-client/words";

/** The choices of a select over one of the API's enums, in the schema's order and in plain words. */
export function WordOptions<K extends string>({ words }: { words: Record<K, string> }) {
  return optionsOf(words).map((o) => (
    <NativeSelectOption key={o.value} value={o.value}>
      {o.label}
    </NativeSelectOption>
  ));
}
