import { Anchor, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';

import nativeFormat from '../../../docs/formats/native-jsonl.md?raw';
import { SafeMarkdown } from '../components/SafeMarkdown';

/** `/app/admin/help/native-jsonl` — the import format's documentation, bundled with the app
 * (the site works offline), the same text as docs/formats/native-jsonl.md. */
export function FormatDocPage() {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={() => void navigate(-1)} style={{ alignSelf: 'flex-start' }}>
        ← Back
      </Anchor>
      <div className="guidelines">
        <SafeMarkdown>{nativeFormat}</SafeMarkdown>
      </div>
    </Stack>
  );
}
