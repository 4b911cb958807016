import { Text } from '@mantine/core';

/** Any JSON-like value as nested, readable structure: objects as term/description lists,
 * lists as numbered lists, scalars as text (null as "—"). */
export function DataTree({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return (
        <Text span c="dimmed">
          none
        </Text>
      );
    }
    return (
      <ol className="data-tree__list">
        {value.map((item, index) => (
          <li key={index}>
            <DataTree value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      return (
        <Text span c="dimmed">
          none
        </Text>
      );
    }
    return (
      <dl className="data-tree">
        {entries.map(([key, item]) => (
          <div key={key} className="data-tree__entry">
            <dt>{key}</dt>
            <dd>
              <DataTree value={item} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}
