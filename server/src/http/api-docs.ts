import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';

/** Where the API's documentation is served: the viewer, and the OpenAPI document at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI generated from the contract's schemas (every route served from a contract entry carries a
 * tag, its guard group; routes outside the API, such as /metrics, have none and are left out), and
 * Swagger UI from the package's own files, so it works offline. Registered before the routes, since
 * the document is built from the routes as they are added.
 */
export async function installApiDocs(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${ctx.config.PRODUCT_NAME} API`,
        description: 'Every answer is the envelope { success, message, data, error, timestamp }.',
        version: '1',
      },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' } } },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}
