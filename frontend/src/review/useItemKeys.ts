import { useEffect, useRef } from 'react';

import { isInDialog, isTextField } from '../workspace/focus';
import { interpretItemKey, type ItemKeyAction, type ItemKeyContext } from './itemKeys';

/**
 * Listens for the item screen's keys on the window and runs their actions; the rules live in
 * itemKeys.ts. `getContext` is read at key time so it always sees the current item.
 */
export function useItemKeys(getContext: () => ItemKeyContext, onAction: (action: ItemKeyAction) => void): void {
  const latest = useRef({ getContext, onAction });
  latest.current = { getContext, onAction };

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A control that handled the key itself (the types' list, a button's Enter) keeps it.
      if (event.isComposing || event.defaultPrevented) return;
      const action = interpretItemKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
          inTextField: isTextField(event.target),
          inDialog: isInDialog(event.target),
        },
        latest.current.getContext(),
      );
      if (action === null) return;
      event.preventDefault();
      latest.current.onAction(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
