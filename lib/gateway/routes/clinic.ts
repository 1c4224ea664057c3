import "server-only";
import { createBook } from "@/lib/authoring/create-book";
import { createDesignPlan } from "@/lib/authoring/create-design-plan";
import { createModule } from "@/lib/authoring/create-module";
import { readBook } from "@/lib/authoring/read-book";
import { readDesignPlan } from "@/lib/authoring/read-design-plan";
import { readModule } from "@/lib/authoring/read-module";
import { removeModule } from "@/lib/authoring/remove-module";
import { reorderModules } from "@/lib/authoring/reorder-modules";
import { updateBook } from "@/lib/authoring/update-book";
import { updateDesignPlan } from "@/lib/authoring/update-design-plan";
import { updateModule } from "@/lib/authoring/update-module";
import { createCaregiver } from "@/lib/caregivers/create-caregiver";
import { readCaregiver } from "@/lib/caregivers/read-caregiver";
import { updateCaregiver } from "@/lib/caregivers/update-caregiver";
import { createClient } from "@/lib/clients/create-client";
import { readClientImage } from "@/lib/clients/read-client-image";
import { startCareEpisode } from "@/lib/clients/start-care-episode";
import { updateClient } from "@/lib/clients/update-client";
import { type Bound, created, createdAt, gateway } from "@/lib/gateway/handler";
import { readIdempotencyKey } from "@/lib/gateway/idempotency-key";
import { reads, serveRead } from "@/lib/gateway/reads";
import { inviteCaregiver, inviteClient } from "@/lib/invitations/create-invitation";
import { siteOrigin } from "@/lib/invitations/site-origin";
import * as authoringOps from "@/lib/operations/authoring";
import * as careProvidersOps from "@/lib/operations/care-providers";
import * as clientsOps from "@/lib/operations/clients";

/** The operations at /gateway/profile/clinic/…, each bound to its lib function; lib/gateway/router.ts serves them. */
export const clinicRoutes: Bound[] = [
  serveRead(reads.listAuditLog),
  gateway(authoringOps.reorderModules, ({ scope, params, body }) => reorderModules(scope, params.id, body.moduleIds)),
  gateway(authoringOps.createModule, async ({ req, scope, params, body }) =>
    created(await createModule(scope, params.id, body, readIdempotencyKey(req))),
  ),
  gateway(authoringOps.readBook, ({ scope, params }) => readBook(scope, params.id)),
  gateway(authoringOps.updateBook, ({ scope, params, body }) => updateBook(scope, params.id, body)),
  serveRead(reads.listBooks),
  gateway(authoringOps.createBook, async ({ req, scope, body }) =>
    created(await createBook(scope, body, readIdempotencyKey(req))),
  ),
  gateway(careProvidersOps.inviteCaregiver, ({ req, scope, params, query, offset }) =>
    inviteCaregiver(scope, params.id, {
      origin: siteOrigin(req),
      offset,
      clinicId: query.clinicId,
      sendEmail: query.sendEmail,
    }),
  ),
  gateway(careProvidersOps.readCaregiver, ({ scope, params, offset }) => readCaregiver(scope, params.id, offset)),
  gateway(careProvidersOps.updateCaregiver, ({ scope, params, body, offset }) =>
    updateCaregiver(scope, params.id, body, offset),
  ),
  serveRead(reads.listCaregivers),
  gateway(careProvidersOps.createCaregiver, async ({ req, scope, body }) =>
    createdAt((await createCaregiver(scope, body, readIdempotencyKey(req))).location),
  ),
  gateway(clientsOps.readClientImage, async ({ scope, params }) => {
    const image = await readClientImage(scope, params.id);
    return new Response(Buffer.from(image.bytes), {
      headers: {
        "content-type": image.type,
        "x-content-type-options": "nosniff",
      },
    });
  }),
  gateway(careProvidersOps.inviteClient, ({ req, scope, params, query, offset }) =>
    inviteClient(scope, params.id, { origin: siteOrigin(req), offset, sendEmail: query.sendEmail }),
  ),
  serveRead(reads.readClientMeasures),
  serveRead(reads.readClient),
  gateway(clientsOps.updateClient, ({ scope, params, body, offset }) => updateClient(scope, params.id, body, offset)),
  gateway(clientsOps.startCareEpisode, ({ scope, params, offset }) => startCareEpisode(scope, params.id, offset)),
  gateway(clientsOps.createClient, async ({ req, scope, body, offset, timeZone }) => {
    const created = await createClient(scope, body, { offset, timeZone, idempotencyKey: readIdempotencyKey(req) });
    return createdAt(created.location);
  }),
  serveRead(reads.listClients),
  gateway(authoringOps.readDesignPlan, ({ scope, params }) => readDesignPlan(scope, params.id)),
  gateway(authoringOps.updateDesignPlan, ({ scope, params, body }) => updateDesignPlan(scope, params.id, body)),
  serveRead(reads.listDesignPlans),
  gateway(authoringOps.createDesignPlan, async ({ req, scope, body }) =>
    created(await createDesignPlan(scope, body, readIdempotencyKey(req))),
  ),
  gateway(authoringOps.readModule, ({ scope, params }) => readModule(scope, params.id)),
  gateway(authoringOps.updateModule, ({ scope, params, body }) => updateModule(scope, params.id, body)),
  gateway(authoringOps.removeModule, ({ scope, params }) => removeModule(scope, params.id)),
];
