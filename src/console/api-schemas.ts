/**
 * TypeBox schemas of the console plane's shared pieces (users, sessions, error responses). Each
 * route group adds its own next to its routes' file or here when shared; all become spec.json
 * components under the `console` tag.
 */
import { Type, type TRefUnsafe, type TSchema } from '@sinclair/typebox';
import { ErrorBody, errorResponses, transportErrorResponse } from '../schemas/common.js';

export const ConsoleUser = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ConsoleUser', title: 'ConsoleUser' },
);

export const SessionView = Type.Object(
  {
    user: Type.Ref(ConsoleUser),
    csrfToken: Type.String({ description: 'Send it back in the x-csrf-token header on every POST, PATCH, PUT and DELETE' }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the session ends unless used again (sliding)' }),
  },
  { $id: 'ConsoleSession', title: 'ConsoleSession' },
);

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });
/** Long passphrases are welcome; the cap keeps one hash cheap to compute. */
export const Password = Type.String({ minLength: 1, maxLength: 1024 });

/** `:organizationId` in a console path. */
export const OrganizationParams = Type.Object({ organizationId: Type.String({ minLength: 1, maxLength: 40 }) });
/** `:organizationId/projects/:projectId` in a console path. */
export const ProjectParams = Type.Object({
  organizationId: Type.String({ minLength: 1, maxLength: 40 }),
  projectId: Type.String({ minLength: 1, maxLength: 40 }),
});

type ConsoleErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 429;

/**
 * Error responses of a console operation: declared statuses as in the native API, plus 409/410/429;
 * typed per status (each an ErrorBody) so handlers and the test client know each error answer.
 */
export function consoleErrors<const S extends ConsoleErrorStatus>(...statuses: S[]): { [K in S]: TRefUnsafe<typeof ErrorBody> } {
  const out: Partial<Record<ConsoleErrorStatus, TSchema>> = {};
  for (const status of statuses) {
    if (status === 409 || status === 410 || status === 429) out[status] = transportErrorResponse(status);
    else Object.assign(out, errorResponses(status));
  }
  return out as { [K in S]: TRefUnsafe<typeof ErrorBody> };
}
