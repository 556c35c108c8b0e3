/**
 * Who makes a tenancy change, as every command takes it and the audit log records it: a signed-in
 * person (with the request's address), the operator (the CLI and first-start bootstrap), or a
 * project's API key.
 */
export type UserActor = { kind: 'user'; userId: string; email: string; ip?: string | undefined };
export type ApiKeyActor = { kind: 'apiKey'; apiKeyId: string; projectId: string; ip?: string | undefined };
export type Actor = UserActor | { kind: 'operator' } | ApiKeyActor;

/** The operator: whoever runs the CLI on the broker's database, or the broker's own first start. */
export const OPERATOR: Actor = { kind: 'operator' };
