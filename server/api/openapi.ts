// GET /openapi.json: the API described from the route table (decision 102), for any signed-in
// staff member. Built on first call, then the same text for the life of the process.
import { openApiJson } from '../openapi';
import { defineRoute, type Route } from '../routes';

/** The description route of `routes` (a getter: the table holds this route too). */
export function openApiRoute(routes: () => readonly Route[]): Route {
  return defineRoute({
    method: 'GET',
    path: '/openapi.json',
    access: 'admin_panel_access',
    summary:
      'This API described as OpenAPI 3.1, generated from the route table: every route, its access and its input.',
    handler({ c, deps }) {
      const { productKey, productName } = deps.config;
      return c.body(openApiJson(routes(), { productKey, productName }), 200, {
        'Content-Type': 'application/json; charset=utf-8',
      });
    },
  });
}
