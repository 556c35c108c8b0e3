/**
 * First start on an empty database: a default organization, project and API key, so a new user
 * can call the API at once. The key is printed once and never stored in clear.
 */
import type { Services } from './services.js';

export interface BootstrapResult {
  organizationId: string;
  projectId: string;
  apiKey: string;
}

export async function bootstrapIfEmpty(services: Services): Promise<BootstrapResult | undefined> {
  if ((await services.projects.countOrganizations()) > 0) return undefined;
  const org = await services.projects.createOrganization('Default organization');
  const project = await services.projects.createProject(org.id, 'Default project');
  const { key } = await services.apiKeys.create(project.id, 'bootstrap');
  return { organizationId: org.id, projectId: project.id, apiKey: key };
}

export function bootstrapBanner(result: BootstrapResult, baseUrl: string): string {
  return [
    '',
    '================================================================================',
    ' First start: created a default organization, project and API key.',
    ` Organization: ${result.organizationId}   Project: ${result.projectId}`,
    '',
    ` API key (shown once, store it now):  ${result.apiKey}`,
    '',
    ' Try it:',
    `   curl -s ${baseUrl}/api/v1/toolkits -H 'x-api-key: ${result.apiKey}'`,
    '',
    ` API reference: ${baseUrl}/api/v1/docs   OpenAPI: ${baseUrl}/api/v1/spec.json`,
    '================================================================================',
    '',
  ].join('\n');
}
