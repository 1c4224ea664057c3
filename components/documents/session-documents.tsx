"use client";

// Stub (issue 12): the documents of one session (list, upload, download), owned by the documents
// helper. The session dashboard and the client's session page both show it.
export function SessionDocuments({ sessionId }: { sessionId: number; audience: "care-team" | "client" }) {
  return <div data-session-documents={sessionId} hidden />;
}
