"use client";

import type { Lang, ModuleDefinitionT } from "@/lib/schemas/module-definition";

export type Answers = Record<string, unknown>;

/**
 * A module as the client sees it: its content blocks and questions, in the client's language.
 * Controlled: `answers` by question key, `onChange(key, value)` on every change. `errors` by
 * question key (from the server or the submit check). `readOnly` for finished work.
 * Used by the client's homework page and by the authoring page's live preview.
 * STUB: the client-pages helper replaces this body.
 */
export function ModuleRenderer(props: {
  definition: ModuleDefinitionT;
  lang: Lang;
  answers: Answers;
  onChange?: (key: string, value: unknown) => void;
  errors?: Record<string, string>;
  readOnly?: boolean;
}) {
  return <div data-blocks={props.definition.blocks.length} />;
}
