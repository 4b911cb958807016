import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { api, getGuideline, publishGuideline } from '../api/client';
import type { components } from '../api/schema';
import type { GuidelineVersion } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from './fieldErrors';
import { SafeMarkdown } from '../components/SafeMarkdown';

interface GuidelineEditorProps {
  slug: string;
  /** The newest version, whose text the editor starts from; null when there is none. */
  latest: number | null;
  onPublished: (version: GuidelineVersion) => void;
}

type FlaggedCase = components['schemas']['FlaggedCaseOutput'];

/** Markdown with a live preview and a changelog; publishing creates the next version at once. */
export function GuidelineEditor({ slug, latest, onPublished }: GuidelineEditorProps) {
  const previewId = useId();
  const [markdown, setMarkdown] = useState('');
  const [changelog, setChangelog] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<number | null>(null);
  const edited = useRef(false);
  const [flagged, setFlagged] = useState<FlaggedCase[]>([]);
  const [answered, setAnswered] = useState<string[]>([]);
  // Cases admins flagged while adjudicating: this version may answer them (docs/review.md).
  useEffect(() => {
    const controller = new AbortController();
    api.get<{ cases: FlaggedCase[] }>(`/api/admin/projects/${slug}/flagged-cases/`, controller.signal).then(
      (found) => setFlagged(found.cases),
      () => {}, // Not fatal: the editor works without the list.
    );
    return () => controller.abort();
  }, [slug, published]);

  // Start from the latest text, unless the person has already typed.
  useEffect(() => {
    if (latest === null) return;
    const controller = new AbortController();
    getGuideline(slug, latest, controller.signal).then(
      (version) => {
        if (!edited.current) setMarkdown(version.markdown);
      },
      () => {}, // Not fatal: the editor simply starts empty.
    );
    return () => controller.abort();
  }, [slug, latest]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPublished(null);
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const version = await publishGuideline(
        slug,
        answered.length === 0 ? { markdown, changelog } : { markdown, changelog, answers_cases: answered.map(Number) },
      );
      setAnswered([]);
      onPublished(version);
      setPublished(version.version);
      setChangelog('');
      edited.current = false;
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New guideline version">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Textarea
            label="Guideline text (Markdown)"
            autosize
            minRows={12}
            maxRows={30}
            value={markdown}
            onChange={(event) => {
              edited.current = true;
              setMarkdown(event.currentTarget.value);
            }}
            error={fieldError(errors, 'markdown')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {/* Focusable: it scrolls on its own, and a keyboard user scrolls it with the arrow keys. */}
          <section aria-labelledby={previewId} className="guideline-preview" tabIndex={0}>
            <Title order={4} id={previewId} className="pane-title">
              Preview
            </Title>
            <div className="guidelines">
              {markdown.trim() === '' ? <Text c="dimmed">Nothing to preview yet.</Text> : <SafeMarkdown>{markdown}</SafeMarkdown>}
            </div>
          </section>
        </SimpleGrid>
        <TextInput
          label="Changelog"
          description="What changed, in a line; linguists see it with the new version."
          value={changelog}
          onChange={(event) => setChangelog(event.currentTarget.value)}
          error={fieldError(errors, 'changelog')}
        />
        {flagged.length > 0 && (
          <Checkbox.Group
            label="Flagged cases this version answers"
            description="Listed in the changelog; they leave the list."
            value={answered}
            onChange={setAnswered}
          >
            <Stack gap={4} mt={6}>
              {flagged.map((item) => (
                <Checkbox
                  key={item.id}
                  value={String(item.id)}
                  label={`${item.unit} (${item.question.replace('_', ' ')})${item.note === '' ? '' : `: ${item.note}`}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {errors.general !== null && (
          <Alert color="red" title="The version was not published" role="alert">
            {errors.general}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            Publish new version
          </Button>
          {published !== null && (
            <Text role="status" c="teal.8">
              Published version {published}.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
