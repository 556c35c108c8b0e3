/**
 * The meta-schema documents written to `catalog/schema/` and compiled by the loader. JSON
 * round-trip drops TypeBox's symbol keys so both consumers see plain JSON Schema.
 */
import type { TSchema } from '@sinclair/typebox';
import { ToolFile, ToolkitFile } from './catalog-schema.js';
import { TriggerFile } from './trigger-schema.js';

export type CatalogSchemaName = 'toolkit.schema.json' | 'tool.schema.json' | 'trigger.schema.json';

export function catalogSchemaDocuments(): Record<CatalogSchemaName, Record<string, unknown>> {
  const plain = (s: TSchema) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
  const draft = 'http://json-schema.org/draft-07/schema#';
  return {
    'toolkit.schema.json': { $schema: draft, ...plain(ToolkitFile) },
    'tool.schema.json': { $schema: draft, ...plain(ToolFile) },
    'trigger.schema.json': { $schema: draft, ...plain(TriggerFile) },
  };
}
