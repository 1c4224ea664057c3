import type { ReactNode } from "react";

// The limited format of a module's text blocks (lib/schemas/module-definition.ts): paragraphs
// separated by a blank line, lines starting with "- " are a list, **bold**. Rendered as React
// elements, never as HTML, so a module's text cannot carry markup or scripts.

/** A line's **bold** runs as <strong>, the rest as text. */
function inline(line: string): ReactNode[] {
  return line.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part));
}

type Chunk = { kind: "p"; lines: string[] } | { kind: "ul"; items: string[] };

/** A paragraph's lines, grouped: consecutive "- " lines make one list, the others one paragraph. */
function chunksOf(paragraph: string): Chunk[] {
  const chunks: Chunk[] = [];
  for (const raw of paragraph.split("\n")) {
    const line = raw.trimEnd();
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    const last = chunks.at(-1);
    if (item) {
      const text = item[1] ?? "";
      if (last?.kind === "ul") last.items.push(text);
      else chunks.push({ kind: "ul", items: [text] });
    } else if (last?.kind === "p") last.lines.push(line);
    else chunks.push({ kind: "p", lines: [line] });
  }
  return chunks;
}

export function FormattedText({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .filter((p) => p.trim());
  return (
    <div className="flex flex-col gap-3 leading-relaxed">
      {paragraphs.flatMap((p, i) =>
        chunksOf(p).map((c, j) =>
          c.kind === "ul" ? (
            <ul key={`${String(i)}-${String(j)}`} className="flex list-disc flex-col gap-1 pl-6">
              {c.items.map((item, k) => (
                <li key={k}>{inline(item)}</li>
              ))}
            </ul>
          ) : (
            <p key={`${String(i)}-${String(j)}`}>
              {c.lines.map((line, k) => (
                <span key={k}>
                  {k > 0 && <br />}
                  {inline(line)}
                </span>
              ))}
            </p>
          ),
        ),
      )}
    </div>
  );
}
