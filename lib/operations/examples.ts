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
