/**
 * Names for the generated types (api-types.gen.ts): the request and answer of an operation by its
 * operationId in spec.json, and the schemas the SDK hands back. Nothing here is written by hand
 * beyond the naming, so a changed route schema changes these types at the next `generate:types`.
 */
import type { components, operations } from './api-types.gen.js';

export type OperationId = keyof operations;

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<K extends OperationId> = operations[K]['responses'];

/** The JSON body of an operation's success answer (200, or 201 for creations). */
export type ResponseOf<K extends OperationId> = 200 extends keyof Responses<K>
  ? Json<Responses<K>[200]>
  : 201 extends keyof Responses<K>
    ? Json<Responses<K>[201]>
    : never;

/** The JSON request body of an operation (never when it takes none). */
export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer B } ? NonNullable<Json<B>> : never;

/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

type Schemas = components['schemas'];
export type ErrorBody = Schemas['ErrorBody'];
export type AuthConfig = Schemas['AuthConfig'];
export type Connection = Schemas['Connection'];
export type ConnectionStatus = Connection['status'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
export type WebhookAttempt = Schemas['WebhookAttempt'];
/** Something that happened in the project: what `events.list` pages and webhook deliveries carry. */
export type BrokerEvent = Schemas['Event'];
export type Tool = ResponseOf<'getTool'>;
export type ToolSummary = ResponseOf<'listTools'>['items'][number];
export type Toolkit = ResponseOf<'getToolkit'>;
export type TriggerType = ResponseOf<'getTriggerType'>;
export type ExecuteResult = ResponseOf<'executeTool'>;
