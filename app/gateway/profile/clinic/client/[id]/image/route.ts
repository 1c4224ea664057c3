import { readClientImage } from "@/lib/clients/read-client-image";
import { gateway } from "@/lib/gateway/handler";
import { PathId } from "@/lib/schemas/common";
import { notAllowed } from "@/lib/gateway/not-allowed";

export const GET = gateway(
  { roles: ["CLINIC", "INSTITUTE", "CAREGIVER"], params: PathId },
  async ({ scope, params }) => {
    const image = await readClientImage(scope, params.id);
    return new Response(Buffer.from(image.bytes), {
      headers: {
        "content-type": image.type,
        "cache-control": "private, max-age=300",
        "x-content-type-options": "nosniff",
      },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowed("GET");
