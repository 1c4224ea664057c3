// Example values shared by the declarations' examples, so that one example's ids agree with another's.
export const EX = {
  clinicId: 12,
  clientId: 4821,
  caregiverId: 37,
  sessionId: 9051,
  assignmentId: 30417,
  bookId: 5,
  moduleId: 41,
  designPlanId: 3,
  date: "2026/11/22 09:26",
  later: "2026/11/23 18:02",
  clientName: "Ada Lovelace",
  caregiverName: "Grace Hopper",
} as const;

export const pageExample = <T>(item: T) => ({ content: [item], page: 0, size: 20, totalElements: 1, totalPages: 1 });

/** The contract's assignment object, as the session detail and the client's own list show it. */
export const assignmentExample = {
  id: EX.assignmentId,
  bookId: EX.bookId,
  name: "Sleep diary",
  sessionTitle: "Week 1",
  sessionId: EX.sessionId,
  moduleId: EX.moduleId,
  moduleName: "Sleep diary",
  caregiverId: EX.caregiverId,
  caregiverName: EX.caregiverName,
  clientId: EX.clientId,
  clientName: EX.clientName,
  assignDate: EX.date,
  submitDate: EX.later,
  feedbackStatus: "WAITING",
  feedbackSubmitDate: null,
  startDate: EX.date,
  status: "COMPLETE",
  isTest: false,
  score: 0,
  drafts: [],
  answers: [{ id: 551, questionKey: "bedtime", value: "23:30", createDate: EX.later }],
  autoSaveAnswers: [{ id: 902, questionKey: "bedtime", value: "23:30", updateDate: EX.later }],
  feedbacks: [],
};
