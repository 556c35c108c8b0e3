/**
 * One broker with both sandboxes per test file, and a fresh tenant (organization, project, API key)
 * per subtest: building an app and a database is the expensive part of a broker test, and what
 * keeps two subtests apart is what keeps two customers apart, the tenant. So a converted file also
 * tests that isolation. A subtest that needs its own clock or configuration keeps brokerWithSandboxes.
 *
 *   const shared = sharedBrokerWithSandboxes(t);          // at the top of the file
 *   t.test('…', async (t) => { const b = await shared.tenant(); … b.sent.hubspot.api() … });
 */
import type { RecordedRequest, Sandbox } from '../../sandbox/types.js';
import { createProjectWithKey, type TestContext } from './app.js';
import { brokerWithSandboxes, tenantClient, type BrokerWithSandboxes } from './sandboxes.js';

/** What one sandbox received from now on: every request, or only its API calls (no OAuth/token). */
function sentFrom(sandbox: Sandbox) {
  const mark = sandbox.mark();
  return {
    all: (): RecordedRequest[] => sandbox.sentSince(mark),
    api: (): RecordedRequest[] => {
      const api = new Set(sandbox.apiRequests());
      return sandbox.sentSince(mark).filter((r) => api.has(r));
    },
  };
}

type Broker = Omit<BrokerWithSandboxes, keyof ReturnType<typeof tenantClient>>;

export function sharedBrokerWithSandboxes(file: TestContext, options: Parameters<typeof brokerWithSandboxes>[1] = {}) {
  // Built on first use, torn down with the file.
  let broker: Promise<Broker> | undefined;
  let tenants = 0;
  const shared = (): Promise<Broker> => (broker ??= brokerWithSandboxes(file, options));
  return {
    broker: shared,
    /**
     * A new organization, project and key on the shared broker, with the sandbox requests sent
     * since it was made (the subtests of a file run one after another).
     */
    async tenant() {
      const b = await shared();
      const project = await createProjectWithKey(b.app, `tenant ${++tenants}`);
      const sent = { hubspot: sentFrom(b.hubspot), bitly: sentFrom(b.bitly) };
      return { ...b, ...tenantClient(b.app, project), sent };
    },
  };
}

export type Tenant = Awaited<ReturnType<ReturnType<typeof sharedBrokerWithSandboxes>['tenant']>>;
