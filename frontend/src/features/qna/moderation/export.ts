import type { StaffQuestion, PublicSession } from '@gather/contracts';

export interface QuestionsExport {
  session: PublicSession;
  questions: StaffQuestion[];
  exportDate: string;
  statistics: { total: number; answered: number; pending: number };
}

/** `parts`: what other features add to the download (the session's polls); they never replace its own keys. */
export function buildExport(
  session: PublicSession,
  questions: StaffQuestion[],
  now: Date,
  parts: Record<string, unknown> = {},
): QuestionsExport & Record<string, unknown> {
  const answered = questions.filter((question) => question.status === 'answered').length;
  return {
    ...parts,
    session,
    questions,
    exportDate: now.toISOString(),
    statistics: { total: questions.length, answered, pending: questions.length - answered },
  };
}

/** "qna-session-{id}-2026-11-22.json" */
export function exportFileName(sessionId: string, now: Date): string {
  return `qna-session-${sessionId}-${now.toISOString().slice(0, 10)}.json`;
}

/** Saves the export through the browser's own download, with no server round trip. */
export function downloadJson(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
