import { Alert, Anchor, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';

import { SafeMarkdown } from '../components/SafeMarkdown';

// Every page of docs/formats/, bundled with the app (the site works offline): the import
// form links each format to its page, whatever formats the server's registry lists.
const PAGES = import.meta.glob<string>('../../../docs/formats/*.md', { query: '?raw', import: 'default', eager: true });
const DOCS: Record<string, string> = Object.fromEntries(
  Object.entries(PAGES).map(([path, text]) => [path.replace(/^.*\/([^/]+)\.md$/, '$1'), text]),
);
const NAMED = { native: 'native-jsonl', circumstantial: 'circumstantial' } as const;

/** `/app/admin/help/native-jsonl`, `/app/admin/help/circumstantial-csv`,
 * `/app/admin/help/formats/{doc}` — an import format's documentation, the same text as
 * docs/formats/{doc}.md. */
export function FormatDocPage({ format }: { format?: keyof typeof NAMED }) {
  const navigate = useNavigate();
  const { doc } = useParams();
  // The pages link each other as `imports.md`: the same page without the suffix.
  const text = DOCS[format !== undefined ? NAMED[format] : (doc ?? NAMED.native).replace(/\.md$/, '')];
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={() => void navigate(-1)} style={{ alignSelf: 'flex-start' }}>
        ← Back
      </Anchor>
      {text === undefined ? (
        <Alert color="gray" title="Not found" role="alert">
          There is no format page of that name.
        </Alert>
      ) : (
        <div className="guidelines">
          <SafeMarkdown>{text}</SafeMarkdown>
        </div>
      )}
    </Stack>
  );
}
