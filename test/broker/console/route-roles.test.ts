/**
 * Every console route that names an organization declares the least role that may call it, and
 * the plane refuses to register one that does not (plugins/console/route-access.ts).
 */
import t from 'tap';
import Fastify, { type RouteOptions } from 'fastify';
import { buildTestApp } from '../../helpers/app.js';
import { signedInRouteGroups } from '../../../plugins/console/index.js';
import { assertRoleDeclared } from '../../../plugins/console/route-access.js';
import { ConsoleUser, SessionView } from '../../../src/console/api-schemas.js';

t.test('every signed-in console route with :organizationId declares member, admin or owner', async (t) => {
  const { app, config } = await buildTestApp(t);
  const probe = Fastify();
  const routes: RouteOptions[] = [];
  probe.addHook('onRoute', (route) => void routes.push(route));
  probe.addSchema(ConsoleUser);
  probe.addSchema(SessionView);
  for (const group of signedInRouteGroups) await probe.register(group, { services: app.services, config });
  const organizationRoutes = routes.filter((r) => r.url.includes(':organizationId') && r.method !== 'HEAD');
  t.ok(organizationRoutes.length >= 25, `the console's organization routes are all seen (${organizationRoutes.length})`);
  const undeclared = organizationRoutes.filter((r) => !['member', 'admin', 'owner'].includes(String(r.config?.role)));
  t.same(
    undeclared.map((r) => `${String(r.method)} ${r.url}`),
    [],
    'each declares its role',
  );
  const projectRoutes = organizationRoutes.filter((r) => r.url.includes(':projectId'));
  t.ok(projectRoutes.length >= 14, 'the project routes are among them');
  await probe.close();
});

t.test('a route naming an organization without a role is refused at registration', async (t) => {
  t.throws(() => assertRoleDeclared({ method: 'GET', url: '/api/v1/console/orgs/:organizationId/new-thing', config: {} }), {
    message: /declare config.role/,
  });
  t.doesNotThrow(() => assertRoleDeclared({ method: 'GET', url: '/api/v1/console/orgs', config: {} }), 'no organization, no role needed');
  t.doesNotThrow(() => assertRoleDeclared({ method: 'GET', url: '/api/v1/console/orgs/:organizationId', config: { role: 'member' } }));
});
