/**
 * The native API at /api/v1. Every route group registered inside the authenticated scope gets
 * the API-key check; public native routes (the OAuth callback) are registered beside it.
 */
import type { FastifyPluginAsync } from 'fastify';
import catalogRoutes from './catalog.js';
import connectorRoutes from './connectors.js';
import authConfigRoutes from './auth-configs.js';
import oauthCallback from './oauth-callback.js';
import toolRoutes from './tools.js';
import proxyRoutes from './proxy.js';

const nativeApi: FastifyPluginAsync = async (app) => {
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticated.requireApiKey);
    await authenticated.register(catalogRoutes);
    await authenticated.register(authConfigRoutes);
    await authenticated.register(connectorRoutes);
    await authenticated.register(proxyRoutes);
    await authenticated.register(toolRoutes);
  });
  await app.register(oauthCallback);
};

export default nativeApi;
