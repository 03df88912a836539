// The platform key (PRODUCT_KEY, spec §3's `{product}`) names several wire fields and values:
// `{product}_owner`, `{product}_basic`, `{product}_data`, `{product}Dashboard` … Both sides build
// them here from the key the server is configured with (the panel reads it from its app config),
// so no other module spells `{product}` by hand. The database stores the values as the wire
// carries them; a deployment never changes its key.
//
// What a person reads is the product's display name (PRODUCT_NAME, 'Acme' for the key 'acme'),
// never the key: labels and messages take `productNames(key).name`. The name is set once where
// the settings are read (the server's createApp, the panel's createConsoleApp) with
// `nameProduct`; until then a key reads as itself capitalised (decision 044).

export interface ProductNames {
  key: string;
  /** What a person reads: 'Acme owner', 'Acme Basic', never 'acme owner'. */
  name: string;
  /** Wire name of the owner field; the database column is `owner`. */
  owner: string;
  configurations: readonly [string, string, string];
  defaultConfiguration: string;
  /** Data plan items in their display order. */
  dataPlanItems: readonly string[];
  data: string;
  altData: string;
  startupScreens: readonly string[];
  /** Wire keys of the bulk-editable flags that carry the key. */
  drive: string;
  vega: string;
  connect: string;
  rmsConnect: string;
}

const cache = new Map<string, ProductNames>();
const displayNames = new Map<string, string>();

/** The name a key reads as when none is configured: 'research_hub' → 'Research hub'. */
export function defaultProductName(key: string): string {
  const words = key.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Product';
}

/** Sets the display name of a key for this process (one deployment, one key, one name). */
export function nameProduct(key: string, name: string | undefined): void {
  const chosen = name?.trim() || defaultProductName(key);
  if (displayNames.get(key) === chosen) return;
  displayNames.set(key, chosen);
  cache.delete(key);
}

export function productNames(key: string): ProductNames {
  let names = cache.get(key);
  if (!names) {
    names = {
      key,
      name: displayNames.get(key) ?? defaultProductName(key),
      owner: `${key}_owner`,
      configurations: [`${key}_basic`, `${key}_res`, `${key}_res_prof`],
      defaultConfiguration: `${key}_basic`,
      dataPlanItems: [`${key}_data`, 'shareholder_data', `${key}_alt_data`, 'lexis_nexis', 'rns'],
      data: `${key}_data`,
      altData: `${key}_alt_data`,
      startupScreens: ['stream', 'docsearch', 'company', 'real', 'realtool', 'notebook', 'mosaic', `${key}Dashboard`],
      drive: `${key}_drive`,
      vega: `${key}vega`,
      connect: `${key}_connect`,
      rmsConnect: `rms_${key}_connect`,
    };
    cache.set(key, names);
  }
  return names;
}

/**
 * The wire names `{product}_owner`; inside, schemas and the database say `owner`. The server
 * renames on the way in (app.ts, before validation), replies and the panel's service rename back.
 */
export function ownerFromWire(product: string, fields: Record<string, unknown>): Record<string, unknown> {
  const wire = productNames(product).owner;
  if (!(wire in fields)) return fields;
  const { [wire]: owner, ...rest } = fields;
  return { ...rest, owner };
}

export function ownerToWire<T extends { owner?: unknown }>(
  product: string,
  record: T,
): Omit<T, 'owner'> & Record<string, unknown> {
  if (!('owner' in record)) return record;
  const { owner, ...rest } = record;
  return { ...rest, [productNames(product).owner]: owner };
}
