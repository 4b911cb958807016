import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { getCorpusOverview, getCorpusUnit, getProjectUnits } from '../api/client';
import type { CorpusUnit } from '../api/types';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { PageControls } from './PageControls';
import { adminPaths } from './paths';
import { PublishedLabelsTable } from './PublishedLabelsTable';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useLoad } from './useLoad';

/** `/app/admin/projects/:slug/corpus` — what was imported: counts, the labels a benchmark
 * published per system, and every unit with its summaries, systems and published labels. */
export function CorpusPage() {
  const slug = useParams().slug ?? '';
  const overview = useLoad(slug, (signal) => getCorpusOverview(slug, signal));
  const { typed, setTyped, query, page, setPage } = useDebouncedSearch();
  const [openUnit, setOpenUnit] = useState<number | null>(null);
  const units = useLoad(`${slug}:${query}:${page}`, (signal) => getProjectUnits(slug, query, page, signal));

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={adminPaths.project(slug)} size="sm">
          ← The project
        </Anchor>
        <Title order={1} size="h2">
          Corpus
        </Title>
      </div>
      <LoadStatus state={overview.state} what="the corpus" onRetry={overview.reload} />
      {overview.state.status === 'ready' && (
        <>
          <AdminSection title="Imported">
            {(headingId) => (
              <Table aria-labelledby={headingId} verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Corpus</Table.Th>
                    <Table.Th scope="col">Documents</Table.Th>
                    <Table.Th scope="col">Topics (units)</Table.Th>
                    <Table.Th scope="col">Summaries</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.state.status === 'ready' &&
                    overview.state.data.corpora.map((corpus) => (
                      <Table.Tr key={corpus.corpus}>
                        <Table.Th scope="row">{corpus.corpus}</Table.Th>
                        <Table.Td>{corpus.documents}</Table.Td>
                        <Table.Td>{corpus.topics}</Table.Td>
                        <Table.Td>{corpus.summaries}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            )}
          </AdminSection>
          <AdminSection title="Published labels by system">
            {(headingId) =>
              overview.state.status === 'ready' && overview.state.data.published.systems.length > 0 ? (
                <PublishedLabelsTable rows={overview.state.data.published.systems} labelledBy={headingId} />
              ) : (
                <Text>No labels came with this corpus.</Text>
              )
            }
          </AdminSection>
        </>
      )}
      <AdminSection title="Units">
        {(headingId) => (
          <Stack gap="sm">
            <TextInput
              label="Find units"
              description="Words of the topic or the document."
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maw={420}
            />
            <LoadStatus state={units.state} what="the units" onRetry={units.reload} />
            {units.state.status === 'ready' && (
              <>
                <Text size="sm">{units.state.data.count} units match.</Text>
                <Table aria-labelledby={headingId} verticalSpacing={4} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Topic</Table.Th>
                      <Table.Th scope="col">Document</Table.Th>
                      <Table.Th scope="col">Summaries</Table.Th>
                      <Table.Th scope="col">Rounds</Table.Th>
                      <Table.Th scope="col">
                        <span className="visually-hidden">Details</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {units.state.data.units.map((unit) => (
                      <UnitRow
                        key={unit.topic}
                        slug={slug}
                        topic={unit.topic}
                        name={unit.topic_name || 'Generic summaries'}
                        document={`${unit.document} (${unit.corpus})`}
                        summaries={unit.summaries}
                        rounds={unit.rounds}
                        open={openUnit === unit.topic}
                        onToggle={() => setOpenUnit((current) => (current === unit.topic ? null : unit.topic))}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
                <PageControls page={units.state.data} what="units" onChange={setPage} />
              </>
            )}
          </Stack>
        )}
      </AdminSection>
    </Stack>
  );
}

interface UnitRowProps {
  slug: string;
  topic: number;
  name: string;
  document: string;
  summaries: number;
  rounds: string[];
  open: boolean;
  onToggle: () => void;
}

function UnitRow({ slug, topic, name, document, summaries, rounds, open, onToggle }: UnitRowProps) {
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row">{name}</Table.Th>
        <Table.Td>{document}</Table.Td>
        <Table.Td>{summaries}</Table.Td>
        <Table.Td>{rounds.join(', ') || '—'}</Table.Td>
        <Table.Td>
          <Button size="compact-xs" variant="default" onClick={onToggle} aria-expanded={open} aria-label={`${open ? 'Hide' : 'Show'} the summaries of ${name}`}>
            {open ? 'Hide' : 'Summaries'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <UnitSummaries slug={slug} topic={topic} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function UnitSummaries({ slug, topic }: { slug: string; topic: number }) {
  const { state, reload } = useLoad(`${slug}:${topic}`, (signal) => getCorpusUnit(slug, topic, signal));
  if (state.status !== 'ready') return <LoadStatus state={state} what="the unit" onRetry={reload} />;
  return <UnitDetail unit={state.data} />;
}

function UnitDetail({ unit }: { unit: CorpusUnit }) {
  return (
    <Stack gap="sm" aria-label={`Summaries of ${unit.topic.name || 'the unit'}`} role="region">
      {unit.summaries.map((summary) => (
        <div key={summary.id}>
          <Group gap="xs">
            <Text fw={600}>{summary.system}</Text>
            <Text size="xs" c="dimmed">
              {summary.external_id}
            </Text>
          </Group>
          <ol className="corpus-sentences">
            {summary.sentences.map((sentence) => (
              <li key={sentence.number}>
                {sentence.text}{' '}
                {Object.entries(sentence.published).map(([source, label]) => (
                  <Badge key={source} size="xs" variant="light" color={label === 'inconsistent' ? 'red' : 'teal'} tt="none" title={source}>
                    {label || 'unlabelled'}
                  </Badge>
                ))}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </Stack>
  );
}
