import "server-only";
import { feedbackJson } from "@/lib/sessions/map-feedback";
import { msSql } from "@/lib/db/database-clock";

/**
 * SQL text: one assignment (aliased `a`, its module `m`, the module version it was given `v`) as the JSON object `mapAssignment` reads
 * (`AssignmentRow`, map-session-detail.ts), with its drafts, answers, autosaves and feedback. The
 * session detail and the client's own list both read it, so the contract's assignment object has
 * one source. `isTest` is the version's the assignment was given: an edit of the module does not
 * change what work already given was. `moduleName` is SQL text of the name to give: the module's
 * `name` by default; the client's own list gives it in the client's language.
 */
export const assignmentJsonSql = (a: string, m: string, v: string, moduleName = `${m}.name`) => `json_build_object(
           'id', ${a}.id, 'bookId', ${a}."bookId", 'moduleId', ${a}."moduleId", 'moduleName', ${moduleName}, 'isTest', ${v}."isTest",
           'status', ${a}.status, 'feedbackStatus', ${a}."feedbackStatus", 'score', ${a}.score,
           'assignedAt', ${msSql(`${a}."assignedAt"`)}, 'startAt', ${msSql(`${a}."startAt"`)},
           'submittedAt', ${msSql(`${a}."submittedAt"`)}, 'feedbackSubmitAt', ${msSql(`${a}."feedbackSubmitAt"`)},
           'drafts', coalesce((select json_agg(json_build_object('id', d.id, 'content', d.content, 'createdAt', ${msSql('d."createdAt"')}) order by d.id)
                                 from "Draft" d where d."assignmentId" = ${a}.id), '[]'),
           'answers', coalesce((select json_agg(json_build_object('id', x.id, 'questionKey', x."questionKey", 'value', x.value, 'createdAt', ${msSql('x."createdAt"')}) order by x.id)
                                  from "Answer" x where x."assignmentId" = ${a}.id), '[]'),
           'autoSaveAnswers', coalesce((select json_agg(json_build_object('id', x.id, 'questionKey', x."questionKey", 'value', x.value, 'updatedAt', ${msSql('x."updatedAt"')}) order by x.id)
                                          from "AutoSaveAnswer" x where x."assignmentId" = ${a}.id), '[]'),
           'feedbacks', coalesce((select json_agg(${feedbackJson("f", "fc")} order by f.id)
                                    from "Feedback" f join "Caregiver" fc on fc.id = f."caregiverId" where f."assignmentId" = ${a}.id), '[]')
         )`;
