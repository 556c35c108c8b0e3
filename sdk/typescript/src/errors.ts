/** The one error type the SDK throws for a failed call, with what the broker said about it. */

export class BrokerError extends Error {
  override readonly name = 'BrokerError';
  /**
   * The broker's error code (BAD_REQUEST, NOT_FOUND, TOO_MANY_REQUESTS…), or the SDK's own for
   * what never got an answer: CONNECTION_ERROR (network), TIMEOUT (a request or a wait ran out),
   * CONNECTION_NOT_ACTIVE (waitUntilActive saw the connection end in FAILED, EXPIRED or REVOKED).
   */
  readonly code: string;
  /** The HTTP status, 0 when there was no answer. */
  readonly status: number;
  /** The broker's x-request-id of the failed answer: quote it when asking the operator. */
  readonly requestId: string | undefined;
  /** The details the broker gave (e.g. the invalid fields), as sent. */
  readonly data: unknown;

  constructor(init: { code: string; status: number; message: string; requestId?: string; data?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.data = init.data;
  }
}
