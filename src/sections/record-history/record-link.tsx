// A record an audit entry names, as a link to its own screen when that screen opens it by address
// (decision 094): a plain anchor, so the History and Audit Log views stay free of the router.
import { Link, Text } from '@radix-ui/themes';
import { recordHref, type AuditRef } from '../../domain/audit-log';

export function RecordLink({ record, children }: { record: { kind: string; id: number }; children: string }) {
  const href = recordHref(record);
  return href === null ? <Text>{children}</Text> : <Link href={href}>{children}</Link>;
}

/** A change's side: its records by name, each linked, or its words as the server wrote them. */
export function ChangeSide({ text, refs }: { text: string; refs: AuditRef[] | undefined }) {
  if (!refs || refs.length === 0) return <>{text}</>;
  return (
    <>
      {refs.map((r, i) => (
        <span key={`${r.kind}:${r.id}`}>
          {i > 0 && ', '}
          <RecordLink record={r}>{r.name}</RecordLink>
        </span>
      ))}
    </>
  );
}
