import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";

export const PRODUCT_NAME = "Care Program Platform";

/** The product's mark and name, linking home; `children` on the right (who is signed in). */
export function SiteHeader({ home = "/", children }: { home?: string; children?: ReactNode }) {
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link href={home} className="flex items-center gap-2 text-lg font-semibold text-foreground">
          <Image src="/mark.svg" alt="" width={32} height={32} priority unoptimized />
          {PRODUCT_NAME}
        </Link>
        {children}
      </div>
    </header>
  );
}
