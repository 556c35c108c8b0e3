/**
 * The composition root: every domain service built once, from the config and the ORM, with
 * only the dependencies it uses. Plugins, the CLI and tests all reach services through here.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createApiKeyService } from './console/api-key-service.js';
import { createProjectService } from './console/project-service.js';

export interface ServiceDeps {
  config: Config;
  orm: MikroORM;
  log: FastifyBaseLogger;
}

export function createServices(deps: ServiceDeps) {
  const { orm } = deps;
  const apiKeys = createApiKeyService({ orm });
  const projects = createProjectService({ orm });
  return { apiKeys, projects };
}

export type Services = ReturnType<typeof createServices>;
