import type { FastifyPluginAsync } from 'fastify';
const catalogRoutes: FastifyPluginAsync = async (app) => {
  app.get('/toolkits', async () => ({ items: [], total: 0 }));
};
export default catalogRoutes;
