import type { WebhookEvent } from '../../api/types';

/** The events an endpoint may choose, in the order the form lists them (docs/webhooks.md). */
export const WEBHOOK_EVENTS: { value: WebhookEvent; label: string }[] = [
  { value: 'unit.submitted', label: 'A linguist submitted a unit' },
  { value: 'round.opened', label: 'A round opened' },
  { value: 'round.closed', label: 'A round closed' },
  { value: 'agreement.computed', label: 'Agreement computed (targets met or not)' },
  { value: 'annotator.paused', label: 'A linguist was paused by gold units' },
  { value: 'release.published', label: 'A release was published' },
  { value: 'release.failed', label: 'A release build failed' },
  { value: 'evaluator_run.scored', label: 'An evaluator run was scored' },
];
