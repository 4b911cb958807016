import { getAssignment } from '../api/client';
import type { Navigate } from '../navigation';
import { UnitPage } from './UnitPage';
import { Workspace } from './Workspace';

/** `/app/assignments/:id` — loads the unit, then hands it to the workspace. */
export function WorkspacePage({ navigate }: { navigate?: Navigate }) {
  return (
    <UnitPage
      navigate={navigate}
      load={getAssignment}
      what="the unit"
      notFound="This unit does not exist or is not assigned to you."
      // Keyed by id: the next unit starts with fresh state, queue and focus.
      render={(payload) => <Workspace key={payload.id} payload={payload} />}
    />
  );
}
