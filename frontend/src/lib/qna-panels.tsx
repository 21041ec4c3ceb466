import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

type SessionPanel = ComponentType<{ sessionId: string }>;

/**
 * What other features show on a Q&A session's pages (the live polls). A feature imports no other, so the Q&A
 * pages leave these places open and app/ fills them in; each is its own chunk, loaded where it is used.
 */
export interface QnaPanels {
  /** On the visitor's question page, above the form; drawn once the page has settled, never on the server. */
  Audience?: SessionPanel;
  /** On the moderator's screen, beside the questions. */
  Moderator?: SessionPanel;
  /** In the presentation mode: something of its own in the question's place while it has one, else `children`. */
  Projector?: ComponentType<{ sessionId: string; children: ReactNode }>;
  /** What it adds to the session's JSON download, by key (`polls`), read when staff download it. */
  exportParts?: (sessionId: string) => Promise<Record<string, unknown>>;
}

const QnaPanelsContext = createContext<QnaPanels>({});

export const QnaPanelsProvider = QnaPanelsContext.Provider;

export function useQnaPanels(): QnaPanels {
  return useContext(QnaPanelsContext);
}
