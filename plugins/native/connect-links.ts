/**
 * Hosted connect links on the native API: `POST /connect-links` makes a connection and the URL of
 * the page (plugins/connect) where the end user completes it. The same service as the compat
 * mount's POST /connected_accounts/link; only the names differ.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../src/services.js';
import { principal } from '../auth.js';
import { errorResponses } from '../../src/schemas/common.js';
import { ConnectLinkResponse, CreateConnectLinkBody } from '../../src/connections/api-schemas.js';

const connectLinkRoutes: FastifyPluginAsyncTypebox<{ services: Pick<Services, 'connectLinks'> }> = async (app, { services }) => {
  app.post(
    '/connect-links',
    {
      schema: {
        operationId: 'createConnectLink',
        tags: ['connections'],
        summary: 'Create a hosted connect link for an end user',
        description:
          "Makes the connection now (INITIATED for OAuth, PENDING for API-key/basic/bearer) and returns the page's URL. " +
          "The page names the toolkit and the project, sends the user through the provider's consent or shows the credential form, " +
          'then returns to callbackUrl. Opening the page never uses the link; the user submitting it does (single use).',
        body: CreateConnectLinkBody,
        response: { 201: ConnectLinkResponse, ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (req, reply) => {
      const { authConfigId, entityId, callbackUrl } = req.body;
      const link = await services.connectLinks.create(principal(req).projectId, {
        authConfigId,
        entityId,
        ...(callbackUrl ? { callbackUrl } : {}),
      });
      return reply.code(201).send({ connectionId: link.connectionId, url: link.url, expiresAt: link.expiresAt.toISOString() });
    },
  );
};

export default connectLinkRoutes;
