/**
 * The console plane's services (people, sessions, usage, audit log, and the project views built
 * on the domain services), built by the composition root (src/services.ts) from the shared
 * repositories. Organizations, members, invitations, projects and keys are src/tenancy's.
 */
import type { Config } from '../config.js';
import type { Clock } from '../clock.js';
import type { createRepositories } from '../db/repositories/index.js';
import type { Tenancy } from '../tenancy/index.js';
import { createAccountService } from './account-service.js';
import { createMailer } from './mailer.js';
import { createSessionService } from './session-service.js';
import { createAuditService } from './audit-service.js';
import { createUsageService } from './usage-service.js';
import { createProjectConsoleServices, type ProjectDomainServices } from './project-console-services.js';
import type { WebhookService } from './webhook-ports.js';
import { createConsoleWebhookService } from './console-webhook-service.js';
import { bindWebhookPorts } from './webhook-ports.js';
import type { TriggerPollStateRepository } from '../db/repositories/trigger-poll-state-repository.js';
import type { createTriggerInstanceService } from '../triggers/trigger-instance-service.js';
import { createTriggerActivity } from '../triggers/trigger-activity.js';
import { createConsoleTriggerService } from './console-trigger-service.js';
import { createConsolePlayground } from './console-playground.js';
import type { ExecutionRecorder } from '../tools/execution-recorder.js';
import type { createExecutionService } from '../tools/execution-service.js';

type Repositories = ReturnType<typeof createRepositories>;

export function createConsoleServices(
  deps: {
    repos: Repositories;
    config: Config;
    clock: Clock;
    tenancy: Tenancy;
    webhooks: WebhookService;
    triggerInstances: ReturnType<typeof createTriggerInstanceService>;
    triggerPollStates: TriggerPollStateRepository;
    /** The Playground runs tools through the native executeTool's service. */
    execution: ReturnType<typeof createExecutionService>;
    recorder: ExecutionRecorder;
  } & ProjectDomainServices,
) {
  const { repos, config, clock, tenancy } = deps;
  const mailer = createMailer(config.smtp);
  return {
    /** Outgoing mail (SMTP_URL) for reset and invitation links; undefined without it. */
    mailer,
    accounts: createAccountService({
      mailer,
      users: repos.users,
      sessions: repos.sessions,
      config: { ...config.console, publicBaseUrl: config.publicBaseUrl },
      clock,
      tenancy,
    }),
    sessions: createSessionService({ sessions: repos.sessions, config: config.console, clock }),
    usage: createUsageService({ usage: repos.usage, organizations: tenancy.organizations, clock }),
    audit: createAuditService({ audit: repos.audit }),
    // Auth configs and connections, executions, the toolkit catalog.
    ...createProjectConsoleServices({ ...deps, audit: tenancy.audited, publicBaseUrl: config.publicBaseUrl }),
    // Webhook subscriptions and events (issue 28), audited.
    consoleWebhooks: createConsoleWebhookService({
      audit: tenancy.audited,
      ...bindWebhookPorts({ webhooks: deps.webhooks }),
    }),
    // Trigger instances (issue 29) with their polling and last event, audited.
    consoleTriggers: createConsoleTriggerService({
      audit: tenancy.audited,
      instances: deps.triggerInstances,
      rows: repos.triggerInstances,
      activity: createTriggerActivity({ states: deps.triggerPollStates, events: repos.events }),
      catalog: deps.catalog,
    }),
    // The Playground (issue 32): a tool run as executeTool runs it, with what was sent and answered.
    consolePlayground: createConsolePlayground({
      audit: tenancy.audited,
      execution: deps.execution,
      recorder: deps.recorder,
      catalogService: deps.catalogService,
    }),
  };
}
