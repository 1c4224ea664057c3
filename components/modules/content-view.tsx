import type { ReactNode } from "react";
import { FormattedText } from "@/components/modules/formatted-text";
import type { T, Words } from "@/components/modules/module-words";
import { isSiteImageFile } from "@/lib/modules/site-image";
import type { BlockT, QuestionT } from "@/lib/schemas/module-definition";

/** A content block of a module (text, heading, image, video, link), as its reader sees it. */
export function ContentView({ block, t, words }: { block: Exclude<BlockT, QuestionT>; t: T; words: Words }) {
  switch (block.type) {
    case "text":
      return <FormattedText text={t(block.body)} />;
    case "image":
      // The pages' CSP loads images from this site only: an image elsewhere is a link. So is a path
      // of this site that is no image file (an operation, a page), which the reader's sign-in would
      // call (lib/modules/site-image.ts).
      return isSiteImageFile(block.src) ? (
        // eslint-disable-next-line @next/next/no-img-element -- a module's image of unknown size, from this site
        <img src={block.src} alt={t(block.alt)} className="h-auto max-w-full rounded-md" />
      ) : (
        <ExternalLink href={block.src} words={words}>
          {words.openImage}: {t(block.alt)}
        </ExternalLink>
      );
    case "video":
      return (
        <ExternalLink href={block.url} words={words}>
          {words.watch}: {t(block.title)}
        </ExternalLink>
      );
  }
}

function ExternalLink({ href, words, children }: { href: string; words: Words; children: ReactNode }) {
  return (
    <p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-4"
      >
        {children} <span className="text-muted-foreground">{words.newTab}</span>
      </a>
    </p>
  );
}
