// The question an action that takes brokers out of My Brokers asks first: what goes, and how many,
// from whose My Brokers, worked out from the lists on screen as the server will apply them.
import type { Broker, BrokerAction, BrokerLists } from '../../domain/brokers';
import { plural } from '../../ui/shared/upload-words';

export interface BrokerQuestion {
  title: string;
  description: string;
  /** The dialog's button. */
  action: string;
}

/** Up to three names, then how many more. */
const namesOf = (brokers: readonly Broker[]): string => {
  const names = brokers.slice(0, 3).map((b) => b.name);
  const more = brokers.length - names.length;
  if (more > 0) return `${names.join(', ')} and ${plural(more, 'other')}`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
};

export function brokerQuestion(
  action: BrokerAction,
  lists: BrokerLists,
  selectedMine: readonly number[],
  email: string,
): BrokerQuestion | null {
  const mine = `the My Brokers of ${email}`;
  switch (action) {
    case 'remove_oa': {
      const open = lists.my.filter((b) => b.open_access);
      const stay = lists.my.length - open.length;
      return {
        title: `Remove ${plural(open.length, 'open-access broker')} from My Brokers?`,
        description: open.length
          ? `${namesOf(open)} ${open.length === 1 ? 'leaves' : 'leave'} ${mine}; ${plural(stay, 'broker')} ${stay === 1 ? 'stays' : 'stay'}.`
          : `None of the ${plural(lists.my.length, 'broker')} in ${mine} has open access: nothing is removed.`,
        action: 'Remove',
      };
    }
    case 'overwrite_req': {
      const requested = new Set(lists.requested.map((b) => b.id));
      const removed = lists.my.filter((b) => !requested.has(b.id)).length;
      return {
        title: `Replace the ${plural(lists.my.length, 'broker')} in My Brokers with the ${plural(lists.requested.length, 'requested broker')}?`,
        description: `My Brokers of ${email} then ${lists.requested.length ? 'holds only the requested brokers' : 'is empty'}: ${plural(removed, 'broker')} removed.`,
        action: 'Replace',
      };
    }
    case 'delete': {
      const chosen = new Set(selectedMine);
      const going = lists.my.filter((b) => chosen.has(b.id));
      const stay = lists.my.length - going.length;
      return {
        title: `Delete ${plural(going.length, 'broker')} from My Brokers?`,
        description: `${namesOf(going)} ${going.length === 1 ? 'leaves' : 'leave'} ${mine}; ${plural(stay, 'broker')} ${stay === 1 ? 'stays' : 'stay'}.`,
        action: 'Delete',
      };
    }
    case 'add':
      return null;
  }
}
