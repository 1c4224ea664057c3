import { PHQ9 } from "@/lib/library/measures/phq9";
import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import { isQuestion } from "@/lib/schemas/module-definition";
import { AlertReview, AlertReviewQuery, AlertToReview, AssignmentResult, ClientMeasures } from "@/lib/schemas/results";
import { defineOperation } from "./define";
import { EX, pageExample } from "./examples";
import { AUTHED_ERRORS } from "./headers";

// What the care team reads of a client's answers and scores, beside the contract's session detail
// and assignment object, which keep exactly their fields.

const CARE_TEAM_AND_STAFF = ["CAREGIVER", "CLINIC"] as const;

// The examples are the library's PHQ-9 itself (its name, bands, item 9 and item 9's alert), so that
// what an integrator reads in the document is what a clinic's copy scores and raises.
const { PHQ9_NAME, PHQ9_RANGE, PHQ9_BANDS, ITEM9, ITEM9_ALERT } = (() => {
  const { scoring, blocks } = PHQ9.definition;
  const item9 = blocks.filter(isQuestion).find((q) => q.key === "item9");
  const alert = scoring?.alerts.find((a) => a.question === "item9");
  if (!scoring || !item9 || !alert) throw new Error("The library's PHQ-9 has no item 9 with an alert");
  return {
    PHQ9_NAME: PHQ9.name,
    PHQ9_RANGE: scoring.range,
    PHQ9_BANDS: scoring.bands,
    ITEM9: { key: item9.key, label: item9.label },
    ITEM9_ALERT: alert.message,
  };
})();

export const readAssignmentResult = defineOperation({
  operationId: "readAssignmentResult",
  method: "GET",
  path: "/gateway/profile/caregiver/assignment/{id}/result",
  tag: "Homework",
  summary: "One assignment's answers in words, with its score, band and alerts",
  description:
    "For a caregiver on the client's care team, or the staff of the session's clinic. Each answer is read against the module version the assignment was given: the question as the client read it and the chosen option's or point's label, never a key. " +
    "A test adds what the server computed at submit: the score, its band among the version's bands, subscales and alerts. Recorded in the clinic's audit log (READ_SESSION).",
  roles: CARE_TEAM_AND_STAFF,
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The assignment's result",
    schema: AssignmentResult,
    example: {
      assignmentId: EX.assignmentId,
      sessionId: EX.sessionId,
      clientId: EX.clientId,
      moduleId: EX.moduleId,
      moduleName: PHQ9_NAME,
      version: 1,
      status: "COMPLETE",
      submitDate: EX.later,
      isTest: true,
      score: 16,
      band: PHQ9_BANDS[3],
      range: PHQ9_RANGE,
      bands: PHQ9_BANDS,
      subscales: [],
      alerts: [
        {
          question: ITEM9.key,
          questionLabel: ITEM9.label,
          answer: { en: "Several days", fr: "Plusieurs jours" },
          value: 1,
          previous: null,
          first: null,
          urgent: true,
          message: ITEM9_ALERT,
        },
      ],
      alertReview: { reviewedAt: null, reviewedBy: null, escalatedAt: null, dutyToldAt: null, alertsAt: EX.later },
      earlierAlertReviews: [],
      sleep: null,
      answers: [
        {
          questionKey: ITEM9.key,
          question: ITEM9.label,
          type: "scale",
          value: 1,
          answer: { en: "Several days", fr: "Plusieurs jours" },
        },
      ],
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const reviewAssignmentAlert = defineOperation({
  operationId: "reviewAssignmentAlert",
  method: "POST",
  path: "/gateway/profile/caregiver/assignment/{id}/alert-review",
  tag: "Homework",
  summary: "Mark an assignment's alerts reviewed",
  description:
    "For a caregiver on the client's care team: records who reviewed the alerts the answers raised (e.g. assessed the risk PHQ-9 item 9 calls for) and when, which stops the email to the clinic's staff about an urgent alert nobody reviewed. The alerts of submitted answers, or of answers saved and not submitted that the care team was told of; with `alertsOf=earlier`, its earlier alerts nobody reviewed, which answers stored since cleared (a worrying answer saved, then submitted without it: `earlierAlertReviews`), all at once, answering the newest one's review. No body. " +
    "Marking again, by anyone, changes nothing and answers the first review. Recorded in the clinic's audit log (READ_SESSION).",
  roles: ["CAREGIVER"],
  headers: ["offset"],
  params: PathId,
  query: AlertReviewQuery,
  ok: {
    status: 200,
    description: "The review of the assignment's alerts",
    schema: AlertReview,
    example: {
      reviewedAt: EX.later,
      reviewedBy: { id: EX.caregiverId, name: EX.caregiverName },
      escalatedAt: null,
      dutyToldAt: null,
      alertsAt: EX.later,
    },
  },
  errors: [...AUTHED_ERRORS, "not_found", "conflict"],
  errorNotes: {
    conflict:
      "The answers raised no alert (before the submit: none the care team was told of), or they are not those `alertsOf` names, or alerts were stored since `alertsAt`; with `alertsOf=earlier`, the assignment has no earlier alerts",
  },
});

export const listAlertsToReview = defineOperation({
  operationId: "listAlertsToReview",
  method: "GET",
  path: "/gateway/profile/caregiver/alert",
  tag: "Homework",
  summary: "Urgent alerts nobody has marked reviewed: those escalated first, then the oldest",
  description:
    "For a caregiver: the assignments of the care teams they are on whose answers raised an urgent alert (e.g. PHQ-9 item 9 above 0) that no caregiver has marked reviewed, submitted or saved and not submitted (once the care team was told), or earlier alerts nobody reviewed that answers stored since cleared (a worrying answer saved, then submitted without it); an assignment once. Alerts that are not urgent are not listed. " +
    "Each session listed is recorded in the clinic's audit log (READ_SESSION).",
  roles: ["CAREGIVER"],
  headers: ["offset"],
  query: PageQuery,
  ok: {
    status: 200,
    description: "A page of assignments with an urgent alert to review",
    schema: pageOf(AlertToReview),
    example: pageExample({
      assignmentId: EX.assignmentId,
      sessionId: EX.sessionId,
      sessionTitle: "Week 3",
      clientId: EX.clientId,
      clientName: EX.clientName,
      name: PHQ9_NAME,
      alertsOf: "submitted",
      since: EX.later,
      escalatedAt: null,
      dutyToldAt: null,
    }),
  },
  errors: AUTHED_ERRORS,
});

export const readClientMeasures = defineOperation({
  operationId: "readClientMeasures",
  method: "GET",
  path: "/gateway/profile/clinic/client/{id}/measures",
  tag: "Clients",
  summary: "A client's measures over time, with their bands, and sleep-diary nights",
  description:
    "For a caregiver on the client's care team, or the staff of the client's clinic. Each measure (a library measure such as PHQ-9 by its key, else one test module of the clinic) with its range and severity bands, and the scores the client submitted, oldest first; and the nights of the library's sleep diary the client submitted, by night, with time in bed, time asleep and sleep efficiency. Once the clinic has started a new episode of care, each score says whether it came before it. " +
    "Every session whose scores or nights are shown is recorded in the clinic's audit log (READ_SESSION).",
  roles: CARE_TEAM_AND_STAFF,
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The client's measures",
    schema: ClientMeasures,
    example: {
      clientId: EX.clientId,
      careEpisodeStartDate: null,
      measures: [
        {
          key: "phq-9",
          name: PHQ9_NAME,
          range: PHQ9_RANGE,
          bands: PHQ9_BANDS,
          points: [
            {
              assignmentId: EX.assignmentId,
              sessionId: EX.sessionId,
              sessionTitle: "Week 1",
              date: EX.later,
              score: 16,
              band: "Moderately severe",
              alert: true,
              earlierEpisode: false,
            },
          ],
        },
      ],
      sleepNights: [
        {
          assignmentId: EX.assignmentId + 1,
          sessionId: EX.sessionId,
          sessionTitle: "Week 1",
          night: "2026-11-21",
          summary: { timeInBedMinutes: 495, totalSleepMinutes: 350, efficiencyPercent: 71 },
        },
      ],
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});
