import { Alert, Stack, Table, Tabs, Text } from '@mantine/core';

import { getRelease } from '../api/client';
import { LoadStatus } from '../admin/LoadStatus';
import { useLoad } from '../admin/useLoad';
import { SafeMarkdown } from '../components/SafeMarkdown';
import { splitCard } from './cardFrontMatter';
import { DataTree } from './DataTree';
import { ErrorRatesPanel } from './analysis/ErrorRatesPanel';
import { EvaluatorsPanel } from './evaluators/EvaluatorsPanel';

/** A published release's dataset card (its metadata as a table, then the Markdown) and its
 * manifest as structured data, fetched on opening. */
export function ReleaseDetail({ releaseId, version, id }: { releaseId: number; version: string; id?: string }) {
  const { state, reload } = useLoad(String(releaseId), (signal) => getRelease(releaseId, signal));

  if (state.status !== 'ready') {
    return (
      <div id={id}>
        <LoadStatus state={state} what={`release ${version}`} onRetry={reload} />
      </div>
    );
  }
  const { card, manifest } = state.data;
  const split = card ? splitCard(card) : null;
  return (
    <Tabs defaultValue="card" id={id} keepMounted={false}>
      <Tabs.List aria-label={`Release ${version}`}>
        <Tabs.Tab value="card">Dataset card</Tabs.Tab>
        <Tabs.Tab value="manifest">Manifest</Tabs.Tab>
        <Tabs.Tab value="error-rates">Error rates</Tabs.Tab>
        <Tabs.Tab value="evaluators">Evaluators</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="card" pt="sm">
        {split === null ? (
          <Text c="dimmed">The server sent no dataset card.</Text>
        ) : (
          <Stack gap="md">
            {split.error !== null && (
              <Alert color="orange" title="The card's metadata could not be read">
                {split.error}
              </Alert>
            )}
            <div className="guidelines release-card">
              <SafeMarkdown>{split.body}</SafeMarkdown>
            </div>
            {split.frontMatter !== null && (
              // The Hugging Face metadata (loaders read it from the top of README.md) is folded
              // away under the prose: a reader wants the description first.
              <details className="release-card__metadata">
                <summary>Metadata for dataset loaders (YAML front matter)</summary>
                <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" aria-label={`Metadata of ${version}`}>
                  <Table.Tbody>
                    {Object.entries(split.frontMatter).map(([key, value]) => (
                      <Table.Tr key={key}>
                        <Table.Th scope="row" w={160} style={{ verticalAlign: 'top' }}>
                          {key}
                        </Table.Th>
                        <Table.Td>
                          <DataTree value={value} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </details>
            )}
          </Stack>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="error-rates" pt="sm">
        <ErrorRatesPanel releaseId={releaseId} version={version} />
      </Tabs.Panel>
      <Tabs.Panel value="evaluators" pt="sm">
        <EvaluatorsPanel releaseId={releaseId} version={version} />
      </Tabs.Panel>
      <Tabs.Panel value="manifest" pt="sm">
        {manifest ? (
          // Focusable so keyboard users can scroll a long manifest.
          <div className="manifest" role="region" aria-label={`Manifest of ${version}`} tabIndex={0}>
            <DataTree value={manifest} />
          </div>
        ) : (
          <Text c="dimmed">The server sent no manifest.</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
