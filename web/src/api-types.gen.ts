/**
 * GENERATED FILE, do not edit: `npm run generate:types` (scripts/generate-api-types.ts) writes it from
 * the broker's GET /api/v1/spec.json with openapi-typescript. The route schemas are the source: after
 * changing one, run the command and commit this file (test/unit/web/web-api-types.test.ts fails until then).
 * web/src/types.ts names the console's types from it; web/src never imports server code.
 */
export interface paths {
  '/api/v1/toolkits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List toolkits */
    get: operations['listToolkits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/toolkits/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one toolkit */
    get: operations['getToolkit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List or search tools (fuzzy over slug, name, description) */
    get: operations['listTools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one tool with its inputParameters (JSON Schema) */
    get: operations['getTool'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trigger_types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List trigger types (event sources), by slug
     * @description Each type carries the JSON Schema of its config (what an instance is set up with) and of its event data (payload).
     */
    get: operations['listTriggerTypes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trigger_types/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one trigger type with its config and payload schemas */
    get: operations['getTriggerType'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth_configs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's auth configs */
    get: operations['listAuthConfigs'];
    put?: never;
    /** Create an auth config (managed or with your own OAuth client) */
    post: operations['createAuthConfig'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth_configs/{authConfigId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read an auth config (the client secret is never returned) */
    get: operations['getAuthConfig'];
    put?: never;
    post?: never;
    /** Delete an auth config, its connections and their secrets */
    delete: operations['deleteAuthConfig'];
    options?: never;
    head?: never;
    /** Update name, client credentials, tool restriction, scopes or disabled */
    patch: operations['updateAuthConfig'];
    trace?: never;
  };
  '/api/v1/connectors/{slug}/initiate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Begin a connection (OAuth redirect, or pending for direct schemes) */
    post: operations['initiate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connectors/{slug}/connect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit credentials for API-key, basic or bearer toolkits */
    post: operations['connect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connectors/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's connections */
    get: operations['listConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connectors/connections/{connectionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one connection */
    get: operations['getConnection'];
    put?: never;
    post?: never;
    /** Delete a connection and destroy its secrets */
    delete: operations['deleteConnection'];
    options?: never;
    head?: never;
    /** Set the alias, or disable / enable a connection */
    patch: operations['updateConnection'];
    trace?: never;
  };
  '/api/v1/connectors/connections/{connectionId}/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Refresh credentials (OAuth refresh token) */
    post: operations['refreshConnection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connectors/connections/{connectionId}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke tokens at the provider and destroy them */
    post: operations['revokeConnection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connectors/proxy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Authenticated request through a connection */
    post: operations['proxy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tools/{slug}/execute': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a tool through a connection
     * @description The connection is connectedAccountId, or the entityId's most recently updated ACTIVE connection for the tool's toolkit. Provider errors are 200 with successful=false and the provider status; 408 means the provider did not answer in time.
     */
    post: operations['executeTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connect-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a hosted connect link for an end user
     * @description Makes the connection now (INITIATED for OAuth, PENDING for API-key/basic/bearer) and returns the page's URL. The page names the toolkit and the project, sends the user through the provider's consent or shows the credential form, then returns to callbackUrl. Opening the page never uses the link; the user submitting it does (single use). With connectionId, the link reconnects that EXPIRED, FAILED or REVOKED connection in place (same id, ACTIVE again) instead of making one; an agent session may name only a connection of its own end user.
     */
    post: operations['createConnectLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook_subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's webhook subscriptions, newest first */
    get: operations['listWebhookSubscriptions'];
    put?: never;
    /**
     * Subscribe a URL to events; the signing secret is in this answer only
     * @description Deliveries are signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature) with the returned whsec_ secret. eventTypes omitted: every event type.
     */
    post: operations['createWebhookSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook_subscriptions/{subscriptionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one webhook subscription */
    get: operations['getWebhookSubscription'];
    put?: never;
    post?: never;
    /** Delete a webhook subscription, its queued deliveries and its secrets */
    delete: operations['deleteWebhookSubscription'];
    options?: never;
    head?: never;
    /** Change the URL or event types, or disable / enable it (enabling clears a disable after failures) */
    patch: operations['updateWebhookSubscription'];
    trace?: never;
  };
  '/api/v1/webhook_subscriptions/{subscriptionId}/rotate_secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret, in this answer only; the previous one keeps signing for 24 hours */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook_subscriptions/{subscriptionId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every delivery attempt to the subscription, newest first: status, duration, the response's start */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhook_subscriptions/{subscriptionId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook.test event to this subscription only
     * @description A disabled subscription is refused with 400: enable it first.
     */
    post: operations['sendTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's events, newest first (kept EVENT_RETENTION_DAYS days) */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events/{eventId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Deliver an event again, with the same webhook-id, to one subscription or every one that wants it */
    post: operations['redeliverEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trigger_instances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's trigger instances, oldest first; enabled ones unless showDisabled */
    get: operations['listTriggerInstances'];
    put?: never;
    /**
     * Set up a trigger for a connection: the same trigger, connection and config give the same instance (re-enabled if disabled)
     * @description The connection is connectedAccountId, or the entityId's most recently updated ACTIVE connection of the trigger's toolkit (as executeTool resolves it); it must be ACTIVE. config is validated against the trigger type's config schema (every problem named) and its defaults applied.
     */
    post: operations['upsertTriggerInstance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trigger_instances/{triggerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one trigger instance */
    get: operations['getTriggerInstance'];
    put?: never;
    post?: never;
    /** Delete a trigger instance */
    delete: operations['deleteTriggerInstance'];
    options?: never;
    head?: never;
    /**
     * Enable, disable or change the config of a trigger instance
     * @description enabled=false is a user's disable: it stays until enabled again (a system disable, after the connection expired, resumes by itself). Enabling needs the connection ACTIVE. A config another instance of the connection has already is 409.
     */
    patch: operations['updateTriggerInstance'];
    trace?: never;
  };
  '/api/v1/agent_sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's agent sessions, newest first (never their tokens) */
    get: operations['listAgentSessions'];
    put?: never;
    /**
     * Create an agent session for one end user
     * @description Returns a token (shown once) that works as `Authorization: Bearer` or `x-api-key` on /mcp, executeTool, listTools, getTool and createConnectLink, for entityId only and within toolkits/tools; every other route answers 403. Default lifetime 1 hour, at most 30 days; an expired or revoked session is 401 at once on every instance. Needs the sessions:create scope; agent sessions cannot create sessions.
     */
    post: operations['createAgentSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent_sessions/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an agent session: refused (401) at once on every instance; idempotent */
    delete: operations['revokeAgentSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/provider_webhooks/{toolkit}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A provider's webhook delivery for the platform-managed app of a toolkit (HubSpot app webhooks)
     * @description Public: no API key. The request must carry a valid `X-HubSpot-Signature-v3` (base64 HMAC-SHA256 of method + the URI HubSpot called + raw body + `X-HubSpot-Request-Timestamp`, keyed by the app’s client secret) and a timestamp within 5 minutes; otherwise 401 and nothing is recorded. The URI is `PUBLIC_BASE_URL` + the request path. See docs/guides/provider-webhooks.md.
     */
    post: operations['receiveProviderWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/provider_webhooks/{toolkit}/{authConfigId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A provider's webhook delivery for a custom app (an auth config with its own OAuth client), signed with that client's secret
     * @description Public: no API key. The request must carry a valid `X-HubSpot-Signature-v3` (base64 HMAC-SHA256 of method + the URI HubSpot called + raw body + `X-HubSpot-Request-Timestamp`, keyed by the app’s client secret) and a timestamp within 5 minutes; otherwise 401 and nothing is recorded. The URI is `PUBLIC_BASE_URL` + the request path. See docs/guides/provider-webhooks.md.
     */
    post: operations['receiveCustomAppProviderWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether sign-up is open */
    get: operations['consoleSignUpOptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/sign-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an account and sign in */
    post: operations['consoleSignUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with email and password */
    post: operations['consoleSignIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a new password with a one-time reset link (broker reset-password); signs out every session of the account */
    post: operations['consoleResetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/invitations/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What an invitation link offers */
    get: operations['consolePreviewInvitation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/change-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change my password (a wrong current password counts as a failed sign-in) */
    post: operations['consoleChangePassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user and session */
    get: operations['consoleSession'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/sign-out': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End this session */
    post: operations['consoleSignOut'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/auth/sign-out-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End all my sessions, on every device */
    post: operations['consoleSignOutEverywhere'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The organizations I belong to, with my role */
    get: operations['consoleListOrganizations'];
    put?: never;
    /** Create an organization (I become its owner) */
    post: operations['consoleCreateOrganization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of my organizations */
    get: operations['consoleGetOrganization'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Rename an organization (owner) */
    patch: operations['consoleRenameOrganization'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The members of an organization */
    get: operations['consoleListMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/members/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a member (admin for members, owner for admins and owners) or leave (my own id) */
    delete: operations['consoleRemoveMember'];
    options?: never;
    head?: never;
    /** Change a member's role (owner); the last owner cannot be demoted */
    patch: operations['consoleChangeMemberRole'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Pending invitations of an organization (admin) */
    get: operations['consoleListInvitations'];
    put?: never;
    /** Invite an email to the organization (admin); the link expires in 7 days and works once */
    post: operations['consoleCreateInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/invitations/{invitationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a pending invitation (admin) */
    delete: operations['consoleRevokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/invitations/{token}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Join the organization of an invitation sent to my email */
    post: operations['consoleAcceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An organization's usage and quota for a month */
    get: operations['consoleOrganizationUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The organization's projects, oldest first */
    get: operations['consoleListProjects'];
    put?: never;
    /** Create a project (admin) */
    post: operations['consoleCreateProject'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a project */
    get: operations['consoleGetProject'];
    put?: never;
    post?: never;
    /** Delete a project that has no connections, auth configs, active keys or webhook subscriptions left (admin) */
    delete: operations['consoleDeleteProject'];
    options?: never;
    head?: never;
    /** Rename a project or set its redirect allow-list (admin) */
    patch: operations['consoleUpdateProject'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's API keys, revoked ones included (never the keys themselves) */
    get: operations['consoleListApiKeys'];
    put?: never;
    /** Create a project API key; the key is returned once (admin) */
    post: operations['consoleCreateApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/api-keys/{apiKeyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an API key: refused at once everywhere; the project's connections are not affected (admin) */
    delete: operations['consoleRevokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/auth-configs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's auth configs, newest first (client secrets are never returned) */
    get: operations['consoleListAuthConfigs'];
    put?: never;
    /** Create an auth config, as the native createAuthConfig does (admin); the client secret is never returned */
    post: operations['consoleCreateAuthConfig'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/auth-configs/{authConfigId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete an auth config with its connections and their secrets (admin) */
    delete: operations['consoleDeleteAuthConfig'];
    options?: never;
    head?: never;
    /** Edit an auth config (name, scopes, tools, OAuth client id and secret), enable or disable it (admin) */
    patch: operations['consoleUpdateAuthConfig'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's connections, newest first; status, toolkit and userId filter */
    get: operations['consoleListConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/connect-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A hosted connect link for an end user's new connection, as the native POST /connect-links makes (admin) */
    post: operations['consoleCreateConnectLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/connections/{connectionId}/reconnect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reconnect an EXPIRED, FAILED or REVOKED connection in place: a hosted connect link that makes this same connection ACTIVE again, same id (admin) */
    post: operations['consoleReconnectConnection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/connections/{connectionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a connection and destroy its secrets (admin) */
    delete: operations['consoleDeleteConnection'];
    options?: never;
    head?: never;
    /** Enable or disable a connection (admin) */
    patch: operations['consoleUpdateConnection'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/connections/{connectionId}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a connection's tokens at the provider where it can, and destroy them (admin) */
    post: operations['consoleRevokeConnection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/executions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's tool executions and proxy calls, refused ones included, newest first; filter by end user, tool, toolkit, outcome and time */
    get: operations['consoleListExecutions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/executions/{executionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One execution with its arguments and response body (redacted, bounded, kept EXECUTION_BODY_RETENTION_DAYS) */
    get: operations['consoleGetExecution'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/toolkits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every toolkit of the catalog, with what setting up a connection needs */
    get: operations['consoleListToolkits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/toolkits/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One toolkit as listed, with its trigger types */
    get: operations['consoleGetToolkit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/toolkits/{slug}/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A page of a toolkit's tools with their input schemas and scopes; search ranks them as listTools does */
    get: operations['consoleListToolkitTools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The organization's audit log, newest first (owner or admin) */
    get: operations['consoleListAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/event-types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The event types the broker records, with what each means */
    get: operations['consoleListEventTypes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's webhook subscriptions, newest first (never their secrets) */
    get: operations['consoleListWebhookSubscriptions'];
    put?: never;
    /** Subscribe a URL to the project's events; the signing secret is returned once (admin) */
    post: operations['consoleCreateWebhookSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/webhooks/{subscriptionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One webhook subscription (never its secret) */
    get: operations['consoleGetWebhookSubscription'];
    put?: never;
    post?: never;
    /** Delete a subscription, its deliveries and its secrets (admin) */
    delete: operations['consoleDeleteWebhookSubscription'];
    options?: never;
    head?: never;
    /** Change the URL or event types, enable or disable (admin) */
    patch: operations['consoleUpdateWebhookSubscription'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/webhooks/{subscriptionId}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret, returned once; the previous one keeps signing for 24 hours (admin) */
    post: operations['consoleRotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/webhooks/{subscriptionId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record a webhook.test event delivered to this subscription only (admin) */
    post: operations['consoleSendTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/webhooks/{subscriptionId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A subscription's delivery attempts, newest first: status code, outcome, duration, the start of the answer */
    get: operations['consoleListWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's events, newest first; filter by type and time */
    get: operations['consoleListEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/events/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One event, as its webhook body carries it */
    get: operations['consoleGetEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/events/{eventId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send an event again (same webhook-id) to one subscription, or to every enabled one that wants its type (admin) */
    post: operations['consoleRedeliverEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/trigger-instances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's trigger instances, newest first, with their last poll, last event and last error; connection, trigger and status filters */
    get: operations['consoleListTriggerInstances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/trigger-instances/{triggerInstanceId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One trigger instance with its last poll, last event and last error */
    get: operations['consoleGetTriggerInstance'];
    put?: never;
    post?: never;
    /** Delete a trigger instance; its polls stop (admin) */
    delete: operations['consoleDeleteTriggerInstance'];
    options?: never;
    head?: never;
    /** Enable (the connection must be ACTIVE) or disable a trigger instance (admin) */
    patch: operations['consoleUpdateTriggerInstance'];
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/playground/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tools to try in the Playground: search (ranked as listTools ranks) and filter by toolkit */
    get: operations['consoleListPlaygroundTools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/playground/tools/{toolSlug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One tool with its input JSON schema, for the Playground form */
    get: operations['consoleGetPlaygroundTool'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/console/orgs/{organizationId}/projects/{projectId}/playground/tools/{toolSlug}/execute': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run a tool for one of the project's connections as executeTool does (recorded, quota, scopes, validation); answers the request as sent (credentials masked), the provider's answer or the broker's error (admin) */
    post: operations['consoleExecuteTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * ErrorBody
     * @description The native error body
     */
    ErrorBody: {
      /** @description true for the contract-declared errors (spec section 7), false for any other */
      defined: boolean;
      /** @description Error code, e.g. BAD_REQUEST, NOT_FOUND */
      code: string;
      /** @description HTTP status, repeated in the body */
      status: number;
      /** @description What went wrong, for a person or an agent to act on */
      message: string;
      /** @description Details, e.g. the invalid fields */
      data?: unknown;
    };
    /** AuthConfig */
    AuthConfig: {
      id: string;
      toolkit: string;
      authMethodId: string;
      authMethodKind: string;
      name: string;
      isManaged: boolean;
      clientId: string | null;
      /** @description Whether a client secret is stored (it is never returned) */
      hasClientSecret: boolean;
      restrictToTools: string[] | null;
      scopes: string[] | null;
      disabled: boolean;
      connectionsCount: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** Connection */
    Connection: {
      /** @description Connection id */
      id: string;
      /** @description Toolkit slug */
      providerSlug: string;
      authMethodId: string;
      authMethodKind: 'oauth2' | 'api_key' | 'basic' | 'bearer';
      /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
      status: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
      /** @description Why the connection is in its status (FAILED, EXPIRED, REVOKED, waiting states) */
      statusReason: string | null;
      /** @description A disabled connection cannot execute tools or proxy calls */
      disabled: boolean;
      /** @description The end user who owns it */
      entityId: string;
      authConfigId: string;
      alias: string | null;
      /** @description The connection fields given at initiate/connect (e.g. a subdomain or region the toolkit's URLs use), with defaults applied; not secret. null when none. */
      connectionConfig: {
        [key: string]: string;
      } | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description OAuth token health. The broker renews access tokens before they expire and uses idle refresh tokens at least daily; failures also arrive as connection.refresh_failed and connection.expired events. */
      health: {
        /** @description When the OAuth tokens were last renewed (by a call or the background refresher); null if never */
        lastRefreshedAt: string | null;
        /** @description When a refresh last failed (transient, or refused: then the connection is EXPIRED); null if never */
        lastFailureAt: string | null;
        /** @description Why that refresh failed, in short; null if none ever did */
        lastFailure: string | null;
        /** @description When the background refresher next renews the tokens, or retries after a transient failure; null when nothing is scheduled (not OAuth, EXPIRED, or not yet looked at) */
        nextRefreshAt: string | null;
      };
    };
    /**
     * WebhookSubscription
     * @description Where a project wants its events sent.
     */
    WebhookSubscription: {
      /** @description whs_… */
      id: string;
      url: string;
      /** @description The event types delivered; null: all of them. */
      eventTypes: string[] | null;
      enabled: boolean;
      /** @description How deliveries are signed and shaped: standard (Standard Webhooks) or composio (the compat API). */
      scheme: 'standard' | 'composio';
      /** @description When deliveries that kept failing disabled it; null otherwise. */
      disabledAt: string | null;
      disabledReason: string | null;
      /** @description Until then the secret replaced by the last rotation also signs deliveries. */
      previousSecretExpiresAt: string | null;
      /**
       * Format: date-time
       * @description When it was created
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description When it last changed
       */
      updatedAt: string;
    };
    /**
     * WebhookAttempt
     * @description One HTTP attempt of a delivery.
     */
    WebhookAttempt: {
      id: string;
      /** @description msg_…: the webhook-id header, the same on every attempt of this event to this subscription */
      deliveryId: string;
      eventId: string;
      /** @description null when the event is no longer kept */
      eventType: string | null;
      /** @description 1 for the first attempt of the delivery, counting redeliveries on */
      attempt: number;
      /** @description The receiver's HTTP status; null when none came (network error, timeout) */
      statusCode: number | null;
      durationMs: number;
      outcome: 'succeeded' | 'retrying' | 'failed';
      /** @description The first 1,000 characters of the response body */
      responseExcerpt: string | null;
      error: string | null;
      /**
       * Format: date-time
       * @description When the attempt started
       */
      createdAt: string;
    };
    /**
     * Event
     * @description Something that happened in the project (the body webhook deliveries carry).
     */
    Event: {
      /** @description evt_… */
      id: string;
      type: string;
      /**
       * Format: date-time
       * @description When it happened
       */
      timestamp: string;
      projectId: string;
      /** @description For connection.* events: the connection as getConnection returns it */
      data: {
        [key: string]: unknown;
      };
    };
    /**
     * TriggerInstance
     * @description A trigger set up for one connection with one config.
     */
    TriggerInstance: {
      /** @description ti_… */
      id: string;
      triggerSlug: string;
      toolkitSlug: string;
      /** @description The connection the trigger watches */
      connectedAccountId: string;
      authConfigId: string;
      /** @description The connection's end user */
      entityId: string;
      /** @description The validated config, defaults applied */
      config: {
        [key: string]: unknown;
      };
      enabled: boolean;
      /** @description When it was disabled; null while enabled */
      disabledAt: string | null;
      /** @description Why: user_disabled, or the system reasons connection_expired, connection_revoked, connection_deleted */
      disabledReason: string | null;
      /** @description user: stays disabled until enabled again; system: resumes by itself when the connection is ACTIVE again */
      disabledBy: 'user' | 'system' | null;
      /**
       * Format: date-time
       * @description When it was created
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description When it last changed
       */
      updatedAt: string;
    };
    /** ConsoleUser */
    ConsoleUser: {
      id: string;
      email: string;
      name: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    /** ConsoleSession */
    ConsoleSession: {
      user: components['schemas']['ConsoleUser'];
      /** @description Send it back in the x-csrf-token header on every POST, PATCH, PUT and DELETE */
      csrfToken: string;
      /**
       * Format: date-time
       * @description When the session ends unless used again (sliding)
       */
      expiresAt: string;
    };
    /**
     * ConsoleTriggerInstance
     * @description A trigger instance as the console shows it.
     */
    ConsoleTriggerInstance: {
      /** @description ti_… */
      id: string;
      triggerSlug: string;
      toolkitSlug: string;
      /** @description The connection the trigger watches */
      connectedAccountId: string;
      authConfigId: string;
      /** @description The connection's end user */
      entityId: string;
      /** @description The validated config, defaults applied */
      config: {
        [key: string]: unknown;
      };
      enabled: boolean;
      /** @description When it was disabled; null while enabled */
      disabledAt: string | null;
      /** @description Why: user_disabled, or the system reasons connection_expired, connection_revoked, connection_deleted */
      disabledReason: string | null;
      /** @description user: stays disabled until enabled again; system: resumes by itself when the connection is ACTIVE again */
      disabledBy: 'user' | 'system' | null;
      /**
       * Format: date-time
       * @description When it was created
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description When it last changed
       */
      updatedAt: string;
      /** @description The trigger type's name in the catalog (its slug when the catalog no longer has it) */
      triggerName: string;
      /** @description How the trigger type learns of changes; null when the catalog no longer has it */
      triggerType: 'poll' | 'webhook' | null;
      /** @description The poller's state: scheduled, disabled, failed (gave up after failing polls); null when it is not polled */
      pollState: 'scheduled' | 'disabled' | 'failed' | null;
      /** @description When the last poll ran (success or failure) */
      lastPolledAt: string | null;
      /** @description When the next poll is due; null unless scheduled */
      nextPollAt: string | null;
      /** @description When its last trigger.event was recorded */
      lastEventAt: string | null;
      /** @description Why the last poll failed or was put off; null after a success */
      lastError: string | null;
      /** @description Failed polls in a row */
      failures: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listToolkits: {
    parameters: {
      query?: {
        /** @description Case-insensitive substring of the toolkit name or slug. */
        search?: string;
        /** @description Only toolkits in this category (category slug). */
        category?: string;
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description Number of results to skip. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of toolkits. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description One page of toolkits. */
            items: {
              /** @description Toolkit slug (lower-case), e.g. hubspot. */
              slug: string;
              /** @description Display name. */
              name: string;
              /** @description Ways to connect an account; empty when noAuth is true. */
              authMethods: {
                /** @description Auth method id; pass it as authMethodId when creating an auth config. */
                id: string;
                /** @description Human-readable name of the auth method. */
                displayName: string;
                /** @description Auth scheme: oauth2, api_key, basic or bearer. */
                kind: string;
                /** @description available when a connection can be created with this method on this deployment (an OAuth method always can, with your own OAuth client). */
                status: 'available' | 'unavailable';
                /** @description Why the method is unavailable and what to do; null when available. */
                unavailableReason: string | null;
                /** @description oauth2: true when this deployment has a platform-managed OAuth client for the toolkit, so an auth config with isManaged=true (and initiate without an auth config) works. When false the method is still available: create an auth config with isManaged=false and your own clientId and clientSecret (POST /api/v1/auth_configs). Always false for other kinds. */
                managedClientConfigured: boolean;
                /** @description JSON Schema (object of string properties) of the connectionConfig fields to give at initiate/connect, e.g. a subdomain or region; null when the method needs none. */
                connectionFields: {
                  [key: string]: unknown;
                } | null;
              }[];
              /** @description True when the provider needs no credentials. */
              noAuth: boolean;
              /** @description Union of the provider scopes the toolkit tools declare, sorted. */
              scopes: string[];
              /** @description known when every tool declares its scopes; unknown when some do not (see unknownScopeToolsCount). */
              scopeStatus: 'known' | 'unknown';
              /** @description Number of tools that do not declare their scopes. */
              unknownScopeToolsCount: number;
              /** @description What the provider and toolkit cover. */
              description: string | null;
              /** @description Number of tools in the toolkit. */
              toolsCount: number;
              /** @description Number of triggers (event sources) of the toolkit. */
              triggersCount: number;
              /** @description Catalog categories of the toolkit. */
              categories: {
                /** @description Category slug, usable as the category filter of listToolkits. */
                slug: string;
                /** @description Display name of the category. */
                name: string;
              }[];
            }[];
            /** @description Number of toolkits matching the filters, across all pages. */
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getToolkit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Toolkit slug, e.g. hubspot. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A toolkit: one provider, its auth methods and its tools. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Toolkit slug (lower-case), e.g. hubspot. */
            slug: string;
            /** @description Display name. */
            name: string;
            /** @description Ways to connect an account; empty when noAuth is true. */
            authMethods: {
              /** @description Auth method id; pass it as authMethodId when creating an auth config. */
              id: string;
              /** @description Human-readable name of the auth method. */
              displayName: string;
              /** @description Auth scheme: oauth2, api_key, basic or bearer. */
              kind: string;
              /** @description available when a connection can be created with this method on this deployment (an OAuth method always can, with your own OAuth client). */
              status: 'available' | 'unavailable';
              /** @description Why the method is unavailable and what to do; null when available. */
              unavailableReason: string | null;
              /** @description oauth2: true when this deployment has a platform-managed OAuth client for the toolkit, so an auth config with isManaged=true (and initiate without an auth config) works. When false the method is still available: create an auth config with isManaged=false and your own clientId and clientSecret (POST /api/v1/auth_configs). Always false for other kinds. */
              managedClientConfigured: boolean;
              /** @description JSON Schema (object of string properties) of the connectionConfig fields to give at initiate/connect, e.g. a subdomain or region; null when the method needs none. */
              connectionFields: {
                [key: string]: unknown;
              } | null;
            }[];
            /** @description True when the provider needs no credentials. */
            noAuth: boolean;
            /** @description Union of the provider scopes the toolkit tools declare, sorted. */
            scopes: string[];
            /** @description known when every tool declares its scopes; unknown when some do not (see unknownScopeToolsCount). */
            scopeStatus: 'known' | 'unknown';
            /** @description Number of tools that do not declare their scopes. */
            unknownScopeToolsCount: number;
            /** @description What the provider and toolkit cover. */
            description: string | null;
            /** @description Number of tools in the toolkit. */
            toolsCount: number;
            /** @description Number of triggers (event sources) of the toolkit. */
            triggersCount: number;
            /** @description Catalog categories of the toolkit. */
            categories: {
              /** @description Category slug, usable as the category filter of listToolkits. */
              slug: string;
              /** @description Display name of the category. */
              name: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listTools: {
    parameters: {
      query?: {
        /** @description Only tools of this toolkit (toolkit slug). */
        toolkit?: string;
        /** @description Fuzzy match on slug, name and description; tolerates typos and word order. Results are ranked. */
        search?: string;
        /** @description Page size, 1 to 500. */
        limit?: number;
        /** @description Number of results to skip. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tools. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description One page of tools, best match first when searching. */
            items: {
              /** @description Tool slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACTS_CREATE. */
              slug: string;
              /** @description Short display name. */
              name: string;
              /** @description What the tool does and how to fill its arguments, written for an AI agent. */
              description: string;
              /** @description Slug of the toolkit the tool belongs to. */
              toolkit: string;
              /** @description Tool version, e.g. v1.0.0. */
              version: string;
              /** @description Tags for grouping, e.g. contacts. */
              tags: string[];
              /** @description True when the tool should no longer be used. */
              deprecated: boolean;
            }[];
            /** @description Number of tools matching the filters, across all pages. */
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Tool slug, e.g. HUBSPOT_CONTACTS_CREATE. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A tool with its input schema. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Tool slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACTS_CREATE. */
            slug: string;
            /** @description Short display name. */
            name: string;
            /** @description What the tool does and how to fill its arguments, written for an AI agent. */
            description: string;
            /** @description Slug of the toolkit the tool belongs to. */
            toolkit: string;
            /** @description Tool version, e.g. v1.0.0. */
            version: string;
            /** @description Tags for grouping, e.g. contacts. */
            tags: string[];
            /** @description True when the tool should no longer be used. */
            deprecated: boolean;
            /** @description JSON Schema (object) of the tool arguments: properties with type, description, enum, default; required list. */
            inputParameters?: unknown;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listTriggerTypes: {
    parameters: {
      query?: {
        /** @description Only trigger types of this toolkit (toolkit slug). */
        toolkit?: string;
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of trigger types. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description One page of trigger types, by slug. */
            items: {
              /** @description Trigger type slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACT_CREATED. */
              slug: string;
              /** @description Short display name. */
              name: string;
              /** @description What happened when it fires. */
              description: string;
              /** @description How to set it up: what to put in the config, what the provider needs. */
              instructions: string;
              /** @description poll: the broker polls the provider at the config interval; webhook: only the provider webhooks feed it. */
              type: 'poll' | 'webhook';
              /** @description Trigger version, e.g. v1.0.0. */
              version: string;
              /** @description Slug of the toolkit the trigger belongs to. */
              toolkit: string;
              /** @description JSON Schema of the config an instance is set up with (poll triggers: interval in minutes, fractions allowed). */
              config: {
                [key: string]: unknown;
              };
              /** @description JSON Schema of an event's data. */
              payload: {
                [key: string]: unknown;
              };
              /** @description The provider's app webhook subscriptions that can also feed the trigger by push; empty when only polling does. */
              webhookSubscriptions: {
                /** @description The provider's subscription type, e.g. contact.creation. */
                type: string;
                /** @description For property changes: the property; null: any. */
                propertyName: string | null;
              }[];
            }[];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTriggerType: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Trigger type slug, e.g. HUBSPOT_CONTACT_CREATED. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A trigger type: an event source of a toolkit. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Trigger type slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACT_CREATED. */
            slug: string;
            /** @description Short display name. */
            name: string;
            /** @description What happened when it fires. */
            description: string;
            /** @description How to set it up: what to put in the config, what the provider needs. */
            instructions: string;
            /** @description poll: the broker polls the provider at the config interval; webhook: only the provider webhooks feed it. */
            type: 'poll' | 'webhook';
            /** @description Trigger version, e.g. v1.0.0. */
            version: string;
            /** @description Slug of the toolkit the trigger belongs to. */
            toolkit: string;
            /** @description JSON Schema of the config an instance is set up with (poll triggers: interval in minutes, fractions allowed). */
            config: {
              [key: string]: unknown;
            };
            /** @description JSON Schema of an event's data. */
            payload: {
              [key: string]: unknown;
            };
            /** @description The provider's app webhook subscriptions that can also feed the trigger by push; empty when only polling does. */
            webhookSubscriptions: {
              /** @description The provider's subscription type, e.g. contact.creation. */
              type: string;
              /** @description For property changes: the property; null: any. */
              propertyName: string | null;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listAuthConfigs: {
    parameters: {
      query?: {
        toolkit?: string;
        isManaged?: boolean;
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description Number of results to skip. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['AuthConfig'][];
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createAuthConfig: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. Error answers are not kept: a retry with the key acts. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Toolkit slug */
          slug: string;
          authMethodId: string;
          /** @description Label */
          name?: string;
          /** @description true: the platform's OAuth app for the toolkit (default when no clientId is given) */
          isManaged?: boolean;
          /** @description Your OAuth client id (custom configs) */
          clientId?: string;
          /** @description Your OAuth client secret; stored encrypted, never returned */
          clientSecret?: string;
          /** @description Tool slugs of the toolkit; executions of other tools are refused (403) */
          restrictToTools?: string[];
          scopes?: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            authConfigId: string;
            authMethodId: string;
            authMethodKind: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        authConfigId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthConfig'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        authConfigId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: boolean;
            deletedConnections: string[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        authConfigId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          clientId?: string;
          clientSecret?: string;
          restrictToTools?: string[] | null;
          scopes?: string[] | null;
          disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthConfig'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  initiate: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. Error answers are not kept: a retry with the key acts. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description Toolkit slug */
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description End-user id the connection belongs to */
          entityId: string;
          /** @description Used when several auth configs exist for the toolkit */
          authConfigId?: string;
          /** @description Auth method id when the auth config is created implicitly (managed) */
          authMethodId?: string;
          /** @description Defaults to the auth config's scopes, else the toolkit's */
          scopes?: string[];
          /** @description Provider-specific connection fields, per the auth method's connectionFields (GET /toolkits/{slug}), e.g. {"subdomain": "acme"}. Each value is one DNS label; a missing or invalid field is 400 naming it (connectionConfig.<name>). */
          connectionConfig?: {
            [key: string]: string;
          };
          /**
           * Format: uri
           * @description Where the user's browser goes after the callback; gets ?status=&connectionId=
           */
          redirectUrl?: string;
          alias?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            connectionId: string;
            /** @description Send the user here (OAuth); absent for direct schemes */
            redirectUrl?: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  connect: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. Error answers are not kept: a retry with the key acts. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description Toolkit slug */
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description End-user id the connection belongs to */
          entityId: string;
          /** @description Credential fields, per the toolkit's credential schema */
          credentials: {
            [key: string]: string;
          };
          authConfigId?: string;
          authMethodId?: string;
          /** @description Provider-specific connection fields, per the auth method's connectionFields (GET /toolkits/{slug}), e.g. {"subdomain": "acme"}. Each value is one DNS label; a missing or invalid field is 400 naming it (connectionConfig.<name>). */
          connectionConfig?: {
            [key: string]: string;
          };
          /** @description Complete a PENDING connection returned by initiate */
          connectionId?: string;
          alias?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            connectionId: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listConnections: {
    parameters: {
      query?: {
        authConfigId?: string;
        entityId?: string;
        /** @description Toolkit slug */
        toolkit?: string;
        /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
        status?: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description Number of results to skip. */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['Connection'][];
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Connection'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          alias?: string | null;
          disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Connection'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  refreshConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Fail when the provider does not support the action */
          strict?: boolean;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
            status: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
            needsRedirect: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  revokeConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Fail when the provider does not support the action */
          strict?: boolean;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
            status: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
            /** @description Kinds of tokens revoked and destroyed: access_token, refresh_token. Empty when the provider cannot revoke (a no-op unless strict) */
            revokedTokens: string[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  proxy: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. Error answers are not kept: a retry with the key acts. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          connectionId: string;
          /** @description A path under the toolkit's base URL, or an absolute URL on one of its allowed hosts */
          endpoint: string;
          /** @description HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD */
          method: string;
          /** @description Extra request headers (no CR, LF or control characters in values); cannot override the injected credential */
          headers?: {
            [key: string]: string;
          };
          /** @description Query parameters */
          query?: {
            [key: string]: string;
          };
          /** @description JSON body */
          body?: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            status: number;
            /** @description Provider response headers, without hop-by-hop and credential headers */
            headers: {
              [key: string]: string;
            };
            data?: unknown;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  executeTool: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per logical request (e.g. a UUID), 1 to 255 printable ASCII characters, bare or as a quoted string ("…"). The same key with the same request (method, path, body) within 24 hours gets the first successful answer again, with `Idempotent-Replayed: true`, without acting again; with another request it is 422, and while the first is in progress 409. Error answers are not kept: a retry with the key acts. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description Tool slug */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Use this entity's connection for the tool's toolkit (its most recently updated ACTIVE one) */
          entityId?: string;
          /** @description Explicit connection id; wins over entityId */
          connectedAccountId?: string;
          /** @description Tool arguments; must match the tool's inputParameters */
          arguments?: {
            [key: string]: unknown;
          };
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The provider's HTTP status */
            status: number;
            /** @description true for a 2xx provider answer; provider errors are 200 with successful=false */
            successful: boolean;
            /** @description Parsed JSON, text, or {mediaType, base64} for binary bodies (e.g. QR images); the provider error body when unsuccessful */
            data?: unknown;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: Upstream timed out */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still in progress; retry once it has answered */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description IDEMPOTENCY_KEY_MISMATCH: this Idempotency-Key was used with a different request in the last 24 hours */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createConnectLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The auth config the connection uses (its toolkit and auth method: OAuth consent, or the credential form) */
          authConfigId: string;
          /** @description End-user id the connection belongs to */
          entityId: string;
          /**
           * Format: uri
           * @description Where the user's browser goes when done, with ?status=success|failed&connectionId=. Must be one of the project's allowed redirect URLs when it lists any
           */
          callbackUrl?: string;
          /** @description Reconnect this connection in place instead of making a new one: it must be an EXPIRED, FAILED or REVOKED connection of entityId and authConfigId (400 otherwise; 403 for another project's). Nothing changes until the user acts; then it is re-authorized at the provider (OAuth) or gets the credentials entered (API key/basic/bearer) and is ACTIVE again with the same id */
          connectionId?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The connection the link completes (new: INITIATED for OAuth, PENDING for credentials; a reconnect: the connectionId given, unchanged until the user acts) */
            connectionId: string;
            /** @description The hosted connect page to send the user to; single use: opening it changes nothing, submitting it uses it */
            url: string;
            /**
             * Format: date-time
             * @description After this the page refuses the link (410); create a new one
             */
            expiresAt: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Execution failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listWebhookSubscriptions: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['WebhookSubscription'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Where deliveries are POSTed: an http or https URL. */
          url: string;
          eventTypes?: (
            | 'connection.created'
            | 'connection.expired'
            | 'connection.refresh_failed'
            | 'connection.recovered'
            | 'connection.revoked'
            | 'connection.deleted'
            | 'trigger.disabled'
            | 'trigger.event'
            | 'webhook.test'
            | 'webhook_subscription.disabled'
          )[];
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The subscription, with its signing secret (shown only now). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description whs_… */
            id: string;
            url: string;
            /** @description The event types delivered; null: all of them. */
            eventTypes: string[] | null;
            enabled: boolean;
            /** @description How deliveries are signed and shaped: standard (Standard Webhooks) or composio (the compat API). */
            scheme: 'standard' | 'composio';
            /** @description When deliveries that kept failing disabled it; null otherwise. */
            disabledAt: string | null;
            disabledReason: string | null;
            /** @description Until then the secret replaced by the last rotation also signs deliveries. */
            previousSecretExpiresAt: string | null;
            /**
             * Format: date-time
             * @description When it was created
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description The signing secret (whsec_…). Shown only now: store it; the broker never shows it again. */
            secret: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Where a project wants its events sent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Where deliveries are POSTed: an http or https URL. */
          url?: string;
          /** @description null: every event type */
          eventTypes?:
            | (
                | 'connection.created'
                | 'connection.expired'
                | 'connection.refresh_failed'
                | 'connection.recovered'
                | 'connection.revoked'
                | 'connection.deleted'
                | 'trigger.disabled'
                | 'trigger.event'
                | 'webhook.test'
                | 'webhook_subscription.disabled'
              )[]
            | null;
          /** @description true also clears a disable after failing deliveries */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Where a project wants its events sent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The signing secret (whsec_…). Shown only now: store it; the broker never shows it again. */
            secret: string;
            /**
             * Format: date-time
             * @description Until then deliveries carry a signature with the previous secret too.
             */
            previousSecretExpiresAt: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['WebhookAttempt'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  sendTestEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook subscription id (whs_…) */
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            eventId: string;
            deliveryId: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Only these types: repeat the parameter or separate with commas. */
        type?: string[];
        /** @description Only events at or after this time */
        after?: string;
        /** @description Only events before this time */
        before?: string;
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['Event'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  redeliverEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Event id (evt_…) */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Only to this subscription; omitted: every enabled subscription that wants the event */
          subscriptionId?: string;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            eventId: string;
            deliveries: {
              /** @description msg_… (the webhook-id) */
              id: string;
              subscriptionId: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listTriggerInstances: {
    parameters: {
      query?: {
        /** @description Auth config ids, comma-separated */
        authConfigIds?: string;
        /** @description Connection ids, comma-separated */
        connectedAccountIds?: string;
        /** @description Trigger instance ids, comma-separated */
        triggerIds?: string;
        /** @description Trigger slugs (any case), comma-separated */
        triggerNames?: string;
        /** @description End user ids, comma-separated */
        entityIds?: string;
        /** @description Include disabled instances */
        showDisabled?: boolean;
        /** @description Page size, 1 to 1000. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['TriggerInstance'][];
            /** @description Instances matching the filters */
            total: number;
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  upsertTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Trigger type slug, e.g. HUBSPOT_CONTACT_CREATED */
          triggerSlug: string;
          /** @description The connection to watch; or pass entityId */
          connectedAccountId?: string;
          /** @description Use this end user's most recently updated ACTIVE connection of the trigger's toolkit (as executeTool does) */
          entityId?: string;
          /** @description The trigger's config (its trigger type's `config` schema); omitted values take their defaults. */
          config?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description The instance, new or the existing one (re-enabled if it was disabled). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description ti_… */
            id: string;
            triggerSlug: string;
            toolkitSlug: string;
            /** @description The connection the trigger watches */
            connectedAccountId: string;
            authConfigId: string;
            /** @description The connection's end user */
            entityId: string;
            /** @description The validated config, defaults applied */
            config: {
              [key: string]: unknown;
            };
            enabled: boolean;
            /** @description When it was disabled; null while enabled */
            disabledAt: string | null;
            /** @description Why: user_disabled, or the system reasons connection_expired, connection_revoked, connection_deleted */
            disabledReason: string | null;
            /** @description user: stays disabled until enabled again; system: resumes by itself when the connection is ACTIVE again */
            disabledBy: 'user' | 'system' | null;
            /**
             * Format: date-time
             * @description When it was created
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed
             */
            updatedAt: string;
            /** @description false: the same trigger, connection and config existed */
            created: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  getTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Trigger instance id (ti_…) */
        triggerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A trigger set up for one connection with one config. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerInstance'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  deleteTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Trigger instance id (ti_…) */
        triggerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deleted: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  updateTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Trigger instance id (ti_…) */
        triggerId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description false disables it (by the user: it stays so); true enables it (its connection must be ACTIVE) */
          enabled?: boolean;
          /** @description The trigger's config (its trigger type's `config` schema); omitted values take their defaults. */
          config?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description A trigger set up for one connection with one config. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerInstance'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  listAgentSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Newest first, at most 200 */
            items: {
              id: string;
              entityId: string;
              /** @description null: every toolkit */
              toolkits: string[] | null;
              /** @description null: every tool of its toolkits */
              tools: string[] | null;
              /** Format: date-time */
              expiresAt: string;
              /** @description The first characters of the token, to recognise it */
              start: string;
              /** Format: date-time */
              createdAt: string;
              revokedAt: string | null;
              status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  createAgentSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The end user the session acts for, and only them */
          entityId: string;
          /** @description Toolkit slugs the session may use; left out: every toolkit */
          toolkits?: string[];
          /** @description Tool slugs the session may use; left out: every tool of its toolkits */
          tools?: string[];
          /** @description Lifetime in seconds: default 3600 (1 hour), at most 2592000 (30 days) */
          expiresInSeconds?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            entityId: string;
            /** @description null: every toolkit */
            toolkits: string[] | null;
            /** @description null: every tool of its toolkits */
            tools: string[] | null;
            /** Format: date-time */
            expiresAt: string;
            /** @description The session token: shown here once. Send it as `Authorization: Bearer` or `x-api-key` to /mcp and the routes a session may call */
            token: string;
            /** @description The MCP endpoint for this session's token (its entity and filters are fixed by the session) */
            mcpUrl: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  revokeAgentSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Agent session id */
        sessionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            entityId: string;
            /** @description null: every toolkit */
            toolkits: string[] | null;
            /** @description null: every tool of its toolkits */
            tools: string[] | null;
            /** Format: date-time */
            expiresAt: string;
            /** @description The first characters of the token, to recognise it */
            start: string;
            /** Format: date-time */
            createdAt: string;
            revokedAt: string | null;
            status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  receiveProviderWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The toolkit slug (`hubspot`) */
        toolkit: string;
      };
      cookie?: never;
    };
    /** @description What HubSpot sends: a JSON array of events, signed with X-HubSpot-Signature-v3 over the raw bytes */
    requestBody: {
      content: {
        'application/json': ({
          /** @description Unique per event; a retry repeats it (deduplicated here) */
          eventId: number;
          /** @description The HubSpot account; events reach the connections recorded with this hub id */
          portalId: number;
          /** @description `contact.creation`, `deal.propertyChange`, … */
          subscriptionType: string;
          objectId: number;
          /** @description Milliseconds since the epoch */
          occurredAt: number;
          propertyName?: string;
          propertyValue?: string;
        } & {
          [key: string]: unknown;
        })[];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Events in the request */
            received: number;
            /** @description Events new to the broker, now in its inbox */
            accepted: number;
            /** @description Events seen before (provider retries), ignored */
            duplicates: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  receiveCustomAppProviderWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The toolkit slug (`hubspot`) */
        toolkit: string;
        /** @description The auth config holding the custom app’s OAuth client */
        authConfigId: string;
      };
      cookie?: never;
    };
    /** @description What HubSpot sends: a JSON array of events, signed with X-HubSpot-Signature-v3 over the raw bytes */
    requestBody: {
      content: {
        'application/json': ({
          /** @description Unique per event; a retry repeats it (deduplicated here) */
          eventId: number;
          /** @description The HubSpot account; events reach the connections recorded with this hub id */
          portalId: number;
          /** @description `contact.creation`, `deal.propertyChange`, … */
          subscriptionType: string;
          objectId: number;
          /** @description Milliseconds since the epoch */
          occurredAt: number;
          propertyName?: string;
          propertyValue?: string;
        } & {
          [key: string]: unknown;
        })[];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Events in the request */
            received: number;
            /** @description Events new to the broker, now in its inbox */
            accepted: number;
            /** @description Events seen before (provider retries), ignored */
            duplicates: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSignUpOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            signUp: 'open' | 'invite-only';
            /** @description No account exists yet: the first sign-up owns the first organization */
            firstUser: boolean;
            /** @description What the first account will own: `new` (a new organization with a Default project) or `existing` (the organization the operator created, with its projects and keys); null once an account exists */
            firstUserOrganization: 'new' | 'existing' | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSignUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email: string;
          password: string;
          name?: string;
          invitationToken?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSession'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description GONE: Request refused */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSession'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleResetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consolePreviewInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            organizationName: string;
            email: string;
            role: 'owner' | 'admin' | 'member';
            /** Format: date-time */
            expiresAt: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description GONE: Request refused */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleChangePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          currentPassword: string;
          newPassword: string;
          /** @description Also end every other session of this user (default false) */
          signOutOtherSessions?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description How many other sessions were ended */
            signedOutSessions: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleSession'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSignOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSignOutEverywhere: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListOrganizations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              name: string;
              role: 'owner' | 'admin' | 'member';
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateOrganization: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            role: 'owner' | 'admin' | 'member';
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetOrganization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            role: 'owner' | 'admin' | 'member';
            /** Format: date-time */
            createdAt: string;
            /** @description Tool executions + proxy calls allowed per UTC month; null = unlimited */
            monthlyExecutionQuota: number | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRenameOrganization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            role: 'owner' | 'admin' | 'member';
            /** Format: date-time */
            createdAt: string;
            /** @description Tool executions + proxy calls allowed per UTC month; null = unlimited */
            monthlyExecutionQuota: number | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              userId: string;
              email: string;
              name: string | null;
              role: 'owner' | 'admin' | 'member';
              /**
               * Format: date-time
               * @description When the user joined the organization
               */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRemoveMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleChangeMemberRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          role: 'owner' | 'admin' | 'member';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            userId: string;
            email: string;
            name: string | null;
            role: 'owner' | 'admin' | 'member';
            /**
             * Format: date-time
             * @description When the user joined the organization
             */
            createdAt: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              email: string;
              role: 'owner' | 'admin' | 'member';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              expiresAt: string;
              invitedBy: {
                userId: string;
                email: string | null;
              };
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email: string;
          /** @description admin or member; owner only when an owner invites */
          role: 'admin' | 'member' | 'owner';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitation: {
              id: string;
              email: string;
              role: 'owner' | 'admin' | 'member';
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              expiresAt: string;
              invitedBy: {
                userId: string;
                email: string | null;
              };
            };
            /** @description The invitation link, with its token: shown once, send it to the invitee */
            url: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRevokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleAcceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            organization: {
              id: string;
              name: string;
              role: 'owner' | 'admin' | 'member';
            };
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description GONE: Request refused */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleOrganizationUsage: {
    parameters: {
      query?: {
        /** @description YYYY-MM (UTC); default the current month */
        month?: string;
      };
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The UTC month counted, YYYY-MM */
            month: string;
            totals: {
              toolExecutions: number;
              proxyCalls: number;
              /** @description Connections ACTIVE and not disabled, now */
              activeConnections: number;
            };
            quota: {
              /** @description Tool executions + proxy calls allowed per UTC month; null = unlimited (set by the operator: broker set-quota) */
              monthlyExecutions: number | null;
              /** @description Tool executions + proxy calls of the current UTC month */
              used: number;
              /**
               * Format: date-time
               * @description The first instant of the next UTC month
               */
              resetsAt: string;
            };
            projects: {
              projectId: string;
              name: string;
              toolExecutions: number;
              proxyCalls: number;
              activeConnections: number;
            }[];
            /** @description Every day of the month, in order */
            daily: {
              /** Format: date */
              date: string;
              toolExecutions: number;
              proxyCalls: number;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListProjects: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              name: string;
              /** Format: date-time */
              createdAt: string;
              /** @description Where the hosted connect page may send the user afterwards; empty means any https (or loopback) URL the caller gives */
              allowedRedirectUrls: string[];
              /** @description Called (a signed POST, like webhook deliveries) before a connection made through a hosted connect link becomes ACTIVE; a non-2xx answer leaves it FAILED. null: none */
              connectionVerifierUrl: string | null;
              /** @description The secret the verifier calls are signed with (Standard Webhooks, whsec_…): only in the answer to the change that sets connectionVerifierUrl */
              connectionVerifierSecret?: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Unique within the organization */
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Where the hosted connect page may send the user afterwards; empty means any https (or loopback) URL the caller gives */
            allowedRedirectUrls: string[];
            /** @description Called (a signed POST, like webhook deliveries) before a connection made through a hosted connect link becomes ACTIVE; a non-2xx answer leaves it FAILED. null: none */
            connectionVerifierUrl: string | null;
            /** @description The secret the verifier calls are signed with (Standard Webhooks, whsec_…): only in the answer to the change that sets connectionVerifierUrl */
            connectionVerifierSecret?: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Where the hosted connect page may send the user afterwards; empty means any https (or loopback) URL the caller gives */
            allowedRedirectUrls: string[];
            /** @description Called (a signed POST, like webhook deliveries) before a connection made through a hosted connect link becomes ACTIVE; a non-2xx answer leaves it FAILED. null: none */
            connectionVerifierUrl: string | null;
            /** @description The secret the verifier calls are signed with (Standard Webhooks, whsec_…): only in the answer to the change that sets connectionVerifierUrl */
            connectionVerifierSecret?: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleDeleteProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleUpdateProject: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Unique within the organization */
          name?: string;
          /** @description Absolute http(s) URLs, at most 20, each at most 2000 characters */
          allowedRedirectUrls?: string[];
          /** @description An absolute http(s) URL the broker asks before a hosted-link connection becomes ACTIVE; null removes it */
          connectionVerifierUrl?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Where the hosted connect page may send the user afterwards; empty means any https (or loopback) URL the caller gives */
            allowedRedirectUrls: string[];
            /** @description Called (a signed POST, like webhook deliveries) before a connection made through a hosted connect link becomes ACTIVE; a non-2xx answer leaves it FAILED. null: none */
            connectionVerifierUrl: string | null;
            /** @description The secret the verifier calls are signed with (Standard Webhooks, whsec_…): only in the answer to the change that sets connectionVerifierUrl */
            connectionVerifierSecret?: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description CONFLICT: Request refused */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              name: string;
              /** @description The first characters of the key, to recognise it; the key itself is shown once, at creation */
              start: string;
              /** Format: date-time */
              createdAt: string;
              lastUsedAt: string | null;
              revokedAt: string | null;
              /** @description What the key may do (docs/reference/scopes.md); keys made before scopes hold them all */
              scopes: (
                | 'tools:read'
                | 'tools:execute'
                | 'connections:read'
                | 'connections:write'
                | 'auth_configs:read'
                | 'auth_configs:write'
                | 'triggers:manage'
                | 'webhooks:manage'
                | 'events:read'
                | 'sessions:create'
              )[];
              /** @description Refused (401) from this instant; null: never expires */
              expiresAt: string | null;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A label, e.g. where the key is used */
          name: string;
          /** @description What the key may do (docs/reference/scopes.md); left out: every scope */
          scopes?: (
            | 'tools:read'
            | 'tools:execute'
            | 'connections:read'
            | 'connections:write'
            | 'auth_configs:read'
            | 'auth_configs:write'
            | 'triggers:manage'
            | 'webhooks:manage'
            | 'events:read'
            | 'sessions:create'
          )[];
          /**
           * Format: date-time
           * @description When the key stops working (in the future); left out: never
           */
          expiresAt?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The API key: shown here once and never again; store it as a secret */
            key: string;
            apiKey: {
              id: string;
              name: string;
              /** @description The first characters of the key, to recognise it; the key itself is shown once, at creation */
              start: string;
              /** Format: date-time */
              createdAt: string;
              lastUsedAt: string | null;
              revokedAt: string | null;
              /** @description What the key may do (docs/reference/scopes.md); keys made before scopes hold them all */
              scopes: (
                | 'tools:read'
                | 'tools:execute'
                | 'connections:read'
                | 'connections:write'
                | 'auth_configs:read'
                | 'auth_configs:write'
                | 'triggers:manage'
                | 'webhooks:manage'
                | 'events:read'
                | 'sessions:create'
              )[];
              /** @description Refused (401) from this instant; null: never expires */
              expiresAt: string | null;
            };
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRevokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        apiKeyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** @description The first characters of the key, to recognise it; the key itself is shown once, at creation */
            start: string;
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            revokedAt: string | null;
            /** @description What the key may do (docs/reference/scopes.md); keys made before scopes hold them all */
            scopes: (
              | 'tools:read'
              | 'tools:execute'
              | 'connections:read'
              | 'connections:write'
              | 'auth_configs:read'
              | 'auth_configs:write'
              | 'triggers:manage'
              | 'webhooks:manage'
              | 'events:read'
              | 'sessions:create'
            )[];
            /** @description Refused (401) from this instant; null: never expires */
            expiresAt: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListAuthConfigs: {
    parameters: {
      query?: {
        /** @description Toolkit slug */
        toolkit?: string;
        /** @description Page size, 1 to 200 */
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['AuthConfig'][];
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Toolkit slug */
          slug: string;
          authMethodId: string;
          /** @description Label */
          name?: string;
          /** @description true: the platform's OAuth app for the toolkit (default when no clientId is given) */
          isManaged?: boolean;
          /** @description Your OAuth client id (custom configs) */
          clientId?: string;
          /** @description Your OAuth client secret; stored encrypted, never returned */
          clientSecret?: string;
          /** @description Tool slugs of the toolkit; executions of other tools are refused (403) */
          restrictToTools?: string[];
          scopes?: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthConfig'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleDeleteAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        authConfigId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleUpdateAuthConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        authConfigId: string;
      };
      cookie?: never;
    };
    /** @description What to change: enabled, or the native updateAuthConfig fields (clientSecret is stored sealed and never returned) */
    requestBody: {
      content: {
        'application/json': {
          /** @description false disables it: its connections stop working until it is enabled again */
          enabled?: boolean;
          name?: string;
          clientId?: string;
          clientSecret?: string;
          restrictToTools?: string[] | null;
          scopes?: string[] | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthConfig'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListConnections: {
    parameters: {
      query?: {
        /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
        status?: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
        /** @description Toolkit slug */
        toolkit?: string;
        /** @description The end user's id (entityId) */
        userId?: string;
        /** @description nextCursor of the previous page */
        cursor?: string;
        /** @description Page size, 1 to 200 */
        limit?: number;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['Connection'][];
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateConnectLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The auth config the connection uses */
          authConfigId: string;
          /** @description The end user's id in your application */
          entityId: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The connection the link completes (new: INITIATED for OAuth, PENDING for credentials; a reconnect: the connectionId given, unchanged until the user acts) */
            connectionId: string;
            /** @description The hosted connect page to send the user to; single use: opening it changes nothing, submitting it uses it */
            url: string;
            /**
             * Format: date-time
             * @description After this the page refuses the link (410); create a new one
             */
            expiresAt: string;
            /** @description Reconnect: true. The link brings back the connection connectionId itself (EXPIRED, FAILED or REVOKED): once the end user consents or enters new credentials it is ACTIVE again with the same id, its trigger instances resuming */
            reconnect?: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleReconnectConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The connection the link completes (new: INITIATED for OAuth, PENDING for credentials; a reconnect: the connectionId given, unchanged until the user acts) */
            connectionId: string;
            /** @description The hosted connect page to send the user to; single use: opening it changes nothing, submitting it uses it */
            url: string;
            /**
             * Format: date-time
             * @description After this the page refuses the link (410); create a new one
             */
            expiresAt: string;
            /** @description Reconnect: true. The link brings back the connection connectionId itself (EXPIRED, FAILED or REVOKED): once the end user consents or enters new credentials it is ACTIVE again with the same id, its trigger instances resuming */
            reconnect?: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleDeleteConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleUpdateConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enabled: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Connection'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRevokeConnection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        connectionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description INITIATED: OAuth redirect issued, waiting for the callback. PENDING: made by initiate for a direct scheme, waiting for credentials (connect). ACTIVE: usable. FAILED: the authorization did not complete (provider error, expired or misused state, failed code exchange); see statusReason. EXPIRED: tokens are no longer valid and could not be refreshed; re-authorize (initiate again). REVOKED: credentials destroyed by revoke. Transitions: INITIATED->ACTIVE|FAILED (also once the authorization link expired); PENDING->ACTIVE; ACTIVE->EXPIRED (refresh refused)|REVOKED; EXPIRED->ACTIVE (successful refresh)|REVOKED; EXPIRED|FAILED->INITIATED (re-authorized in place); EXPIRED|FAILED|REVOKED->INITIATED (OAuth) or ACTIVE (credentials) through a reconnect link (createConnectLink with connectionId). Revoke applies to ACTIVE and EXPIRED only. `disabled` is independent: a disabled connection keeps its status but cannot be used. */
            status: 'INITIATED' | 'PENDING' | 'ACTIVE' | 'FAILED' | 'EXPIRED' | 'REVOKED';
            /** @description Kinds of tokens revoked and destroyed: access_token, refresh_token. Empty when the provider cannot revoke (a no-op unless strict) */
            revokedTokens: string[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListExecutions: {
    parameters: {
      query?: {
        kind?: 'tool' | 'proxy';
        /** @description Only this end user */
        entityId?: string;
        /** @description Only this tool */
        toolSlug?: string;
        /** @description Only this toolkit */
        toolkitSlug?: string;
        /** @description succeeded: the provider answered 2xx; failed: it answered otherwise; error: no answer (timeout, network, credential); refused: refused before the provider (no usable connection, invalid arguments, scope, restriction or quota) */
        outcome?: 'succeeded' | 'failed' | 'error' | 'refused';
        /** @description Only calls at or after this time */
        from?: string;
        /** @description Only calls before this time */
        to?: string;
        /** @description nextCursor of the previous page */
        cursor?: string;
        /** @description Page size, 1 to 200 */
        limit?: number;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              kind: 'tool' | 'proxy';
              toolSlug: string | null;
              /** @description '' when the tool named is not in the catalog */
              toolkitSlug: string;
              /** @description null when the call carried the caller's own credentials or was refused before a connection was found */
              connectionId: string | null;
              /** @description The end user */
              entityId: string | null;
              /** @description The provider's HTTP status; 0 when it did not answer */
              status: number;
              successful: boolean;
              /** @description succeeded: the provider answered 2xx; failed: it answered otherwise; error: no answer (timeout, network, credential); refused: refused before the provider (no usable connection, invalid arguments, scope, restriction or quota) */
              outcome: 'succeeded' | 'failed' | 'error' | 'refused';
              durationMs: number;
              errorCode: string | null;
              errorMessage: string | null;
              /** @description The call's x-request-id (and its log lines' reqId) */
              requestId: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetExecution: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        executionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            kind: 'tool' | 'proxy';
            toolSlug: string | null;
            /** @description '' when the tool named is not in the catalog */
            toolkitSlug: string;
            /** @description null when the call carried the caller's own credentials or was refused before a connection was found */
            connectionId: string | null;
            /** @description The end user */
            entityId: string | null;
            /** @description The provider's HTTP status; 0 when it did not answer */
            status: number;
            successful: boolean;
            /** @description succeeded: the provider answered 2xx; failed: it answered otherwise; error: no answer (timeout, network, credential); refused: refused before the provider (no usable connection, invalid arguments, scope, restriction or quota) */
            outcome: 'succeeded' | 'failed' | 'error' | 'refused';
            durationMs: number;
            errorCode: string | null;
            errorMessage: string | null;
            /** @description The call's x-request-id (and its log lines' reqId) */
            requestId: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The call's arguments (a proxy call: its request) as JSON text, redacted like log lines and cut with a marker past 16 KiB; null when none or no longer kept */
            input: string | null;
            /** @description The provider's response body, redacted and bounded the same way; null when none or no longer kept */
            response: string | null;
            /** @description false once EXECUTION_BODY_RETENTION_DAYS has passed (or when details are not stored) */
            detailKept: boolean;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListToolkits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              slug: string;
              name: string;
              description: string | null;
              logo?: string;
              categories: {
                slug: string;
                name: string;
              }[];
              noAuth: boolean;
              authMethods: {
                /** @description Pass it as authMethodId */
                id: string;
                name: string;
                kind: 'oauth2' | 'api_key' | 'basic' | 'bearer';
                /** @description oauth2: the deployment has a platform-managed OAuth client for the toolkit */
                managedClientConfigured: boolean;
                /** @description api_key, basic, bearer: JSON Schema of the credential fields a user fills in; null for oauth2 */
                credentialFields: {
                  [key: string]: unknown;
                } | null;
                /** @description JSON Schema of the per-connection fields (a subdomain...); null when none */
                connectionFields: {
                  [key: string]: unknown;
                } | null;
                /** @description oauth2: scopes requested when none are given; empty otherwise */
                defaultScopes: string[];
              }[];
              /** @description Union of the scopes the tools declare */
              scopes: string[];
              toolsCount: number;
              triggersCount: number;
              /** @description The broker's OAuth callback URL ({PUBLIC_BASE_URL}/api/v1/connectors/{slug}/callback): register it at the provider as the redirect URL of your own OAuth client; null when the toolkit has no OAuth method */
              oauthCallbackUrl: string | null;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetToolkit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Toolkit slug, e.g. hubspot */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            slug: string;
            name: string;
            description: string | null;
            logo?: string;
            categories: {
              slug: string;
              name: string;
            }[];
            noAuth: boolean;
            authMethods: {
              /** @description Pass it as authMethodId */
              id: string;
              name: string;
              kind: 'oauth2' | 'api_key' | 'basic' | 'bearer';
              /** @description oauth2: the deployment has a platform-managed OAuth client for the toolkit */
              managedClientConfigured: boolean;
              /** @description api_key, basic, bearer: JSON Schema of the credential fields a user fills in; null for oauth2 */
              credentialFields: {
                [key: string]: unknown;
              } | null;
              /** @description JSON Schema of the per-connection fields (a subdomain...); null when none */
              connectionFields: {
                [key: string]: unknown;
              } | null;
              /** @description oauth2: scopes requested when none are given; empty otherwise */
              defaultScopes: string[];
            }[];
            /** @description Union of the scopes the tools declare */
            scopes: string[];
            toolsCount: number;
            triggersCount: number;
            /** @description The broker's OAuth callback URL ({PUBLIC_BASE_URL}/api/v1/connectors/{slug}/callback): register it at the provider as the redirect URL of your own OAuth client; null when the toolkit has no OAuth method */
            oauthCallbackUrl: string | null;
            /** @description The toolkit's trigger types by slug, at most 200 */
            triggerTypes: {
              slug: string;
              name: string;
              description: string;
              type: 'poll' | 'webhook';
              /** @description JSON Schema of the config an instance is set up with */
              config: {
                [key: string]: unknown;
              };
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListToolkitTools: {
    parameters: {
      query?: {
        /** @description Fuzzy match on slug, name and description (the native listTools search) */
        search?: string;
        /** @description Page size, 1 to 100 */
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description Toolkit slug, e.g. hubspot */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              slug: string;
              name: string;
              description: string;
              version: string;
              deprecated: boolean;
              tags: string[];
              /** @description Provider scopes the tool needs; [] none; null when the catalog does not say */
              scopes: string[] | null;
              /** @description JSON Schema of the tool's arguments */
              input: {
                [key: string]: unknown;
              };
            }[];
            /** @description Tools matching, over all pages */
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListAudit: {
    parameters: {
      query?: {
        /** @description nextCursor of the previous page */
        cursor?: string;
        /** @description Page size, 1 to 200 */
        limit?: number;
      };
      header?: never;
      path: {
        organizationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** @description The person who made the change; null when the operator or an API key made it (actorKind says which) */
              actor: {
                userId: string;
                email: string | null;
              } | null;
              /** @description Who made the change: a signed-in person, the operator (command line, first start), or a project's API key */
              actorKind: 'user' | 'operator' | 'apiKey';
              /** @description The API key that made the change (its name then), when actorKind is apiKey */
              actorApiKey: {
                id: string;
                name: string | null;
              } | null;
              /** @description e.g. api_key.created, project.renamed, connection.revoked */
              action: string;
              targetType: string;
              targetId: string;
              projectId: string | null;
              ip: string | null;
              /** @description What changed; never a secret */
              detail: {
                [key: string]: unknown;
              } | null;
            }[];
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListEventTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              type: string;
              description: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListWebhookSubscriptions: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['WebhookSubscription'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleCreateWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Where deliveries are POSTed: an http or https URL. */
          url: string;
          eventTypes?: (
            | 'connection.created'
            | 'connection.expired'
            | 'connection.refresh_failed'
            | 'connection.recovered'
            | 'connection.revoked'
            | 'connection.deleted'
            | 'trigger.disabled'
            | 'trigger.event'
            | 'webhook.test'
            | 'webhook_subscription.disabled'
          )[];
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The signing secret (whsec_…): shown here once and never again; store it with the receiver */
            secret: string;
            subscription: components['schemas']['WebhookSubscription'];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Where a project wants its events sent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleDeleteWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleUpdateWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Where deliveries are POSTed: an http or https URL. */
          url?: string;
          /** @description null: every event type */
          eventTypes?:
            | (
                | 'connection.created'
                | 'connection.expired'
                | 'connection.refresh_failed'
                | 'connection.recovered'
                | 'connection.revoked'
                | 'connection.deleted'
                | 'trigger.disabled'
                | 'trigger.event'
                | 'webhook.test'
                | 'webhook_subscription.disabled'
              )[]
            | null;
          /** @description true also clears a disable after failing deliveries */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Where a project wants its events sent. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The signing secret (whsec_…): shown here once and never again; store it with the receiver */
            secret: string;
            subscription: components['schemas']['WebhookSubscription'];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleSendTestEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The webhook.test event, delivered to this subscription only */
            eventId: string;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['WebhookAttempt'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListEvents: {
    parameters: {
      query?: {
        /** @description Only these types: repeat the parameter or separate with commas. */
        type?: string[];
        /** @description Only events at or after this time */
        after?: string;
        /** @description Only events before this time */
        before?: string;
        /** @description Page size, 1 to 200. */
        limit?: number;
        /** @description nextCursor of the previous page. */
        cursor?: string;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['Event'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Something that happened in the project (the body webhook deliveries carry). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Event'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleRedeliverEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Only to this subscription; omitted: every enabled subscription that wants the event */
          subscriptionId?: string;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            eventId: string;
            deliveries: {
              /** @description msg_… (the webhook-id) */
              id: string;
              subscriptionId: string;
            }[];
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListTriggerInstances: {
    parameters: {
      query?: {
        /** @description Only the instances of this connection */
        connectionId?: string;
        /** @description Only instances of this trigger type (any case) */
        triggerSlug?: string;
        /** @description Only enabled or only disabled instances; both when absent */
        status?: 'enabled' | 'disabled';
        /** @description Page size, 1 to 100 */
        limit?: number;
        /** @description nextCursor of the previous page */
        cursor?: string;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['ConsoleTriggerInstance'][];
            /** @description Pass as cursor for the next page; null on the last. */
            nextCursor: string | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        triggerInstanceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A trigger instance as the console shows it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleTriggerInstance'];
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleDeleteTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        triggerInstanceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleUpdateTriggerInstance: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        triggerInstanceId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enabled: boolean;
        };
      };
    };
    responses: {
      /** @description A trigger instance as the console shows it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsoleTriggerInstance'];
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleListPlaygroundTools: {
    parameters: {
      query?: {
        /** @description Only tools of this toolkit (toolkit slug). */
        toolkit?: string;
        /** @description Fuzzy match on slug, name and description; tolerates typos and word order. Results are ranked. */
        search?: string;
        /** @description Page size, 1 to 500. */
        limit?: number;
        /** @description Number of results to skip. */
        offset?: number;
      };
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tools. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description One page of tools, best match first when searching. */
            items: {
              /** @description Tool slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACTS_CREATE. */
              slug: string;
              /** @description Short display name. */
              name: string;
              /** @description What the tool does and how to fill its arguments, written for an AI agent. */
              description: string;
              /** @description Slug of the toolkit the tool belongs to. */
              toolkit: string;
              /** @description Tool version, e.g. v1.0.0. */
              version: string;
              /** @description Tags for grouping, e.g. contacts. */
              tags: string[];
              /** @description True when the tool should no longer be used. */
              deprecated: boolean;
            }[];
            /** @description Number of tools matching the filters, across all pages. */
            total: number;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleGetPlaygroundTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        /** @description Tool slug, e.g. HUBSPOT_CONTACTS_CREATE */
        toolSlug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A tool with its input schema. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Tool slug: upper-case, toolkit prefix first, e.g. HUBSPOT_CONTACTS_CREATE. */
            slug: string;
            /** @description Short display name. */
            name: string;
            /** @description What the tool does and how to fill its arguments, written for an AI agent. */
            description: string;
            /** @description Slug of the toolkit the tool belongs to. */
            toolkit: string;
            /** @description Tool version, e.g. v1.0.0. */
            version: string;
            /** @description Tags for grouping, e.g. contacts. */
            tags: string[];
            /** @description True when the tool should no longer be used. */
            deprecated: boolean;
            /** @description JSON Schema (object) of the tool arguments: properties with type, description, enum, default; required list. */
            inputParameters?: unknown;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid request: a field, the URL or the body is malformed (data.errors names the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  consoleExecuteTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        organizationId: string;
        projectId: string;
        /** @description Tool slug, e.g. HUBSPOT_CONTACTS_CREATE */
        toolSlug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A connection of the project, of the tool’s toolkit */
          connectionId: string;
          /** @description Tool arguments; must match the tool's inputParameters */
          arguments?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description One tool run from the console, as it happened */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The execution record of this run (Executions tab), refused runs included; null if it was not recorded */
            executionId: string | null;
            /** @description As recorded: from the start of the execution to the end of the provider call or the refusal */
            durationMs: number;
            /** @description The provider answered 2xx */
            successful: boolean;
            /** @description The request as sent to the provider, credentials masked by the rules of the logs and execution details; null when refused before sending */
            request: {
              method: string;
              url: string;
              headers: {
                [key: string]: string;
              };
              /** @description JSON as a value; a form or text body as its text */
              body?: unknown;
            } | null;
            /** @description The provider's answer, redacted like the request; null when there was none (refused, timeout, network failure) */
            response: {
              status: number;
              headers: {
                [key: string]: string;
              };
              /** @description JSON parsed, text as a string, binary as {mediaType, base64} */
              body: unknown;
            } | null;
            /** @description The broker's error when it refused the run or got no answer, as the native API reports it; null otherwise */
            error: {
              code: string;
              /** @description The HTTP status the native executeTool answers with this error */
              status: number;
              message: string;
              data?: unknown;
            } | null;
          };
        };
      };
      /** @description BAD_REQUEST: Invalid arguments */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNAUTHORIZED: Missing or invalid API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description FORBIDDEN: Not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description NOT_FOUND: Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TIMEOUT: The request was not received in time (a slow client), or the provider did not answer in time */
      408: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: The body is larger than the server accepts */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description URI_TOO_LONG: A path parameter or the URL is too long */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description UNSUPPORTED_MEDIA_TYPE: The body is not of a supported media type (application/json) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description TOO_MANY_REQUESTS: Too many requests; retry after the time in the retry-after header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description REQUEST_HEADER_FIELDS_TOO_LARGE: The request headers are too large */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description INTERNAL_SERVER_ERROR: Unexpected failure; the message names a request id to quote */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: Temporarily unavailable (database unreachable or server shutting down); retry */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
}
