/**
 * The native API at /api/v1. Every route group registered inside the authenticated scope gets
 * the API-key check; public native routes (the OAuth callback) are registered beside it.
 */
import type { FastifyPluginAsync } from 'fastify';
import catalogRoutes from './catalog.js';

const nativeApi: FastifyPluginAsync = async (app) => {
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticated.requireApiKey);
    await authenticated.register(catalogRoutes);
  });
};

export default nativeApi;
