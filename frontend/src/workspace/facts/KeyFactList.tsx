import { CloseButton, Group, Text, VisuallyHidden } from '@mantine/core';

import { MAX_FACT_TEXT, MAX_KEY_FACTS, type KeyFact } from '../../kinds/keyFacts';
import { FACT_TEXT_DEBOUNCE_MS, FactText, NewFact } from './FactText';
import { withEdited, withInserted, withMoved, withRemoved } from './factLists';

/** Where focus goes, by `data-nav` id: a fact's text, the new-fact field, the grid. */
export const keyFactNav = (position: number) => `key_fact:${position}`;
export const NEW_KEY_FACT_NAV = 'key_fact_new';

interface KeyFactListProps {
  facts: readonly KeyFact[];
  /** The list as it is now (a key pressed before the last edit was drawn still starts from it). */
  current: () => readonly KeyFact[];
  readOnly: boolean;
  onSave: (facts: KeyFact[], options?: { debounceMs?: number }) => void;
  /** Focus a `data-nav` id of the panel. */
  focus: (navId: string) => void;
  /** Esc in a fact: to its row of the alignment grid. */
  onLeave: (position: number) => void;
}

/**
 * The key facts the linguist writes: numbered, each a one-line field. Enter in the last field
 * adds the fact and leaves it empty for the next one; Enter in a fact moves to the next;
 * Alt+↑ / Alt+↓ move a fact; Backspace in an emptied fact removes it (so does ×).
 */
export function KeyFactList({ facts, current, readOnly, onSave, focus, onLeave }: KeyFactListProps) {
  const full = facts.length >= MAX_KEY_FACTS ? `A list holds at most ${MAX_KEY_FACTS} key facts.` : null;

  function remove(position: number) {
    onSave(withRemoved(current(), position));
    focus(position > 1 ? keyFactNav(position - 1) : facts.length > 1 ? keyFactNav(1) : NEW_KEY_FACT_NAV);
  }

  return (
    <div className="fact-list">
      {facts.length === 0 && (
        <Text size="sm" c="dimmed">
          Write the topic’s key facts: the points a good summary of this topic must state, one per line.
        </Text>
      )}
      <ol className="plain-list fact-list__items">
        {facts.map((fact) => (
          <li key={fact.position} className="fact-item">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <span className="fact-item__number" aria-hidden="true">
                {fact.position}
              </span>
              <FactText
                label={`Key fact ${fact.position}`}
                value={fact.text}
                readOnly={readOnly}
                maxLength={MAX_FACT_TEXT}
                navId={keyFactNav(fact.position)}
                keys="Enter"
                onChange={(text) =>
                  onSave(
                    withEdited(current(), fact.position, (mine) => ({ ...mine, text })),
                    { debounceMs: FACT_TEXT_DEBOUNCE_MS },
                  )
                }
                onEnter={() => focus(fact.position < facts.length ? keyFactNav(fact.position + 1) : NEW_KEY_FACT_NAV)}
                onMove={(step) => {
                  const to = fact.position + step;
                  if (to < 1 || to > facts.length) return;
                  onSave(withMoved(current(), fact.position, step));
                  focus(keyFactNav(to));
                }}
                onRemove={() => remove(fact.position)}
                onEscape={() => onLeave(fact.position)}
              />
              {!readOnly && (
                <CloseButton
                  size="sm"
                  mt={6}
                  aria-label={`Remove key fact ${fact.position}`}
                  aria-keyshortcuts="Backspace"
                  onClick={() => remove(fact.position)}
                />
              )}
            </Group>
          </li>
        ))}
      </ol>
      <NewFact
        label={`Key fact ${facts.length + 1}`}
        description={facts.length === 0 ? 'Enter adds it; the field is then ready for the next one.' : undefined}
        placeholder="Write a key fact, then press Enter"
        navId={NEW_KEY_FACT_NAV}
        keys="Enter"
        readOnly={readOnly}
        maxLength={MAX_FACT_TEXT}
        full={full}
        onAdd={(text) => onSave(withInserted<KeyFact>(current(), { text, given: null, alignments: [] }))}
        onEscape={() => onLeave(1)}
      />
    </div>
  );
}

/** A given list: the facts as given, numbered, to align but not to edit. */
export function GivenKeyFactList({ facts, source }: { facts: readonly KeyFact[]; source: string }) {
  return (
    <div className="fact-list">
      <Text size="sm" c="dimmed">
        This round aligns a given list ({source}): the key facts cannot be edited.
      </Text>
      <ol className="plain-list fact-list__items" aria-label="Given key facts">
        {facts.map((fact) => (
          <li key={fact.position} className="fact-item">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <span className="fact-item__number" aria-hidden="true">
                {fact.position}
              </span>
              <Text size="sm">
                <VisuallyHidden>Key fact {fact.position}: </VisuallyHidden>
                {fact.text}
              </Text>
            </Group>
          </li>
        ))}
      </ol>
    </div>
  );
}
