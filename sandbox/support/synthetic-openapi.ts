/**
 * A large OpenAPI 3.0 document for the import benchmark (bench/import-bench.ts) and its test: an
 * "Ops Platform" API of 40 resources x 25 operations (1,000), deterministic, with the features
 * real documents use ($ref parameters and schemas, allOf, enums, OAuth scopes per operation). Its
 * nouns overlap the sample toolkits' (contact, deal, link...) on purpose: search must still find the
 * HubSpot and Bitly tools when 1,000 imported tools compete with them.
 */

import { OBJECTS } from './synthetic-catalog.js';

export const SYNTHETIC_TOOLKIT = 'ops';

const RESOURCES = [...OBJECTS, 'device', 'network', 'alert', 'policy', 'license', 'invite', 'label', 'shipment', 'refund', 'link'];

/** Action -> [method, path suffix after /<resources>, summary verb phrase, description]. */
const ACTIONS: Record<string, [string, string, string, string]> = {
  list: ['get', '', 'List {plural}', 'Returns the {plural} of the workspace, newest first, a page at a time.'],
  create: ['post', '', 'Create a {one}', 'Creates a new {one} and returns it with its id.'],
  get: ['get', '/{id}', 'Get a {one}', 'Returns one {one} by its id with all its fields.'],
  update: ['patch', '/{id}', 'Update a {one}', 'Changes the given fields of a {one}; fields left out keep their value.'],
  delete: ['delete', '/{id}', 'Delete a {one}', 'Deletes a {one} permanently. This cannot be undone.'],
  search: ['get', '/search', 'Search {plural}', 'Finds {plural} whose name or description matches a text query.'],
  count: ['get', '/count', 'Count {plural}', 'Returns how many {plural} match the filters.'],
  export: ['post', '/export', 'Export {plural}', 'Starts a CSV export of all {plural}; the file link is mailed when ready.'],
  import: ['post', '/import', 'Import {plural}', 'Creates {plural} in bulk from a CSV file URL.'],
  archive: ['post', '/{id}/archive', 'Archive a {one}', 'Moves a {one} to the archive; archived {plural} are hidden from lists.'],
  restore: ['post', '/{id}/restore', 'Restore a {one}', 'Brings an archived or deleted {one} back.'],
  clone: ['post', '/{id}/clone', 'Duplicate a {one}', 'Creates a copy of a {one} with a new id.'],
  assign: ['post', '/{id}/assign', 'Assign a {one}', 'Sets the user responsible for a {one}.'],
  share: ['post', '/{id}/share', 'Share a {one}', 'Gives another user or team access to a {one}.'],
  lock: ['post', '/{id}/lock', 'Lock a {one}', 'Prevents changes to a {one} until it is unlocked.'],
  unlock: ['post', '/{id}/unlock', 'Unlock a {one}', 'Allows changes to a locked {one} again.'],
  approve: ['post', '/{id}/approve', 'Approve a {one}', 'Marks a pending {one} as approved.'],
  reject: ['post', '/{id}/reject', 'Reject a {one}', 'Marks a pending {one} as rejected, with a reason.'],
  publish: ['post', '/{id}/publish', 'Publish a {one}', 'Makes a draft {one} visible to everyone in the workspace.'],
  tag: ['post', '/{id}/labels', 'Add labels to a {one}', 'Attaches labels to a {one} for filtering.'],
  untag: ['delete', '/{id}/labels', 'Remove labels from a {one}', 'Detaches labels from a {one}.'],
  move: ['post', '/{id}/move', 'Move a {one}', 'Moves a {one} to another project or folder.'],
  merge: ['post', '/{id}/merge', 'Merge {plural}', 'Merges a duplicate {one} into this one and deletes the duplicate.'],
  subscribe: ['post', '/{id}/subscribe', 'Watch a {one}', 'Sends the caller a notification whenever a {one} changes.'],
  history: ['get', '/{id}/history', 'Get the history of a {one}', 'Returns every change made to a {one}, with who made it and when.'],
};

const plural = (r: string) => (r.endsWith('y') ? `${r.slice(0, -1)}ies` : r.endsWith('ch') || r.endsWith('s') ? `${r}es` : `${r}s`);
const camel = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);
const fill = (text: string, r: string) => text.replace(/\{plural\}/g, plural(r)).replace(/\{one\}/g, r);

/** The document (first `resources` resources, 25 operations each); 40 gives 1,000 operations. */
export function syntheticOpenApi(resources = RESOURCES.length): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {
    Named: {
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'string', readOnly: true },
        name: { type: 'string', minLength: 1, description: 'Display name.' },
        description: { type: 'string', nullable: true, description: 'Free text.' },
      },
    },
  };
  for (const r of RESOURCES.slice(0, resources)) {
    const R = camel(r);
    schemas[R] = {
      allOf: [
        { $ref: '#/components/schemas/Named' },
        {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['open', 'pending', 'closed'], default: 'open' },
            ownerId: { type: 'string', description: `User who owns the ${r}.` },
            dueDate: { type: 'string', format: 'date' },
          },
        },
      ],
    };
    for (const [action, [method, suffix, summary, description]] of Object.entries(ACTIONS)) {
      const path = `/${plural(r)}${suffix}`;
      const op: Record<string, unknown> = {
        operationId: `${action}${action === 'list' || action === 'search' || action === 'count' || action === 'export' || action === 'import' || action === 'merge' ? camel(plural(r)) : R}`,
        summary: fill(summary, r),
        description: fill(description, r),
        tags: [camel(plural(r))],
        security: [{ oauth: [`${plural(r)}.${method === 'get' ? 'read' : 'write'}`] }],
        responses: { '200': { description: 'OK' } },
      };
      const parameters: unknown[] = [];
      if (suffix.includes('{id}')) parameters.push({ $ref: '#/components/parameters/Id' });
      if (action === 'list') parameters.push({ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' });
      if (action === 'search')
        parameters.push({ name: 'query', in: 'query', required: true, description: 'Text to look for.', schema: { type: 'string' } });
      if (action === 'count')
        parameters.push({
          name: 'status',
          in: 'query',
          schema: { type: 'array', items: { type: 'string', enum: ['open', 'pending', 'closed'] } },
        });
      if (parameters.length > 0) op.parameters = parameters;
      if (action === 'create' || action === 'update') {
        op.requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${R}` } } } };
      } else if (['assign', 'share', 'move', 'merge', 'reject', 'tag', 'untag', 'import'].includes(action)) {
        const field = {
          assign: 'userId',
          share: 'userId',
          move: 'targetId',
          merge: 'duplicateId',
          reject: 'reason',
          tag: 'labels',
          untag: 'labels',
          import: 'fileUrl',
        }[action]!;
        const schema =
          field === 'labels'
            ? { type: 'array', items: { type: 'string' } }
            : { type: 'string', ...(field === 'fileUrl' ? { format: 'uri' } : {}) };
        op.requestBody = {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: [field], properties: { [field]: schema } } } },
        };
      }
      (paths[path] ??= {})[method] = op;
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Ops Platform', version: '3.2.0', description: 'Work management for operations teams.' },
    servers: [{ url: 'https://api.opsplatform.example/v3' }],
    paths,
    components: {
      parameters: {
        Id: { name: 'id', in: 'path', required: true, description: 'The record id.', schema: { type: 'string' } },
        Limit: {
          name: 'limit',
          in: 'query',
          description: 'Page size.',
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        },
        Cursor: { name: 'cursor', in: 'query', description: 'Cursor from the previous page.', schema: { type: 'string' } },
      },
      schemas,
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://opsplatform.example/oauth/authorize',
              tokenUrl: 'https://api.opsplatform.example/oauth/token',
              scopes: Object.fromEntries(
                RESOURCES.slice(0, resources).flatMap((r) => [
                  [`${plural(r)}.read`, `Read ${plural(r)}`],
                  [`${plural(r)}.write`, `Change ${plural(r)}`],
                ]),
              ),
            },
          },
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Ops-Key' },
      },
    },
  };
}
