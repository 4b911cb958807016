import { Textarea } from '@mantine/core';

import type { Handle } from '../api/types';
import { EXPLANATION_DEBOUNCE_MS } from '../workspace/SentenceBlock';

interface NoteFieldProps {
  sentence: Handle;
  itemName: string;
  value: string;
  /** Why it is asked (and whether it is required now), in a sentence. */
  description: string;
  required: boolean;
  readOnly: boolean;
  error: string | undefined;
  /** Saves the note; the save waits for a pause in typing, as the workspace's explanation. */
  onChange: (note: string, options: { debounceMs: number }) => void;
}

const MAX_NOTE = 5000;

/** The reviewer's note on an item (`n` comes here). */
export function NoteField({ sentence, itemName, value, description, required, readOnly, error, onChange }: NoteFieldProps) {
  return (
    <div data-nav={`note:${sentence}`} className="sentence__field">
      <Textarea
        label={`Note on ${itemName}`}
        description={description}
        required={required}
        aria-keyshortcuts="n"
        autosize
        minRows={2}
        maxLength={MAX_NOTE}
        readOnly={readOnly}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value, { debounceMs: EXPLANATION_DEBOUNCE_MS })}
      />
    </div>
  );
}
