import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form's zod resolver whose schema (and zod with it) is loaded at the first check, on submit:
 * a form page shows and answers without waiting for the schema library.
 */
export function lazyZodResolver<I extends FieldValues, O>(
  load: () => Promise<z.ZodType<O, I>>,
): Resolver<I, unknown, O> {
  let resolver: Promise<Resolver<I, unknown, O>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(([{ zodResolver }, schema]) =>
      zodResolver<I, unknown, O>(schema),
    );
    return (await resolver)(values, context, options);
  };
}
