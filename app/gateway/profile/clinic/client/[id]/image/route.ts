import { readClientImage } from "@/lib/clients/read-client-image";
import { gateway, route } from "@/lib/gateway/handler";
import * as op from "@/lib/operations/clients";

export const { GET, POST, PUT, PATCH, DELETE } = route(
  gateway(op.readClientImage, async ({ scope, params }) => {
    const image = await readClientImage(scope, params.id);
    return new Response(Buffer.from(image.bytes), {
      headers: {
        "content-type": image.type,
        "cache-control": "private, max-age=300",
        "x-content-type-options": "nosniff",
      },
    });
  }),
);
