import type { Messages } from "./messages";

// Message keys are checked at compile time: a missing or misspelt key fails the type check.
declare module "next-intl" {
  interface AppConfig {
    Locale: "en" | "fr";
    Messages: Messages;
  }
}
