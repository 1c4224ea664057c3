import Link from "next/link";
import { Button } from "@/components/ui/button";
import { pages } from "@/lib/api-client/paths";

/** The way from a client's page to its edit page, for the clinic's staff. */
export function ClientEditLink({ id, name }: { id: number; name: string }) {
  return (
    <Button variant="outline" asChild>
      <Link href={pages.editClient(id)}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
    </Button>
  );
}
