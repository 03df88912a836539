// The platform key (PRODUCT_KEY, spec §3's `{product}`) names several wire fields and values:
// `{product}_owner`, `{product}_basic`, `{product}_data`, `{product}Dashboard` … Both sides build
// them here from the key the server is configured with (the panel reads it from its app config),
// so no other module spells `{product}` by hand. The database stores the values as the wire
// carries them; a deployment never changes its key.

export interface ProductNames {
  key: string;
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

export function productNames(key: string): ProductNames {
  let names = cache.get(key);
  if (!names) {
    names = {
      key,
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

export function ownerToWire<T extends { owner?: unknown }>(product: string, record: T): Omit<T, 'owner'> & Record<string, unknown> {
  if (!('owner' in record)) return record;
  const { owner, ...rest } = record;
  return { ...rest, [productNames(product).owner]: owner };
}
