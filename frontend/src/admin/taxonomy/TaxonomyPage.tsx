import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';

import { createTaxonomy, getTaxonomies, getTaxonomy, publishTaxonomy, saveTaxonomyDraft } from '../../api/client';
import type { TaxonomyDetail, TaxonomyDiff } from '../../api/types';
import { AdminSection } from '../AdminSection';
import { NO_ERRORS, formErrors, type FormErrors } from '../fieldErrors';
import { LoadStatus } from '../LoadStatus';
import { adminPaths } from '../paths';
import { useLoad } from '../useLoad';
import { describeField, draftInput, draftTypes, groupChoices, moved, type DraftType } from './draft';
import { TypeForm } from './TypeForm';

const BLANK: DraftType = {
  code: '',
  name: '',
  definition: '',
  example: '',
  group: '',
  unified: '',
  retired: false,
  published: false,
  locked: false,
};

/** `/app/admin/projects/:slug/taxonomy` — the project's taxonomy: draft, diff, publish. */
export function TaxonomyPage() {
  const { slug = '' } = useParams();
  const { state, reload, setData } = useLoad(`taxonomy:${slug}`, async (signal) => {
    const found = (await getTaxonomies(signal)).find((taxonomy) => taxonomy.project === slug);
    return found === undefined ? null : getTaxonomy(found.slug, signal);
  });

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={adminPaths.project(slug)} size="sm">
          Back to the project
        </Anchor>
        <Title order={1} size="h2">
          Error taxonomy
        </Title>
      </div>
      {state.status !== 'ready' ? (
        <LoadStatus state={state} what="the taxonomy" onRetry={reload} />
      ) : state.data === null ? (
        <Alert color="yellow">This project has no taxonomy of its own to edit.</Alert>
      ) : (
        <TaxonomyEditor key={state.data.slug} detail={state.data} project={slug} onChange={(detail) => setData(() => detail)} />
      )}
      {state.status === 'ready' && (
        <AdminSection title="Start a new taxonomy">
          {() => (
            <Stack gap="xs">
              <Text size="sm">Only before the project's first round: the new taxonomy starts empty and replaces the current one.</Text>
              <NewTaxonomyForm project={slug} onCreated={(detail) => setData(() => detail)} />
            </Stack>
          )}
        </AdminSection>
      )}
    </Stack>
  );
}

interface EditorProps {
  detail: TaxonomyDetail;
  project: string;
  onChange: (detail: TaxonomyDetail) => void;
}

function startingTypes(detail: TaxonomyDetail): DraftType[] {
  const published = new Set(detail.types.map((type) => type.code));
  return draftTypes(detail.draft?.types ?? detail.types, published);
}

function TaxonomyEditor({ detail, project, onChange }: EditorProps) {
  const [types, setTypes] = useState<DraftType[]>(() => startingTypes(detail));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [changelog, setChangelog] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    setTypes(startingTypes(detail));
    setDirty(false);
  }, [detail]);

  const change = (next: DraftType[]) => {
    setTypes(next);
    setDirty(true);
    setNotice(null);
  };

  async function save(): Promise<TaxonomyDetail | null> {
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const saved = await saveTaxonomyDraft(detail.slug, draftInput(types));
      onChange(saved);
      setNotice('Draft saved.');
      return saved;
    } catch (failure) {
      setErrors(formErrors(failure));
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function publish() {
    if (dirty || detail.draft === null) {
      if ((await save()) === null) return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const published = await publishTaxonomy(detail.slug, changelog);
      onChange(published);
      setChangelog('');
      setNotice(`Version ${published.version ?? ''} published: new rounds use it.`);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const fieldMessages = Object.entries(errors.fields).map(([field, message]) => `${describeField(field, types)}: ${message}`);
  const editedIndex = typeof editing === 'number' ? editing : -1;
  const edited = editing === 'new' ? BLANK : editing === null ? null : types[editing];
  const nextVersion = (detail.version ?? 0) + 1;

  return (
    <Stack gap="lg">
      <Text>
        <strong>{detail.name}</strong> · {detail.version === null ? 'not published yet' : `version ${detail.version}`}
        {detail.has_draft ? ' · a draft is saved' : ''}
      </Text>
      {notice && (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      )}
      {(errors.general !== null || fieldMessages.length > 0) && (
        <Alert color="red" title="Not saved" role="alert">
          {errors.general && <Text size="sm">{errors.general}</Text>}
          <List size="sm">
            {fieldMessages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <AdminSection title="Types">
        {(headingId) => (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={720}>
              <Table aria-labelledby={headingId} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Order</Table.Th>
                    <Table.Th scope="col">Code</Table.Th>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Group</Table.Th>
                    <Table.Th scope="col">Unified type</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                    <Table.Th scope="col">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {types.map((type, index) => (
                    <Table.Tr key={type.code || index}>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="default" aria-label={`Move ${type.name} up`} disabled={index === 0} onClick={() => change(moved(types, index, -1))}>
                            ↑
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`Move ${type.name} down`}
                            disabled={index === types.length - 1}
                            onClick={() => change(moved(types, index, 1))}
                          >
                            ↓
                          </Button>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <code>{type.code}</code>
                      </Table.Td>
                      <Table.Th scope="row" fw="normal">
                        {type.group ? `↳ ${type.name}` : type.name}
                      </Table.Th>
                      <Table.Td>{type.group || '—'}</Table.Td>
                      <Table.Td>{type.unified || '—'}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {!type.published && <Badge color="blue">new</Badge>}
                          {type.locked && <Badge color="gray">in use</Badge>}
                          {type.retired && <Badge color="orange">retired</Badge>}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-xs" variant="light" aria-label={`Edit ${type.name}`} onClick={() => setEditing(index)}>
                            Edit
                          </Button>
                          {type.published ? (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color={type.retired ? 'green' : 'orange'}
                              aria-label={`${type.retired ? 'Restore' : 'Retire'} ${type.name}`}
                              onClick={() => change(types.map((t, i) => (i === index ? { ...t, retired: !t.retired } : t)))}
                            >
                              {type.retired ? 'Restore' : 'Retire'}
                            </Button>
                          ) : (
                            <Button size="compact-xs" variant="light" color="red" aria-label={`Remove ${type.name}`} onClick={() => change(types.filter((_, i) => i !== index))}>
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {types.length === 0 && <Text c="dimmed">No types yet: add the first.</Text>}
            {edited ? (
              <TypeForm
                key={editing === 'new' ? 'new' : `edit-${editing}`}
                initial={edited}
                adding={editing === 'new'}
                groups={groupChoices(types, edited.code)}
                unifiedLeaves={detail.unified_leaves}
                takenCodes={types.filter((_, i) => i !== editedIndex).map((t) => t.code)}
                onApply={(type) => {
                  change(editing === 'new' ? [...types, type] : types.map((t, i) => (i === editedIndex ? type : t)));
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Group>
                <Button variant="light" onClick={() => setEditing('new')}>
                  Add a type
                </Button>
                <Button variant="default" loading={busy} disabled={!dirty} onClick={() => void save()}>
                  Save draft
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </AdminSection>
      <AdminSection title={`Publish version ${nextVersion}`}>
        {() => (
          <Stack gap="sm">
            {detail.draft && !dirty ? <DiffSummary diff={detail.draft.diff} /> : <Text size="sm">Save the draft to see what publishing changes.</Text>}
            <Textarea label="What changed (changelog)" autosize minRows={2} value={changelog} onChange={(event) => setChangelog(event.currentTarget.value)} />
            <Group>
              <Button loading={busy} disabled={editing !== null || (!dirty && detail.draft === null)} onClick={() => void publish()}>
                Publish version {nextVersion}
              </Button>
            </Group>
          </Stack>
        )}
      </AdminSection>
      <AdminSection title="Versions">
        {(headingId) =>
          detail.versions.length === 0 ? (
            <Text c="dimmed">None published yet: rounds created now have no taxonomy version.</Text>
          ) : (
            <Table aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Version</Table.Th>
                  <Table.Th scope="col">Published</Table.Th>
                  <Table.Th scope="col">Types</Table.Th>
                  <Table.Th scope="col">Rounds</Table.Th>
                  <Table.Th scope="col">Changelog</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.versions.map((version) => (
                  <Table.Tr key={version.version}>
                    <Table.Td>v{version.version}</Table.Td>
                    <Table.Td>{new Date(version.published_at).toLocaleString()}</Table.Td>
                    <Table.Td>{version.types}</Table.Td>
                    <Table.Td>{version.rounds}</Table.Td>
                    <Table.Td>{version.changelog || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </AdminSection>
      {detail.version === null && <NewTaxonomyHint project={project} />}
    </Stack>
  );
}

/** What publishing the saved draft changes, in words. */
export function DiffSummary({ diff }: { diff: TaxonomyDiff }) {
  const lines = [
    diff.added.length > 0 && `Added: ${diff.added.join(', ')}`,
    ...diff.changed.map((change) => `Changed ${change.code}: ${change.fields.join(', ')}`),
    diff.retired.length > 0 && `Retired: ${diff.retired.join(', ')}`,
    diff.restored.length > 0 && `Restored: ${diff.restored.join(', ')}`,
    diff.reordered && 'The order changed',
  ].filter((line): line is string => typeof line === 'string');
  return (
    <div aria-label="Changes in this version" role="group">
      {lines.length === 0 ? (
        <Text size="sm">No changes from the published version.</Text>
      ) : (
        <List size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function NewTaxonomyHint({ project }: { project: string }) {
  return (
    <Text size="sm" c="dimmed">
      Publishing makes version 1 of this taxonomy for {project}; its next rounds freeze it.
    </Text>
  );
}

/** A new, empty taxonomy for a project without rounds (the server refuses one with rounds). */
export function NewTaxonomyForm({ project, onCreated }: { project: string; onCreated: (detail: TaxonomyDetail) => void }) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  return (
    <form
      aria-label="New taxonomy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        createTaxonomy({ project, name }).then(onCreated, (failure: unknown) => setErrors(formErrors(failure)));
      }}
    >
      <Group align="end">
        <TextInput label="New taxonomy name" required value={name} error={errors.fields.name ?? errors.fields.project ?? errors.general} onChange={(event) => setName(event.currentTarget.value)} />
        <Button type="submit">Start a new taxonomy</Button>
      </Group>
    </form>
  );
}
