/** The download of a document: only ids in the URL, never its name (docs/documents.md). */
export const documentPath = (sessionId: number, documentId: number) =>
  `/gateway/profile/session/${sessionId}/document/${documentId}`;
