// The API described as OpenAPI 3.1, built from the route table alone: each route's method, path,
// access and input schema (converted from valibot), never written by hand (decision 102). One
// document per process and product key, built on first use.
import { readFileSync } from 'node:fs';
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { CSRF_HEADER, SESSION_COOKIE } from '../src/domain/constants';
import { BadRequestReply } from '../src/domain/field-errors';
import { productNames } from '../src/domain/product';
import { REFUSALS } from './http/replies';
import { featuresOfAccess, routePath, type Route } from './routes';

export interface OpenApiOptions {
  /** The platform key: paths named with `{product}` and the owner field are sent under its names. */
  productKey: string;
  productName?: string;
}

/** A JSON Schema with what the converter could not express, as it notes it. */
export interface ConvertedSchema {
  schema: JsonSchema;
  /** The converter's messages for validations JSON Schema cannot hold (custom checks, …). */
  notExpressed: string[];
}

type Json = Record<string, unknown>;
const asObject = (schema: JsonSchema): Json => schema as unknown as Json;

/** What the document says beside a schema the converter could not express in full. */
export const NOT_EXPRESSED = 'x-not-expressed';

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // What a client sends: a pipeline is described up to its first transformation.
  typeMode: 'input',
  // Normalizations of what was sent (the checks after them still hold): nothing for a client to know.
  ignoreActions: ['trim', 'trim_start', 'trim_end', 'to_lower_case', 'to_upper_case', 'normalize'],
  // Never throw: what JSON Schema cannot hold is noted where it was left out (see `noted`).
  errorMode: 'ignore',
};

/** Keywords that assert one JSON type's values: they belong with that type. */
const TYPE_KEYWORDS = [
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
];

const typesOf = (node: Json): string[] =>
  typeof node['type'] === 'string' ? [node['type']] : Array.isArray(node['type']) ? (node['type'] as string[]) : [];

/** Whether `narrow` (the type checked after a union) applies to a branch of type `branch`. */
const sameKind = (narrow: string, branch: string) => narrow === branch || (narrow === 'integer' && branch === 'number');

/**
 * `pipe(union([pipe(string(), regex, transform(Number)), number()]), integer(), minValue(1))` (an id
 * sent as form text or a JSON number) converts to an `anyOf` beside `type: integer`, which no text
 * satisfies: the checks after the union hold for the value the union produced. Each check moves
 * into the branch of its own type; a branch of another type keeps only its own checks.
 */
function distributeOverUnions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(distributeOverUnions);
  if (typeof value !== 'object' || value === null) return value;
  const node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, distributeOverUnions(v)])) as Json;
  const narrow = typesOf(node);
  if (!Array.isArray(node['anyOf']) || narrow.length !== 1) return node;
  const moved = Object.fromEntries(TYPE_KEYWORDS.filter((k) => k in node).map((k) => [k, node[k]]));
  const rest = Object.fromEntries(Object.entries(node).filter(([k]) => !TYPE_KEYWORDS.includes(k)));
  rest['anyOf'] = (node['anyOf'] as Json[]).map((branch) =>
    typesOf(branch).length === 1 && sameKind(narrow[0]!, typesOf(branch)[0]!) ? { ...branch, ...moved } : branch,
  );
  return rest;
}

/**
 * A valibot schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1). A check or schema JSON
 * Schema cannot hold is left out (the schema then accepts more than the server does) and named
 * where it was, under `x-not-expressed`; `notExpressed` lists them all.
 */
export function convertSchema(schema: v.GenericSchema): ConvertedSchema {
  const notExpressed: string[] = [];
  const noted = ({ errors, jsonSchema }: { errors?: string[] | undefined; jsonSchema: JsonSchema }, file = false) => {
    if (!errors) return undefined;
    for (const message of errors) if (!notExpressed.includes(message)) notExpressed.push(message);
    const node = asObject(jsonSchema);
    // A multipart file field: described as bytes rather than as nothing.
    const bytes = file ? { contentMediaType: 'application/octet-stream' } : {};
    const before = (node[NOT_EXPRESSED] as string[] | undefined) ?? [];
    const marked: Json = { ...node, ...bytes, [NOT_EXPRESSED]: [...before, ...errors] };
    return marked as JsonSchema;
  };
  const converted = toJsonSchema(schema, {
    ...CONVERSION,
    overrideSchema: (context) => noted(context, context.valibotSchema.type === 'file'),
    overrideAction: (context) => {
      const action = context.valibotAction as { type: string; requirement?: unknown };
      if (action.type !== 'regex' || !(action.requirement instanceof RegExp) || !action.requirement.flags)
        return noted(context);
      // JSON Schema's patterns already read Unicode; any other flag (`i`) changes what the
      // pattern matches, so it is left out rather than kept narrower than the server.
      const flags = action.requirement.flags.replace(/[uv]/g, '');
      const node = asObject(context.jsonSchema);
      const errors = (context.errors ?? []).filter((e) => flags || !e.startsWith('RegExp flags'));
      if (flags && node['pattern'] === action.requirement.source) delete node['pattern'];
      return noted({ errors: errors.length > 0 ? errors : undefined, jsonSchema: context.jsonSchema });
    },
  });
  const out = distributeOverUnions(converted) as Json;
  // The document's dialect already is 2020-12.
  delete out['$schema'];
  return { schema: out as JsonSchema, notExpressed };
}

/** Hono's `:id` as OpenAPI's `{id}`, with `{product}` filled in as the server answers it. */
export function openApiPath(route: Pick<Route, 'path'>, productKey: string): string {
  return routePath(route, productKey).replace(/:(\w+)/g, '{$1}');
}

function operationId(route: Route): string {
  const words = route.path
    .replace(/:(\w+)/g, 'by_$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words].join('_');
}

/** The first sentence of a route's summary; the whole of it goes in the description. */
function firstSentence(text: string): string {
  const end = text.search(/[.:;](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** The owner field travels under the platform's own name (ownerFromWire in src/domain/product.ts). */
function toWireNames(schema: Json, productKey: string): Json {
  const properties = schema['properties'] as Json | undefined;
  if (!properties || !('owner' in properties)) return schema;
  const wire = productNames(productKey).owner;
  const renamed = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k === 'owner' ? wire : k, s]));
  const required = schema['required'] as string[] | undefined;
  return {
    ...schema,
    properties: renamed,
    ...(required ? { required: required.map((k) => (k === 'owner' ? wire : k)) } : {}),
  };
}

function pathParameters(route: Route): Json[] {
  return [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** A GET's input: each field of its schema as a query parameter (or the whole object, form-style). */
function queryParameters(schema: Json): Json[] {
  const properties = schema['properties'] as Record<string, Json> | undefined;
  if (schema['type'] !== 'object' || !properties || schema['$defs'])
    return [{ name: 'query', in: 'query', style: 'form', explode: true, schema }];
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function requestBody(route: Route, schema: Json): Json {
  const body = { schema };
  const content =
    route.body === 'json'
      ? { 'application/json': body }
      : { 'application/x-www-form-urlencoded': body, 'multipart/form-data': body };
  const required = ((schema['required'] as string[] | undefined) ?? []).length > 0;
  return { required, content };
}

function accessWords(route: Route): string {
  if (route.access === 'public') return 'Open to anyone.';
  if (route.access === 'pending_otp') return 'Only for a session that passed the password step and awaits its code.';
  const keys = featuresOfAccess(route.access);
  if (route.access === 'admin_panel_access') return 'Any signed-in staff member (`admin_panel_access`).';
  return `A signed-in staff member with \`admin_panel_access\` and ${keys.map((k) => `\`${k}\``).join(' or ')}.`;
}

const JSON_REPLY = (schema: Json, description: string, example?: unknown): Json => ({
  description,
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
});

function responses(route: Route): Json {
  const refusals: string[] = [REFUSALS.noSession, REFUSALS.noFeature];
  if (route.csrf) refusals.push(REFUSALS.csrf);
  if (route.csrf && route.method !== 'GET') refusals.push(REFUSALS.origin);
  const out: Json = {
    '200': JSON_REPLY({}, 'Answered; the reply is JSON (or a file, for exports).'),
    '400': JSON_REPLY(
      { $ref: '#/components/schemas/BadRequest' },
      'The input was refused: `fields` names each field with a message, `errors` lists them all.',
    ),
    '403': JSON_REPLY(
      { $ref: '#/components/schemas/Refusal' },
      route.access === 'public' && !route.csrf
        ? 'Refused (not expected for this route).'
        : `Refused: ${refusals.map((m) => `"${m}"`).join(', ')}; a missing feature is named in words.`,
    ),
  };
  if (route.method !== 'GET')
    out['413'] = JSON_REPLY({ $ref: '#/components/schemas/Refusal' }, 'The body is too large.');
  return out;
}

function security(route: Route): Json[] {
  const csrf = route.csrf ? { csrfHeader: [] } : {};
  if (route.access === 'public') return route.csrf ? [csrf] : [];
  return [{ sessionCookie: [], ...csrf }];
}

function operation(route: Route, productKey: string): Json {
  const converted = route.schema ? convertSchema(route.schema) : null;
  const schema = converted ? toWireNames(asObject(converted.schema), productKey) : null;
  const keys = featuresOfAccess(route.access);
  const parameters = [...pathParameters(route), ...(schema && route.method === 'GET' ? queryParameters(schema) : [])];
  return {
    operationId: operationId(route),
    summary: firstSentence(route.summary),
    description: `${route.summary}\n\n${accessWords(route)}`,
    ...(keys.length > 0 ? { 'x-required-feature': route.access } : {}),
    ...(route.access === 'pending_otp' ? { 'x-session-stage': 'pending_otp' } : {}),
    ...(route.changesGrants ? { 'x-changes-grants': true } : {}),
    security: security(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schema && route.method !== 'GET' ? { requestBody: requestBody(route, schema) } : {}),
    responses: responses(route),
  };
}

/** The refusal every 403 (and the body cap's 413) answers with. */
const Refusal = v.object({ status: v.literal(false), msg: v.string() });

function packageVersion(): string {
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const read = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (read.name === 'staff-console' && read.version) return read.version;
    } catch {
      // Not there from this build's layout: the next place up.
    }
  }
  return '0.0.0';
}

/** The OpenAPI 3.1 document of these routes. */
export function buildOpenApi(routes: readonly Route[], options: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const item = (paths[openApiPath(route, options.productKey)] ??= {});
    item[route.method.toLowerCase()] = operation(route, options.productKey);
  }
  const name = options.productName ?? options.productKey;
  return {
    openapi: '3.1.0',
    info: {
      title: `Staff Console API (${name})`,
      version: packageVersion(),
      description:
        'Generated from the route table (server/route-table.ts): each route’s method, path, access and input schema. ' +
        'Form routes take urlencoded or multipart bodies; a GET’s input is its query string. ' +
        'Unsafe calls need the CSRF cookie and the same token in the X-CSRFToken header (or, for forms, the ' +
        '`csrfmiddlewaretoken` field). `x-required-feature` names the feature a route needs (any one of a list), ' +
        'always with `admin_panel_access`; `x-not-expressed` names validations JSON Schema cannot hold.',
    },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `The session cookie (\`__Host-${SESSION_COOKIE}\` over HTTPS), set by the sign-in calls.`,
        },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: 'The value of the csrftoken cookie, bound to the session; needed by every unsafe call.',
        },
      },
      schemas: {
        BadRequest: convertSchema(BadRequestReply).schema,
        Refusal: convertSchema(Refusal).schema,
      },
    },
  };
}

const documents = new WeakMap<readonly Route[], Map<string, string>>();

/** The document as JSON text, built once per route table and product key. */
export function openApiJson(routes: readonly Route[], options: OpenApiOptions): string {
  let byProduct = documents.get(routes);
  if (!byProduct) documents.set(routes, (byProduct = new Map()));
  const key = `${options.productKey}\u0000${options.productName ?? ''}`;
  let text = byProduct.get(key);
  if (text === undefined) byProduct.set(key, (text = JSON.stringify(buildOpenApi(routes, options))));
  return text;
}
