import "server-only";
import type { Scope } from "@/lib/auth/scope";
import { recordRead } from "@/lib/audit/record-read";
import { visibleClients } from "@/lib/clients/client-scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";

/** The stored image bytes of a client and their content type. */
export async function readClientImage(scope: Scope, id: number): Promise<{ bytes: Uint8Array; type: string }> {
  const c = await db().client.findFirst({
    where: { AND: [{ id }, visibleClients(scope)] },
    select: { image: true, imageType: true, clinicId: true },
  });
  if (!c) throw notFound("client");
  if (!c.image || !c.imageType) throw notFound("image");
  await recordRead(scope, "READ_CLIENT_IMAGE", c.clinicId, id);
  return { bytes: c.image, type: c.imageType };
}
