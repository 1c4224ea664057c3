/** The test IdP's registered client, used by the SSO tests. */
export const TEST_IDP_CLIENT = { client_id: "sso-test-app", client_secret: "sso-test-secret", redirect_uris: ["http://127.0.0.1:9/callback"] };
