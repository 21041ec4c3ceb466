import { REDACTED, type StaffUser } from '@gather/contracts';
import type { Request, Response } from 'express';

/** How a staff write is told in the activity log; every staff write is logged unless it says `activity: false`. */
export interface ActivitySpec<P = unknown, B = unknown> {
  /** The kind of thing changed, in the church's words ('event', 'photo'); the endpoint's tag otherwise. */
  subject?: string;
  /** Reads the thing as it is before the change, so an edit keeps its before and a delete keeps what went. */
  before?: (input: { params: P; body: B }) => Promise<unknown>;
  /** Which thing the call changes, where its path names more than one (`:id` otherwise). */
  subjectId?: (params: P) => unknown;
  /** The call carries a person's details that only People may hold: the log keeps its summary alone. */
  personal?: boolean;
}

export interface StaffChange {
  staff: string;
  action: 'create' | 'edit' | 'delete';
  method: string;
  path: string;
  subject: string;
  subjectId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

/** Where endpoints hand their staff changes; made once per app in createApp. */
export interface ActivityRecorder {
  record(change: StaffChange): Promise<void>;
}

export const activityRecorderOf = (req: Request): ActivityRecorder | undefined =>
  req.app.locals.activity as ActivityRecorder | undefined;

const SECRET_KEY = /password|passcode|token|secret|hash|api[_-]?key|cookie|recovery/i;

/** A copy with every password, token and secret replaced, however deep it sits. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redacted(inner)]),
    );
  }
  return value;
}

const NAME_FIELDS = ['title', 'name', 'subject', 'original_filename', 'originalFilename', 'username', 'text'];

function nameOf(thing: unknown): string | undefined {
  if (!thing || typeof thing !== 'object' || Array.isArray(thing)) return undefined;
  const record = thing as Record<string, unknown>;
  const field = NAME_FIELDS.find((key) => typeof record[key] === 'string' && record[key]);
  if (!field) return undefined;
  const name = record[field] as string;
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}

function idOf(thing: unknown): unknown {
  return thing && typeof thing === 'object' && !Array.isArray(thing) ? (thing as { id?: unknown }).id : undefined;
}

interface Done<P, B> {
  spec: { method: string; summary: string; tag: string; activity?: ActivitySpec<P, B> };
  params: P;
  body: B;
  before: unknown;
  answer: unknown;
  status: number;
}

/** The log's row for a staff write that succeeded: readable summary, redacted before and after. */
export function staffChangeOf<P, B>(req: Request, res: Response, done: Done<P, B>): StaffChange {
  const { spec, params, body, before, answer } = done;
  const activity = spec.activity ?? {};
  const action = spec.method === 'delete' ? 'delete' : done.status === 201 ? 'create' : 'edit';
  const after = action === 'delete' ? null : (answer ?? (body as unknown) ?? null);
  const rawId =
    activity.subjectId?.(params) ?? (params as { id?: unknown } | undefined)?.id ?? idOf(answer) ?? idOf(before);
  const subjectId = rawId === undefined || rawId === null ? null : String(rawId);
  const subject = activity.subject ?? spec.tag;
  const name = nameOf(answer) ?? nameOf(before);
  const many = Array.isArray(before) ? ` (${before.length} ${subject}s)` : '';
  const which = [subjectId && `#${subjectId}`, name && `'${name}'`].filter(Boolean).join(' ');
  const summary = activity.personal ? spec.summary : `${spec.summary} — ${subject}${which ? ` ${which}` : ''}${many}`;
  return {
    staff: (res.locals.staff as StaffUser).username,
    action,
    method: spec.method.toUpperCase(),
    path: req.path,
    subject,
    subjectId: activity.personal ? null : subjectId,
    summary,
    before: activity.personal ? null : (redacted(before) ?? null),
    after: activity.personal ? null : redacted(after),
  };
}
