import type { ReactNode } from "react";

/** A page with one message (not found, an error): a heading, its words and what to do next. */
export function MessagePage({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      {eyebrow && <p className="text-sm font-semibold text-muted-foreground">{eyebrow}</p>}
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <div className="flex flex-wrap gap-3">{actions}</div>
    </main>
  );
}
