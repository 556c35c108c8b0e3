/** Small TypeBox pieces shared by the native routes; they become OpenAPI components. */
import { Type, type TSchema } from '@sinclair/typebox';
import { DECLARED_ERRORS, declaredCodeFor } from '../errors.js';

export const ErrorBody = Type.Object(
  {
    defined: Type.Boolean({ description: 'true for the contract-declared errors (spec section 7), false for any other' }),
    code: Type.String({ description: 'Error code, e.g. BAD_REQUEST, NOT_FOUND' }),
    status: Type.Integer({ description: 'HTTP status, repeated in the body' }),
    message: Type.String({ description: 'What went wrong, for a person or an agent to act on' }),
    data: Type.Optional(Type.Unknown({ description: 'Details, e.g. the invalid fields' })),
  },
  { $id: 'ErrorBody', title: 'ErrorBody', description: 'The native error body' },
);

/** Response schemas for the error statuses an operation can return (spec section 4's last column). */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 408 | 500)[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) {
    const code = declaredCodeFor(status)!;
    out[status] = Type.Ref(ErrorBody, { description: `${code}: ${DECLARED_ERRORS[code].message}` });
  }
  return out;
}
