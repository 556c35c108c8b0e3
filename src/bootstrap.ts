/**
 * First start on an empty database (no organization yet).
 * - Development (and test): a default organization, project and API key, so a new user can call
 *   the API at once. The key is printed once and never stored in clear.
 * - Production: nothing is created and no key reaches the log. The banner sends the operator to
 *   the console, where the first sign-up creates and owns the first organization (with a default
 *   project), or to `broker create-project`, which prints a key on the terminal that ran it.
 */
import type { Config } from './config.js';
import type { Tenancy } from './tenancy/index.js';
import { OPERATOR } from './tenancy/actor.js';

export type BootstrapResult =
  | { kind: 'api-key'; organizationId: string; projectId: string; apiKey: string }
  /** Production: nothing created; the first user signs up in the console. */
  | { kind: 'sign-up' };

/** The default organization, project and key are written in one transaction, audited as the operator's. */
export async function bootstrapIfEmpty(
  tenancy: Pick<Tenancy, 'organizations' | 'projects' | 'apiKeys' | 'audited'>,
  env: Config['env'],
): Promise<BootstrapResult | undefined> {
  if ((await tenancy.organizations.count()) > 0) return undefined;
  if (env === 'production') return { kind: 'sign-up' };
  return tenancy.audited.run(OPERATOR, async (tx) => {
    const org = await tenancy.organizations.insert(tx, OPERATOR, 'Default organization');
    const project = await tenancy.projects.insert(tx, org.id, 'Default project');
    const { key } = await tenancy.apiKeys.insert(tx, project.id, 'bootstrap');
    return { kind: 'api-key', organizationId: org.id, projectId: project.id, apiKey: key };
  });
}

const RULE = '================================================================================';

export function bootstrapBanner(result: BootstrapResult, baseUrl: string): string {
  if (result.kind === 'sign-up') {
    return [
      '',
      RULE,
      ' First start: the database is empty and no API key was created.',
      '',
      ` Open ${baseUrl}/console/ and sign up: the first account owns the first`,
      ' organization, with a default project, and creates API keys there.',
      '',
      ' Or, on this host:  broker create-project --org <name> --project <name>',
      " (prints the project's first API key on that terminal, once).",
      RULE,
      '',
    ].join('\n');
  }
  return [
    '',
    RULE,
    ' First start: created a default organization, project and API key.',
    ` Organization: ${result.organizationId}   Project: ${result.projectId}`,
    '',
    ` API key (shown once, store it now):  ${result.apiKey}`,
    '',
    ' Try it:',
    `   curl -s ${baseUrl}/api/v1/toolkits -H 'x-api-key: ${result.apiKey}'`,
    '',
    ` API reference: ${baseUrl}/api/v1/docs   OpenAPI: ${baseUrl}/api/v1/spec.json`,
    ` Console: ${baseUrl}/console/ (the first account to sign up owns this organization)`,
    RULE,
    '',
  ].join('\n');
}
