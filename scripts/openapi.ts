// Writes the API description (decision 102) to a file, as GET /openapi.json serves it to this
// configuration (PRODUCT_KEY, PRODUCT_NAME): `npm run openapi [-- <file>]`, build/openapi.json
// unless a file is named.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../server/config';
import { openApiJson } from '../server/openapi';
import { ROUTES } from '../server/route-table';

const file = process.argv[2] ?? 'build/openapi.json';
const { productKey, productName } = loadConfig(process.env);
const text = `${JSON.stringify(JSON.parse(openApiJson(ROUTES, { productKey, productName })), null, 2)}\n`;
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, text);
console.log(`Wrote ${file}: ${ROUTES.length} routes.`);
