import {
  AuditEntry,
  AuditQuery,
  Book,
  Caregiver,
  ClinicQuery,
  DesignPlan,
  LibraryListQuery,
} from "@/lib/schemas/catalog";
import { PageQuery, pageOf } from "@/lib/schemas/common";
import { defineOperation } from "./define";
import { EX, pageExample } from "./examples";
import { AUTHED_ERRORS } from "./headers";

const STAFF = ["CLINIC", "INSTITUTE"] as const;
const CLINIC_PEOPLE = ["CLINIC", "INSTITUTE", "CAREGIVER"] as const;
const clinicPage = PageQuery.extend(ClinicQuery.shape);
const libraryPage = PageQuery.extend(LibraryListQuery.shape);
const CLINIC_NOTE = { not_found: "clinicId names a clinic outside the caller's scope" } as const;

export const listCaregivers = defineOperation({
  operationId: "listCaregivers",
  method: "GET",
  path: "/gateway/profile/clinic/caregiver",
  tag: "Clinic",
  summary: "List the clinic's care providers",
  roles: STAFF,
  query: clinicPage,
  ok: {
    status: 200,
    description: "A page of care providers",
    schema: pageOf(Caregiver),
    example: pageExample({
      id: EX.caregiverId,
      name: EX.caregiverName,
      email: "grace@clinic.example",
      position: "Psychologist",
      activationStatus: "ACTIVE",
      hasSignIn: true,
    }),
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: CLINIC_NOTE,
});

export const listDesignPlans = defineOperation({
  operationId: "listDesignPlans",
  method: "GET",
  path: "/gateway/profile/clinic/design-plan",
  tag: "Clinic",
  summary: "List design plans",
  roles: CLINIC_PEOPLE,
  query: libraryPage,
  ok: {
    status: 200,
    description: "A page of design plans",
    schema: pageOf(DesignPlan),
    example: pageExample({
      id: EX.designPlanId,
      name: "Eight weeks of CBT",
      description: "Weekly homework for an eight-week programme",
      clinicId: EX.clinicId,
      weekCount: 8,
    }),
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: CLINIC_NOTE,
});

export const listBooks = defineOperation({
  operationId: "listBooks",
  method: "GET",
  path: "/gateway/profile/clinic/book",
  tag: "Clinic",
  summary: "List books with their modules",
  roles: CLINIC_PEOPLE,
  query: libraryPage,
  ok: {
    status: 200,
    description: "A page of books",
    schema: pageOf(Book),
    example: pageExample({
      id: EX.bookId,
      name: "Sleep",
      clinicId: EX.clinicId,
      modules: [
        { id: EX.moduleId, name: "Sleep diary", position: 0, isTest: false },
        { id: EX.moduleId + 1, name: "Insomnia severity index", position: 1, isTest: true },
      ],
    }),
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: CLINIC_NOTE,
});

export const listAuditLog = defineOperation({
  operationId: "listAuditLog",
  method: "GET",
  path: "/gateway/profile/clinic/audit",
  tag: "Clinic",
  summary: "The clinic's audit log: who read which session, client or image, when",
  description:
    "Newest first. `clientId` keeps the reads of one client's record (the client, its photo, its sessions, their messages and documents), `accountId` one reader's; a client or reader outside the clinic has no entries. Reading the log reads no health data (ids, usernames and roles), so it writes no entry of its own.",
  roles: STAFF,
  headers: ["offset"],
  query: clinicPage.extend(AuditQuery.shape),
  ok: {
    status: 200,
    description: "A page of audit entries, newest first",
    schema: pageOf(AuditEntry),
    example: pageExample({
      id: 118204,
      at: EX.date,
      action: "READ_SESSION",
      targetId: EX.sessionId,
      clientId: EX.clientId,
      accountId: 77,
      username: "grace.hopper",
      role: "CAREGIVER",
    }),
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: CLINIC_NOTE,
});
