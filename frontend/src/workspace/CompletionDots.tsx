import type { Completion } from './answers';

/** One dot per sentence (filled: done, half: started, empty: to do), read out as a count. */
export function CompletionDots({ states }: { states: readonly Completion[] }) {
  const done = states.filter((state) => state === 'done').length;
  return (
    <span className="dots" role="img" aria-label={`${done} of ${states.length} sentences done`}>
      {states.map((state, index) => (
        <span key={index} className={`dot dot--${state}`} />
      ))}
    </span>
  );
}
