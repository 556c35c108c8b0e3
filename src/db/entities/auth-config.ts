import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** How a project's connections to one toolkit authenticate. The client secret lives in the vault. */
export const AuthConfig = defineEntity({
  name: 'AuthConfig',
  tableName: 'auth_configs',
  indexes: [{ properties: ['projectId', 'toolkitSlug'] }],
  properties: {
    id: p.string().length(40).primary(),
    projectId: p.string().length(40),
    toolkitSlug: p.string().length(100),
    authMethodId: p.string().length(100),
    authMethodKind: p.string().length(20),
    name: p.string().length(200),
    isManaged: p.boolean(),
    clientId: p.string().length(500).nullable(),
    hasClientSecret: p.boolean().default(false),
    restrictToTools: p.json<string[]>().nullable(),
    scopes: p.json<string[]>().nullable(),
    disabled: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IAuthConfig = InferEntity<typeof AuthConfig>;
