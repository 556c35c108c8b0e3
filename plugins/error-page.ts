/**
 * The HTML plane's error renderer: what a browser user sees when a hosted page (connect link,
 * OAuth callback) fails. Same classification as the JSON planes (src/error-classifier.ts); the
 * page says only what the user can act on, never an internal message.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { classifyError, type ClassifiedError } from '../src/error-classifier.js';
import { logRequestError } from './errors.js';

export interface ErrorPage {
  status: number;
  title: string;
  message: string;
}

export function renderErrorPage(c: ClassifiedError, requestId: string): ErrorPage {
  if (c.internal || c.status >= 500) {
    return { status: c.status, title: 'Something went wrong', message: `Please try again later (request ${requestId}).` };
  }
  if (c.status === 404)
    return { status: 404, title: 'Not found', message: 'This page does not exist. Check that you opened the whole link.' };
  if (c.status === 429) return { status: 429, title: 'Too many requests', message: 'Please wait a minute, then open the link again.' };
  if (c.status === 403)
    return { status: 403, title: 'Not allowed', message: 'This request is not allowed. Open the link you were given again.' };
  if (c.status === 410) return { status: 410, title: 'Link no longer valid', message: 'Ask the application that sent it for a new link.' };
  if (c.status === 413)
    return { status: 413, title: 'Too much data', message: 'What was sent is larger than this page accepts. Open the link again.' };
  return { status: c.status, title: 'Invalid request', message: 'The request could not be read. Open the link again.' };
}

/**
 * An error handler answering pages: `render` wraps title and message in the scope's own page;
 * `headers` are set on the answer (scopes that set them in the route would lose them on error).
 */
export function htmlErrorHandler(scope: string, render: (title: string, message: string) => string, headers: Record<string, string> = {}) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const c = classifyError(error);
    logRequestError(request, error, c, scope);
    const page = renderErrorPage(c, request.id);
    return reply.code(page.status).headers(headers).type('text/html; charset=utf-8').send(render(page.title, page.message));
  };
}
