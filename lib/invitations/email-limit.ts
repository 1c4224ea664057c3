/**
 * Invitation emails one person, or one address from one clinic, may be sent in an hour: past them a
 * 429, and a link without email is still made. A module of its own, so that the staff's invitation
 * card reads it without the schemas (37 KB more on the client's page when it came with them).
 */
export const INVITATION_EMAILS_PER_HOUR = 3;
