import { Anchor, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';

import circumstantialFormat from '../../../docs/formats/circumstantial.md?raw';
import nativeFormat from '../../../docs/formats/native-jsonl.md?raw';
import { SafeMarkdown } from '../components/SafeMarkdown';

const DOCS = { native: nativeFormat, circumstantial: circumstantialFormat } as const;

/** `/app/admin/help/native-jsonl`, `/app/admin/help/circumstantial-csv` — an import format's
 * documentation, bundled with the app (the site works offline), the same text as
 * docs/formats/native-jsonl.md and docs/formats/circumstantial.md. */
export function FormatDocPage({ format = 'native' }: { format?: keyof typeof DOCS }) {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={() => void navigate(-1)} style={{ alignSelf: 'flex-start' }}>
        ← Back
      </Anchor>
      <div className="guidelines">
        <SafeMarkdown>{DOCS[format]}</SafeMarkdown>
      </div>
    </Stack>
  );
}
