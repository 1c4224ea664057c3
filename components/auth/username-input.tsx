import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/**
 * The username field of the sign-in and invitation forms. A sign-in finds a username in any case,
 * but a phone's keyboard that corrects a word or checks its spelling makes another name.
 */
export function UsernameInput(props: Omit<ComponentProps<typeof Input>, "name" | "type">) {
  return (
    <Input
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
