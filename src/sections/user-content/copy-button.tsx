// 'Copy saved searches to users…' (its name is its words) for the items ticked of one kind, shown only to a session that may copy it.
import { Button, Checkbox } from '@radix-ui/themes';
import { CONTENT_KIND_LABELS, type ContentKind } from '../../domain/user-content';
import { selectBusy, selectChosen, selectMayCopy } from './user-content.selectors';
import { UserContentCtx } from './user-content-context';

export function CopyButton({ kind }: { kind: ContentKind }) {
  const actor = UserContentCtx.useActorRef();
  const may = UserContentCtx.useSelector(selectMayCopy(kind));
  const chosen = UserContentCtx.useSelector(selectChosen)[kind];
  const busy = UserContentCtx.useSelector(selectBusy);
  if (!may) return null;
  return (
    <Button
      size="1"
      disabled={chosen.length === 0 || busy}
      aria-haspopup="dialog"
      onClick={() => actor.send({ type: 'copy.open', kind })}
    >
      Copy {CONTENT_KIND_LABELS[kind].many} to users…{chosen.length > 0 ? ` (${chosen.length})` : ''}
    </Button>
  );
}

/** A row's tick, shown only to a session that may copy the kind. */
export function ChooseBox({ kind, id, name }: { kind: ContentKind; id: number; name: string }) {
  const actor = UserContentCtx.useActorRef();
  const may = UserContentCtx.useSelector(selectMayCopy(kind));
  const chosen = UserContentCtx.useSelector(selectChosen)[kind].includes(id);
  const busy = UserContentCtx.useSelector(selectBusy);
  if (!may) return null;
  return (
    <Checkbox
      aria-label={`Choose ${name}`}
      checked={chosen}
      disabled={busy}
      onCheckedChange={() => actor.send({ type: 'item.toggle', kind, id })}
    />
  );
}
