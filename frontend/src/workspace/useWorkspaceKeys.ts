import { useEffect, useRef, useState } from 'react';

import { isInDialog, isSentence, isTextField, questionOf } from './focus';
import { INITIAL_KEY_STATE, interpretKey, type KeyAction, type KeyContext, type Pending } from './keyboard';

/**
 * Listens for the workspace shortcuts on the window and runs their actions. The rules live in
 * keyboard.ts; `getContext` is read at key time so it always sees the current focus.
 * Returns the two-key shortcut waiting for its digit, if any (shown as a hint).
 */
export function useWorkspaceKeys(getContext: () => KeyContext, onAction: (action: KeyAction) => void): Pending {
  const latest = useRef({ getContext, onAction });
  latest.current = { getContext, onAction };
  const state = useRef(INITIAL_KEY_STATE);
  const [pending, setPending] = useState<Pending>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.isComposing) return;
      if (event.defaultPrevented) {
        // A control handled the key itself (a question took its digit): nothing is pending.
        state.current = INITIAL_KEY_STATE;
        setPending(null);
        return;
      }
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
          question: questionOf(event.target),
          onSentence: isSentence(event.target),
        },
        latest.current.getContext(),
      );
      state.current = result.state;
      setPending(result.state.pending);
      if (result.action === null) return;
      event.preventDefault();
      latest.current.onAction(result.action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return pending;
}
