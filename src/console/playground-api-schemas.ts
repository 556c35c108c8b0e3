/**
 * TypeBox schemas of the console's Playground (issue 32): a tool run for one of the project's
 * connections, answered with what was sent to the provider (credentials masked) and what came back.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TEXT_LIMITS } from '../schemas/common.js';

export const PlaygroundToolParams = Type.Object({
  organizationId: Type.String({ minLength: 1, maxLength: 40 }),
  projectId: Type.String({ minLength: 1, maxLength: 40 }),
  toolSlug: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.toolSlug, description: 'Tool slug, e.g. HUBSPOT_CONTACTS_CREATE' }),
});

export const PlaygroundRunBody = Type.Object(
  {
    connectionId: Type.String({ minLength: 1, maxLength: 40, description: 'A connection of the project, of the tool’s toolkit' }),
    arguments: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: "Tool arguments; must match the tool's inputParameters" }),
    ),
  },
  { additionalProperties: false },
);
export type PlaygroundRunBody = Static<typeof PlaygroundRunBody>;

const Headers = Type.Record(Type.String(), Type.String());

export const PlaygroundRun = Type.Object(
  {
    executionId: Type.Union([Type.String(), Type.Null()], {
      description: 'The execution record of this run (Executions tab), refused runs included; null if it was not recorded',
    }),
    durationMs: Type.Integer({
      description: 'As recorded: from the start of the execution to the end of the provider call or the refusal',
    }),
    successful: Type.Boolean({ description: 'The provider answered 2xx' }),
    request: Type.Union(
      [
        Type.Object({
          method: Type.String(),
          url: Type.String(),
          headers: Headers,
          body: Type.Optional(Type.Unknown({ description: 'JSON as a value; a form or text body as its text' })),
        }),
        Type.Null(),
      ],
      {
        description:
          'The request as sent to the provider, credentials masked by the rules of the logs and execution details; null when refused before sending',
      },
    ),
    response: Type.Union(
      [
        Type.Object({
          status: Type.Integer(),
          headers: Headers,
          body: Type.Unknown({ description: 'JSON parsed, text as a string, binary as {mediaType, base64}' }),
        }),
        Type.Null(),
      ],
      { description: "The provider's answer, redacted like the request; null when there was none (refused, timeout, network failure)" },
    ),
    error: Type.Union(
      [
        Type.Object({
          code: Type.String(),
          status: Type.Integer({ description: 'The HTTP status the native executeTool answers with this error' }),
          message: Type.String(),
          data: Type.Optional(Type.Unknown()),
        }),
        Type.Null(),
      ],
      { description: "The broker's error when it refused the run or got no answer, as the native API reports it; null otherwise" },
    ),
  },
  { description: 'One tool run from the console, as it happened' },
);
export type PlaygroundRun = Static<typeof PlaygroundRun>;
