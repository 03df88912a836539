// `npm run bench`: prints figures; it asserts nothing (timings belong here, not in tests).
import os from 'node:os';
import { benchPasswordHash } from './password-hash';
import { benchSessionCheck } from './session-check';
import { benchSignIn } from './sign-in';
import { benchUserList } from './user-list';
import { benchExport } from './export';
import { benchBulkEdit } from './bulk-edit';
import { benchUserCreate } from './user-create';
import { benchEventLoop } from './event-loop';
import { benchBrokerActions } from './restrict-broker';
import { benchBulkTags } from './bulk-tags';
import { benchGroups } from './groups';
import { benchGroupsV2 } from './groups-v2';
import { benchRoles } from './roles';
import { benchTemplates } from './templates';
import { benchSkus } from './skus';
import { benchAccounts } from './accounts';
// Broker Research.
import { benchResearchRequests } from './broker-research-requests';
import { benchResearchFulfillments } from './broker-research-fulfillments';
import { benchOtherSources } from './broker-research-other-sources';
import { benchAuditLog } from './audit-log';
import { benchReports } from './reports';
import { benchInviteRequests } from './invite-requests';
import { benchUserContent } from './user-content';
import { loadNow, MISSED } from './support';
import { benchFirstLoad } from './first-load';

const BENCHES = [
  ['passwords', benchPasswordHash],
  ['sign-in', benchSignIn],
  ['session check', benchSessionCheck],
  ['user list', benchUserList],
  ['export', benchExport],
  ['bulk edit', benchBulkEdit],
  ['user create', benchUserCreate],
  ['event loop', benchEventLoop],
  ['broker actions', benchBrokerActions],
  ['bulk tags', benchBulkTags],
  ['groups', benchGroups],
  ['groups v2', benchGroupsV2],
  ['roles', benchRoles],
  ['templates', benchTemplates],
  ['skus', benchSkus],
  ['accounts', benchAccounts],
  ['requests', benchResearchRequests],
  ['fulfillments', benchResearchFulfillments],
  ['other sources', benchOtherSources],
  ['audit log', benchAuditLog],
  ['reports', benchReports],
  ['invite requests', benchInviteRequests],
  ['user content', benchUserContent],
  ['first load', benchFirstLoad],
] as const;

/**
 * `npm run bench -- "bulk edit"` runs only the benches whose names contain an argument;
 * `npm run bench -- compare …` and `npm run bench -- cost-curve …` run those modes instead.
 */
async function main(): Promise<void> {
  const [mode, ...rest] = process.argv.slice(2);
  if (mode === 'compare') return (await import('./compare')).compareMain(rest);
  if (mode === 'cost-curve') return (await import('./cost-curve')).costCurveMain(rest);
  const only = process.argv.slice(2);
  console.log(
    `Staff Console benchmarks — Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), SQLite file in WAL mode; ${loadNow()}`,
  );
  const missed: string[] = [];
  for (const [name, run] of BENCHES.filter(([n]) => only.length === 0 || only.some((o) => n.includes(o)))) {
    const started = performance.now();
    const lines = await run();
    for (const line of lines) console.log(`  ${line}`);
    missed.push(...lines.filter((l) => l.includes(MISSED)).map((l) => `${name}: ${l.trim()}`));
    console.log(`  (${name}: ${((performance.now() - started) / 1000).toFixed(1)} s; ${loadNow()})`);
  }
  console.log(missed.length ? `Missed targets (${missed.length}):` : 'Every target met.');
  for (const line of missed) console.log(`  ${line}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
