// Every list screen and every editor is built from the shared pieces (docs/architecture.md, "One of
// each"): a list route validates its address to text and a search box is SearchForm; a list
// machine's read fails, retries and turns pages through listStates(); an editor's form is
// versionedForm(). The screens not yet moved are named here, each with why, so a new screen
// that writes its own list or form fails, and moving one means taking it off its list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const files = sourceFilesUnder(root, 'src');

/** Routes that keep a typed search: they write numbers, which the router would quote as text. */
const TYPED_ADDRESSES: Record<string, string> = {
  'src/routes/_authed.user_list.tsx': 'organization_id and page_size are written as numbers',
  'src/routes/_authed.account_settings.tsx': 'page_size and account are written as numbers',
  'src/routes/_authed.segments_n_tags.tsx': 'carries the user list query to save as an object',
};

/** Search forms not yet SearchForm: each searches with more than a box. */
const OWN_SEARCH: Record<string, string> = {
  'src/sections/broker-research/brokers/brokers-view.tsx': 'a visible label and the broker group filter in one form',
  'src/sections/broker-research/domain-mappings/domain-mappings-view.tsx':
    'a visible label; disabled while a form is open',
  'src/sections/broker-research/broker-details/broker-details-view.tsx': 'a picker: finds brokers, lists no page',
  'src/sections/segments-n-tags/segments-panel.tsx': 'searches as the machine types, with the status beside it',
  'src/sections/templates/templates-screen.tsx': 'searches as the machine types, with the status beside it',
  'src/sections/audit-log/audit-log-screen.tsx': 'six filters in one form',
  'src/sections/groups-v2/group-list.tsx': 'the organization picker in the same form',
  'src/ui/workflows/diagram-canvas.tsx': 'finds a state in a diagram, not a list',
};

/** List machines (paged, or bound to the address) whose read does not end in the list states. */
const OWN_LIST: Record<string, string> = {
  'src/sections/user-content/user-content.machine.ts': "each section's failure is kept in its own part",
};

/** Machines with a form that is not a record's versioned form. */
const OWN_FORM: Record<string, string> = {
  'src/sections/account-settings/account-settings.machine.ts': 'settings of an account: saved field by field',
  'src/sections/broker-research/broker-details/broker-details.machine.ts':
    'one broker record with its own conflict panel',
  'src/sections/broker-research/brokers/brokers.machine.ts': 'a group form inside a broker list',
  'src/sections/broker-research/domain-mappings/domain-mappings.machine.ts': 'a mapping form with a broker picker',
  'src/sections/redshift/redshift.machine.ts': 'one configuration row, no list',
};

describe('screens use the shared list and form', () => {
  it('validates every list address to text (textParams), or says why not', () => {
    const routes = files.filter((f) => f.startsWith('src/routes/') && read(f).includes('validateSearch'));
    expect(routes.length).toBeGreaterThan(5);
    const own = routes.filter((f) => /validateSearch: \(raw[^)]*\) => raw/.test(read(f)));
    expect(own.sort()).toEqual(Object.keys(TYPED_ADDRESSES).sort());
  });

  it('searches every list with SearchForm, or says why not', () => {
    const own = files.filter((f) => f !== 'src/ui/shared/search-form.tsx' && read(f).includes('role="search"'));
    expect(own.sort()).toEqual(Object.keys(OWN_SEARCH).sort());
  });

  it('ends every list read in the list states (listStates), or says why not', () => {
    const lists = files.filter(
      (f) => f.endsWith('.machine.ts') && /'(page\.(next|prev|more)|[a-z]+\.more|query\.set)'/.test(read(f)),
    );
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const own = lists.filter((f) => !/\blist(States|Load)</.test(read(f)));
    expect(own.sort()).toEqual(Object.keys(OWN_LIST).sort());
  });

  it('builds every record editor with versionedForm, or says why not', () => {
    const machines = files.filter((f) => f.endsWith('.machine.ts'));
    const shared = machines.filter((f) => /\bversionedForm</.test(read(f)));
    const own = machines.filter((f) => !shared.includes(f) && /'form\.(submit|save)'/.test(read(f)));
    expect(own.sort()).toEqual(Object.keys(OWN_FORM).sort());
    expect(shared.length).toBeGreaterThanOrEqual(5);
  });
});
