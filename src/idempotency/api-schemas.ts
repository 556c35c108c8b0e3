/** The Idempotency-Key request header and its error answers, as the acting native operations declare them. */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../schemas/common.js';
import { MAX_KEY_LENGTH } from './idempotency-service.js';

export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      // A quoted Structured Fields string: two quotes, and at most one escape per character of the key.
      maxLength: 2 * MAX_KEY_LENGTH + 2,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        'A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). ' +
        'The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, ' +
        'with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. ' +
        'Error answers are not kept: a retry with the key acts.',
    }),
  ),
});

/** 409 and 422 of an operation that takes Idempotency-Key (native error bodies, `defined: false`). */
export const idempotencyErrorResponses = () => ({
  409: Type.Ref(ErrorBody, {
    description: 'IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered',
  }),
  422: Type.Ref(ErrorBody, {
    description: 'IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours',
  }),
});
