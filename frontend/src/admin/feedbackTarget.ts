/** The sentence a feedback note is about, as the admin sees it. */
export interface FeedbackSentence {
  id: number;
  summaryLabel: string;
  number: number;
  text: string;
}

export function describeSentence(sentence: Pick<FeedbackSentence, 'summaryLabel' | 'number'>): string {
  return `summary ${sentence.summaryLabel}, sentence ${sentence.number}`;
}

/** Where each annotator's feedback box lives, so "attach" can move focus there. */
export function feedbackFieldId(annotator: string): string {
  return `feedback-to-${annotator.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
