import { msSql } from "@/lib/db/database-clock";
import { formatDate } from "@/lib/dates";
import type { Role } from "@/lib/generated/prisma/enums";
import type { SessionDocumentBody } from "@/lib/schemas/session";

// One document as every answer shows it (the list, the upload's answer, the session detail's
// `documents`): never its bytes. The detail builds its rows in SQL (DOCUMENTS_SQL), the
// documents operations with Prisma (DOCUMENT_SELECT); both end in mapDocument.

export type DocumentRow = {
  id: number;
  name: string;
  contentType: string;
  size: number;
  createdAt: number;
  uploadedByRole: Role;
  uploadedByName: string;
};

export function mapDocument(d: DocumentRow, offset: number): SessionDocumentBody {
  return {
    id: d.id,
    name: d.name,
    contentType: d.contentType,
    size: d.size,
    createDate: formatDate(d.createdAt, offset),
    uploadedByRole: d.uploadedByRole,
    uploadedByName: d.uploadedByName,
  };
}

/** Prisma's select of a document's row (without `data`). */
export const DOCUMENT_SELECT = {
  id: true,
  name: true,
  contentType: true,
  size: true,
  createdAt: true,
  uploadedBy: {
    select: {
      role: true,
      client: { select: { name: true } },
      caregiver: { select: { name: true } },
      staff: { select: { name: true } },
      institute: { select: { name: true } },
    },
  },
} as const;

type Named = { name: string } | null;
type SelectedDocument = {
  id: number;
  name: string;
  contentType: string;
  size: number;
  createdAt: Date;
  uploadedBy: { role: Role; client: Named; caregiver: Named; staff: Named; institute: Named };
};

export function documentRow(d: SelectedDocument): DocumentRow {
  const by = d.uploadedBy;
  const person = { CLIENT: by.client, CAREGIVER: by.caregiver, CLINIC: by.staff, INSTITUTE: by.institute }[by.role];
  return {
    id: d.id,
    name: d.name,
    contentType: d.contentType,
    size: d.size,
    createdAt: d.createdAt.getTime(),
    uploadedByRole: by.role,
    uploadedByName: person?.name ?? "",
  };
}

/** The session detail's `documents` of the session aliased `s`, as JSON of DocumentRow (no bytes). */
export const DOCUMENTS_SQL = `coalesce((
         select json_agg(json_build_object('id', d.id, 'name', d.name, 'contentType', d."contentType", 'size', d.size,
                  'createdAt', ${msSql('d."createdAt"')}, 'uploadedByRole', ua.role,
                  'uploadedByName', coalesce(case ua.role when 'CLIENT' then uc.name when 'CAREGIVER' then ug.name
                                     when 'CLINIC' then us.name else ui.name end, '')) order by d.id)
           from "Document" d
           join "Account" ua on ua.id = d."uploadedByAccountId"
           left join "Client" uc on uc.id = ua."clientId"
           left join "Caregiver" ug on ug.id = ua."caregiverId"
           left join "ClinicStaff" us on us.id = ua."staffId"
           left join "Institute" ui on ui.id = ua."instituteId"
          where d."sessionId" = s.id), '[]')`;
