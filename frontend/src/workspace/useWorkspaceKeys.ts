import { useEffect, useRef, useState } from 'react';

import { isInDialog, isTextField } from './focus';
import { INITIAL_KEY_STATE, interpretKey, type KeyAction, type KeyContext } from './keyboard';

/**
 * Listens for the workspace shortcuts on the window and runs their actions. The rules live in
 * keyboard.ts; `getContext` is read at key time so it always sees the current focus.
 * Returns whether `r` is waiting for a digit (shown as a hint).
 */
export function useWorkspaceKeys(getContext: () => KeyContext, onAction: (action: KeyAction) => void): boolean {
  const latest = useRef({ getContext, onAction });
  latest.current = { getContext, onAction };
  const state = useRef(INITIAL_KEY_STATE);
  const [awaitingRelevance, setAwaitingRelevance] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const result = interpretKey(
        state.current,
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
      state.current = result.state;
      setAwaitingRelevance(result.state.awaitingRelevance);
      if (result.action === null) return;
      event.preventDefault();
      latest.current.onAction(result.action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return awaitingRelevance;
}
