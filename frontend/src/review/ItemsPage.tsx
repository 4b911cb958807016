import type { Navigate } from '../navigation';
import { UnitPage } from '../workspace/UnitPage';
import { getItems } from './api';
import { ItemScreen } from './ItemScreen';

/** `/app/assignments/:id/items` — loads a review or error-typing unit, then the item screen. */
export function ItemsPage({ navigate }: { navigate?: Navigate }) {
  return (
    <UnitPage
      navigate={navigate}
      load={getItems}
      what="the items"
      notFound="This unit does not exist, is not yours, or is not a review or error-typing unit."
      // Keyed by id: the next unit starts with fresh state, queue and focus.
      render={(payload) => <ItemScreen key={payload.id} payload={payload} />}
    />
  );
}
