import { Text } from '@mantine/core';
import { useId, useState } from 'react';

/** Loads a split file's text into the JSON box, where it is checked like typed text. */
export function SplitFileInput({ onLoaded }: { onLoaded: (text: string) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);

  async function load(file: File | undefined) {
    if (file === undefined) return;
    try {
      onLoaded(await file.text());
      setError(null);
    } catch (failure) {
      setError(`Could not read ${file.name}: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="file-label">
        Or load a split file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="file-input"
        onChange={(event) => void load(event.currentTarget.files?.[0])}
      />
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
